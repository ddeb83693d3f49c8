import { describe, expect, it } from 'vitest';
import { memoryBreakerStore, memoryVatCache } from '../../src/adapters/memory.js';
import * as adapters from '../../src/adapters/index.js';
import type { CachedVatAnswer } from '../../src/ports.js';

const at = (iso: string): Date => new Date(iso);

function entry(checkedAt: string, valid = true): CachedVatAnswer {
  return { answer: { valid, requestDate: checkedAt.slice(0, 10), name: 'EXAMPLE' }, checkedAt: at(checkedAt), traderName: null, requester: null };
}

describe('memoryVatCache', () => {
  it('is what verifield/adapters exports', () => {
    expect(adapters.memoryVatCache).toBe(memoryVatCache);
    expect(adapters.memoryBreakerStore).toBe(memoryBreakerStore);
  });

  it('keeps the last answer per country and number, with its checkedAt', async () => {
    const cache = memoryVatCache();
    expect(await cache.get('LU', '12345678')).toBeNull();
    await cache.set('LU', '12345678', entry('2026-11-20T10:00:00Z', false));
    await cache.set('LU', '12345678', entry('2026-11-22T10:00:00Z'));
    await cache.set('DE', '12345678', entry('2026-11-21T10:00:00Z', false));
    expect(await cache.get('LU', '12345678')).toEqual(entry('2026-11-22T10:00:00Z'));
    expect((await cache.get('DE', '12345678'))?.answer.valid).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('hands out copies: changing what came out or went in changes nothing inside', async () => {
    const cache = memoryVatCache();
    const stored = entry('2026-11-22T10:00:00Z');
    await cache.set('FR', '1', stored);
    stored.answer.valid = false;
    stored.checkedAt.setUTCFullYear(2000);
    const out = (await cache.get('FR', '1')) as CachedVatAnswer;
    out.answer.name = 'CHANGED';
    expect(await cache.get('FR', '1')).toEqual(entry('2026-11-22T10:00:00Z'));
  });

  it('evicts the least recently written beyond maxEntries, and prunes by age', async () => {
    const cache = memoryVatCache({ maxEntries: 2 });
    await cache.set('AT', '1', entry('2026-11-01T00:00:00Z'));
    await cache.set('AT', '2', entry('2026-11-10T00:00:00Z'));
    await cache.set('AT', '1', entry('2026-11-20T00:00:00Z'));
    await cache.set('AT', '3', entry('2026-11-21T00:00:00Z'));
    expect(await cache.get('AT', '2')).toBeNull();
    expect(cache.size).toBe(2);
    expect(await cache.prune(at('2026-11-21T00:00:00Z'))).toBe(1);
    expect(await cache.get('AT', '1')).toBeNull();
    expect(await cache.get('AT', '3')).not.toBeNull();
    await cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('memoryBreakerStore', () => {
  it('counts failures per country and forgets them on reset', async () => {
    const store = memoryBreakerStore();
    expect(await store.get('DE')).toBeNull();
    expect(await store.recordFailure('DE', at('2026-11-22T10:00:00Z'))).toEqual({ consecutiveFailures: 1, openedAt: null, openUntil: null });
    expect((await store.recordFailure('DE', at('2026-11-22T10:00:01Z'))).consecutiveFailures).toBe(2);
    expect((await store.recordFailure('FR', at('2026-11-22T10:00:01Z'))).consecutiveFailures).toBe(1);
    await store.reset('DE');
    expect(await store.get('DE')).toBeNull();
    expect(await store.list()).toEqual([{ countryCode: 'FR', state: { consecutiveFailures: 1, openedAt: null, openUntil: null } }]);
  });

  it('opens a window and lets exactly one probe claim it once it is over', async () => {
    const store = memoryBreakerStore();
    for (let i = 0; i < 3; i++) await store.recordFailure('ES', at('2026-11-22T10:00:00Z'));
    await store.open('ES', at('2026-11-22T10:00:00Z'), at('2026-11-22T10:01:00Z'));
    expect(await store.get('ES')).toEqual({
      consecutiveFailures: 3,
      openedAt: at('2026-11-22T10:00:00Z'),
      openUntil: at('2026-11-22T10:01:00Z'),
    });
    expect(await store.claimProbe('ES', at('2026-11-22T10:00:59Z'), at('2026-11-22T10:01:59Z'))).toBe(false);
    const claims = await Promise.all([1, 2, 3].map(() => store.claimProbe('ES', at('2026-11-22T10:01:00Z'), at('2026-11-22T10:02:00Z'))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await store.get('ES'))?.openUntil).toEqual(at('2026-11-22T10:02:00Z'));
    expect(await store.claimProbe('IT', at('2026-11-22T10:01:00Z'), at('2026-11-22T10:02:00Z'))).toBe(false);
  });

  it('hands out copies of its dates', async () => {
    const store = memoryBreakerStore();
    await store.recordFailure('PL', at('2026-11-22T10:00:00Z'));
    await store.open('PL', at('2026-11-22T10:00:00Z'), at('2026-11-22T10:01:00Z'));
    (await store.get('PL'))?.openUntil?.setUTCFullYear(2000);
    expect((await store.get('PL'))?.openUntil).toEqual(at('2026-11-22T10:01:00Z'));
  });
});
