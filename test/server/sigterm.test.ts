/**
 * SIGTERM on a real `verifield serve` process (docs/service.md#stopping): under keep-alive load it
 * finishes every request in flight (no connection reset), answers the last one on each connection
 * with `Connection: close`, commits their counts and exits 0 within 10 s; a job running at that
 * moment is left with its lease released, so the next process resumes it at once instead of after
 * the 30 s lease.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS } from '../../src/server/batch/runner.js';
import { periodOf } from '../../src/server/pipeline/period.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Account } from '../../src/server/storage/types.js';
import { endAll, serveListening, type CliProcess, type ListeningCli } from '../support/cli.js';
import { startViesFake, type ViesFake } from '../support/fakes/vies.js';
import { firstBuilder, luxembourgVat, seededRng } from '../support/generators/vat.js';
import { jobResults, pollJob, submitJob } from '../support/jobs-http.js';
import { accountWithKey } from '../support/server.js';

const SLOW = 120_000;

let dataDir: string;
let vies: ViesFake;
let account: Account;
let key: string;
const children: CliProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-sigterm-'));
  vies = await startViesFake();
  const store = await openEmbeddedStore(dataDir);
  ({ account, key } = await accountWithKey(store, 'PRO'));
  await store.close();
}, SLOW);

afterAll(async () => {
  await endAll(children, 'SIGKILL');
  await vies?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const serve = (): Promise<ListeningCli> => serveListening(['serve', '--port', '0', '--data-dir', dataDir, '--no-jobs', '--vies-url', vies.url, '--job-concurrency-per-state', '2'], children);

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
}

/** One POST on a keep-alive agent. */
function post(base: string, path: string, body: string, agent: Agent): Promise<Reply> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'X-API-KEY': key },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const used = async (): Promise<number> => {
  const store = await openEmbeddedStore(dataDir);
  try {
    return await store.usage.used(account.id, periodOf(account.subscriptionStart, new Date()).start);
  } finally {
    await store.close();
  }
};

describe('SIGTERM', () => {
  it('finishes the requests in flight on keep-alive connections, closes each after its last answer, counts every 200, and exits 0', async () => {
    vies.latencyMs = 300;
    const vat = luxembourgVat('135791');
    vies.register(vat, { valid: true, name: 'DRAIN SARL' });
    const usedBefore = await used();
    const { child, base } = await serve();
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const replies: Reply[] = [];
    const failures: string[] = [];
    // Eight connections each send one request after another until an answer says the connection closes.
    const connection = async (): Promise<void> => {
      for (;;) {
        try {
          const reply = await post(base, '/api/v1/validate/vat', JSON.stringify({ value: vat }), agent);
          replies.push(reply);
          if (reply.headers.connection === 'close') return;
        } catch (error) {
          failures.push(String(error));
          return;
        }
      }
    };
    try {
      const loops = Promise.all(Array.from({ length: 8 }, connection));
      // Signalled once the connections have carried a few requests each (a loaded machine answers the first ones late).
      while (replies.length < 16 && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const signalled = performance.now();
      child.child.kill('SIGTERM');
      const exit = await child.exited;
      const exitedAfterMs = performance.now() - signalled;
      await loops;
      expect(failures).toEqual([]);
      expect(exit).toBe(0);
      expect(exitedAfterMs).toBeLessThan(10_000);
      expect(replies.length).toBeGreaterThanOrEqual(16);
      expect(replies.filter((reply) => reply.status !== 200)).toEqual([]);
      expect(replies.filter((reply) => reply.headers.connection === 'close')).toHaveLength(8);
      expect((await used()) - usedBefore).toBe(replies.length);
    } finally {
      vies.latencyMs = 0;
      agent.destroy();
    }
  }, SLOW);

  it('releases a running job: the next process resumes it at once, every line once', async () => {
    const rng = seededRng(29);
    const build = firstBuilder('LU');
    const values = [...new Set(Array.from({ length: 600 }, () => build(rng)))];
    values.forEach((value, index) => vies.register(value, { valid: index % 3 !== 0 }));
    // Two calls in flight at 25 ms: about 80 lines a second, so the job is still running when signalled.
    vies.latencyMs = 25;
    const usedBefore = await used();
    try {
      const first = await serve();
      const id = await submitJob(first.base, key, 'vat', values);
      const atStop = await pollJob(first.base, key, id, (job) => job.done >= 60, 50);
      first.child.child.kill('SIGTERM');
      expect(await first.child.exited).toBe(0);
      // No lease left behind: the job can be claimed now (and is given back at once).
      const store = await openEmbeddedStore(dataDir);
      try {
        const now = new Date();
        expect(await store.batchJobs.claim('lease-check', now, new Date(now.getTime() + JOB_LEASE_MS))).toMatchObject({ id });
        await store.batchJobs.release(id, 'lease-check', new Date());
      } finally {
        await store.close();
      }

      const second = await serve();
      const restarted = performance.now();
      // A lease left behind would hold the job for JOB_LEASE_MS: it must not come to that.
      const ended = await pollJob(second.base, key, id, (job) => job.status === 'done', 100, () => expect(performance.now() - restarted).toBeLessThan(JOB_LEASE_MS));
      expect(ended).toMatchObject({ total: values.length, done: values.length });
      expect(atStop.done).toBeLessThan(values.length);
      const lines = await jobResults<{ originalValue: string }>(second.base, key, id);
      expect(lines.map((line) => line.line)).toEqual(values.map((_, index) => index + 1));
      expect(lines.map((line) => line.result.originalValue)).toEqual(values);
      second.child.child.kill('SIGTERM');
      expect(await second.child.exited).toBe(0);
      expect((await used()) - usedBefore).toBe(values.length);
    } finally {
      vies.latencyMs = 0;
    }
  }, SLOW);
});
