/**
 * The concurrency limiter shared by every instance (docs/service.md#concurrency,
 * docs/architecture.md#concurrency-leases): each account's requests in flight, and the shared pool of non-PRO plans, are sorted sets of
 * leases scored by their expiry on the Redis clock. Acquire purges expired leases, checks both
 * limits and adds the lease in one Lua script, so no two instances can both take the last slot.
 * A lease lives `leaseTtlMs` unless its holder refreshes it (every `refreshEveryMs`, for all the
 * leases the instance holds at once): a crashed instance's slots come back by themselves.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ACCOUNT_FULL, grantedLease, POOL_FULL, type ConcurrencyLimiter } from '../limiter.js';
import { LUA_NOW_MS, luaScript, unavailable } from './connection.js';
import type { RedisKeys } from './keys.js';

// KEYS: account set, pool set. ARGV: lease id, account limit, pool size, ttl ms, shared (1/0).
// Returns 0 (taken), 1 (account full) or 2 (pool full), checking the account first like the
// in-memory limiter. Expired leases only matter to a set that looks full, so they are purged
// then: a set never grows past its limit, and the common case costs one ZCARD per set.
const ACQUIRE_LUA = `${LUA_NOW_MS}
local function full(key, limit)
  if redis.call('ZCARD', key) < limit then return false end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  return redis.call('ZCARD', key) >= limit
end
if full(KEYS[1], tonumber(ARGV[2])) then return 1 end
local expiry = now + tonumber(ARGV[4])
if ARGV[5] == '1' then
  if full(KEYS[2], tonumber(ARGV[3])) then return 2 end
  redis.call('ZADD', KEYS[2], expiry, ARGV[1])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
end
redis.call('ZADD', KEYS[1], expiry, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 0`;

// KEYS: account set, pool set. ARGV: lease id, shared (1/0).
const RELEASE_LUA = `redis.call('ZREM', KEYS[1], ARGV[1])
if ARGV[2] == '1' then redis.call('ZREM', KEYS[2], ARGV[1]) end
return 0`;

// KEYS: sets holding the leases; ARGV: ttl ms, then one lease id per key. A lease that already
// expired (the instance stalled past its TTL) is not brought back. Returns how many lived.
const REFRESH_LUA = `${LUA_NOW_MS}
local ttl = tonumber(ARGV[1])
local alive = 0
for i, key in ipairs(KEYS) do
  local expiry = redis.call('ZSCORE', key, ARGV[i + 1])
  if expiry and tonumber(expiry) > now then
    redis.call('ZADD', key, now + ttl, ARGV[i + 1])
    redis.call('PEXPIRE', key, ARGV[1])
    alive = alive + 1
  end
end
return alive`;

// KEYS: one set. Leases not expired.
const COUNT_LUA = `${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

export interface RedisLimiterOptions {
  keys: RedisKeys;
  /** Size of the pool shared by non-PRO plans; every instance must use the same. */
  sharedPoolSize: number;
  /** Lifetime of a lease that is not refreshed. */
  leaseTtlMs: number;
  /** How often the leases this instance holds are extended to a full TTL again. */
  refreshEveryMs: number;
  log: (line: string) => void;
}

/**
 * The Redis limiter. `inFlight` and `sharedInUse` are synchronous in the interface, so they count
 * the leases of this instance; `countInFlight` and `countSharedInUse` ask Redis for all instances.
 */
export interface RedisLimiter extends ConcurrencyLimiter {
  /** Requests in flight for the account on every instance (leases not expired). */
  countInFlight(accountId: string): Promise<number>;
  /** Slots of the shared pool in use on every instance. */
  countSharedInUse(): Promise<number>;
  /** Stops refreshing and gives back the leases still held (best effort). */
  close(): Promise<void>;
}

/** Leases refreshed per script call: bounds the script's run time, which blocks Redis. */
const REFRESH_BATCH = 256;

interface HeldLease {
  id: string;
  accountKey: string;
  shared: boolean;
}

