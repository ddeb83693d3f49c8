/**
 * Job uploads over real HTTP (docs/service.md#jobs): a 100,000-value job is read and stored while
 * the service goes on answering (the event loop is never held 250 ms, /healthz answered every
 * 10 ms throughout); a chunked body past 16 MiB is answered 413 while the client is still sending,
 * and what it sent is let go; an account's 21st open job is refused 429 TOO_MANY_JOBS; a small
 * job of one account is not held up by a large job of another; a job running when the service
 * stops cleanly is resumed at once by the next start, not when its lease lapses.
 */
import { request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../src/account-api.js';
import { JOB_LEASE_MS } from '../../../src/server/batch/runner.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { germanIban as ibanOf } from '../../support/generators/iban.js';
import { jobOf } from '../../support/jobs-http.js';
import { accountWithKey, startTestServer } from '../../support/server.js';
import { startJobHarness, type JobHarness } from './harness.js';

const SLOW = 240_000;

// A full collection on demand, so that memory let go is measured as let go, not as not yet collected.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** The bytes of Buffers and other memory outside the JS heap (where request bodies are held), after a full collection. */
function bufferBytes(): number {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.arrayBuffers + usage.external;
}
const MiB = 1024 * 1024;

let h: JobHarness;

beforeAll(async () => {
  h = await startJobHarness();
}, SLOW);
afterAll(async () => {
  await h?.close();
});

/** The valid German IBAN of account number `n`. */
const germanIban = (n: number): string => ibanOf(`37040044${String(n).padStart(10, '0')}`);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(base: string, key: string, id: string, done: (job: Job) => boolean, timeoutMs: number): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobOf(base, key, id);
    if (done(job)) return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.status} (${job.done}/${job.total})`);
    await sleep(20);
  }
}

/**
 * `work` while /healthz is asked every 10 ms and the event loop's delays are sampled (the service
 * runs in this process): how many answers took over 250 ms, and the delays' p99 and max.
 */
async function whileProbing<T>(base: string, work: () => Promise<T>): Promise<{ result: T; answers: number; slow: number; slowestMs: number; p99Ms: number; maxMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let running = true;
  let answers = 0;
  let slow = 0;
  let slowestMs = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}/healthz`);
      await response.arrayBuffer();
      answers += 1;
      const tookMs = performance.now() - started;
      slowestMs = Math.max(slowestMs, tookMs);
      if (tookMs > 250) slow += 1;
      await sleep(10);
    }
  })();
  histogram.enable();
  try {
    const result = await work();
    return { result, answers, slow, slowestMs, p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
    running = false;
    await probe;
  }
}

/**
 * Sends a chunked body of `totalBytes` (`head`, then `filler` over and over) as fast as the socket
 * takes it, until it is all sent or the answer comes: the status, the answer, and how much was
 * sent when it came.
 */
