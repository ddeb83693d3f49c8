/**
 * A map of at most `capacity` entries that forgets its least recently used entry when a new one
 * would not fit. Reading an entry (get) or writing it (set) makes it the most recent. A JavaScript
 * Map keeps insertion order, so moving an entry to the end on use keeps the least recent first.
 */
export class LruMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(
    /** Most entries kept; at least 1. */
    readonly capacity: number,
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${String(capacity)}`);
  }

  /** The entry of `key`, made the most recent; undefined when there is none. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Stores `value` as the most recent entry, forgetting the least recent one when full. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries.clear();
  }

  /** Entries held. */
  get size(): number {
    return this.#entries.size;
  }
}