/** A limiter whose leases live in `redis`. */
export function redisLimiter(redis: Redis, options: RedisLimiterOptions): RedisLimiter {
  const { keys, sharedPoolSize, leaseTtlMs, refreshEveryMs, log } = options;
  const acquireScript = luaScript(redis, ACQUIRE_LUA);
  const releaseScript = luaScript(redis, RELEASE_LUA);
  const refreshScript = luaScript(redis, REFRESH_LUA);
  const countScript = luaScript(redis, COUNT_LUA);
  // Lease ids only need to be unique across instances: one random part per process, then a counter.
  const idPrefix = `${randomUUID()}:`;
  let sequence = 0;

  const held = new Set<HeldLease>();
  const perAccount = new Map<string, number>();
  let sharedHere = 0;
  let refreshing = false;

  function forget(lease: HeldLease, accountId: string): void {
    if (!held.delete(lease)) return;
    const left = (perAccount.get(accountId) ?? 1) - 1;
    if (left <= 0) perAccount.delete(accountId);
    else perAccount.set(accountId, left);
    if (lease.shared) sharedHere--;
  }

  async function sendRelease(lease: HeldLease): Promise<void> {
    await releaseScript([lease.accountKey, keys.poolLeases], [lease.id, lease.shared ? '1' : '0']);
  }

  async function refreshAll(): Promise<void> {
    if (refreshing || held.size === 0) return;
    refreshing = true;
    try {
      const leases = [...held];
      for (let start = 0; start < leases.length; start += REFRESH_BATCH) {
        const batchKeys: string[] = [];
        const batchArgs: string[] = [String(leaseTtlMs)];
        for (const lease of leases.slice(start, start + REFRESH_BATCH)) {
          batchKeys.push(lease.accountKey);
          batchArgs.push(lease.id);
          if (lease.shared) {
            batchKeys.push(keys.poolLeases);
            batchArgs.push(lease.id);
          }
        }
        const alive = Number(await refreshScript(batchKeys, batchArgs));
        if (alive < batchKeys.length) {
          log(JSON.stringify({ level: 'warn', msg: 'leases expired before their refresh', expired: batchKeys.length - alive }));
        }
      }
    } catch (error) {
      log(JSON.stringify({ level: 'warn', msg: 'lease refresh failed', error: unavailable('lease refresh', error).message }));
    } finally {
      refreshing = false;
    }
  }

  const timer = setInterval(() => void refreshAll(), refreshEveryMs);
  timer.unref();

  return {
    async acquire({ accountId, limit, shared }) {
      // Leases this instance holds are a lower bound of the total: when they fill a limit, Redis
      // would refuse too, so the round trip is spared.
      if ((perAccount.get(accountId) ?? 0) >= limit) return ACCOUNT_FULL;
      if (shared && sharedHere >= sharedPoolSize) return POOL_FULL;

      const lease: HeldLease = { id: idPrefix + String(++sequence), accountKey: keys.accountLeases(accountId), shared };
      let outcome: number;
      try {
        outcome = Number(
          await acquireScript(
            [lease.accountKey, keys.poolLeases],
            [lease.id, limit, sharedPoolSize, leaseTtlMs, shared ? '1' : '0'],
          ),
        );
      } catch (error) {
        // The script may have run with only its answer lost: take the lease back, or let it expire.
        sendRelease(lease).catch(() => undefined);
        throw unavailable('lease acquire', error);
      }
      if (outcome === 1) return ACCOUNT_FULL;
      if (outcome === 2) return POOL_FULL;

      held.add(lease);
      perAccount.set(accountId, (perAccount.get(accountId) ?? 0) + 1);
      if (shared) sharedHere++;
      return grantedLease(async () => {
        // Forgotten first: if Redis cannot be told, the lease is no longer refreshed and expires.
        forget(lease, accountId);
        try {
          await sendRelease(lease);
        } catch (error) {
          throw unavailable('lease release', error);
        }
      });
    },
    inFlight: (accountId) => perAccount.get(accountId) ?? 0,
    get sharedInUse() {
      return sharedHere;
    },
    async countInFlight(accountId) {
      try {
        return Number(await countScript([keys.accountLeases(accountId)], []));
      } catch (error) {
        throw unavailable('lease count', error);
      }
    },
    async countSharedInUse() {
      try {
        return Number(await countScript([keys.poolLeases], []));
      } catch (error) {
        throw unavailable('lease count', error);
      }
    },
    async close() {
      clearInterval(timer);
      const leases = [...held];
      held.clear();
      perAccount.clear();
      sharedHere = 0;
      await Promise.allSettled(leases.map(sendRelease));
    },
  };
}