function chunkedUpload(
  base: string,
  key: string,
  body: { path: string; contentType: string; head: string; filler: string; totalBytes: number },
): Promise<{ status: number; sentWhenAnswered: number; body: string }> {
  const url = new URL(`${base}${body.path}`);
  const piece = Buffer.from(body.filler.repeat(Math.max(1, Math.floor(65_536 / body.filler.length))));
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'POST', headers: { 'X-API-KEY': key, 'Content-Type': body.contentType, 'Transfer-Encoding': 'chunked' } },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, sentWhenAnswered, body: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      },
    );
    // The service cuts the connection after its answer: a write after that fails, as it should.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write(body.head);
    sent += Buffer.byteLength(body.head);
    const write = (): void => {
      while (!answered && sent < body.totalBytes) {
        sent += piece.byteLength;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe('a 100,000-value email job', () => {
  it('is stored while /healthz goes on answering, at most one answer over 250 ms', async () => {
    const { key } = await accountWithKey(h.store, 'GROWTH', { scopes: ['email'] });
    const values = Array.from({ length: 100_000 }, (_, i) => `someone.with.a.rather.long.name.${i}@${'mail'.repeat(25)}.example.com`);
    // Made before the probe: this process is the client too, and a 14 MiB stringify would be counted.
    const body = Buffer.from(JSON.stringify({ field: 'email', values }));
    expect(body.byteLength).toBeGreaterThan(13 * MiB);
    const run = await whileProbing(h.server.url, async () => {
      const response = await h.request('/api/v1/jobs', { key, method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
      return { status: response.status, job: (await response.json()) as { id: string; total: number } };
    });
    console.info(`100,000 emails (${(body.byteLength / MiB).toFixed(1)} MiB): event loop delay p99 ${run.p99Ms.toFixed(1)} ms, max ${run.maxMs.toFixed(1)} ms; ${run.answers} /healthz answers, ${run.slow} over 250 ms, the slowest ${run.slowestMs.toFixed(0)} ms`);
    expect(run.result.status).toBe(202);
    expect(run.result.job.total).toBe(100_000);
    expect(run.answers).toBeGreaterThan(10);
    // Before uploads were streamed this job held the event loop 5 s: every probe in that time waited.
    // The bounds leave room for a machine shared with other work (a 2-core CI runner under load
    // shows single scheduling and GC pauses of 100-250 ms), not for a stall of the upload's making.
    // One pause is allowed, and only one: a stall of the upload's own would hold every probe in it.
    expect(run.slow).toBeLessThanOrEqual(1);
    expect(run.slowestMs).toBeLessThan(2_500);
    expect((await h.request(`/api/v1/jobs/${run.result.job.id}`, { key, method: 'DELETE' })).status).toBe(200);
  }, SLOW);
});

describe('a chunked body past 16 MiB', () => {
  it('is answered 413 while the client is still sending, and what was sent is let go', async () => {
    const { account, key } = await accountWithKey(h.store, 'GROWTH', { scopes: ['iban'] });
    const before = { rss: process.memoryUsage().rss, buffers: bufferBytes() };
    // JSON whose values are far apart (white space between them is JSON): read as fast as it comes,
    // so that the answer can only come before the end if the limit, not the end, ends the reading.
    // The client would go on to 64 MiB; socket buffers take some megabytes beyond what the service read.
    const padded = { path: '/api/v1/jobs', contentType: 'application/json', head: `{"field":"iban","values":["${germanIban(1)}"`, filler: `${' '.repeat(1_000)},"${germanIban(2)}"`, totalBytes: 64 * MiB };
    const uploads = await Promise.all(Array.from({ length: 10 }, () => chunkedUpload(h.server.url, key, padded)));
    for (const upload of uploads) {
      expect(upload.status).toBe(413);
      expect(JSON.parse(upload.body)).toEqual({ errorCode: 'BODY_TOO_LARGE', message: 'The request body is larger than 16 MiB' });
      // Answered while the client was still sending: the service did not wait for the rest.
      expect(upload.sentWhenAnswered).toBeLessThan(32 * MiB);
    }
    // A 17 MiB CSV of long values (each stored as it is read) is refused at 16 MiB too.
    const csv = await chunkedUpload(h.server.url, key, { path: '/api/v1/jobs?field=iban', contentType: 'text/csv', head: '', filler: `${'A'.repeat(199)}\n`, totalBytes: 17 * MiB });
    expect(csv.status).toBe(413);
    // No job is left of them.
    expect(await h.store.batchJobs.list(account.id, 100)).toEqual([]);
    expect(await h.store.batchJobs.openCount(account.id)).toBe(0);
    // The connections are cut 1 s after their answers (unread-body.ts LINGER_MS).
    await sleep(1_500);
    const after = { rss: process.memoryUsage().rss, buffers: bufferBytes() };
    console.info(
      `11 chunked uploads past 16 MiB: RSS ${(before.rss / MiB).toFixed(0)} MiB before, ${(after.rss / MiB).toFixed(0)} MiB after; ` +
        `buffers ${(before.buffers / MiB).toFixed(1)} MiB before, ${(after.buffers / MiB).toFixed(1)} MiB after`,
    );
    // 11 bodies kept would be 170 MiB and more; what is left is a few read-ahead pieces at most.
    expect(after.buffers - before.buffers).toBeLessThan(16 * MiB);
  }, SLOW);
});

describe('the cap of open jobs per account', () => {
  it('refuses the 21st queued job with 429 TOO_MANY_JOBS, and takes one again when a job ends', async () => {
    // No workers: the jobs stay queued.
    const store = await openEmbeddedStore();
    const server = await startTestServer(store, { port: 0, host: '127.0.0.1', jobs: false, workers: false });
    try {
      const { key } = await accountWithKey(store, 'GROWTH', { scopes: ['iban'] });
      const submit = (): Promise<Response> =>
        fetch(`${server.url}/api/v1/jobs`, { method: 'POST', headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ field: 'iban', values: [germanIban(1)] }) });
      const ids: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const response = await submit();
        expect(response.status).toBe(202);
        ids.push(((await response.json()) as { id: string }).id);
      }
      const refused = await submit();
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { errorCode: string; message: string };
      expect(body).toEqual({ errorCode: 'TOO_MANY_JOBS', message: expect.stringContaining('20 jobs queued or running') });
      // Another account is not held by this one's cap.
      const other = await accountWithKey(store, 'GROWTH', { scopes: ['iban'] });
      const theirs = await fetch(`${server.url}/api/v1/jobs?field=iban`, { method: 'POST', headers: { 'X-API-KEY': other.key, 'Content-Type': 'text/csv' }, body: germanIban(2) });
      expect(theirs.status).toBe(202);
      expect((await fetch(`${server.url}/api/v1/jobs/${ids[0]}`, { method: 'DELETE', headers: { 'X-API-KEY': key } })).status).toBe(200);
      expect((await submit()).status).toBe(202);
    } finally {
      await server.close();
      await store.close();
    }
  }, SLOW);
});

describe('accounts sharing the runner', () => {
  it('finishes a 10-line job within 2 s while another account has a 100,000-line job running', async () => {
    const big = await accountWithKey(h.store, 'GROWTH', { scopes: ['iban'] });
    const small = await accountWithKey(h.store, 'GROWTH', { scopes: ['iban'] });
    const csv = Array.from({ length: 100_000 }, (_, i) => germanIban(i)).join('\n');
    const large = await h.request('/api/v1/jobs?field=iban', { key: big.key, method: 'POST', body: csv, headers: { 'Content-Type': 'text/csv' } });
    expect(large.status).toBe(202);
    const largeId = ((await large.json()) as { id: string }).id;
    await waitFor(h.server.url, big.key, largeId, (job) => job.status === 'running' && job.done > 0, 30_000);
    const submitted = performance.now();
    const tiny = await h.request('/api/v1/jobs?field=iban', { key: small.key, method: 'POST', body: Array.from({ length: 10 }, (_, i) => germanIban(200_000 + i)).join('\n'), headers: { 'Content-Type': 'text/csv' } });
    expect(tiny.status).toBe(202);
    const tinyId = ((await tiny.json()) as { id: string }).id;
    const ended = await waitFor(h.server.url, small.key, tinyId, (job) => job.status === 'done', 10_000);
    const tookMs = performance.now() - submitted;
    console.info(`a 10-line job behind a 100,000-line one: done in ${tookMs.toFixed(0)} ms`);
    expect(ended).toMatchObject({ status: 'done', total: 10, done: 10, valid: 10 });
    expect(tookMs).toBeLessThan(2_000);
    // The large job was still under way: the small one went between its turns.
    const largeJob = await jobOf(h.server.url, big.key, largeId);
    expect(largeJob.status).toBe('running');
    expect(largeJob.done).toBeLessThan(100_000);
    expect((await h.request(`/api/v1/jobs/${largeId}`, { key: big.key, method: 'DELETE' })).status).toBe(200);
  }, SLOW);
});

describe('a clean stop', () => {
  it('hands a running job back: the next start resumes it at once, not after the lease', async () => {
    const store = await openEmbeddedStore();
    const config = { port: 0, host: '127.0.0.1', jobs: false } as const;
    let server = await startTestServer(store, config);
    try {
      const { account, key } = await accountWithKey(store, 'GROWTH', { scopes: ['iban'] });
      // Enough lines that the job is still running when the stop comes: the close first waits for the
      // polling connection to go quiet (CLOSE_QUIET_MS), and 20,000 lines were done within that.
      const values = 100_000;
      const csv = Array.from({ length: values }, (_, i) => germanIban(i)).join('\n');
      const response = await fetch(`${server.url}/api/v1/jobs?field=iban`, { method: 'POST', headers: { 'X-API-KEY': key, 'Content-Type': 'text/csv' }, body: csv });
      expect(response.status).toBe(202);
      const id = ((await response.json()) as { id: string }).id;
      await waitFor(server.url, key, id, (job) => job.done > 0, 30_000);
      await server.close();
      const stopped = await store.batchJobs.get(account.id, id);
      expect(stopped?.status).toBe('running');
      const doneAtStop = stopped?.done ?? 0;
      expect(doneAtStop).toBeLessThan(values);

      const restarted = performance.now();
      server = await startTestServer(store, config);
      await waitFor(server.url, key, id, (job) => job.done > doneAtStop, 30_000);
      const resumedMs = performance.now() - restarted;
      console.info(`a running job resumed ${resumedMs.toFixed(0)} ms after the restart (lease ${JOB_LEASE_MS} ms)`);
      expect(resumedMs).toBeLessThan(5_000);
      expect((await fetch(`${server.url}/api/v1/jobs/${id}`, { method: 'DELETE', headers: { 'X-API-KEY': key } })).status).toBe(200);
    } finally {
      await server.close();
      await store.close();
    }
  }, SLOW);
});
