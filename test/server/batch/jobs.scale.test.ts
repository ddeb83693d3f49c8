/**
 * Batch jobs on PostgreSQL (issue 21), with the scale harness's real server: a VAT job submitted to
 * one instance, that instance killed with SIGKILL midway, two new instances racing for the job's
 * lease. Every line is answered once and counted once; the fake never sees more VIES calls of a
 * member state in flight than the per-process limit, since one instance at a time holds the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../../src/server/pipeline/period.js';
import type { Store } from '../../../src/server/storage/types.js';
import { vatNumbers } from '../../support/generators/vat.js';
import { submitJob } from '../../support/jobs-http.js';
import {
  accountWithKeyByCli,
  dropDatabase,
  freshDatabase,
  openTestStore,
  sleep,
  startInstances,
  stopInstances,
  useClusterFakes,
  type Instance,
} from '../../support/scale/cluster.js';

const fakes = useClusterFakes();
let databaseUrl: string;
let store: Store;
const running: Instance[] = [];

beforeAll(async () => {
  databaseUrl = await freshDatabase('jobs');
});
afterAll(async () => {
  await stopInstances(running);
  await store?.close();
  if (databaseUrl) await dropDatabase(databaseUrl);
});

describe('a VAT job on PostgreSQL through a SIGKILL', () => {
  it('is resumed by one of two new instances and every line is answered and counted once', async () => {
    const options = { databaseUrl, viesUrl: fakes.vies.url, tedbUrl: fakes.tedb.url, statusUrl: fakes.status.url };
    const [first] = await startInstances(1, options);
    running.push(first as Instance);
    const { accountId, key } = await accountWithKeyByCli(databaseUrl, 'GROWTH', 'jobs');
    fakes.vies.latencyMs = 2;
    const values = [...vatNumbers('LU', 1_500, 21), ...vatNumbers('DE', 1_500, 22)];
    values.forEach((vat, i) => fakes.vies.register(vat, { valid: i % 2 === 0 }));
    fakes.vies.scheduleFaults('LU', (call) => (call % 10 === 0 ? 'MS_MAX_CONCURRENT_REQ' : null));

    const id = await submitJob(first?.url as string, key, 'vat', values);
    const view = async (base: string): Promise<{ status: string; done: number; total: number }> =>
      (await (await fetch(`${base}/api/v1/jobs/${id}`, { headers: { 'X-API-KEY': key } })).json()) as { status: string; done: number; total: number };
    while ((await view(first?.url as string)).done < 1_000) await sleep(100);
    first?.cli.child.kill('SIGKILL');
    await first?.cli.exited;

    const next = await startInstances(2, options);
    running.push(...next);
    const base = next[0]?.url as string;
    const deadline = Date.now() + 180_000;
    let ended = await view(base);
    while (ended.status !== 'done' && Date.now() < deadline) {
      await sleep(250);
      ended = await view(base);
    }
    expect(ended).toMatchObject({ status: 'done', done: 3_000, total: 3_000 });
    const lines = (await (await fetch(`${base}/api/v1/jobs/${id}/results`, { headers: { 'X-API-KEY': key } })).text()).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { line: number }).line)).toEqual(values.map((_, i) => i + 1));

    store = await openTestStore(databaseUrl);
    const account = await store.accounts.get(accountId);
    const used = await store.usage.used(accountId, periodOf(account?.subscriptionStart as string, new Date()).start);
    expect(used).toBe(3_000);
    // One instance at a time runs the job (its lease), so 2 calls of a state at most, crash included.
    for (const country of ['LU', 'DE']) expect(fakes.vies.maxInFlightFor(country)).toBeLessThanOrEqual(2);
    console.info(`[W2 PostgreSQL] max in flight ${JSON.stringify(Object.fromEntries(fakes.vies.maxInFlight))}, LU calls ${fakes.vies.callsFor('LU')}`);
  }, 300_000);
});
