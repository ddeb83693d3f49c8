/**
 * The hostile corpus (test/support/hostile-corpus.ts) over raw TCP against a real server on loopback:
 * every malformed or hostile request to every validation endpoint gets a 4xx with the error
 * envelope (never a 5xx, never silence), slow and never-ending clients are cut off by the
 * server's timeouts, no refused request moves a counter or reaches VIES, DNS or RDAP, nothing
 * reaches Object.prototype, and the service still answers and counts afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type ServerTimeouts } from '../../../src/server/http/start.js';
import type { Account } from '../../../src/server/storage/types.js';
import { instrumentStore, type InstrumentedStore } from '../../support/fakes/store.js';
import { ALL_FIELDS, createAccount, createKey, fakeConfig, MAIL_DOMAINS, post, startFakes, type Fakes } from '../../support/server.js';
import { openTestStore } from '../../support/store/test-store.js';
import { buildCorpus, type HostileCategory, type HostileRequest } from '../../support/hostile-corpus.js';
import { exchange, type RawAnswer } from '../../support/raw-http.js';

const TIMEOUTS: ServerTimeouts = { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 500 };
/** How long the test waits for an answer; a timeout case must be cut well before. */
const WAIT_MS = TIMEOUTS.requestMs + 6_000;
/** Quick requests in flight at once. */
const PARALLEL = 16;

let fakes: Fakes;
let store: InstrumentedStore;
/** The counted entries of an account's usage log (refusals carry an errorCode). */
const countedEntries = async (accountId: string): Promise<number> => (await store.usage.log(accountId, 1_000)).filter((entry) => entry.errorCode === undefined).length;
let server: RunningServer;
let account: Account;
let key: string;
const logs: string[] = [];

beforeAll(async () => {
  fakes = await startFakes();
  store = instrumentStore(await openTestStore());
  server = await startServer({ ...fakeConfig(fakes), store, log: (line) => logs.push(line), timeouts: TIMEOUTS, authFailureLimits: false });
  account = await createAccount(store, 'PRO');
  ({ key } = await createKey(store, account));
});

afterAll(async () => {
  await server?.close();
  await store?.close();
  await fakes?.close();
});

async function corpusKeys(): Promise<{ valid: string; revoked: string; expired: string }> {
  const revoked = await createKey(store, account);
  await store.keys.revoke(revoked.id, new Date());
  const expired = await createKey(store, account, { expires: '1h', now: new Date(Date.now() - 2 * 3_600_000) });
  return { valid: key, revoked: revoked.key, expired: expired.key };
}

/** Runs `work` over `items`, `limit` at a time, keeping the order of the results. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

/** What is wrong with `answer` to `request` ('' when nothing). */
function mismatch(request: HostileRequest, answer: RawAnswer): string {
  const { expected } = request;
  const where = `${request.category} / ${request.field} / ${request.name}`;
  if (answer.status === null) return `${where}: no answer (connection ${answer.closedByServer ? 'closed' : 'still open'})`;
  if (answer.status !== expected.status) return `${where}: status ${answer.status}, expected ${expected.status} (${answer.body.slice(0, 120)})`;
  if (!answer.closedByServer) return `${where}: the server kept the connection open`;
  if (expected.body === 'none') return answer.body === '' ? '' : `${where}: a body on a HEAD answer`;
  if (!/^application\/json/.test(answer.headers.get('content-type')?.[0] ?? '')) return `${where}: not JSON`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return `${where}: body is not JSON: ${answer.body.slice(0, 120)}`;
  }
  const isEnvelope =
    body.valid === false &&
    typeof body.message === 'string' &&
    body.message.length > 0 &&
    body.normalizedValue === null &&
    typeof body.originalValue === 'string' &&
    body.validationLevel === 'STANDARD';
  if (!isEnvelope) return `${where}: not the error envelope: ${answer.body.slice(0, 160)}`;
  const code = body.errorCode ?? null;
  if (code !== expected.errorCode) return `${where}: errorCode ${String(code)}, expected ${String(expected.errorCode)}`;
  return '';
}

