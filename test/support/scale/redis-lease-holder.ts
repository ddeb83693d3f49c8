/**
 * Child process of test/server/storage/redis/redis-limiter.scale.test.ts: takes one lease and holds it until killed, refreshing
 * it like a server handling a long request. Prints `held` once the lease is taken.
 * Usage: redis-lease-holder.ts REDIS_URL KEY_PREFIX ACCOUNT_ID LEASE_TTL_MS LEASE_REFRESH_MS
 */
import { openRedisBackplane } from '../../../src/server/storage/redis/index.js';

const [url, keyPrefix, accountId, ttl, refresh] = process.argv.slice(2);
if (url === undefined || keyPrefix === undefined || accountId === undefined || ttl === undefined || refresh === undefined) {
  throw new Error('usage: redis-lease-holder.ts REDIS_URL KEY_PREFIX ACCOUNT_ID LEASE_TTL_MS LEASE_REFRESH_MS');
}
const backplane = await openRedisBackplane(url, { keyPrefix, leaseTtlMs: Number(ttl), leaseRefreshMs: Number(refresh) });
const outcome = await backplane.limiter.acquire({ accountId, limit: 1, shared: true });
if (!outcome.ok) throw new Error(`no lease: ${outcome.reason}`);
process.stdout.write('held\n');
// The limiter's refresh timer is unref'd, as in a server; this one keeps the process alive.
setInterval(() => undefined, 60_000);
