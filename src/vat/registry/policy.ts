/**
 * The rules `verifyVat` follows to choose where a registration verdict comes from (CACHE, LIVE,
 * STALE, UNVERIFIED) and the per-country circuit breaker, with their constants. The functions
 * are pure (state and time in, decision out), so the rules can be tested without a clock or a
 * store. verify.ts does the I/O around them.
 */
import {
  VatRegistryError,
  type CircuitBreakerState,
  type CircuitBreakerStore,
  type VatRegistryFailureScope,
} from '../../ports.js';

/** Time VIES gets to answer a live lookup before the policy falls back. */
export const LIVE_BUDGET_MS = 4_000;
// Written as literals: esbuild keeps an unused `24 * 60 * 60 * 1000` in a bundle, and these share
// a chunk of the build with `validateVat`.
/** A cached answer younger than this (24 hours) is served as CACHE without asking VIES. */
export const FRESH_FOR_MS = 86_400_000;
/** A cached answer up to this age (30 days) is served as STALE when VIES cannot answer. */
export const STALE_FOR_MS = 2_592_000_000;
/** Consecutive failed live lookups that open a country's breaker. */
export const FAILURE_THRESHOLD = 3;
/** Time an open breaker keeps live calls off before it lets one probe through. */
export const COOL_DOWN_MS = 60_000;
/**
 * Time a cache or breaker store gets per operation: a slow store must not eat the VIES budget,
 * and one that hangs must not hang the lookup.
 */
export const STORE_BUDGET_MS = 500;

/** How usable a cached answer is at a given time. */
export type AnswerAge = 'fresh' | 'stale' | 'expired';

/**
 * `fresh` under 24 hours (CACHE), `stale` up to 30 days (STALE when VIES fails), `expired` after.
 * An answer dated in the future (clocks of several instances disagree) counts as fresh.
 */
export function ageOfAnswer(checkedAt: Date, now: Date): AnswerAge {
  const age = now.getTime() - checkedAt.getTime();
  if (age < FRESH_FOR_MS) return 'fresh';
  return age <= STALE_FOR_MS ? 'stale' : 'expired';
}

/** Where a lookup without a live answer gets its verdict: a stale answer, or none. */
export function sourceWithoutLiveAnswer(cachedAt: Date | null, now: Date): 'STALE' | 'UNVERIFIED' {
  return cachedAt !== null && ageOfAnswer(cachedAt, now) !== 'expired' ? 'STALE' : 'UNVERIFIED';
}

/** Whether the service's own lookups for the country have failed three times in a row (until a success). */
export function isCountryFailing(state: CircuitBreakerState | null): boolean {
  return state !== null && state.consecutiveFailures >= FAILURE_THRESHOLD;
}

/**
 * What the breaker allows now: `closed` a live call, `open` none (answer at once from STALE or
 * UNVERIFIED), `probe` one call after the cool-down, which the caller must claim first so that
 * only one goes.
 */
export type BreakerDecision = 'closed' | 'open' | 'probe';

/** The breaker's decision for a country in `state` at `now`. */
export function breakerDecision(state: CircuitBreakerState | null, now: Date): BreakerDecision {
  if (!isCountryFailing(state)) return 'closed';
  const openUntil = state?.openUntil ?? null;
  // No window on record (the opening write was lost): let a probe find out.
  return openUntil === null || now.getTime() >= openUntil.getTime() ? 'probe' : 'open';
}

/** The window to open after a failure that left the country in `state`; null while under the threshold. */
export function breakerWindowAfterFailure(state: CircuitBreakerState, now: Date): { openedAt: Date; openUntil: Date } | null {
  if (!isCountryFailing(state)) return null;
  return { openedAt: now, openUntil: new Date(now.getTime() + COOL_DOWN_MS) };
}

/** Until when a claimed probe keeps other calls off: the probe has the cool-down to come back. */
export function probeWindowEnd(now: Date): Date {
  return new Date(now.getTime() + COOL_DOWN_MS);
}

/** Whether a success must close the breaker (there is something on record to forget). */
export function successClosesBreaker(state: CircuitBreakerState | null): boolean {
  return state !== null && (state.consecutiveFailures > 0 || state.openUntil !== null);
}

const SCOPES: ReadonlySet<string> = new Set<VatRegistryFailureScope>(['input', 'requester', 'number', 'outage']);

/**
 * What a registry rejection means. A {@link VatRegistryError} says it; anything else a registry
 * throws (a bug, a stub's plain Error) is an outage: never a verdict about the number.
 */
export function failureScopeOf(error: unknown): VatRegistryFailureScope {
  if (error instanceof VatRegistryError) return error.scope;
  // Another copy of the class (an ESM and a CJS build side by side) fails instanceof; its fields do not.
  const scope = typeof error === 'object' && error !== null ? (error as { scope?: unknown }).scope : undefined;
  return typeof scope === 'string' && SCOPES.has(scope) ? (scope as VatRegistryFailureScope) : 'outage';
}

/** Whether a failure counts toward the country's breaker: only outages do. */
export function countsTowardBreaker(scope: VatRegistryFailureScope): boolean {
  return scope === 'outage';
}

/**
 * The countries whose own lookups keep failing, for the availability report (shown unavailable
 * while the condition lasts, whatever the Commission's feed says).
 */
export async function failingCountries(store: CircuitBreakerStore): Promise<string[]> {
  const states = await store.list();
  return states.filter(({ state }) => isCountryFailing(state)).map(({ countryCode }) => countryCode);
}
