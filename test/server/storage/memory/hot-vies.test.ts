/**
 * The in-memory front of the embedded store's VIES answers and breakers
 * (src/server/storage/memory/hot-vies.ts): it answers what the store holds, reads the store again
 * when its memory runs out, never puts back a value that a write replaced meanwhile, and over
 * HTTP, on a service on a data directory, a VAT number answered from the cache costs no store read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../../../src/server/http/start.js';
import { memoryBreakerStore, memoryVatCache } from '../../../../src/adapters/memory.js';
import type { CachedVatAnswer, CircuitBreakerState, CircuitBreakerStore } from '../../../../src/ports.js';
import { HOT_ANSWER_MS, HOT_BREAKER_MS, withHotVies } from '../../../../src/server/storage/memory/hot-vies.js';
import { databaseFile, openEmbeddedStore, openSqlite } from '../../../../src/server/storage/index.js';
import type { Store } from '../../../../src/server/storage/types.js';
import { memoryStore } from '../../../support/fakes/store.js';
import { accountWithKey, fakeConfig, post, startFakes, type Fakes } from '../../../support/server.js';
import { luxembourgVat } from '../../../support/generators/vat.js';

const NOW = new Date('2026-11-22T10:00:00Z');

function answer(valid: boolean, name = 'ACME SARL'): CachedVatAnswer {
  return { answer: valid ? { valid, requestDate: '2026-11-22', name } : { valid, requestDate: '2026-11-22' }, checkedAt: NOW, traderName: null, requester: null };
}

/** A store whose VIES members count the reads that reach them. */
function countingStore(): { store: Store; reads: { answers: number; breakers: number } } {
  const base = memoryStore();
  const cache = memoryVatCache();
  const breaker = memoryBreakerStore();
  const reads = { answers: 0, breakers: 0 };
  const store: Store = {
    ...base,
    viesCache: {
      get: (countryCode, vatNumber) => {
        reads.answers++;
        return cache.get(countryCode, vatNumber);
      },
      set: (countryCode, vatNumber, entry) => cache.set(countryCode, vatNumber, entry),
      prune: async () => 0,
    },
    breaker: {
      ...breaker,
      get: (countryCode) => {
        reads.breakers++;
        return breaker.get(countryCode);
      },
    },
    close: () => base.close(),
  };
  return { store, reads };
}

describe('VIES answers in memory', () => {
  it('reads the store once, then answers from memory until the answer has been kept a minute', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    try {
      const { store, reads } = countingStore();
      await store.viesCache.set('LU', '24681302', answer(true));
      const hot = withHotVies(store);
      expect(await hot.viesCache.get('LU', '24681302')).toMatchObject({ answer: { valid: true, name: 'ACME SARL' } });
      expect(await hot.viesCache.get('LU', '24681302')).toMatchObject({ answer: { valid: true } });
      expect(reads.answers).toBe(1);
      vi.setSystemTime(NOW.getTime() + HOT_ANSWER_MS);
      await hot.viesCache.get('LU', '24681302');
      expect(reads.answers).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not remember a miss: the next lookup asks the store again', async () => {
    const { store, reads } = countingStore();
    const hot = withHotVies(store);
    expect(await hot.viesCache.get('LU', '11111111')).toBeNull();
    expect(await hot.viesCache.get('LU', '11111111')).toBeNull();
    expect(reads.answers).toBe(2);
  });

  it('writes through and answers the new answer without reading the store', async () => {
    const { store, reads } = countingStore();
    const hot = withHotVies(store);
    await hot.viesCache.set('LU', '24681302', answer(false));
    expect(await hot.viesCache.get('LU', '24681302')).toMatchObject({ answer: { valid: false } });
    expect(await store.viesCache.get('LU', '24681302')).toMatchObject({ answer: { valid: false } });
    expect(reads.answers).toBe(1); // the direct read just above, none from the front
  });

  it('does not put back an answer that a write replaced while it was being read', async () => {
    let release: (() => void) | undefined;
    const { store } = countingStore();
    await store.viesCache.set('LU', '24681302', answer(false));
    const slow: Store = {
      ...store,
      viesCache: {
        ...store.viesCache,
        get: async (countryCode, vatNumber) => {
          const entry = await store.viesCache.get(countryCode, vatNumber);
          await new Promise<void>((resolve) => (release = resolve));
          return entry;
        },
      },
    };
    const hot = withHotVies(slow);
    const reading = hot.viesCache.get('LU', '24681302');
    await vi.waitFor(() => expect(release).toBeDefined());
    await hot.viesCache.set('LU', '24681302', answer(true, 'NEW NAME'));
    release?.();
    expect(await reading).toMatchObject({ answer: { valid: false } });
    expect(await hot.viesCache.get('LU', '24681302')).toMatchObject({ answer: { valid: true, name: 'NEW NAME' } });
  });

  it('forgets the answer when a write fails, and lets the failure through', async () => {
    const { store } = countingStore();
    await store.viesCache.set('LU', '24681302', answer(true));
    let fail = false;
    const flaky: Store = {
      ...store,
      viesCache: {
        ...store.viesCache,
        set: async (countryCode, vatNumber, entry) => {
          if (fail) throw new Error('store down');
          await store.viesCache.set(countryCode, vatNumber, entry);
        },
      },
    };
    const hot = withHotVies(flaky);
    await hot.viesCache.get('LU', '24681302');
    fail = true;
    await expect(hot.viesCache.set('LU', '24681302', answer(false))).rejects.toThrow('store down');
    // Nothing remembered: what the store holds (the old answer) is read again.
    expect(await hot.viesCache.get('LU', '24681302')).toMatchObject({ answer: { valid: true } });
  });
});

