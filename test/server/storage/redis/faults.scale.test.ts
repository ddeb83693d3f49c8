/**
 * Redis going away and coming back under load, seen from the HTTP service (issue 11): two
 * `verifield serve` instances on PostgreSQL reach Redis through loopback proxies that drop every
 * connection and refuse new ones (Redis down), and that hold every byte for a while before
 * delivering them in order (Redis hung, as a stopped process is: TCP loses nothing). Meanwhile
 * every request gets an answer, 200 or a clean 500 envelope, quickly; no instance crashes; once
 * Redis is back the instances serve again by themselves; the counter holds exactly the 200s.
 * (PostgreSQL going away is postgres/restart.scale.test.ts; the backplane's own behaviour, outage.scale.test.ts.)
 */
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../../src/server/answers/errors.js';
import { billingPeriod } from '../../../../src/server/policy/plans.js';
import type { Store } from '../../../../src/server/storage/types.js';
import { until } from '../../../support/server.js';
import { startRedisProxy, type RedisProxy } from '../../../support/scale/redis-proxy.js';
import {
  accountWithKeyByCli,
  dropDatabase,
  freshDatabase,
  freshRedis,
  openTestStore,
  sleep,
  startInstances,
  stopInstances,
  useClusterFakes,
  usageOf,
  validate,
  type Instance,
} from '../../../support/scale/cluster.js';
import { germanIban } from '../../../support/generators/iban.js';
import { luxembourgVat } from '../../../support/generators/vat.js';

const IBAN = germanIban('370400440532013000');
const VAT = luxembourgVat('818181');
const WORKERS = 8;
/** How long each outage lasts under load. */
const OUTAGE_MS = 3_000;
/** The service's Redis command timeout is 2 s: an answer during a hang comes within it, plus margin. */
const SLOWEST_ALLOWED_MS = 5_000;
/** How soon after Redis is back both instances must answer 200 steadily. */
const RECOVERY_MS = 15_000;
/** Redis database of this file (the other scale files use 1 to 4). */
const REDIS_INDEX = 7;

type Phase = 'before' | 'down' | 'back after down' | 'hung' | 'back after hang';

interface Observed {
  phase: Phase;
  instance: number;
  field: 'iban' | 'vat';
  status: number | 'no answer';
  ms: number;
  /** performance.now() when the answer came. */
  at: number;
  body?: Record<string, unknown>;
}

