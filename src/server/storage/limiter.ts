/**
 * The concurrency limiter port (docs/service.md#concurrency): each account has at most its plan's
 * maximum of requests in flight, and requests of non-PRO plans also take a slot of a server-wide
 * shared pool. A request that finds either full is refused at once (429 CONCURRENCY_LIMIT,
 * Retry-After: 1), never queued. Implementations: in memory for one process (./memory/limiter.ts),
 * PostgreSQL leases (./postgres/limiter.ts) and Redis leases (./redis/redis-limiter.ts).
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

/** The refusal when the account's maximum is reached (one frozen object for every limiter). */
export const ACCOUNT_FULL: LeaseOutcome = Object.freeze({ ok: false, reason: 'account' });
/** The refusal when the shared pool is full. */
export const POOL_FULL: LeaseOutcome = Object.freeze({ ok: false, reason: 'pool' });

/**
 * A granted lease whose `release` gives the slot back once, however often it is called (a request
 * that fails after releasing must not free a second slot).
 */
export function grantedLease(giveBack: () => void | Promise<void>): LeaseOutcome {
  let released = false;
  return {
    ok: true,
    lease: {
      async release() {
        if (released) return;
        released = true;
        await giveBack();
      },
    },
  };
}
