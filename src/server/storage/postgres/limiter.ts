/**
 * The concurrency limiter of instances that share PostgreSQL but no Redis (docs/architecture.md#concurrency-leases): each request
 * in flight holds a row of `concurrency_leases`, taken by the `acquire_concurrency_lease` function
 * of schema migration 2 (one statement: check and take under advisory locks). A lease expires
 * `leaseTtlMs` after it was last refreshed, so the slots of an instance that crashed come back by
 * themselves; the instance holding a lease refreshes it while its request runs. One round trip to
 * take a lease and one to give it back: slower than Redis, exact all the same.
 */
import { ACCOUNT_FULL, DEFAULT_SHARED_POOL_SIZE, grantedLease, POOL_FULL, type ConcurrencyLimiter } from '../limiter.js';
import type { SqlClient } from '../sql/client.js';

/** Options of {@link createSqlLimiter}. */
export interface SqlLimiterOptions {
  /** Size of the pool shared by non-PRO plans across all instances. Default 64. */
  sharedPoolSize?: number;
  /** Milliseconds a lease lives without a refresh (a crashed instance's slots return after it). Default 30000 (as the Redis leases). */
  leaseTtlMs?: number;
  /** Where failed refreshes are reported. Default: nowhere. */
  log?: (line: string) => void;
}

/** Default life of a lease that is not refreshed. */
export const DEFAULT_LEASE_TTL_MS = 30_000;


const ACQUIRE = 'SELECT acquire_concurrency_lease($1, $2, $3, $4, $5, $6) AS outcome';
const REFRESH = "UPDATE concurrency_leases SET expires_at = clock_timestamp() + $2 * interval '1 millisecond' WHERE lease_id = $1";
const RELEASE = 'DELETE FROM concurrency_leases WHERE lease_id = $1';

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * A limiter on the leases table of `sql` (a store migrated to version 2 or later). `inFlight` and
 * `sharedInUse` count this instance's leases only; the limits themselves hold across instances.
 * @example
 * ```ts
 * // not run: needs a PostgreSQL server (DATABASE_URL)
 * const limiter = createSqlLimiter(await openPostgres(process.env.DATABASE_URL!), { sharedPoolSize: 64 });
 * const outcome = await limiter.acquire({ accountId: 'acc_1', limit: 3, shared: true });
 * if (outcome.ok) await outcome.lease.release();
 * ```
 */
export function createSqlLimiter(sql: SqlClient, options: SqlLimiterOptions = {}): ConcurrencyLimiter {
  const poolSize = positiveInteger(options.sharedPoolSize ?? DEFAULT_SHARED_POOL_SIZE, 'sharedPoolSize');
  const ttlMs = positiveInteger(options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS, 'leaseTtlMs');
  const log = options.log ?? (() => undefined);
  // Refreshed well before expiry, so one slow or failed refresh does not lose the lease.
  const refreshEveryMs = Math.max(1, Math.floor(ttlMs / 3));
  const localByAccount = new Map<string, number>();
  let localShared = 0;

  const hold = (accountId: string, shared: boolean, delta: 1 | -1): void => {
    const held = (localByAccount.get(accountId) ?? 0) + delta;
    if (held <= 0) localByAccount.delete(accountId);
    else localByAccount.set(accountId, held);
    if (shared) localShared += delta;
  };

  return {
    async acquire({ accountId, limit, shared }) {
      if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit must be an integer >= 0, got ${limit}`);
      const leaseId = crypto.randomUUID();
      const { rows } = await sql.query<{ outcome: string }>(ACQUIRE, [leaseId, accountId, limit, shared, poolSize, ttlMs]);
      const outcome = rows[0]?.outcome;
      if (outcome === 'account') return ACCOUNT_FULL;
      if (outcome === 'pool') return POOL_FULL;
      if (outcome !== 'ok') throw new Error(`acquire_concurrency_lease answered ${String(outcome)}`);

      hold(accountId, shared, 1);
      const refresher = setInterval(() => {
        sql.query(REFRESH, [leaseId, ttlMs]).catch((error: unknown) => {
          log(JSON.stringify({ level: 'warn', msg: 'lease refresh failed', error: error instanceof Error ? error.message : String(error) }));
        });
      }, refreshEveryMs);
      refresher.unref();
      return grantedLease(async () => {
        clearInterval(refresher);
        hold(accountId, shared, -1);
        // When this fails the row stays until it expires: the slot comes back late, never twice.
        await sql.query(RELEASE, [leaseId]);
      });
    },
    inFlight: (accountId) => localByAccount.get(accountId) ?? 0,
    get sharedInUse() {
      return localShared;
    },
  };
}
