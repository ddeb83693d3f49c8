/**
 * The first start (src/server/admin/first-start.ts): a store without accounts gets the FREE account
 * "default" and one key, once, even when several instances start on it together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapStore, exampleCurl } from '../../../src/server/admin/first-start.js';
import { hashApiKey } from '../../../src/server/admin/api-keys.js';
import type { Store } from '../../../src/server/storage/types.js';
import { openTestStore } from '../../support/store/test-store.js';

let store: Store;

beforeAll(async () => {
  store = await openTestStore();
});

afterAll(async () => {
  await store?.close();
});

describe('bootstrapStore', () => {
  it('creates one FREE account and one key with every scope, however many instances start at once', async () => {
    const now = () => new Date('2026-05-31T10:00:00Z');
    const runs = await Promise.all(['a', 'b', 'c'].map((instanceId) => bootstrapStore(store, { now, instanceId })));
    const created = runs.filter((run) => run !== null);
    expect(created).toHaveLength(1);
    const [first] = created as [NonNullable<(typeof runs)[number]>];
    expect(first.account).toMatchObject({ name: 'default', plan: 'FREE', subscriptionStart: '2026-05-31', vatNumber: null });
    expect(first.keyRecord).toMatchObject({ accountId: first.account.id, expiresAt: null, revokedAt: null });
    expect(first.keyRecord.scopes).toEqual(expect.arrayContaining(['iban', 'vat', 'email', 'phone', 'nif', 'nas', 'ssn']));
    // Only the hash was stored; the key itself is in the answer, once.
    const found = await store.keys.findByHash(hashApiKey(first.key));
    expect(found?.key.id).toBe(first.keyRecord.id);
    expect((await store.accounts.list()).map((account) => account.name)).toEqual(['default']);
  });

  it('does nothing on a store that has an account', async () => {
    expect(await bootstrapStore(store, { now: () => new Date(), instanceId: 'later' })).toBeNull();
    expect(await store.accounts.list()).toHaveLength(1);
  });

  it('writes a curl line whose quoting survives a quote in the address', () => {
    expect(exampleCurl("http://127.0.0.1:8080/x'y", 'vf_abc')).toContain(`'http://127.0.0.1:8080/x'\\''y/api/v1/validate/iban'`);
  });
});
