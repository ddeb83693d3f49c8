/**
 * The account administration (src/server/admin/service.ts) on the real embedded store: what the
 * CLI, the dashboard and the JSON admin API all call. Counts go through the store's meter as the
 * service makes them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountAdmin, logPosition, readLogPosition, type AccountAdmin } from '../../../src/server/admin/service.js';
import { AccountSuspendedError, UnknownAccountError } from '../../../src/server/admin/key-admin.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import type { Store } from '../../../src/server/storage/types.js';
import { openTestStore } from '../../support/store/test-store.js';
import { usageEntry } from '../../support/store/usage-entry.js';

const NOW = new Date('2026-03-20T12:00:00.000Z');
let store: Store;
let admin: AccountAdmin;

beforeEach(async () => {
  store = await openTestStore();
  admin = createAccountAdmin(store, { now: () => NOW });
});
afterEach(() => store.close());

describe('accountOverview', () => {
  it('tells the period, its reset day, used and remaining', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'free', subscriptionStart: '2026-01-15' });
    for (let i = 0; i < 3; i++) await store.usage.count(usageEntry(account.id, '2026-03-15', { at: NOW }), 250);
    const overview = await admin.accountOverview(account.id);
    expect(overview.period).toEqual({ start: '2026-03-15', end: '2026-04-15' });
    expect([overview.used, overview.quota, overview.remaining, overview.overage]).toEqual([3, 250, 247, 0]);
    expect(overview.limits.maxConcurrent).toBe(3);
  });

  it('counts the overage of a paid plan past its quota, and never below zero remaining', async () => {
    const admin5 = createAccountAdmin(store, { now: () => NOW, plans: { ...PLANS, STARTER: { ...PLANS.STARTER, quota: 2 } } });
    const account = await admin5.createAccount({ name: 'Paid', plan: 'STARTER', subscriptionStart: '2026-03-01' });
    for (let i = 0; i < 5; i++) await store.usage.count(usageEntry(account.id, '2026-03-01', { at: NOW }), null);
    const overview = await admin5.accountOverview(account.id);
    expect([overview.used, overview.remaining, overview.overage]).toEqual([5, 0, 3]);
  });

  it('refuses an unknown account', async () => {
    await expect(admin.accountOverview('no-such-account')).rejects.toBeInstanceOf(UnknownAccountError);
  });
});

describe('updateAccount', () => {
  it('changes the plan, the VAT number and the suspension, each alone', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'FREE' });
    expect((await admin.updateAccount(account.id, { plan: ' growth ' })).plan).toBe('GROWTH');
    const withVat = await admin.updateAccount(account.id, { vatNumber: 'fr 40 303 265 045' });
    expect([withVat.vatNumber, withVat.plan]).toEqual(['FR40303265045', 'GROWTH']);
    expect((await admin.updateAccount(account.id, { vatNumber: '' })).vatNumber).toBeNull();
    const suspended = await admin.updateAccount(account.id, { suspended: true });
    expect(suspended.suspendedAt?.toISOString()).toBe(NOW.toISOString());
    expect((await admin.updateAccount(account.id, { suspended: false })).suspendedAt).toBeNull();
    expect((await admin.accountOverview(account.id)).account.name).toBe('Shop');
  });

  it('gives a suspended account no new key, and a resumed one again', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'PRO' });
    await admin.updateAccount(account.id, { suspended: true });
    await expect(admin.createKey({ accountId: account.id, name: 'web' })).rejects.toBeInstanceOf(AccountSuspendedError);
    expect(await admin.listKeys(account.id)).toEqual([]);
    await admin.updateAccount(account.id, { suspended: false });
    expect((await admin.createKey({ accountId: account.id, name: 'web' })).key).toMatch(/^vf_/);
  });

  it('refuses bad input with a message saying what is accepted, and changes nothing', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'FREE' });
    await expect(admin.updateAccount(account.id, { plan: 'GOLD' })).rejects.toThrow('use FREE, STARTER, GROWTH or PRO');
    await expect(admin.updateAccount(account.id, { name: '' })).rejects.toThrow('1 to 100 printable characters');
    // A right-to-left override would make "Shop\u202Egnp.exe" read as "Shopexe.png" in the lists.
    await expect(admin.updateAccount(account.id, { name: 'Shop\u202Egnp.exe' })).rejects.toThrow('1 to 100 printable characters');
    // Joiners are part of how scripts are written: a Persian name keeps its zero-width non-joiner.
    expect((await admin.updateAccount(account.id, { name: 'می\u200Cخواهم' })).name).toBe('می\u200Cخواهم');
    await admin.updateAccount(account.id, { name: 'Shop' });
    await expect(admin.updateAccount(account.id, { plan: 'PRO', vatNumber: 'XX123' })).rejects.toThrow(RangeError);
    expect((await admin.accountOverview(account.id)).account.plan).toBe('FREE');
    await expect(admin.updateAccount('no-such-account', { plan: 'PRO' })).rejects.toBeInstanceOf(UnknownAccountError);
  });
});

describe('usageByDay', () => {
  it('sums the keys of each day, field and verdict over the last days, today included', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'PRO', subscriptionStart: '2026-03-01' });
    const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`);
    const entries = [
      usageEntry(account.id, '2026-03-01', { keyId: 'a', at: day('2026-03-20') }),
      usageEntry(account.id, '2026-03-01', { keyId: 'b', at: day('2026-03-20') }),
      usageEntry(account.id, '2026-03-01', { keyId: 'a', at: day('2026-03-20'), valid: false }),
      usageEntry(account.id, '2026-03-01', { keyId: 'a', at: day('2026-03-19'), endpoint: 'vat' }),
      // Outside a 2-day window.
      usageEntry(account.id, '2026-03-01', { keyId: 'a', at: day('2026-03-18') }),
    ];
    for (const entry of entries) await store.usage.count(entry, null);
    const usage = await admin.usageByDay(account.id, 2);
    expect([usage.from, usage.to]).toEqual(['2026-03-19', '2026-03-20']);
    expect(usage.totals).toEqual([
      { day: '2026-03-19', field: 'vat', valid: true, count: 1 },
      { day: '2026-03-20', field: 'iban', valid: true, count: 2 },
      { day: '2026-03-20', field: 'iban', valid: false, count: 1 },
    ]);
    expect((await admin.usageByDay(account.id, 30)).totals.reduce((sum, total) => sum + total.count, 0)).toBe(5);
  });

  it.each([0, 367, 1.5, Number.NaN])('refuses %s days', async (days) => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'PRO' });
    await expect(admin.usageByDay(account.id, days)).rejects.toThrow('days must be a whole number from 1 to 366');
  });
});

describe('searchLog and listKeys', () => {
  it('filters the log and tells each key when it was last used', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'PRO', subscriptionStart: '2026-03-01' });
    const { record } = await admin.createKey({ accountId: account.id, name: 'checkout' });
    await admin.createKey({ accountId: account.id, name: 'unused' });
    const at = new Date('2026-03-19T08:00:00.000Z');
    await store.usage.count(usageEntry(account.id, '2026-03-01', { keyId: record.id, at, endpoint: 'vat', valid: false, value: 'DE123' }), null);
    await store.usage.count(usageEntry(account.id, '2026-03-01', { keyId: record.id, at: new Date(at.getTime() - 1000) }), null);
    const found = await admin.searchLog(account.id, { field: 'vat', valid: false, day: '2026-03-19' });
    expect(found.map((entry) => entry.value)).toEqual(['DE123']);
    expect(await admin.searchLog(account.id, { field: 'vat', day: '2026-03-18' })).toEqual([]);
    const keys = await admin.listKeys(account.id);
    // Both keys were made at the same (fake) time: compare them by name.
    expect(keys.map((key) => [key.name, key.lastUsedAt?.toISOString() ?? null]).sort()).toEqual([
      ['checkout', at.toISOString()],
      ['unused', null],
    ]);
  });

  it('pages through requests, job lines and watch checks alike, each entry once, even within one millisecond', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'PRO', subscriptionStart: '2026-03-01' });
    const at = new Date('2026-03-19T08:00:00.000Z');
    const job = '019cd7b4-c400-7aaa-8bbb-0123456789ab';
    const watch = '019cd7b4-c400-7aaa-8bbb-ba9876543210';
    const ids = [
      ...[1, 2, 3, 10].map((line) => `job:${job}:${line}`),
      `watch:${watch}:${at.toISOString()}`,
      `watch:${watch}:2026-03-19T07:00:00.000Z`,
      '019cd7b4-c400-7aaa-8bbb-000000000001',
      '019cd7b4-c400-7aaa-8bbb-000000000002',
    ];
    for (const requestId of ids) await store.usage.count(usageEntry(account.id, '2026-03-01', { requestId, at }), null);
    const seen: string[] = [];
    let position: string | undefined;
    for (let page = 0; page < ids.length; page++) {
      const entries = await admin.searchLog(account.id, { limit: 3, ...(position === undefined ? {} : readLogPosition(position)) });
      seen.push(...entries.map((entry) => entry.requestId));
      if (entries.length < 3) break;
      position = logPosition(entries[entries.length - 1]!);
    }
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('reads back the position of every kind of entry, and refuses anything else', () => {
    for (const requestId of ['019cd7b4-c400-7aaa-8bbb-0123456789ab', 'job:019cd7b4-c400-7aaa-8bbb-0123456789ab:100000', 'watch:019cd7b4-c400-7aaa-8bbb-0123456789ab:2026-03-19T08:00:00.000Z']) {
      const at = new Date('2026-03-19T08:00:00.123Z');
      expect(readLogPosition(logPosition({ at, requestId }))).toEqual({ before: at, beforeRequestId: requestId });
    }
    for (const bad of ['2026-03-19T08:00:00Z_', '2026-03-19T08:00:00Z_a b', `2026-03-19T08:00:00Z_${'x'.repeat(129)}`, 'yesterday', "2026-03-19T08:00:00Z_'; drop table"]) {
      expect(() => readLogPosition(bad), bad).toThrow(RangeError);
    }
  });

  it('refuses a bad filter with what is accepted', async () => {
    const account = await admin.createAccount({ name: 'Shop', plan: 'PRO' });
    await expect(admin.searchLog(account.id, { field: 'iban2' })).rejects.toThrow('"iban2" is not a field');
    await expect(admin.searchLog(account.id, { day: '2026-02-30' })).rejects.toThrow('is not a date');
    await expect(admin.searchLog(account.id, { limit: 0 })).rejects.toThrow('limit must be a whole number from 1 to 500');
    await expect(admin.searchLog(account.id, { before: new Date('x') })).rejects.toThrow('before must be a valid time');
  });
});