describe('circuit breakers in memory', () => {
  const failures = (state: CircuitBreakerState | null): number => state?.consecutiveFailures ?? 0;

  it('keeps a state for a second, and follows the writes made through it at once', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    try {
      const { store, reads } = countingStore();
      const hot = withHotVies(store);
      expect(await hot.breaker.get('DE')).toBeNull();
      expect(await hot.breaker.get('DE')).toBeNull();
      expect(reads.breakers).toBe(1);
      await hot.breaker.recordFailure('DE', NOW);
      expect(failures(await hot.breaker.get('DE'))).toBe(1);
      await hot.breaker.open('DE', NOW, new Date(NOW.getTime() + 60_000));
      expect(await hot.breaker.get('DE')).toMatchObject({ openUntil: new Date(NOW.getTime() + 60_000) });
      await hot.breaker.reset('DE');
      expect(await hot.breaker.get('DE')).toBeNull();
      const before = reads.breakers;
      // A write made around the front (another program on the same store) shows after a second.
      await store.breaker.recordFailure('DE', NOW);
      expect(await hot.breaker.get('DE')).toBeNull();
      vi.setSystemTime(NOW.getTime() + HOT_BREAKER_MS);
      expect(failures(await hot.breaker.get('DE'))).toBe(1);
      expect(reads.breakers).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the state again after a probe was claimed', async () => {
    const { store, reads } = countingStore();
    const hot = withHotVies(store);
    await hot.breaker.recordFailure('FR', NOW);
    expect(await hot.breaker.claimProbe('FR', NOW, new Date(NOW.getTime() + 5_000))).toBe(true);
    const before = reads.breakers;
    expect(await hot.breaker.get('FR')).toMatchObject({ openUntil: new Date(NOW.getTime() + 5_000) });
    expect(reads.breakers).toBe(before + 1);
  });

  it('remembers nothing from a failed write', async () => {
    const inner: CircuitBreakerStore = memoryBreakerStore();
    const { store } = countingStore();
    const hot = withHotVies({ ...store, breaker: { ...inner, recordFailure: async () => Promise.reject(new Error('store down')) } });
    await expect(hot.breaker.recordFailure('DE', NOW)).rejects.toThrow('store down');
    await inner.recordFailure('DE', NOW);
    expect(failures(await hot.breaker.get('DE'))).toBe(1);
  });
});

describe('a VAT cache hit over HTTP', () => {
  let fakes: Fakes;
  let server: RunningServer;
  let dir: string;
  let key: string;
  const registered = luxembourgVat('975310');

  beforeAll(async () => {
    fakes = await startFakes();
    fakes.vies.register(registered, { valid: true, name: 'HOT CACHE SARL' });
    dir = mkdtempSync(join(tmpdir(), 'verifield-hot-'));
    // The service opens its own store on the directory, as `serve` does; the key is made beside it.
    const admin = await openEmbeddedStore(dir);
    try {
      ({ key } = await accountWithKey(admin, 'PRO'));
    } finally {
      await admin.close();
    }
    server = await startServer({ ...fakeConfig(fakes), dataDir: dir, log: () => undefined });
  });

  afterAll(async () => {
    await server?.close();
    await fakes?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is answered from memory: VIES once, then not even the store', async () => {
    const first = await post(server.url, 'vat', { value: registered }, key);
    expect(first.body.vatDetails).toMatchObject({ source: 'LIVE', registered: true, trader_name: 'HOT CACHE SARL' });
    // The stored answer taken away behind the service's back: only its memory can still answer.
    const sql = await openSqlite(databaseFile(dir));
    try {
      expect((await sql.query('DELETE FROM vies_cache')).rowCount).toBe(1);
    } finally {
      await sql.close();
    }
    for (let i = 0; i < 5; i++) {
      const again = await post(server.url, 'vat', { value: registered }, key);
      expect(again.status).toBe(200);
      expect(again.body.vatDetails).toMatchObject({ source: 'CACHE', registered: true, trader_name: 'HOT CACHE SARL', vies_available: true });
    }
    expect(fakes.vies.callsFor('LU')).toBe(1);
  });
});
