/**
 * The API key lookups of the authenticator (auth.ts), cached so that neither a hot key nor a flood
 * of unknown keys costs a store query per request (docs/service.md#api-keys):
 * - hashes the store knows (revoked and expired keys included) are kept in one LRU, hashes it does
 *   not know in another, so that random keys can never push a working key out;
 * - concurrent lookups of one hash share one store query;
 * - an entry is used for at most `maxAgeMs` after the query that read it started, then read again:
 *   a key created or revoked by another process (the admin CLI) takes effect within that time;
 * - when the store can tell that keys changed (a new `keys.version()`), both caches are dropped
 *   at once, which only makes that sooner;
 * - when the store can list the prefixes of every key's hash (`keys.hashPrefixes`) and has a
 *   version, the prefixes are held in a set, read again on each new version or after `maxAgeMs`: a hash whose prefix is not
 *   there is answered null once a version read that started after the request arrived shows no
 *   change (one small read shared by the requests waiting for it, never a key query each), so a
 *   key created a moment before, by any process, is never refused. A flood of guessed keys does
 *   not churn the unknown-hash LRU, and on PostgreSQL costs a share of one round trip, not one each.
 */
import { LruMap } from './lru.js';
import { KEY_HASH_PREFIX_CHARS, type Account, type ApiKeyRecord } from '../storage/types.js';

/** What a lookup finds: the key and its account, or null for a hash no key has. */
export type FoundKey = { key: ApiKeyRecord; account: Account } | null;

/** A store's mark of the state of its keys: compared for equality, nothing else. */
export type KeysVersion = string | number | bigint;

/** The part of the store's keys that lookups use (Store['keys'] fits). */
export interface KeySource {
  /** The key with this hash and its account, revoked or expired ones included. */
  findByHash(hash: string): Promise<FoundKey>;
  /**
   * Optional and cheap: a mark that changes whenever any process creates or revokes a key, or
   * changes an account (its plan, its suspension). A new
   * mark drops both caches. Changing more often than needed only costs re-reading the keys in use;
   * without it, the age cap alone bounds what the caches hold.
   */
  version?(): KeysVersion | Promise<KeysVersion>;
  /** Optional: the first {@link KEY_HASH_PREFIX_CHARS} characters of every key's hash, null when more than `limit`. */
  hashPrefixes?(limit: number): Promise<string[] | null>;
}

export interface KeyLookupOptions {
  /** How long a lookup is reused, from the start of the query that made it. */
  maxAgeMs: number;
  /** Known hashes kept. Default {@link KNOWN_CAPACITY}. */
  knownCapacity?: number;
  /** Unknown hashes kept. Default {@link UNKNOWN_CAPACITY}. */
  unknownCapacity?: number;
  /** Milliseconds from any origin, never going back (tests pass a fake). Default performance.now. */
  ticks?: () => number;
  /** Least time between two `version()` reads. Default {@link CHANGE_CHECK_MS}. */
  changeCheckMs?: number;
}

/** Known keys kept: far more than any deployment's live keys, about 2 MB. */
export const KNOWN_CAPACITY = 10_000;
/** Unknown hashes kept: a client retrying a revoked or mistyped key is answered from here. */
export const UNKNOWN_CAPACITY = 10_000;
/** The keys' version is read at most ten times a second (a query, on PostgreSQL). */
export const CHANGE_CHECK_MS = 100;
/** Most hash prefixes held (about 8 MB); a store with more keys is asked per hash, as without prefixes. */
export const MAX_HASH_PREFIXES = 100_000;

export interface KeyLookups {
  /** The key with this hash: from the cache while fresh, else from the store (one query per hash at a time). */
  find(hash: string): FoundKey | Promise<FoundKey>;
  /** The key with this hash as the cache holds it while fresh; undefined when it does not (never a store query). */
  cached(hash: string): FoundKey | undefined;
}

interface Entry {
  found: FoundKey;
  /** ticks() when the query that read it started. */
  readAt: number;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}

