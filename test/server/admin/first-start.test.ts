/**
 * The first start (src/server/admin/first-start.ts): a store without accounts gets the FREE account
 * "default" and one key, once, even when several instances start on it together; the key is shown
 * before its hash is stored; a default account left without a key is reported, not mistaken for a
 * first start still at work elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapStore, exampleCurl, FIRST_START_GRACE_MS, type FirstRun, type FirstStartOptions } from '../../../src/server/admin/first-start.js';
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

/** Options whose `show` records what was shown, and whether the key's hash was in the store at that moment. */
function recording(instanceId: string, now: () => Date = () => new Date()): FirstStartOptions & { shown: Array<FirstRun & { storedWhenShown: Promise<boolean> }> } {
  const shown: Array<FirstRun & { storedWhenShown: Promise<boolean> }> = [];
  return {
    now,
    instanceId,
    shown,
    show: (run) => shown.push({ ...run, storedWhenShown: store.keys.findByHash(hashApiKey(run.key)).then((found) => found !== null) }),
  };
}

describe('bootstrapStore', () => {
  it('creates one FREE account and one key with every scope, however many instances start at once', async () => {
    const now = () => new Date('2026-05-31T10:00:00Z');
    const instances = ['a', 'b', 'c'].map((id) => recording(id, now));
    const runs = await Promise.all(instances.map((options) => bootstrapStore(store, options)));
    const created = runs.flatMap((run) => (run.status === 'created' ? [run] : []));
    expect(created).toHaveLength(1);
    const [first] = created as [(typeof created)[number]];
    expect(first.account).toMatchObject({ name: 'default', plan: 'FREE', subscriptionStart: '2026-05-31', vatNumber: null });
    expect(first.keyRecord).toMatchObject({ accountId: first.account.id, expiresAt: null, revokedAt: null });
    expect(first.keyRecord.scopes).toEqual(expect.arrayContaining(['iban', 'vat', 'email', 'phone', 'nif', 'nas', 'ssn']));
    // Shown once, by the instance that created it, before the store held it.
    const shown = instances.flatMap((options) => options.shown);
    expect(shown.map((run) => run.key)).toEqual([first.key]);
    expect(await shown[0]?.storedWhenShown).toBe(false);
    // Only the hash was stored; the key itself is in the answer, once.
    const found = await store.keys.findByHash(hashApiKey(first.key));
    expect(found?.key.id).toBe(first.keyRecord.id);
    expect((await store.accounts.list()).map((account) => account.name)).toEqual(['default']);
  });

  it('does nothing on a store whose default account has its key', async () => {
    const later = recording('later');
    expect(await bootstrapStore(store, later)).toEqual({ status: 'settled' });
    expect(later.shown).toEqual([]);
    expect(await store.accounts.list()).toHaveLength(1);
  });

  it('reports a default account without a key once another start could no longer be finishing it', async () => {
    const other = await openTestStore();
    try {
      const account = await other.accounts.create({ name: 'default', plan: 'FREE', subscriptionStart: '2026-05-31', vatNumber: null });
      // Past the grace: at once.
      const late = () => new Date(account.createdAt.getTime() + FIRST_START_GRACE_MS + 1);
      expect(await bootstrapStore(other, { now: late, instanceId: 'late', show: () => undefined })).toEqual({ status: 'unfinished', account });
      // Within the grace, a key stored meanwhile (the other start finishing) settles it.
      const early = () => new Date(account.createdAt.getTime() + FIRST_START_GRACE_MS - 5_000);
      const waiting = bootstrapStore(other, { now: early, instanceId: 'early', show: () => undefined });
      await other.keys.create({ accountId: account.id, name: 'default', displayPrefix: 'vf_abcd', hash: hashApiKey('x'), scopes: ['iban'], expiresAt: null }, 1, new Date());
      expect(await waiting).toEqual({ status: 'settled' });
    } finally {
      await other.close();
    }
  });

  it('writes a curl line whose quoting survives a quote in the address', () => {
    expect(exampleCurl("http://127.0.0.1:8080/x'y", 'vf_abc')).toContain(`'http://127.0.0.1:8080/x'\\''y/api/v1/validate/iban'`);
  });
});
