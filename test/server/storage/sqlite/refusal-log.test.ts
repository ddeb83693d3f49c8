/**
 * The refused requests' rows of the usage log (src/server/storage/sql/refusal-log.ts) on the
 * embedded store: written in batches apart from the counts, never counted, at most the cap per key
 * in one second of the clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEmbeddedStore } from '../../../../src/server/storage/index.js';
import type { Store, UsageEntry } from '../../../../src/server/storage/types.js';
import { createAccount } from '../../../support/server.js';
import { usageEntry } from '../../../support/store/usage-entry.js';

const CAP = 3;
let store: Store;

beforeAll(async () => {
  store = await openEmbeddedStore(undefined, { refusals: { perKeyPerSecond: CAP } });
});

afterAll(async () => {
  await store?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const refusal = (accountId: string, keyId: string, at: Date): UsageEntry =>
  usageEntry(accountId, '2026-03-01', { keyId, at, valid: false, status: 429, errorCode: 'QUOTA_EXCEEDED', sdk: null, latencyMs: 3 });

describe('the refusal log', () => {
  it('writes at most the cap of one key in one second, every key its own, and never counts', async () => {
    const { id: accountId } = await createAccount(store, 'FREE');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T10:00:00.100Z'));
    const at = new Date();
    const write = store.usage.logRefusal?.bind(store.usage);
    expect(write).toBeDefined();
    await Promise.all([...Array.from({ length: 10 }, () => write?.(refusal(accountId, 'flooding', at))), write?.(refusal(accountId, 'other', at))]);
    const rows = await store.usage.log(accountId, 100);
    expect(rows.filter((row) => row.keyId === 'flooding')).toHaveLength(CAP);
    expect(rows.filter((row) => row.keyId === 'other')).toHaveLength(1);

    // The next second, the key is written again.
    vi.setSystemTime(new Date('2026-03-05T10:00:01.000Z'));
    await write?.(refusal(accountId, 'flooding', new Date()));
    expect((await store.usage.log(accountId, 100)).filter((row) => row.keyId === 'flooding')).toHaveLength(CAP + 1);

    // No counter, no per-day total, no last use.
    expect(await store.usage.used(accountId, '2026-03-01')).toBe(0);
    expect(await store.usage.dailyTotals?.(accountId, '2026-03-01', '2026-03-31')).toEqual([]);
    expect((await store.usage.lastUsed(accountId)).size).toBe(0);
  });

  it('takes only refusals, and keeps a retried request id once', async () => {
    const { id: accountId } = await createAccount(store, 'FREE');
    await expect(store.usage.logRefusal?.(usageEntry(accountId, '2026-03-01'))).rejects.toThrow(TypeError);
    const entry = refusal(accountId, 'key-1', new Date('2026-03-05T10:00:00.000Z'));
    await store.usage.logRefusal?.(entry);
    await store.usage.logRefusal?.({ ...entry, status: 503, errorCode: 'STORE_UNAVAILABLE' });
    expect(await store.usage.log(accountId, 10)).toEqual([entry]);
  });
});
