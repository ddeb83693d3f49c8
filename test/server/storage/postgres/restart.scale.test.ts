/**
 * PostgreSQL restarted under load (issue 9; docs/service.md#store-failure): while it is down,
 * requests are refused cleanly (503 with the envelope, errorCode STORE_UNAVAILABLE and
 * Retry-After, at once, and no instance crashes); once it is back, the instances serve again by
 * themselves, and the counts of the requests answered 200 are all there. The log holds a few lines
 * per instance, not one per refused request.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../../src/server/answers/errors.js';
import { billingPeriod } from '../../../../src/server/policy/plans.js';
import { until } from '../../../support/server.js';
import { accountWithKeyByCli, openTestStore, postgresServer, sleep, useCluster, useClusterFakes, usageOf, validate, type Instance } from '../../../support/scale/cluster.js';
import { germanIban } from '../../../support/generators/iban.js';

const IBAN = germanIban('370400440532013000');
const WORKERS = 8;
/** How long the load runs against the stopped database. */
const DOWN_MS = 3_000;

const fakes = useClusterFakes();

// Whatever happened, the next test file finds PostgreSQL up.
afterAll(() => postgresServer('pg-start'));

type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after';

interface Observed {
  phase: Phase;
  instance: number;
  status: number | 'no answer';
  ms: number;
  /** performance.now() when the answer came. */
  at: number;
  retryAfter?: string | null;
  body?: Record<string, unknown>;
}

const MODES = [
  { mode: 'PostgreSQL and Redis', redisIndex: 4 },
  { mode: 'PostgreSQL alone', redisIndex: null },
] as const;

describe.each(MODES)('two instances on $mode, PostgreSQL restarted under load', ({ redisIndex }) => {
  const cluster = useCluster(fakes, { label: 'restart', count: 2, redisIndex, openStore: false });

  it('requests are refused with a clean 503 STORE_UNAVAILABLE while it is down, and the service recovers without a restart', async () => {
    const { databaseUrl, instances } = cluster;
    const { accountId, key } = await accountWithKeyByCli(databaseUrl, 'PRO', 'Restart');
    const observed: Observed[] = [];
    let phase: Phase = 'before';
    let stop = false;
    let stoppingAt = 0;
    let backAt = 0;
    const logLinesBefore = instances.map((instance) => instance.cli.stderr.split('\n').length);

    await Promise.all([
      ...Array.from({ length: WORKERS }, async (_, worker) => {
        const instance = worker % instances.length;
        while (!stop) {
          const started = performance.now();
          const current = phase;
          try {
            const answer = await validate((instances[instance] as Instance).url, 'iban', IBAN, key);
            const at = performance.now();
            observed.push({ phase: current, instance, status: answer.status, ms: at - started, at, body: answer.body, retryAfter: answer.retryAfter });
          } catch {
            const at = performance.now();
            observed.push({ phase: current, instance, status: 'no answer', ms: at - started, at });
            await sleep(50);
          }
        }
      }),
      (async () => {
        await until(() => observed.filter((o) => o.status === 200).length >= 200, 30_000);
        phase = 'stopping';
        stoppingAt = performance.now();
        await postgresServer('pg-stop');
        phase = 'down';
        await sleep(DOWN_MS);
        phase = 'starting';
        await postgresServer('pg-start');
        phase = 'after';
        backAt = performance.now();
        // Recovered: each instance answers 200 again.
        await until(
          () => [0, 1].every((instance) => observed.some((o) => o.phase === 'after' && o.instance === instance && o.status === 200)),
          30_000,
        );
        const recoveredMs = performance.now() - backAt;
        const recoveredCount = observed.length;
        await until(() => observed.length >= recoveredCount + 200, 30_000);
        stop = true;
        console.info(`PostgreSQL back: both instances answered 200 again ${recoveredMs.toFixed(0)} ms after pg_ctl start returned`);
      })(),
    ]);

    const inPhase = (wanted: Phase) => observed.filter((o) => o.phase === wanted);
    const down = inPhase('down');
    const slowest = Math.max(...down.map((o) => o.ms));
    const tally = (wanted: Phase) => {
      const sent = inPhase(wanted);
      return `${sent.length} sent, ${sent.filter((o) => o.status === 200).length} x 200, ${sent.filter((o) => o.status === 503).length} x 503`;
    };
    const firstRefusal = observed.find((o) => o.at > stoppingAt && o.status === 503);
    const logLines = instances.map((instance, index) => instance.cli.stderr.split('\n').length - (logLinesBefore[index] ?? 0));
    console.info(
      `PostgreSQL restart under load: before (${tally('before')}); pg_ctl stop (${tally('stopping')}); down ${DOWN_MS} ms (${tally('down')}, ` +
        `slowest answer ${slowest.toFixed(0)} ms); pg_ctl start (${tally('starting')}); after (${tally('after')})`,
    );

    console.info(
      `restart: first 503 ${firstRefusal === undefined ? 'none' : `${(firstRefusal.at - stoppingAt).toFixed(0)} ms`} after pg_ctl stop began; ` +
        `log lines per instance during the run: ${logLines.join(', ')} for ${observed.filter((o) => o.status === 503).length} refusals`,
    );

    // Never a cut connection or another status: 200, or 503 STORE_UNAVAILABLE with the envelope and Retry-After.
    expect(observed.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    for (const failure of observed.filter((o) => o.status === 503)) {
      expect(failure.body).toMatchObject({ valid: false, errorCode: 'STORE_UNAVAILABLE', message: ERROR_MESSAGES.STORE_UNAVAILABLE, normalizedValue: null });
      expect(Number(failure.retryAfter)).toBeGreaterThan(0);
    }
    // While the database is surely down, every request is refused, cleanly.
    expect(down.length).toBeGreaterThan(0);
    expect(down.filter((o) => o.status !== 503)).toEqual([]);
    // One line per distinct error per 10 s: a handful of lines, not one per refusal.
    for (const lines of logLines) expect(lines).toBeLessThan(40);
    // Failing is quick: nothing waits for a database that is not there.
    expect(slowest).toBeLessThan(5_000);
    expect(instances.every((instance) => instance.running)).toBe(true);
    // The load after recovery is all 200 once both instances are back.
    const afterRecovery = inPhase('after').slice(-100);
    expect(afterRecovery.every((o) => o.status === 200)).toBe(true);

    // Every 200 was counted; a 503 may have been committed just before its connection went.
    cluster.store = await openTestStore(databaseUrl);
    const usage = await usageOf(cluster.store, accountId, billingPeriod('2026-01-01', new Date()).start);
    const answered = observed.filter((o) => o.status === 200).length;
    const failed = observed.filter((o) => o.status === 503).length;
    console.info(`restart: ${answered} answered 200, ${failed} answered 503; counter ${usage.used}, log rows ${usage.logged}`);
    expect(usage.logged).toBe(usage.used);
    expect(usage.used).toBeGreaterThanOrEqual(answered);
    expect(usage.used).toBeLessThanOrEqual(answered + failed);
  });
});
