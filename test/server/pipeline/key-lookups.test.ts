/**
 * The API key caches (src/server/pipeline/key-lookups.ts through createAuthenticator, auth.ts) against a
 * store that counts its lookups, on a fake clock: a flood of random well-formed keys costs at most
 * one lookup per distinct key per 2 s and never pushes a working key out; the least recently used
 * key is the one forgotten; concurrent lookups of one key share one query; a key revoked or
 * created elsewhere takes effect within 2 s, sooner when the store's keys version moves; a key
 * that cannot be a key is refused before it is hashed. Over HTTP, against the real store: more
 * random keys than the caches hold leave a working key where it was.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIELD_NAMES } from '../../../src/fields/catalog.js';
import { createAuthenticator, DEFAULT_KEY_CACHE_MS } from '../../../src/server/pipeline/authenticator.js';
import { createKeyLookups, type FoundKey, type KeySource, type KeysVersion } from '../../../src/server/pipeline/key-lookups.js';
import { generateApiKey, hashApiKey } from '../../../src/server/admin/api-keys.js';
import { startServer } from '../../../src/server/http/start.js';
import { KEY_HASH_PREFIX_CHARS } from '../../../src/server/storage/types.js';
import type { Account, ApiKeyRecord, Field, Store } from '../../../src/server/storage/types.js';
import { accountWithKey } from '../../support/server.js';
import { openTestStore } from '../../support/store/test-store.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const hash = vi.fn(actual.hash);
  const createHash = vi.fn(actual.createHash);
  return { ...actual, hash, createHash, default: { ...actual, hash, createHash } };
});

const FIELDS: Field[] = [...FIELD_NAMES];
const ACCOUNT: Account = { id: 'acc-1', name: 'test', plan: 'PRO', subscriptionStart: '2026-01-01', vatNumber: null, createdAt: new Date(0), suspendedAt: null, watchIntervalMs: null };

/** A store of keys by hash that counts its lookups, per hash and in all. */
class CountingKeys implements KeySource {
  readonly records = new Map<string, ApiKeyRecord>();
  readonly lookups = new Map<string, number>();
  total = 0;
  versionReads = 0;
  versionValue: KeysVersion | undefined;
  /** When set, lookups answer only at `release()`. */
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;

  add(key: string): ApiKeyRecord {
    const hash = hashApiKey(key);
    const record: ApiKeyRecord = {
      id: `key-${this.records.size + 1}`,
      accountId: ACCOUNT.id,
      name: 'k',
      displayPrefix: key.slice(0, 7),
      hash,
      scopes: FIELDS,
      expiresAt: null,
      revokedAt: null,
      createdAt: new Date(0),
    };
    this.records.set(hash, record);
    return record;
  }

  revoke(key: string): void {
    const record = this.records.get(hashApiKey(key));
    if (record !== undefined) record.revokedAt = new Date();
  }

  lookupsOf(key: string): number {
    return this.lookups.get(hashApiKey(key)) ?? 0;
  }

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  release(): void {
    this.open?.();
    this.gate = null;
  }

  async findByHash(hash: string): Promise<FoundKey> {
    this.total++;
    this.lookups.set(hash, (this.lookups.get(hash) ?? 0) + 1);
    // Read now, answered when the gate opens; a copy, as a database row would be.
    const record = this.records.get(hash);
    const found: FoundKey = record === undefined ? null : { key: { ...record }, account: ACCOUNT };
    if (this.gate !== null) await this.gate;
    return found;
  }
}

/** Version-aware store: the version is read like a SQLite PRAGMA, synchronously. */
class VersionedKeys extends CountingKeys {
  version(): KeysVersion {
    this.versionReads++;
    return this.versionValue ?? 0;
  }
}

/** Version-aware store that also lists the prefixes of its keys' hashes; adding a key moves the version, as the SQL stores do. */
class PrefixedKeys extends VersionedKeys {
  prefixReads = 0;

  override add(key: string): ApiKeyRecord {
    this.versionValue = Number(this.versionValue ?? 0) + 1;
    return super.add(key);
  }

  async hashPrefixes(limit: number): Promise<string[] | null> {
    this.prefixReads++;
    const all = [...this.records.keys()].map((hash) => hash.slice(0, KEY_HASH_PREFIX_CHARS));
    return all.length > limit ? null : all;
  }
}

function clock(): { ticks: () => number; advance(ms: number): void } {
  let now = 1_000;
  return { ticks: () => now, advance: (ms) => void (now += ms) };
}

function randomKeys(count: number): string[] {
  return Array.from({ length: count }, () => generateApiKey().key);
}

