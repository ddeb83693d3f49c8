/**
 * The VIES answer cache and the circuit breakers of the embedded store, kept in memory in front of
 * it (store/compose.ts puts it there). A VAT request that the cache answers reads both (verifyVat
 * asks the breaker too, for `vies_available`); on SQLite each read is a transaction of its own,
 * whose WAL read locks cost several microseconds each (measured: 6 µs for a breaker, 11 µs for an
 * answer), more than the rest of such a request's storage work. Every write of this process goes
 * through these fronts, so they hold what the store holds; writes of other processes on the same
 * data directory are seen once a remembered value expires: a breaker state after
 * {@link HOT_BREAKER_MS}, an answer after {@link HOT_ANSWER_MS} (an older answer in the meantime,
 * still within the answer's own freshness). PostgreSQL and Redis are not fronted: instances that
 * share them must see another instance's breaker at once.
 */
import type { CachedVatAnswer, CircuitBreakerState, CircuitBreakerStore } from '../../../ports.js';
import type { Store } from '../types.js';
import { mapRepositories } from '../repositories.js';

/** How long a remembered answer is used before the store is read again. */
export const HOT_ANSWER_MS = 60_000;
/** How long a remembered breaker state is used before the store is read again. */
export const HOT_BREAKER_MS = 1_000;
/** Most answers remembered; the oldest go first. */
const MAX_HOT_ANSWERS = 10_000;

interface Remembered<T> {
  value: T;
  until: number;
}

/**
 * A small map of values read from a store, with a generation per key: a read that started before
 * a write of the same key must not put back what the write replaced.
 */
class HotMap<T> {
  readonly #entries = new Map<string, Remembered<T>>();
  readonly #generations = new Map<string, number>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly capacity: number,
  ) {}

  get(key: string, now: number): Remembered<T> | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.until <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  generation(key: string): number {
    return this.#generations.get(key) ?? 0;
  }

  /** Remembers a value read from the store, unless the key was written since `generation`. */
  remember(key: string, value: T, generation: number, now: number): void {
    if (this.generation(key) !== generation) return;
    this.#set(key, value, now);
  }

  /** After a write: remembers what the store now holds, or forgets the key when that is unknown. */
  written(key: string, value: { known: true; value: T } | { known: false }, now: number): void {
    // Generations only need to tell "changed since"; a key's count grows by one per write.
    this.#generations.set(key, this.generation(key) + 1);
    if (this.#generations.size > this.capacity * 2) this.#generations.clear();
    if (value.known) this.#set(key, value.value, now);
    else this.#entries.delete(key);
  }

  #set(key: string, value: T, now: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, until: now + this.lifetimeMs });
  }
}

/** The answer cache with the last answers of each number in memory. */
function hotAnswers(cache: Store['viesCache']): Store['viesCache'] {
  const hot = new HotMap<CachedVatAnswer | null>(HOT_ANSWER_MS, MAX_HOT_ANSWERS);
  const keyOf = (countryCode: string, vatNumber: string): string => `${countryCode}:${vatNumber}`;
  return {
    async get(countryCode, vatNumber) {
      const key = keyOf(countryCode, vatNumber);
      const remembered = hot.get(key, Date.now());
      if (remembered !== undefined) return remembered.value;
      const generation = hot.generation(key);
      const entry = await cache.get(countryCode, vatNumber);
      // A miss is not remembered: the live lookup that follows writes the answer through set().
      if (entry !== null) hot.remember(key, entry, generation, Date.now());
      return entry;
    },
    async set(countryCode, vatNumber, entry) {
      const key = keyOf(countryCode, vatNumber);
      try {
        await cache.set(countryCode, vatNumber, entry);
        hot.written(key, { known: true, value: entry }, Date.now());
      } catch (error) {
        hot.written(key, { known: false }, Date.now());
        throw error;
      }
    },
    prune: (before) => cache.prune(before),
  };
}

/** The breakers with each country's state in memory for a second. */
function hotBreakers(breaker: CircuitBreakerStore): CircuitBreakerStore {
  const hot = new HotMap<CircuitBreakerState | null>(HOT_BREAKER_MS, 1_000);
  /** Runs a write, then remembers the state it left (or forgets it when the write does not say). */
  async function write<T>(countryCode: string, operation: () => Promise<T>, after: (result: T) => { known: true; value: CircuitBreakerState | null } | { known: false }): Promise<T> {
    try {
      const result = await operation();
      hot.written(countryCode, after(result), Date.now());
      return result;
    } catch (error) {
      hot.written(countryCode, { known: false }, Date.now());
      throw error;
    }
  }
  const unknown = (): { known: false } => ({ known: false });
  return {
    async get(countryCode) {
      const remembered = hot.get(countryCode, Date.now());
      if (remembered !== undefined) return remembered.value;
      const generation = hot.generation(countryCode);
      const state = await breaker.get(countryCode);
      hot.remember(countryCode, state, generation, Date.now());
      return state;
    },
    recordFailure: (countryCode, at) => write(countryCode, () => breaker.recordFailure(countryCode, at), (state) => ({ known: true, value: state })),
    open: (countryCode, openedAt, openUntil) => write(countryCode, () => breaker.open(countryCode, openedAt, openUntil), unknown),
    claimProbe: (countryCode, at, until) => write(countryCode, () => breaker.claimProbe(countryCode, at, until), unknown),
    reset: (countryCode) => write(countryCode, () => breaker.reset(countryCode), () => ({ known: true, value: null })),
    list: () => breaker.list(),
  };
}

/** `store` with its VIES answer cache and breakers fronted in memory; see the module comment. */
export function withHotVies<S extends Store>(store: S): Store & Omit<S, keyof Store> {
  const probe = store.probe?.bind(store);
  // The store's own members (its file, a guard's availability), its repositories as they are (a
  // class-based store keeps its methods), the VIES answers and breakers in front.
  return {
    ...store,
    ...mapRepositories(store, (repository) => repository),
    viesCache: hotAnswers(store.viesCache),
    breaker: hotBreakers(store.breaker),
    ...(probe === undefined ? {} : { probe }),
    close: () => store.close(),
  };
}