describe('the hostile corpus over raw TCP', () => {
  let corpus: HostileRequest[];
  let answers: RawAnswer[];
  let before: { vies: number; dns: number; rdap: number; log: number };

  beforeAll(async () => {
    corpus = buildCorpus(ALL_FIELDS, await corpusKeys(), TIMEOUTS, server.port);
    before = { vies: fakes.vies.calls, dns: fakes.dns.questions.length, rdap: fakes.rdap.requests.length, log: await countedEntries(account.id) };
    const slow = corpus.filter((request) => request.slow);
    const quick = corpus.filter((request) => !request.slow);
    // The slow ones wait for the server's timeouts together, while the quick ones run.
    const slowAnswers = Promise.all(slow.map((request) => exchange(server.port, request.request, WAIT_MS)));
    const quickAnswers = await pooled(quick, PARALLEL, (request) => exchange(server.port, request.request, WAIT_MS));
    const bySlow = await slowAnswers;
    const answerOf = new Map<HostileRequest, RawAnswer>();
    slow.forEach((request, index) => answerOf.set(request, bySlow[index] as RawAnswer));
    quick.forEach((request, index) => answerOf.set(request, quickAnswers[index] as RawAnswer));
    answers = corpus.map((request) => answerOf.get(request) as RawAnswer);
    if (process.env.VERIFIELD_HOSTILE_SUMMARY === '1') printSummary(corpus, answers);
  }, 60_000);

  it('holds at least 200 requests, every category against every validation endpoint', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const categories = new Set(corpus.map((request) => request.category));
    for (const field of ALL_FIELDS) {
      const ofField = new Set(corpus.filter((request) => request.field === field).map((request) => request.category));
      expect([...ofField].sort(), field).toEqual([...categories].sort());
    }
  });

  it('answers every one with its 4xx and the error envelope, and closes the connection', () => {
    const problems = corpus.map((request, index) => mismatch(request, answers[index] as RawAnswer)).filter((problem) => problem !== '');
    expect(problems).toEqual([]);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });

  it('cuts slow and never-ending clients at the headers and request timeouts, not before', () => {
    corpus.forEach((request, index) => {
      const answer = answers[index] as RawAnswer;
      if (request.category === 'slow clients') {
        expect(answer.elapsedMs, request.name).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
        expect(answer.elapsedMs, request.name).toBeLessThan(TIMEOUTS.requestMs + 3_000);
      }
      if (request.category === 'never-ending bodies') {
        expect(answer.elapsedMs, request.name).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
        expect(answer.elapsedMs, request.name).toBeLessThan(TIMEOUTS.requestMs + 3_000);
      }
    });
  });

  it('moved no counter: nothing reached the meter, the usage log, VIES, DNS or RDAP', async () => {
    expect(store.countCalls).toBe(0);
    // Refusals of the known key are logged (docs/service.md#usage-log), never counted.
    expect(await countedEntries(account.id)).toBe(before.log);
    expect(fakes.vies.calls).toBe(before.vies);
    expect(fakes.dns.questions.length).toBe(before.dns);
    expect(fakes.rdap.requests.length).toBe(before.rdap);
  });

  it('let no key reach Object.prototype', () => {
    const probe: Record<string, unknown> = {};
    for (const name of ['value', 'traderName', 'a', 'length']) expect(probe[name], name).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('value');
  });

  it('logged no internal error, and the service still validates and counts', async () => {
    expect(logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    // Content-Encoding identity is no encoding at all: accepted, unlike gzip in the corpus.
    const answer = await post(server.url, 'email', { value: `jane@${MAIL_DOMAINS.good}` }, key, { 'Content-Encoding': 'identity' });
    expect(answer.status).toBe(200);
    expect(answer.body.valid).toBe(true);
    expect(store.countCalls).toBe(1);
    expect(await countedEntries(account.id)).toBe(before.log + 1);
  });
});

describe('connection timeouts', () => {
  it('closes an idle kept-alive connection after keepAliveMs (Node adds a second of grace)', async () => {
    const head = `POST /api/v1/validate/iban HTTP/1.1\r\nHost: x\r\nX-API-KEY: vf_nope\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    const answer = await exchange(server.port, { parts: [head] }, WAIT_MS);
    expect(answer.status).toBe(401);
    expect(answer.closedByServer).toBe(true);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 50);
    expect(answer.elapsedMs).toBeLessThan(TIMEOUTS.keepAliveMs + 3_000);
  });

  it('refuses timeouts that are not positive, or a request timeout shorter than the headers one', async () => {
    for (const timeouts of [{ headersMs: 0 }, { requestMs: -1 }, { keepAliveMs: Number.NaN }, { headersMs: 5_000, requestMs: 1_000 }]) {
      await expect(startServer({ ...fakeConfig(fakes), store, timeouts }), JSON.stringify(timeouts)).rejects.toThrow(RangeError);
    }
  });
});

/** Requests and statuses per category, for the reliability note (VERIFIELD_HOSTILE_SUMMARY=1). */
function printSummary(corpus: readonly HostileRequest[], answers: readonly RawAnswer[]): void {
  const rows = new Map<HostileCategory, Map<string, number>>();
  corpus.forEach((request, index) => {
    const statuses = rows.get(request.category) ?? new Map<string, number>();
    const status = String(answers[index]?.status ?? 'none');
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    rows.set(request.category, statuses);
  });
  const lines = [...rows].map(([category, statuses]) => {
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    return `| ${category} | ${total} | ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')} |`;
  });
  console.log(['| category | requests | statuses |', '|---|---|---|', ...lines, `| total | ${corpus.length} | |`].join('\n'));
}
