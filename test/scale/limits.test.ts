/**
 * Quota and concurrency across instances (issue 9): three `verifield serve` processes started
 * together on one empty PostgreSQL, with Redis and without it (PostgreSQL alone keeps the limits
 * in its lease table). A FREE account's quota is exact under concurrent load spread over the
 * instances, and the plan's concurrency limit and the shared pool hold across instances, as seen
 * from the far side of the VIES connection (a slow proxy that records how many lookups it holds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../src/server/http/errors.js';
import { billingPeriod, PLANS } from '../../src/server/policy/plans.js';
import type { Store } from '../../src/server/storage/types.js';
import { startSlowProxy, type SlowProxy } from '../fakes/slow-proxy.js';
import { startStatusFake, type StatusFake } from '../fakes/vies-status.js';
import { startTedbFake, type TedbFake } from '../fakes/tedb.js';
import { startViesFake, type ViesFake } from '../fakes/vies.js';
import { germanIban, luxembourgVat } from '../server-support.js';
import {
  accountWithKeyByCli,
  dropDatabase,
  freshDatabase,
  freshRedis,
  openTestStore,
  sleep,
  startInstances,
  stopInstances,
  usageOf,
  validate,
  type Instance,
  type LoadAnswer,
} from './support/cluster.js';

const INSTANCES = 3;
/** The shared pool of every instance: above STARTER's 5, below three FREE accounts' 9. */
const POOL = 8;
const VIES_DELAY_MS = 300;
const IBAN = germanIban('370400440532013000');

let vies: ViesFake;
let tedb: TedbFake;
let status: StatusFake;
let slowVies: SlowProxy;
/** Distinct VAT numbers, so that every lookup is a live one. */
let nextNumber = 100_000;
const freshVat = (): string => luxembourgVat(String(nextNumber++));

beforeAll(async () => {
  [vies, tedb, status] = await Promise.all([startViesFake(), startTedbFake(), startStatusFake()]);
  slowVies = await startSlowProxy(vies.url, VIES_DELAY_MS);
});

afterAll(async () => {
  await Promise.all([slowVies?.close(), vies?.close(), tedb?.close(), status?.close()]);
});

/**
 * Runs `workers` loops, worker w on instance w mod n, each until it has `successes` answers 200;
 * a CONCURRENCY_LIMIT refusal is retried after a short pause, as a client honouring Retry-After
 * would (only faster). Resolves with every answer.
 */
