/**
 * Quota and concurrency across instances (issue 9): three `verifield serve` processes started
 * together on one empty PostgreSQL, with Redis and without it (PostgreSQL alone keeps the limits
 * in its lease table). A FREE account's quota is exact under concurrent load spread over the
 * instances, and the plan's concurrency limit and the shared pool hold across instances, as seen
 * from the far side of the VIES connection (a slow proxy that records how many lookups it holds).
 */
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../src/server/answers/errors.js';
import { billingPeriod, PLANS } from '../../src/server/policy/plans.js';
import { accountWithKeyByCli, sleep, useCluster, useClusterFakes, usageOf, validate, type Instance, type LoadAnswer } from '../support/scale/cluster.js';
import { germanIban } from '../support/generators/iban.js';
import { luxembourgVat } from '../support/generators/vat.js';

const INSTANCES = 3;
/** The shared pool of every instance: above STARTER's 5, below three FREE accounts' 9. */
const POOL = 8;
const VIES_DELAY_MS = 300;
const IBAN = germanIban('370400440532013000');

let nextNumber = 100_000;
const freshVat = (): string => luxembourgVat(String(nextNumber++));

const fakes = useClusterFakes({ viesDelayMs: VIES_DELAY_MS });

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
  const cluster = useCluster(fakes, { label: 'limits', count: INSTANCES, redisIndex, sharedPoolSize: POOL });

  it('started together on an empty database: migrated once, one default account, one first-run key printed', async () => {
    const { instances, store } = cluster;
    const printedKeys = instances.filter((instance) => /^vf_/m.test(instance.cli.stdout));
    expect(printedKeys).toHaveLength(1);
    const accounts = await store.accounts.list();
    expect(accounts.map((account) => account.name)).toEqual(['default']);
    expect(instances.every((instance) => instance.running)).toBe(true);
  });

  it(`FREE quota: exactly ${PLANS.FREE.quota} requests answered 200 across the instances, the counter and the log agree`, async () => {
    const { databaseUrl, instances, store } = cluster;
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
    expect(usage).toMatchObject({ used: quota, logged: quota });
    expect(perInstance.every((count) => count > 0)).toBe(true);
  });

  it(`a STARTER account never has more than ${PLANS.STARTER.maxConcurrent} lookups in flight across the instances`, async () => {
    const { databaseUrl, instances } = cluster;
    const { slowVies } = fakes;
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
    const { databaseUrl, instances } = cluster;
    const { slowVies } = fakes;
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
