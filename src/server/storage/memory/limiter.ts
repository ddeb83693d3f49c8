/**
 * The in-process concurrency limiter: exact for one process (docs/service.md#concurrency). The
 * limits of several processes or instances are shared through PostgreSQL or Redis leases instead.
 */
import { ACCOUNT_FULL, DEFAULT_SHARED_POOL_SIZE, grantedLease, POOL_FULL, type ConcurrencyLimiter } from '../limiter.js';


/** The in-process limiter of one instance. */
export function createMemoryLimiter(options: { sharedPoolSize?: number } = {}): ConcurrencyLimiter {
  const poolSize = options.sharedPoolSize ?? DEFAULT_SHARED_POOL_SIZE;
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new RangeError(`sharedPoolSize must be a positive integer, got ${poolSize}`);
  const perAccount = new Map<string, number>();
  let sharedInUse = 0;

  return {
    // Check and take happen in one synchronous step, so no two requests can both see the last slot.
    async acquire({ accountId, limit, shared }) {
      const held = perAccount.get(accountId) ?? 0;
      if (held >= limit) return ACCOUNT_FULL;
      if (shared && sharedInUse >= poolSize) return POOL_FULL;
      perAccount.set(accountId, held + 1);
      if (shared) sharedInUse++;
      return grantedLease(() => {
        const left = (perAccount.get(accountId) ?? 1) - 1;
        if (left <= 0) perAccount.delete(accountId);
        else perAccount.set(accountId, left);
        if (shared) sharedInUse--;
      });
    },
    inFlight: (accountId) => perAccount.get(accountId) ?? 0,
    get sharedInUse() {
      return sharedInUse;
    },
  };
}
