/**
 * PostgreSQL restarted under load (issue 9): while it is down, requests fail cleanly (500 with the
 * envelope and errorCode INTERNAL, at once, and no instance crashes); once it is back, the
 * instances serve again by themselves, and the counts of the requests answered 200 are all there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../src/server/errors.js';
import { billingPeriod } from '../../src/server/plans.js';
import type { Store } from '../../src/server/store/types.js';
import { startStatusFake, type StatusFake } from '../fakes/vies-status.js';
import { startTedbFake, type TedbFake } from '../fakes/tedb.js';
import { startViesFake, type ViesFake } from '../fakes/vies.js';
import { germanIban, until } from '../server-support.js';
import {
  accountWithKeyByCli,
  dropDatabase,
  freshDatabase,
  freshRedis,
  openTestStore,
  postgresServer,
  sleep,
  startInstances,
  stopInstances,
  usageOf,
  validate,
  type Instance,
} from './support/cluster.js';

const IBAN = germanIban('370400440532013000');
const WORKERS = 8;
/** How long the load runs against the stopped database. */
const DOWN_MS = 3_000;

let vies: ViesFake;
let tedb: TedbFake;
let status: StatusFake;

beforeAll(async () => {
  [vies, tedb, status] = await Promise.all([startViesFake(), startTedbFake(), startStatusFake()]);
});

afterAll(async () => {
  // Whatever happened, the next test file finds PostgreSQL up.
  await postgresServer('pg-start');
  await Promise.all([vies?.close(), tedb?.close(), status?.close()]);
});

/** When a request was sent: `stopping` and `starting` while pg_ctl runs, `down` between the two. */
type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after';

interface Observed {
  phase: Phase;
  instance: number;
  status: number | 'no answer';
  ms: number;
  body?: Record<string, unknown>;
}

const MODES = [
  { mode: 'PostgreSQL and Redis', redisIndex: 4 },
  { mode: 'PostgreSQL alone', redisIndex: null },
] as const;

describe.each(MODES)('two instances on $mode, PostgreSQL restarted under load', ({ redisIndex }) => {
  let databaseUrl: string;
  let instances: Instance[];
  let store: Store | undefined;

  beforeAll(async () => {
    databaseUrl = await freshDatabase('restart');
    const redisUrl = redisIndex === null ? undefined : await freshRedis(redisIndex);
    instances = await startInstances(2, {
      databaseUrl,
      ...(redisUrl === undefined ? {} : { redisUrl }),
      viesUrl: vies.url,
      tedbUrl: tedb.url,
      statusUrl: status.url,
    });
  });

  afterAll(async () => {
    await stopInstances(instances ?? []);
    await store?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it('requests fail with a clean 500 envelope while it is down, and the service recovers without a restart', async () => {
    const { accountId, key } = await accountWithKeyByCli(databaseUrl, 'PRO', 'Restart');
    const observed: Observed[] = [];
    let phase: Phase = 'before';
    let stop = false;

    await Promise.all([
      ...Array.from({ length: WORKERS }, async (_, worker) => {
        const instance = worker % instances.length;
        while (!stop) {
          const started = performance.now();
          const current = phase;
          try {
            const answer = await validate((instances[instance] as Instance).url, 'iban', IBAN, key);
            observed.push({ phase: current, instance, status: answer.status, ms: performance.now() - started, body: answer.body });
          } catch {
            observed.push({ phase: current, instance, status: 'no answer', ms: performance.now() - started });
            await sleep(50);
          }
        }
      }),
      (async () => {
        await until(() => observed.filter((o) => o.status === 200).length >= 200, 30_000);
        phase = 'stopping';
        await postgresServer('pg-stop');
        phase = 'down';
        await sleep(DOWN_MS);
        phase = 'starting';
        await postgresServer('pg-start');
        phase = 'after';
        const backAt = performance.now();
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
      return `${sent.length} sent, ${sent.filter((o) => o.status === 200).length} x 200, ${sent.filter((o) => o.status === 500).length} x 500`;
    };
    console.info(
      `PostgreSQL restart under load: before (${tally('before')}); pg_ctl stop (${tally('stopping')}); down ${DOWN_MS} ms (${tally('down')}, ` +
        `slowest answer ${slowest.toFixed(0)} ms); pg_ctl start (${tally('starting')}); after (${tally('after')})`,
    );

    // Never a cut connection or another status: 200, or 500 with the envelope.
    expect(observed.filter((o) => o.status !== 200 && o.status !== 500)).toEqual([]);
    for (const failure of observed.filter((o) => o.status === 500)) {
      // The value is echoed when the body was read; a key lookup that fails once the key cache has
      // expired (the database down for longer than it keeps a key) fails before the body is read.
      expect(failure.body).toMatchObject({ valid: false, errorCode: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, normalizedValue: null });
      expect([IBAN, '']).toContain((failure.body as { originalValue: string }).originalValue);
    }
    // While the database is surely down, every request fails, cleanly.
    expect(down.length).toBeGreaterThan(0);
    expect(down.filter((o) => o.status !== 500)).toEqual([]);
    // Failing is quick: nothing waits for a database that is not there.
    expect(slowest).toBeLessThan(5_000);
    expect(instances.every((instance) => instance.running)).toBe(true);
    // The load after recovery is all 200 once both instances are back.
    const afterRecovery = inPhase('after').slice(-100);
    expect(afterRecovery.every((o) => o.status === 200)).toBe(true);

    // Every 200 was counted; a 500 may have been committed just before its connection went.
    store = await openTestStore(databaseUrl);
    const usage = await usageOf(store, accountId, billingPeriod('2026-01-01', new Date()).start);
    const answered = observed.filter((o) => o.status === 200).length;
    const failed = observed.filter((o) => o.status === 500).length;
    console.info(`restart: ${answered} answered 200, ${failed} answered 500; counter ${usage.used}, log rows ${usage.logged}`);
    expect(usage.logged).toBe(usage.used);
    expect(usage.used).toBeGreaterThanOrEqual(answered);
    expect(usage.used).toBeLessThanOrEqual(answered + failed);
  });
});
