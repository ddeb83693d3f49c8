/**
 * Concurrency limits (docs/service.md#concurrency): each account has at most its plan's maximum
 * of requests in flight, and requests of non-PRO plans also take a slot of a server-wide shared
 * pool. A request that finds either full is refused at once (429 CONCURRENCY_LIMIT, Retry-After:
 * 1), never queued. The interface is async so that a shared implementation (Redis leases, issue 9)
 * can sit behind it; the one here is in-process, exact for a single instance.
 */

/** What a request asks the limiter for. */
export interface LeaseRequest {
  /** The account making the request. */
  accountId: string;
  /** The plan's maximum of requests in flight for the account. */
  limit: number;
  /** Whether the request also needs a slot of the shared pool (non-PRO plans). */
  shared: boolean;
}

/** A slot held by a request; release it once, when the answer is ready. */
export interface Lease {
  /** Gives the slots back. */
  release(): Promise<void>;
}

/** A lease, or which limit refused it. */
export type LeaseOutcome =
  | { ok: true; lease: Lease }
  /** `account`: the plan's maximum is reached; `pool`: the shared pool is full. */
  | { ok: false; reason: 'account' | 'pool' };

/** Per-account and shared-pool concurrency limits (memory, SQL leases or Redis leases). */
export interface ConcurrencyLimiter {
  /** Takes the slots, or says which limit is reached; never waits for a slot to free up. */
  acquire(request: LeaseRequest): Promise<LeaseOutcome>;
  /** Requests in flight for an account (tests, diagnostics). */
  inFlight(accountId: string): number;
  /** Slots of the shared pool in use. */
  readonly sharedInUse: number;
}

/** Default size of the shared pool (config `sharedPoolSize`). */
export const DEFAULT_SHARED_POOL_SIZE = 64;

const ACCOUNT_FULL: LeaseOutcome = Object.freeze({ ok: false, reason: 'account' });
const POOL_FULL: LeaseOutcome = Object.freeze({ ok: false, reason: 'pool' });

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
      let released = false;
      return {
        ok: true,
        lease: {
          async release() {
            if (released) return;
            released = true;
            const left = (perAccount.get(accountId) ?? 1) - 1;
            if (left <= 0) perAccount.delete(accountId);
            else perAccount.set(accountId, left);
            if (shared) sharedInUse--;
          },
        },
      };
    },
    inFlight: (accountId) => perAccount.get(accountId) ?? 0,
    get sharedInUse() {
      return sharedInUse;
    },
  };
}