async function load(
  instances: readonly Instance[],
  workers: number,
  successes: number,
  request: (worker: number) => { field: string; value: string; key: string },
): Promise<LoadAnswer[]> {
  const answers: LoadAnswer[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      const instance = worker % instances.length;
      let ok = 0;
      while (ok < successes) {
        const { field, value, key } = request(worker);
        const answer = await validate((instances[instance] as Instance).url, field, value, key);
        answers.push({ instance, ...answer });
        if (answer.status === 200) ok++;
        else if (answer.errorCode === 'CONCURRENCY_LIMIT') await sleep(20);
        else throw new Error(`unexpected answer ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }),
  );
  return answers;
}

const MODES = [
  { mode: 'PostgreSQL and Redis', redisIndex: 1 },
  { mode: 'PostgreSQL alone (leases in a table)', redisIndex: null },
] as const;

describe.each(MODES)('three instances on $mode', ({ redisIndex }) => {
  let databaseUrl: string;
  let instances: Instance[];
  let store: Store;

  beforeAll(async () => {
    databaseUrl = await freshDatabase('limits');
    const redisUrl = redisIndex === null ? undefined : await freshRedis(redisIndex);
    instances = await startInstances(INSTANCES, {
      databaseUrl,
      ...(redisUrl === undefined ? {} : { redisUrl }),
      viesUrl: slowVies.url,
      tedbUrl: tedb.url,
      statusUrl: status.url,
      sharedPoolSize: POOL,
    });
    store = await openTestStore(databaseUrl);
  });

  afterAll(async () => {
    await stopInstances(instances ?? []);
    await store?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it('started together on an empty database: migrated once, one default account, one first-run key printed', async () => {
    const printedKeys = instances.filter((instance) => /^vf_/m.test(instance.cli.stdout));
    expect(printedKeys).toHaveLength(1);
    const accounts = await store.accounts.list();
    expect(accounts.map((account) => account.name)).toEqual(['default']);
    expect(instances.every((instance) => instance.running)).toBe(true);
  });

  it(`FREE quota: exactly ${PLANS.FREE.quota} requests answered 200 across the instances, the counter and the log agree`, async () => {
    const quota = PLANS.FREE.quota;
    const { accountId, key } = await accountWithKeyByCli(databaseUrl, 'FREE', 'Quota');
    const done = new Set<number>();
    const workers = 4 * INSTANCES;
    let sent = 0;
    const answers: LoadAnswer[] = [];
    // Each worker stops at its first QUOTA_EXCEEDED; a CONCURRENCY_LIMIT refusal is retried.
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        const instance = worker % INSTANCES;
        while (!done.has(worker)) {
          if (sent > quota * 40) throw new Error(`the quota never blocked after ${sent} requests`);
          sent++;
          const answer = await validate((instances[instance] as Instance).url, 'iban', IBAN, key);
          answers.push({ instance, ...answer });
          if (answer.errorCode === 'QUOTA_EXCEEDED') done.add(worker);
          else if (answer.errorCode === 'CONCURRENCY_LIMIT') await sleep(5);
        }
      }),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const otherStatuses = answers.filter((answer) => answer.status !== 200 && answer.status !== 429);
    const period = billingPeriod('2026-01-01', new Date());
    const usage = await usageOf(store, accountId, period.start);
    const perInstance = [0, 1, 2].map((instance) => ok.filter((answer) => answer.instance === instance).length);
    console.info(
      `FREE quota ${quota}: ${sent} requests from ${workers} workers over ${INSTANCES} instances -> ${ok.length} answered 200 ` +
        `(per instance ${perInstance.join('/')}), ${answers.filter((a) => a.errorCode === 'QUOTA_EXCEEDED').length} QUOTA_EXCEEDED, ` +
        `${answers.filter((a) => a.errorCode === 'CONCURRENCY_LIMIT').length} CONCURRENCY_LIMIT; counter ${usage.used}, log rows ${usage.logged}`,
    );
    expect(otherStatuses).toEqual([]);
    expect(ok).toHaveLength(quota);
    expect(usage).toEqual({ used: quota, logged: quota });
    expect(perInstance.every((count) => count > 0)).toBe(true);
  });

  it(`a STARTER account never has more than ${PLANS.STARTER.maxConcurrent} lookups in flight across the instances`, async () => {
    const { key } = await accountWithKeyByCli(databaseUrl, 'STARTER', 'Concurrency');
    slowVies.resetCounts();
    const answers = await load(instances, 4 * INSTANCES, 2, () => ({ field: 'vat', value: freshVat(), key }));
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.errorCode === 'CONCURRENCY_LIMIT');
    console.info(
      `STARTER (max ${PLANS.STARTER.maxConcurrent}): ${answers.length} lookups over ${INSTANCES} instances -> ${ok.length} answered 200, ` +
        `${refused.length} CONCURRENCY_LIMIT; most lookups in flight at VIES: ${slowVies.maxInFlight}`,
    );
    expect(slowVies.maxInFlight).toBe(PLANS.STARTER.maxConcurrent);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.retryAfter).toBe('1');
    expect(new Set(ok.map((answer) => answer.instance)).size).toBe(INSTANCES);
  });

  it(`three FREE accounts together never have more than the shared pool (${POOL}) in flight`, async () => {
    const holders = await Promise.all(['Pool A', 'Pool B', 'Pool C'].map((name) => accountWithKeyByCli(databaseUrl, 'FREE', name)));
    slowVies.resetCounts();
    // 18 workers, 6 per account (twice its maximum), spread over the instances.
    const answers = await load(instances, 18, 2, (worker) => ({
      field: 'vat',
      value: freshVat(),
      key: (holders[worker % holders.length] as { key: string }).key,
    }));
    const ok = answers.filter((answer) => answer.status === 200);
    const refusedByPool = answers.filter((answer) => answer.body.message === ERROR_MESSAGES.CONCURRENCY_POOL);
    console.info(
      `shared pool ${POOL}, 3 FREE accounts: ${answers.length} lookups -> ${ok.length} answered 200, ` +
        `${answers.length - ok.length} CONCURRENCY_LIMIT (${refusedByPool.length} by the pool); most lookups in flight at VIES: ${slowVies.maxInFlight}`,
    );
    expect(slowVies.maxInFlight).toBeLessThanOrEqual(POOL);
    expect(slowVies.maxInFlight).toBeGreaterThan(PLANS.FREE.maxConcurrent);
    expect(refusedByPool.length).toBeGreaterThan(0);
  });
});