/** A TCP proxy in front of `target` that can hold every byte, both ways, and deliver them in order later. */
interface HoldingProxy {
  url: string;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function startHoldingProxy(targetUrl: string): Promise<HoldingProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let held: Array<() => void> | null = null;
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    const pipe = (from: Socket, to: Socket): void => {
      from.on('data', (chunk: Buffer) => {
        if (held === null) to.write(chunk);
        else held.push(() => to.write(chunk));
      });
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    };
    pipe(client, upstream);
    pipe(upstream, client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    hold() {
      held ??= [];
    },
    release() {
      const queued = held ?? [];
      held = null;
      for (const write of queued) write();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const fakes = useClusterFakes();
let proxy: RedisProxy;
let holding: HoldingProxy;
let databaseUrl: string;
let instances: Instance[] = [];
let store: Store | undefined;

beforeAll(async () => {
  const { vies, tedb, status } = fakes;
  vies.register(VAT, { valid: true, name: 'REDIS FAULT SARL' });
  databaseUrl = await freshDatabase('redisfault');
  proxy = await startRedisProxy(await freshRedis(REDIS_INDEX));
  holding = await startHoldingProxy(proxy.url);
  instances = await startInstances(2, { databaseUrl, redisUrl: holding.url, viesUrl: vies.url, tedbUrl: tedb.url, statusUrl: status.url });
});

afterAll(async () => {
  holding?.release();
  await proxy?.up();
  await stopInstances(instances);
  await store?.close();
  await holding?.close();
  await proxy?.close();
  if (databaseUrl) await dropDatabase(databaseUrl);
});

describe('Redis down, then hung, under load on two instances', () => {
  it('answers every request (200 or a clean 500), crashes nothing, recovers by itself and counts exactly the 200s', async () => {
    const { accountId, key } = await accountWithKeyByCli(databaseUrl, 'PRO', 'Redis faults');
    const observed: Observed[] = [];
    let phase: Phase = 'before';
    let stop = false;
    /** Whether the last `run` answers of `instance` in `wanted` were all 200. */
    const steady = (wanted: Phase, instance: number, run: number): boolean => {
      const own = observed.filter((o) => o.phase === wanted && o.instance === instance);
      return own.length >= run && own.slice(-run).every((o) => o.status === 200);
    };
    const recoveredAt: Partial<Record<Phase, number>> = {};
    const backOnBoth = async (wanted: Phase): Promise<void> => {
      const since = performance.now();
      try {
        await until(() => [0, 1].every((instance) => steady(wanted, instance, 20)), RECOVERY_MS);
      } catch (error) {
        stop = true;
        const last = observed.filter((o) => o.phase === wanted).slice(-4).map(({ body: _body, ...rest }) => rest);
        throw new Error(`the instances did not answer 200 steadily within ${RECOVERY_MS} ms of Redis coming back: ${JSON.stringify(last)}`, { cause: error });
      }
      // When the last failure came, counted from the moment Redis was back.
      const failures = observed.filter((o) => o.phase === wanted && o.status !== 200);
      recoveredAt[wanted] = failures.length === 0 ? 0 : Math.max(...failures.map((o) => o.at)) - since;
    };

    await Promise.all([
      ...Array.from({ length: WORKERS }, async (_, worker) => {
        const instance = worker % instances.length;
        const field = worker % 4 === 3 ? 'vat' : 'iban';
        while (!stop) {
          const current = phase;
          const started = performance.now();
          try {
            const answer = await validate((instances[instance] as Instance).url, field, field === 'vat' ? VAT : IBAN, key);
            observed.push({ phase: current, instance, field, status: answer.status, ms: performance.now() - started, at: performance.now(), body: answer.body });
          } catch {
            observed.push({ phase: current, instance, field, status: 'no answer', ms: performance.now() - started, at: performance.now() });
            await sleep(50);
          }
        }
      }),
      (async () => {
        await until(() => observed.filter((o) => o.status === 200).length >= 100, 30_000);
        phase = 'down';
        await proxy.down();
        await sleep(OUTAGE_MS);
        await proxy.up();
        phase = 'back after down';
        await backOnBoth('back after down');

        phase = 'hung';
        holding.hold();
        await sleep(OUTAGE_MS);
        holding.release();
        phase = 'back after hang';
        await backOnBoth('back after hang');
        stop = true;
      })(),
    ]);

    const inPhase = (wanted: Phase): Observed[] => observed.filter((o) => o.phase === wanted);
    const tally = (wanted: Phase): string => {
      const sent = inPhase(wanted);
      return `${sent.length} sent, ${sent.filter((o) => o.status === 200).length} x 200, ${sent.filter((o) => o.status === 500).length} x 500`;
    };
    console.info(
      `Redis faults: before (${tally('before')}); down ${OUTAGE_MS} ms (${tally('down')}); back (${tally('back after down')}); ` +
        `hung ${OUTAGE_MS} ms (${tally('hung')}); back (${tally('back after hang')}); slowest answer ${Math.max(...observed.map((o) => o.ms)).toFixed(0)} ms`,
    );

    // An answer to every request: 200, or 500 with the envelope and nothing internal in it.
    expect(observed.filter((o) => o.status !== 200 && o.status !== 500)).toEqual([]);
    for (const failure of observed.filter((o) => o.status === 500)) {
      expect(failure.body).toMatchObject({ valid: false, errorCode: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, normalizedValue: null });
    }
    // A VAT answer is never `registered: false` for the number VIES holds, Redis or not.
    for (const answer of observed.filter((o) => o.field === 'vat' && o.status === 200)) {
      expect((answer.body?.vatDetails as { registered: unknown } | undefined)?.registered).not.toBe(false);
    }
    // Nothing waits long for a Redis that is gone or silent.
    for (const wanted of ['down', 'hung'] as const) {
      expect(inPhase(wanted).length).toBeGreaterThan(0);
      expect(Math.max(...inPhase(wanted).map((o) => o.ms))).toBeLessThan(SLOWEST_ALLOWED_MS);
    }
    expect(instances.every((instance) => instance.running)).toBe(true);
    console.info(`Redis faults: both instances answered 200 steadily again ${JSON.stringify(recoveredAt)} ms after Redis was back`);

    store = await openTestStore(databaseUrl);
    const usage = await usageOf(store, accountId, billingPeriod('2026-01-01', new Date()).start);
    const answered = observed.filter((o) => o.status === 200).length;
    console.info(`Redis faults: ${answered} answered 200; counter ${usage.used}, log rows ${usage.logged}`);
    expect(usage.logged).toBe(usage.used);
    expect(usage.used).toBe(answered);
  });
});
