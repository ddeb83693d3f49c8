/**
 * In-process implementations of the VIES answer cache and the circuit breaker store: for one
 * process, tests, and scripts. Several instances of a service need a shared store (SQL, Redis)
 * behind the same ports instead.
 */
import type { CachedVatAnswer, CircuitBreakerState, CircuitBreakerStore, VatAnswerCache } from '../ports.js';

/** Options of {@link memoryVatCache}. */
export interface MemoryVatCacheOptions {
  /** Most answers kept; the oldest written goes first beyond it. Default 100 000. */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 100_000;

const keyOf = (countryCode: string, vatNumber: string): string => `${countryCode}:${vatNumber}`;

// Copies in and out, so neither the caller nor the cache can change the other's data later.
function copyEntry(entry: CachedVatAnswer): CachedVatAnswer {
  return { ...entry, answer: { ...entry.answer }, checkedAt: new Date(entry.checkedAt.getTime()) };
}

/**
 * A {@link VatAnswerCache} in a Map, keyed by country and number.
 * @example
 * import { memoryVatCache } from 'verifield/adapters';
 * const cache = memoryVatCache({ maxEntries: 10_000 });
 */
export function memoryVatCache(options: MemoryVatCacheOptions = {}): VatAnswerCache & {
  /** Answers kept. */
  readonly size: number;
  /** Forgets answers checked before `olderThan`; resolves with how many went. */
  prune(olderThan: Date): Promise<number>;
  clear(): Promise<void>;
} {
  const maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  const entries = new Map<string, CachedVatAnswer>();
  return {
    get size() {
      return entries.size;
    },
    async get(countryCode, vatNumber) {
      const entry = entries.get(keyOf(countryCode, vatNumber));
      return entry === undefined ? null : copyEntry(entry);
    },
    async set(countryCode, vatNumber, entry) {
      const key = keyOf(countryCode, vatNumber);
      // Re-inserting moves the key to the end of the Map's order: the eviction order is by last write.
      entries.delete(key);
      entries.set(key, copyEntry(entry));
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
    async prune(olderThan) {
      let removed = 0;
      const limit = olderThan.getTime();
      for (const [key, entry] of entries) {
        if (entry.checkedAt.getTime() < limit) {
          entries.delete(key);
          removed++;
        }
      }
      return removed;
    },
    async clear() {
      entries.clear();
    },
  };
}

function copyState(state: CircuitBreakerState): CircuitBreakerState {
  return {
    consecutiveFailures: state.consecutiveFailures,
    openedAt: state.openedAt && new Date(state.openedAt.getTime()),
    openUntil: state.openUntil && new Date(state.openUntil.getTime()),
  };
}

/**
 * A {@link CircuitBreakerStore} in a Map. Each method runs to completion before another starts
 * (one JavaScript thread), which makes every step atomic as the port requires.
 * @example
 * import { memoryBreakerStore } from 'verifield/adapters';
 * const breaker = memoryBreakerStore();
 */
export function memoryBreakerStore(): CircuitBreakerStore {
  const states = new Map<string, CircuitBreakerState>();
  return {
    async get(countryCode) {
      const state = states.get(countryCode);
      return state === undefined ? null : copyState(state);
    },
    async recordFailure(countryCode) {
      const previous = states.get(countryCode);
      const next: CircuitBreakerState = previous
        ? { ...previous, consecutiveFailures: previous.consecutiveFailures + 1 }
        : { consecutiveFailures: 1, openedAt: null, openUntil: null };
      states.set(countryCode, next);
      return copyState(next);
    },
    async open(countryCode, openedAt, openUntil) {
      const previous = states.get(countryCode);
      states.set(countryCode, {
        consecutiveFailures: previous?.consecutiveFailures ?? 0,
        openedAt: new Date(openedAt.getTime()),
        openUntil: new Date(openUntil.getTime()),
      });
    },
    async claimProbe(countryCode, at, until) {
      const state = states.get(countryCode);
      if (state === undefined || state.consecutiveFailures === 0) return false;
      if (state.openUntil !== null && state.openUntil.getTime() > at.getTime()) return false;
      states.set(countryCode, { ...state, openUntil: new Date(until.getTime()) });
      return true;
    },
    async reset(countryCode) {
      states.delete(countryCode);
    },
    async list() {
      return [...states].map(([countryCode, state]) => ({ countryCode, state: copyState(state) }));
    },
  };
}
