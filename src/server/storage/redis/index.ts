/**
 * The Redis backplane of a scaled-out service (docs/architecture.md#scale-out, `--redis-url`): what several
 * instances must share at memory speed. It holds the concurrency leases, the per-country circuit
 * breakers, a hot copy of the VIES answers and (optionally) the claims of job slots. PostgreSQL
 * stays the record of everything else, and of the VIES answers themselves.
 */
import { randomUUID } from 'node:crypto';
import type { CircuitBreakerStore, VatAnswerCache } from '../../../ports.js';
import { DEFAULT_SHARED_POOL_SIZE } from '../limiter.js';
import { connectRedis, unavailable } from './connection.js';
import { DEFAULT_KEY_PREFIX, redisKeys } from './keys.js';
import { redisBreakerStore } from './redis-breaker.js';
import { redisCacheFront } from './redis-cache.js';
import type { Sealer } from '../sealing.js';
import { redisLimiter, type RedisLimiter } from './redis-limiter.js';

export { RedisUnavailableError, redactRedisUrl } from './connection.js';
export type { RedisLimiter } from './redis-limiter.js';

/** Options of {@link openRedisBackplane}; the defaults suit production. */
export interface RedisBackplaneOptions {
  /** Prefix of every key (several deployments or test runs on one Redis). Default `verifield:`. */
  keyPrefix?: string;
  /** Size of the pool shared by non-PRO plans; every instance must use the same. Default 64. */
  sharedPoolSize?: number;
  /** Lifetime of a lease its holder stops refreshing (a crashed instance). Default 30 s. */
  leaseTtlMs?: number;
  /** How often an instance extends the leases it holds. Default 10 s; must be under `leaseTtlMs`. */
  leaseRefreshMs?: number;
  /** How long a job slot's claim is kept, so a late instance cannot claim it again. Default 8 days. */
  jobClaimTtlMs?: number;
  /** A Redis command without an answer after this long rejects. Default 2 s. */
  commandTimeoutMs?: number;
  /** Connecting at start gives up after this long. Default 5 s. */
  connectTimeoutMs?: number;
  /** A hot-cache read or write without an answer after this long is left to the table. Default 150 ms. */
  cacheBudgetMs?: number;
  /** Clock of the hot cache's expiries (ms since the epoch). Default `Date.now`. */
  nowMs?: () => number;
  /** Operational log lines (connection lost and back, failed lease refreshes). Default: none. */
  log?: (line: string) => void;
}

/** What the backplane gives the service. */
export interface RedisBackplane {
  /** Concurrency leases shared by every instance. */
  limiter: RedisLimiter;
  /** Per-country circuit breakers shared by every instance. */
  breaker: CircuitBreakerStore;
  /**
   * The VIES answer table with Redis in front of it; Redis holds each answer sealed by `sealer`
   * under a key made of the number's keyed hash, as the table does (../sealing.ts).
   */
  cacheFront(cache: VatAnswerCache, sealer: Sealer): VatAnswerCache;
  /** Claims (job, slot) for `instance`: true for exactly one caller across instances. */
  claimJob(job: string, slot: string, instance: string): Promise<boolean>;
  /** Writes a key and reads it back: resolves once Redis takes writes (the readiness check). */
  probe(): Promise<void>;
  /** Gives back the leases still held and closes the connection. */
  close(): Promise<void>;
}

/** The readiness probe's key expires after this long: nothing is left behind by a stopped service. */
const PROBE_TTL_MS = 60_000;

const DEFAULTS = {
  leaseTtlMs: 30_000,
  leaseRefreshMs: 10_000,
  jobClaimTtlMs: 8 * 24 * 60 * 60 * 1000,
  commandTimeoutMs: 2_000,
  connectTimeoutMs: 5_000,
  cacheBudgetMs: 150,
};

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * Connects to Redis at `url` (e.g. `redis://127.0.0.1:6379/0`) and resolves once it answers.
 * Rejects with a RedisUnavailableError when it cannot be reached. Operations that fail later
 * reject with a RedisUnavailableError too, except the hot cache, which falls back to the table.
 * @example
 * ```ts
 * // not run: needs a Redis server (REDIS_URL)
 * const backplane = await openRedisBackplane(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
 * const outcome = await backplane.limiter.acquire({ accountId: 'acc_1', limit: 5, shared: true });
 * if (outcome.ok) await outcome.lease.release();
 * await backplane.close();
 * ```
 */
export async function openRedisBackplane(url: string, options: RedisBackplaneOptions = {}): Promise<RedisBackplane> {
  const sharedPoolSize = positiveInteger('sharedPoolSize', options.sharedPoolSize ?? DEFAULT_SHARED_POOL_SIZE);
  const leaseTtlMs = positiveInteger('leaseTtlMs', options.leaseTtlMs ?? DEFAULTS.leaseTtlMs);
  const leaseRefreshMs = positiveInteger('leaseRefreshMs', options.leaseRefreshMs ?? DEFAULTS.leaseRefreshMs);
  if (leaseRefreshMs >= leaseTtlMs) {
    throw new RangeError(`leaseRefreshMs (${leaseRefreshMs}) must be shorter than leaseTtlMs (${leaseTtlMs})`);
  }
  const jobClaimTtlMs = positiveInteger('jobClaimTtlMs', options.jobClaimTtlMs ?? DEFAULTS.jobClaimTtlMs);
  const log = options.log ?? (() => undefined);
  const keys = redisKeys(options.keyPrefix ?? DEFAULT_KEY_PREFIX);

  const redis = await connectRedis(url, {
    commandTimeoutMs: positiveInteger('commandTimeoutMs', options.commandTimeoutMs ?? DEFAULTS.commandTimeoutMs),
    connectTimeoutMs: positiveInteger('connectTimeoutMs', options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs),
    log,
  });
  const limiter = redisLimiter(redis, { keys, sharedPoolSize, leaseTtlMs, refreshEveryMs: leaseRefreshMs, log });
  const cacheOptions = {
    keys,
    budgetMs: positiveInteger('cacheBudgetMs', options.cacheBudgetMs ?? DEFAULTS.cacheBudgetMs),
    nowMs: options.nowMs ?? Date.now,
  };
  let closed = false;

  return {
    limiter,
    breaker: redisBreakerStore(redis, keys),
    cacheFront: (cache, sealer) => redisCacheFront(redis, cache, { ...cacheOptions, sealer }),
    async claimJob(job, slot, instance) {
      try {
        return (await redis.set(keys.jobSlot(job, slot), instance, 'PX', jobClaimTtlMs, 'NX')) === 'OK';
      } catch (error) {
        throw unavailable('job claim', error);
      }
    },
    async probe() {
      const token = randomUUID();
      let stored: string | null;
      try {
        await redis.set(keys.probe, token, 'PX', PROBE_TTL_MS);
        stored = await redis.get(keys.probe);
      } catch (error) {
        throw unavailable('readiness probe', error);
      }
      // Another instance probing at the same moment may have written its own token: any value is a write that worked.
      if (stored === null) throw unavailable('readiness probe', new Error('the key just written is not there'));
    },
    async close() {
      if (closed) return;
      closed = true;
      await limiter.close();
      try {
        await redis.quit();
      } catch {
        // Already gone: nothing left to close.
        redis.disconnect();
      }
    },
  };
}