/** Lookups over `source`, cached as the file comment says. */
export function createKeyLookups(source: KeySource, options: KeyLookupOptions): KeyLookups {
  const { maxAgeMs } = options;
  const ticks = options.ticks ?? (() => performance.now());
  const changeCheckMs = options.changeCheckMs ?? CHANGE_CHECK_MS;
  const known = new LruMap<string, Entry>(options.knownCapacity ?? KNOWN_CAPACITY);
  const unknown = new LruMap<string, number>(options.unknownCapacity ?? UNKNOWN_CAPACITY);
  const inFlight = new Map<string, Promise<FoundKey>>();
  // A query that started before the caches were dropped may have read what the change replaced:
  // its answer is handed to its callers but not kept.
  let generation = 0;
  let seen: KeysVersion | undefined;
  let lastCheck = -Infinity;
  let checking = false;

  // The prefixes of every key's hash as of `prefixesOf` (a generation), read at `prefixesAt`; null
  // until read, or when the store has none or too many.
  let prefixes: Set<string> | null = null;
  let prefixesOf = -1;
  let prefixesAt = -Infinity;
  let readingPrefixes = false;

  function readPrefixes(now: number): void {
    const list = source.hashPrefixes;
    if (list === undefined || readingPrefixes) return;
    readingPrefixes = true;
    const startedIn = generation;
    list.call(source, MAX_HASH_PREFIXES).then(
      (read) => {
        readingPrefixes = false;
        // A change seen meanwhile may have added a key the list missed: read again on the next lookup.
        if (startedIn !== generation) return;
        prefixes = read === null ? null : new Set(read);
        prefixesOf = startedIn;
        prefixesAt = now;
      },
      () => {
        readingPrefixes = false;
      },
    );
  }

  /** Whether the prefixes, read in this generation not longer than `maxAgeMs` ago, say no key has `hash`. */
  function prefixAbsent(hash: string, now: number): boolean {
    if (source.hashPrefixes === undefined || source.version === undefined) return false;
    const current = prefixesOf === generation && now - prefixesAt < maxAgeMs;
    if (!current) readPrefixes(now);
    return current && prefixes !== null && !prefixes.has(hash.slice(0, KEY_HASH_PREFIX_CHARS));
  }

  // A version read that started at `startedAt`: requests that arrived before it share it.
  let versionRead: { done: Promise<void>; startedAt: number } | null = null;

  /** Resolves once a version read that started at or after `since` has been compared. */
  async function versionSince(since: number): Promise<void> {
    const version = source.version;
    if (version === undefined) return;
    for (;;) {
      if (versionRead !== null && versionRead.startedAt >= since) return versionRead.done;
      if (versionRead !== null) {
        await versionRead.done;
        continue;
      }
      const startedAt = ticks();
      const done = Promise.resolve()
        .then(() => version.call(source))
        .then(compare, () => undefined);
      const read = { done, startedAt };
      versionRead = read;
      void done.finally(() => {
        if (versionRead === read) versionRead = null;
      });
      return done;
    }
  }

  /**
   * The answer for a hash the prefixes say no key has: null once a version read that started after
   * the request arrived shows no change (a key committed before it, in any process, moved the
   * version); after a change, the store is asked as without prefixes.
   */
  async function absentUnlessChanged(hash: string, arrivedAt: number): Promise<FoundKey> {
    const generationBefore = generation;
    await versionSince(arrivedAt);
    if (generation === generationBefore) return null;
    return inFlight.get(hash) ?? query(hash, ticks());
  }

  function compare(version: KeysVersion): void {
    if (seen !== undefined && version !== seen) {
      generation++;
      known.clear();
      unknown.clear();
    }
    seen = version;
  }

  function checkVersion(now: number): void {
    const version = source.version;
    if (version === undefined || checking || now - lastCheck < changeCheckMs) return;
    lastCheck = now;
    try {
      const answer = version.call(source);
      if (!isPromise(answer)) {
        compare(answer);
        return;
      }
      checking = true;
      answer.then(compare, () => undefined).finally(() => {
        checking = false;
      });
    } catch {
      // The store could not say: the age cap still bounds what the caches hold.
    }
  }

  function query(hash: string, now: number): Promise<FoundKey> {
    const startedIn = generation;
    const settled = (): void => {
      inFlight.delete(hash);
    };
    const pending = source.findByHash(hash).then(
      (found) => {
        settled();
        if (startedIn === generation) {
          if (found === null) {
            known.delete(hash);
            unknown.set(hash, now);
          } else {
            unknown.delete(hash);
            known.set(hash, { found, readAt: now });
          }
        }
        return found;
      },
      (error: unknown) => {
        // A failed lookup (the store down) is not remembered: the next request asks again.
        settled();
        throw error;
      },
    );
    inFlight.set(hash, pending);
    return pending;
  }

  return {
    find(hash) {
      const now = ticks();
      checkVersion(now);
      const entry = known.get(hash);
      if (entry !== undefined && now - entry.readAt < maxAgeMs) return entry.found;
      const missedAt = unknown.get(hash);
      if (missedAt !== undefined && now - missedAt < maxAgeMs) return null;
      if (prefixAbsent(hash, now)) return absentUnlessChanged(hash, now);
      return inFlight.get(hash) ?? query(hash, now);
    },
    cached(hash) {
      const now = ticks();
      checkVersion(now);
      const entry = known.get(hash);
      return entry !== undefined && now - entry.readAt < maxAgeMs ? entry.found : undefined;
    },
  };
}