let crypto: typeof import('node:crypto');
beforeAll(async () => {
  crypto = await import('node:crypto');
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('a flood of random well-formed keys', () => {
  it('costs at most one lookup per distinct key per 2 s, and the valid key none after its first', async () => {
    const keys = new CountingKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    const time = clock();
    const auth = createAuthenticator({ store: { keys }, now: () => new Date(), cacheTicks: time.ticks });
    const flood = randomKeys(5_000);
    expect((await auth.authenticate(valid, 'iban')).ok).toBe(true);
    for (let round = 0; round < 3; round++) {
      for (const [index, key] of flood.entries()) {
        expect(await auth.authenticate(key, 'iban')).toMatchObject({ ok: false, code: 'INVALID_API_KEY' });
        if (index % 100 === 0) expect((await auth.authenticate(valid, 'iban')).ok).toBe(true);
      }
      time.advance(500);
    }
    // Three rounds within 1.5 s: each random key was looked up once, the valid key once in all.
    expect(keys.total).toBe(flood.length + 1);
    expect(keys.lookupsOf(valid)).toBe(1);
    // Once 2 s have passed since they were read, each is read again, once.
    time.advance(DEFAULT_KEY_CACHE_MS - 1_500);
    for (const key of flood) await auth.authenticate(key, 'iban');
    for (const key of flood) await auth.authenticate(key, 'iban');
    expect(await auth.authenticate(valid, 'iban')).toMatchObject({ ok: true });
    expect(keys.total).toBe(2 * (flood.length + 1));
    expect(Math.max(...keys.lookups.values())).toBe(2);
  });

  it('never pushes a known key out, however many unknown keys come', async () => {
    const keys = new CountingKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    const time = clock();
    const lookups = createKeyLookups(keys, { maxAgeMs: 60_000, knownCapacity: 2, unknownCapacity: 100, ticks: time.ticks });
    expect(await lookups.find(hashApiKey(valid))).not.toBeNull();
    for (const key of randomKeys(1_000)) expect(await lookups.find(hashApiKey(key))).toBeNull();
    expect(await lookups.find(hashApiKey(valid))).not.toBeNull();
    expect(keys.lookupsOf(valid)).toBe(1);
  });
});

describe('the prefixes of the hashes of every key', () => {
  it('answer guessed keys without a lookup once read, and a valid key still works', async () => {
    const keys = new PrefixedKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    const time = clock();
    const lookups = createKeyLookups(keys, { maxAgeMs: DEFAULT_KEY_CACHE_MS, ticks: time.ticks });
    // The first guess is asked of the store while the prefixes are read.
    expect(await lookups.find(hashApiKey(generateApiKey().key))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const before = keys.total;
    for (const guess of randomKeys(1_000)) expect(await lookups.find(hashApiKey(guess))).toBeNull();
    expect(keys.total).toBe(before);
    expect(keys.prefixReads).toBe(1);
    expect(await lookups.find(hashApiKey(valid))).not.toBeNull();
  });

  it('never refuse a key created after they were read, even at once, in any process: the version read after the request arrived shows the change', async () => {
    const keys = new PrefixedKeys();
    keys.add(generateApiKey().key);
    const time = clock();
    const lookups = createKeyLookups(keys, { maxAgeMs: DEFAULT_KEY_CACHE_MS, ticks: time.ticks });
    await lookups.find(hashApiKey(generateApiKey().key));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Created by the admin API, the dashboard or the CLI, without any time passing.
    const fresh = generateApiKey().key;
    keys.add(fresh);
    expect(await lookups.find(hashApiKey(fresh))).not.toBeNull();
    expect(keys.lookupsOf(fresh)).toBe(1);
  });
});

describe('least recently used', () => {
  it('forgets the key used longest ago, in either cache', async () => {
    const keys = new CountingKeys();
    const [a, b, c, d] = randomKeys(4) as [string, string, string, string];
    for (const key of [a, b, c, d]) keys.add(key);
    const time = clock();
    const lookups = createKeyLookups(keys, { maxAgeMs: 60_000, knownCapacity: 3, unknownCapacity: 2, ticks: time.ticks });
    const find = (key: string): Promise<FoundKey> => Promise.resolve(lookups.find(hashApiKey(key)));
    await find(a);
    await find(b);
    await find(c);
    await find(a); // a is now the most recent; b the least.
    await find(d); // b goes.
    await find(a);
    await find(c);
    await find(d);
    expect([a, b, c, d].map((key) => keys.lookupsOf(key))).toEqual([1, 1, 1, 1]);
    await find(b);
    expect(keys.lookupsOf(b)).toBe(2);

    const [x, y, z] = randomKeys(3) as [string, string, string];
    await find(x);
    await find(y);
    await find(x);
    await find(z); // y goes from the unknown hashes.
    await find(x);
    expect([x, y, z].map((key) => keys.lookupsOf(key))).toEqual([1, 1, 1]);
    await find(y);
    expect(keys.lookupsOf(y)).toBe(2);
  });
});

describe('one query per hash at a time', () => {
  it('lets concurrent lookups of one key share one store query', async () => {
    const keys = new CountingKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    const unknown = generateApiKey().key;
    const auth = createAuthenticator({ store: { keys }, now: () => new Date() });
    keys.hold();
    const answers = Promise.all([...Array.from({ length: 50 }, () => auth.authenticate(valid, 'vat')), ...Array.from({ length: 50 }, () => auth.authenticate(unknown, 'vat'))]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    keys.release();
    const outcomes = await answers;
    expect(outcomes.slice(0, 50).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes.slice(50).every((outcome) => !outcome.ok && outcome.code === 'INVALID_API_KEY')).toBe(true);
    expect([keys.lookupsOf(valid), keys.lookupsOf(unknown)]).toEqual([1, 1]);
  });

  it('does not remember a failed lookup: the next request asks the store again', async () => {
    const keys = new CountingKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    let failing = true;
    const source: KeySource = {
      findByHash: (hash) => (failing ? Promise.reject(new Error('store unavailable')) : keys.findByHash(hash)),
    };
    const auth = createAuthenticator({ store: { keys: source }, now: () => new Date() });
    await expect(auth.authenticate(valid, 'iban')).rejects.toThrow('store unavailable');
    failing = false;
    expect((await auth.authenticate(valid, 'iban')).ok).toBe(true);
  });
});

describe('keys changed by another process', () => {
  it('a revoked key is refused once 2 s have passed since it was read', async () => {
    const keys = new CountingKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    const time = clock();
    const auth = createAuthenticator({ store: { keys }, now: () => new Date(), cacheTicks: time.ticks });
    expect((await auth.authenticate(valid, 'iban')).ok).toBe(true);
    time.advance(100);
    keys.revoke(valid); // by the CLI, in another process
    time.advance(1_899);
    expect((await auth.authenticate(valid, 'iban')).ok).toBe(true);
    time.advance(1);
    expect(await auth.authenticate(valid, 'iban')).toMatchObject({ ok: false, status: 401, code: 'INVALID_API_KEY' });
  });

  it('a key created after its hash was found unknown works once 2 s have passed', async () => {
    const keys = new CountingKeys();
    const fresh = generateApiKey().key;
    const time = clock();
    const auth = createAuthenticator({ store: { keys }, now: () => new Date(), cacheTicks: time.ticks });
    expect(await auth.authenticate(fresh, 'iban')).toMatchObject({ ok: false, code: 'INVALID_API_KEY' });
    keys.add(fresh);
    time.advance(1_999);
    expect((await auth.authenticate(fresh, 'iban')).ok).toBe(false);
    time.advance(1);
    expect((await auth.authenticate(fresh, 'iban')).ok).toBe(true);
    expect(keys.lookupsOf(fresh)).toBe(2);
  });

  it("with the store's keys version, both take effect as soon as the version is next read (100 ms)", async () => {
    const keys = new VersionedKeys();
    const valid = generateApiKey().key;
    const fresh = generateApiKey().key;
    keys.add(valid);
    const time = clock();
    const lookups = createKeyLookups(keys, { maxAgeMs: DEFAULT_KEY_CACHE_MS, ticks: time.ticks });
    expect(await lookups.find(hashApiKey(valid))).not.toBeNull();
    expect(await lookups.find(hashApiKey(fresh))).toBeNull();
    keys.revoke(valid);
    keys.add(fresh);
    keys.versionValue = 1;
    time.advance(50);
    // Read at most every 100 ms: not yet.
    expect((await lookups.find(hashApiKey(valid)))?.key.revokedAt).toBeNull();
    time.advance(50);
    expect((await lookups.find(hashApiKey(valid)))?.key.revokedAt).toBeInstanceOf(Date);
    expect(await lookups.find(hashApiKey(fresh))).not.toBeNull();
    // Unchanged version: answers come from the caches again, and the version is read 10 times a second at most.
    const before = keys.total;
    const reads = keys.versionReads;
    for (let i = 0; i < 100; i++) {
      time.advance(10);
      await lookups.find(hashApiKey(valid));
    }
    expect(keys.total).toBe(before);
    expect(keys.versionReads - reads).toBe(10);
  });

  it('an asynchronous version (a query, as on PostgreSQL) drops the caches once it answers', async () => {
    const keys = new CountingKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    let version = 'a';
    let reads = 0;
    const source: KeySource = {
      findByHash: (hash) => keys.findByHash(hash),
      version: async () => {
        reads++;
        return version;
      },
    };
    const time = clock();
    const lookups = createKeyLookups(source, { maxAgeMs: DEFAULT_KEY_CACHE_MS, ticks: time.ticks });
    expect((await lookups.find(hashApiKey(valid)))?.key.revokedAt).toBeNull();
    keys.revoke(valid);
    version = 'b';
    time.advance(100);
    // This lookup asks for the version; its answer comes after, so this one is still from the cache.
    expect((await lookups.find(hashApiKey(valid)))?.key.revokedAt).toBeNull();
    expect((await lookups.find(hashApiKey(valid)))?.key.revokedAt).toBeInstanceOf(Date);
    expect(reads).toBe(2);
    expect(keys.lookupsOf(valid)).toBe(2);
  });

  it('does not keep what a lookup read before the version moved', async () => {
    const keys = new VersionedKeys();
    const valid = generateApiKey().key;
    keys.add(valid);
    const time = clock();
    const lookups = createKeyLookups(keys, { maxAgeMs: DEFAULT_KEY_CACHE_MS, ticks: time.ticks });
    await lookups.find(hashApiKey(generateApiKey().key)); // first version read
    keys.hold();
    const reading = lookups.find(hashApiKey(valid));
    keys.revoke(valid);
    keys.versionValue = 2;
    time.advance(100);
    const other = lookups.find(hashApiKey(generateApiKey().key)); // reads the new version first
    keys.release();
    await other;
    expect((await reading)?.key.revokedAt).toBeNull();
    expect((await lookups.find(hashApiKey(valid)))?.key.revokedAt).toBeInstanceOf(Date);
  });
});

describe('keys that cannot be keys', () => {
  it('are refused without hashing or a lookup', async () => {
    const keys = new CountingKeys();
    const auth = createAuthenticator({ store: { keys }, now: () => new Date() });
    const hashing = [vi.mocked(crypto.hash), vi.mocked(crypto.createHash)];
    for (const spy of hashing) spy.mockClear();
    const malformed = ['vf_short', `vf_${'a'.repeat(44)}`, `vf_${'a'.repeat(42)}!`, `VF_${'a'.repeat(43)}`, 'x'.repeat(16_000), `vf_${'é'.repeat(43)}`];
    for (const key of malformed) expect(await auth.authenticate(key, 'iban')).toMatchObject({ ok: false, code: 'INVALID_API_KEY' });
    expect(hashing.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    expect(keys.total).toBe(0);
    await auth.authenticate(generateApiKey().key, 'iban');
    expect(hashing.reduce((calls, spy) => calls + spy.mock.calls.length, 0)).toBeGreaterThan(0);
  });
});

/** `store` with its key lookups counted per hash. */
function countingLookups(store: Store): { store: Store; lookups: Map<string, number> } {
  const lookups = new Map<string, number>();
  const bound = <T extends object>(target: T, property: string | symbol): unknown => {
    const member = Reflect.get(target, property) as unknown;
    return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(target) : member;
  };
  const keys = new Proxy(store.keys, {
    get(target, property) {
      if (property !== 'findByHash') return bound(target, property);
      return (hash: string) => {
        lookups.set(hash, (lookups.get(hash) ?? 0) + 1);
        return target.findByHash(hash);
      };
    },
  });
  return { store: new Proxy(store, { get: (target, property) => (property === 'keys' ? keys : bound(target, property)) }), lookups };
}

describe('over HTTP', () => {
  it('12,000 random keys (more than either cache holds) leave a valid key cached and cost no key lookup: one lookup in all', async () => {
    const real = await openTestStore();
    const { store, lookups } = countingLookups(real);
    const { key } = await accountWithKey(real, 'PRO');
    // Entries kept for ten minutes (a loaded machine takes over one for this test): only eviction, not age, could make the valid key be read again.
    const server = await startServer({ port: 0, host: '127.0.0.1', jobs: false, store, log: () => undefined, keyCacheMs: 600_000, authFailureLimits: false });
    try {
      const send = async (presented: string): Promise<number> => {
        const response = await fetch(`${server.url}/api/v1/validate/iban`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-KEY': presented },
          body: '{"value":"DE89370400440532013000"}',
        });
        await response.arrayBuffer();
        return response.status;
      };
      expect(await send(key)).toBe(200);
      const flood = randomKeys(12_000);
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < flood.length) {
          const index = next++;
          expect(await send(flood[index] as string)).toBe(401);
          if (index % 500 === 0) expect(await send(key)).toBe(200);
        }
      };
      await Promise.all(Array.from({ length: 32 }, lane));
      expect(await send(key)).toBe(200);
      expect(lookups.get(hashApiKey(key))).toBe(1);
      // The prefixes of the keys' hashes answer every guess: none reached the store as a lookup.
      expect(lookups.size).toBe(1);
    } finally {
      await server.close();
      await real.close();
    }
  }, 120_000);
});
