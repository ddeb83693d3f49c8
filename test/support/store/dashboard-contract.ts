/**
 * What the store keeps for the dashboard, as one suite run on each engine (SQLite in
 * test/server/storage/sqlite/store.test.ts, PostgreSQL in test/server/storage/postgres/store.scale.test.ts):
 * account changes and suspension, the usage log's filtered pages, each key's last use, dashboard
 * sessions, one-time login links, the secrets kept for their one showing, and the migration that
 * added them to a database in use.
 * The rest of the tables are ./tables-contract.ts.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '../../../src/server/admin/api-keys.js';
import { createSqlStore, migrate, schemaVersion, type SqlClient } from '../../../src/server/storage/index.js';
import type { LoginLinkRecord, MemberRecord, MemberRole, Plan, SecretRevealRecord, SessionRecord, Store, UsageEntry } from '../../../src/server/storage/types.js';
import { createAccount, createKey } from '../server.js';
import type { OpenedSqlStore } from './tables-contract.js';
import { usageEntry } from './usage-entry.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A fresh token's SHA-256, as the session layer stores it. */
const tokenHash = (): string => createHash('sha256').update(randomBytes(32)).digest('hex');

/** `sql` as a client whose code knows only the first `version` migrations: a database of an older verifield. */
export const atVersion = (sql: SqlClient, version: number): SqlClient =>
  withDialect(sql, { migrations: sql.dialect.migrations.slice(0, version) });

/** `sql` with `changes` to its dialect. */
export function withDialect(sql: SqlClient, changes: Partial<SqlClient['dialect']>): SqlClient {
  return {
    dialect: { ...sql.dialect, ...changes },
    query: (text, params) => sql.query(text, params),
    exec: (script) => sql.exec(script),
    transaction: (fn) => sql.transaction(fn),
    close: () => sql.close(),
  };
}

/**
 * Runs the dashboard suite on the store `open` makes (closed after the suite); `openEmpty` gives
 * a client on a new, empty database for the migration case.
 */
export function describeDashboardTables(engine: string, open: () => Promise<OpenedSqlStore>, openEmpty: () => Promise<SqlClient>): void {
  describe(`the store's dashboard tables on ${engine}`, () => {
    let store: Store;
    let sql: SqlClient;

    beforeAll(async () => {
      ({ store, sql } = await open());
    }, 60_000);

    afterAll(async () => {
      await store?.close();
    });

    const NOW = new Date('2026-03-10T12:00:00.000Z');
    const later = (ms: number) => new Date(NOW.getTime() + ms);

    describe('accounts.update', () => {
      it('changes each member it is given and leaves the others as they are', async () => {
        const account = await createAccount(store, 'FREE');
        const steps = [{ name: 'Renamed <b>S.L.</b>' }, { plan: 'PRO' as Plan }, { vatNumber: 'ESB12345674' }, { vatNumber: null }];
        let expected = account;
        for (const change of steps) {
          expected = { ...expected, ...change };
          expect(await store.accounts.update(account.id, change, NOW)).toEqual(expected);
          expect(await store.accounts.get(account.id)).toEqual(expected);
        }
        expect(await store.accounts.update(account.id, {}, NOW)).toEqual(expected);
        expect(expected).toMatchObject({ id: account.id, subscriptionStart: account.subscriptionStart, createdAt: account.createdAt, suspendedAt: null });
      });

      it('answers null for an unknown account and refuses an unknown plan without changing anything', async () => {
        expect(await store.accounts.update('no-such-account', { plan: 'PRO' }, NOW)).toBeNull();
        const account = await createAccount(store, 'STARTER');
        await expect(store.accounts.update(account.id, { name: 'x', plan: 'GOLD' as Plan }, NOW)).rejects.toBeInstanceOf(RangeError);
        expect(await store.accounts.get(account.id)).toEqual(account);
      });

      it('suspends once (a second suspension keeps the first time) and resumes; every read of the account tells it', async () => {
        const account = await createAccount(store, 'GROWTH');
        const { key } = await createKey(store, account, { now: NOW });
        const hash = hashApiKey(key);
        expect(account.suspendedAt).toBeNull();

        expect((await store.accounts.update(account.id, { suspended: true }, later(MINUTE)))?.suspendedAt).toEqual(later(MINUTE));
        expect((await store.accounts.update(account.id, { suspended: true, name: 'Still suspended' }, later(HOUR)))?.suspendedAt).toEqual(later(MINUTE));
        expect((await store.accounts.get(account.id))?.suspendedAt).toEqual(later(MINUTE));
        expect((await store.accounts.list()).find((a) => a.id === account.id)?.suspendedAt).toEqual(later(MINUTE));
        expect((await store.keys.findByHash(hash))?.account).toMatchObject({ suspendedAt: later(MINUTE), name: 'Still suspended' });

        expect((await store.accounts.update(account.id, { suspended: false }, later(2 * HOUR)))?.suspendedAt).toBeNull();
        expect((await store.keys.findByHash(hash))?.account.suspendedAt).toBeNull();
        expect((await store.accounts.update(account.id, { suspended: true }, later(3 * HOUR)))?.suspendedAt).toEqual(later(3 * HOUR));
      });

      it('moves the keys version with every change of an account, so that key caches drop it', async () => {
        const account = await createAccount(store, 'FREE');
        const before = await store.keys.version?.();
        expect(before).toEqual(expect.any(String));
        await store.accounts.update(account.id, { plan: 'STARTER' }, NOW);
        const planChanged = await store.keys.version?.();
        expect(planChanged).not.toBe(before);
        await store.accounts.update(account.id, { suspended: true }, NOW);
        const suspended = await store.keys.version?.();
        expect(suspended).not.toBe(planChanged);
        await store.accounts.update('no-such-account', { suspended: true }, NOW);
        expect(await store.keys.version?.()).toBe(suspended);
      });
    });

    describe('usage.search', () => {
      let accountId: string;
      /** The account's log, by name; `tieA` and `tieB` share their time, so the request id orders them. */
      const log: Record<string, UsageEntry> = {};

      beforeAll(async () => {
        accountId = (await createAccount(store, 'PRO')).id;
        const tag = randomUUID();
        const entry = (name: string, endpoint: UsageEntry['endpoint'], valid: boolean, at: string): void => {
          log[name] = usageEntry(accountId, '2026-02-28', { requestId: `${tag}-${name}`, endpoint, valid, at: new Date(at), latencyMs: 12 });
        };
        // Whole milliseconds of latency: the log keeps those.
        entry('lastOfDayBefore', 'iban', true, '2026-03-09T23:59:59.999Z');
        entry('firstOfDay', 'email', false, '2026-03-10T00:00:00.000Z');
        entry('tieA', 'iban', true, '2026-03-10T12:00:00.000Z');
        entry('tieB', 'iban', false, '2026-03-10T12:00:00.000Z');
        entry('lastOfDay', 'iban', true, '2026-03-10T23:59:59.999Z');
        entry('firstOfDayAfter', 'vat', true, '2026-03-11T00:00:00.000Z');
        const other = usageEntry((await createAccount(store, 'PRO')).id, '2026-02-28', { at: new Date('2026-03-10T06:00:00.000Z') });
        await Promise.all([...Object.values(log), other].map((e) => store.usage.count(e, null)));
      });

      const names = (entries: UsageEntry[]): string[] =>
        entries.map((e) => Object.keys(log).find((name) => log[name]?.requestId === e.requestId) ?? `foreign ${e.requestId}`);

      it('answers the account’s entries newest first, the request id breaking ties, as they were logged', async () => {
        const all = await store.usage.search(accountId, { limit: 100 });
        expect(names(all)).toEqual(['firstOfDayAfter', 'lastOfDay', 'tieB', 'tieA', 'firstOfDay', 'lastOfDayBefore']);
        expect(all[0]).toEqual(log.firstOfDayAfter);
      });

      it('filters by endpoint, by verdict and by UTC day, alone and together', async () => {
        expect(names(await store.usage.search(accountId, { endpoint: 'iban', limit: 100 }))).toEqual(['lastOfDay', 'tieB', 'tieA', 'lastOfDayBefore']);
        expect(names(await store.usage.search(accountId, { valid: false, limit: 100 }))).toEqual(['tieB', 'firstOfDay']);
        expect(names(await store.usage.search(accountId, { valid: true, limit: 100 }))).toEqual(['firstOfDayAfter', 'lastOfDay', 'tieA', 'lastOfDayBefore']);
        // The day runs from 00:00:00.000 UTC to 23:59:59.999 UTC, both included.
        expect(names(await store.usage.search(accountId, { day: '2026-03-10', limit: 100 }))).toEqual(['lastOfDay', 'tieB', 'tieA', 'firstOfDay']);
        expect(names(await store.usage.search(accountId, { day: '2026-03-10', endpoint: 'iban', valid: true, limit: 100 }))).toEqual(['lastOfDay', 'tieA']);
        expect(await store.usage.search(accountId, { day: '2026-03-12', limit: 100 })).toEqual([]);
        expect(await store.usage.search(accountId, { endpoint: 'ssn', limit: 100 })).toEqual([]);
      });

      it('pages with a limit and `before` (strictly earlier)', async () => {
        const first = await store.usage.search(accountId, { limit: 2 });
        expect(names(first)).toEqual(['firstOfDayAfter', 'lastOfDay']);
        const second = await store.usage.search(accountId, { limit: 2, before: first[1]?.at as Date });
        expect(names(second)).toEqual(['tieB', 'tieA']);
        const third = await store.usage.search(accountId, { limit: 2, before: second[1]?.at as Date });
        expect(names(third)).toEqual(['firstOfDay', 'lastOfDayBefore']);
        expect(names(await store.usage.search(accountId, { limit: 10, before: new Date('2026-03-10T00:00:00.000Z') }))).toEqual(['lastOfDayBefore']);
        expect(names(await store.usage.search(accountId, { limit: 10, before: new Date('2026-03-10T00:00:00.001Z'), day: '2026-03-10' }))).toEqual([
          'firstOfDay',
        ]);
      });

      it('pages from the last entry\'s (time, request id): a page ending between two entries of one millisecond skips neither', async () => {
        const first = await store.usage.search(accountId, { limit: 3 });
        expect(names(first)).toEqual(['firstOfDayAfter', 'lastOfDay', 'tieB']);
        const last = first[2] as UsageEntry;
        const next = await store.usage.search(accountId, { limit: 3, before: last.at, beforeRequestId: last.requestId });
        expect(names(next)).toEqual(['tieA', 'firstOfDay', 'lastOfDayBefore']);
      });

      it('refuses a limit outside 1..1000, a day that is no date and an unknown endpoint', async () => {
        for (const limit of [0, 1001, 2.5, Number.NaN]) {
          await expect(store.usage.search(accountId, { limit })).rejects.toBeInstanceOf(RangeError);
        }
        await expect(store.usage.search(accountId, { limit: 1000 })).resolves.toHaveLength(6);
        await expect(store.usage.search(accountId, { day: '2026-02-30', limit: 10 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.usage.search(accountId, { day: "2026-03-10' OR 1=1", limit: 10 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.usage.search(accountId, { endpoint: 'admin' as 'iban', limit: 10 })).rejects.toBeInstanceOf(RangeError);
      });
    });

    describe('usage.lastUsed', () => {
      it('tells each used key’s newest request, also once its log rows were pruned', async () => {
        const accountId = (await createAccount(store, 'PRO')).id;
        const count = (keyId: string, at: string) => store.usage.count(usageEntry(accountId, '2024-06-01', { keyId, at: new Date(at) }), null);
        await Promise.all([
          count('busy', '2026-03-08T09:00:00.000Z'),
          count('busy', '2026-03-10T08:15:00.123Z'),
          count('busy', '2026-03-10T07:00:00.000Z'),
          count('quiet', '2026-03-01T17:30:00.000Z'),
          // Both of its rows go with the pruning below; its last use stays.
          count('pruned', '2024-06-15T08:00:00.000Z'),
          count('pruned', '2024-06-14T22:00:00.000Z'),
          // Its last day is only partly pruned: the row that stays is still the newest.
          count('half', '2024-12-31T10:00:00.000Z'),
          count('half', '2024-12-31T23:00:00.000Z'),
        ]);
        // Earlier than the rows every other case of the suite logs.
        expect(await store.usage.prune?.(new Date('2024-12-31T12:00:00.000Z'))).toBe(3);

        const lastUsed = await store.usage.lastUsed(accountId);
        expect(Object.fromEntries([...lastUsed].map(([keyId, at]) => [keyId, at.toISOString()]))).toEqual({
          busy: '2026-03-10T08:15:00.123Z',
          quiet: '2026-03-01T17:30:00.000Z',
          pruned: '2024-06-15T08:00:00.000Z',
          half: '2024-12-31T23:00:00.000Z',
        });
        expect((await store.usage.lastUsed((await createAccount(store, 'FREE')).id)).size).toBe(0);
      });
    });

    describe('dashboard sessions', () => {
      const session = (accountId: string | null, lastSeenAt = NOW): SessionRecord => ({ hash: tokenHash(), accountId, createdAt: NOW, lastSeenAt });

      it('are found by hash as stored, for an account or for the operator', async () => {
        const account = await createAccount(store, 'FREE');
        const mine = session(account.id);
        const operator = session(null);
        await store.sessions.create(mine);
        await store.sessions.create(operator);
        expect(await store.sessions.find(mine.hash)).toEqual(mine);
        expect(await store.sessions.find(operator.hash)).toEqual(operator);
        expect(await store.sessions.find(tokenHash())).toBeNull();
      });

      it('refuse a malformed hash, a hash already stored and an unknown account', async () => {
        await expect(store.sessions.create({ ...session(null), hash: 'A'.repeat(64) })).rejects.toThrow();
        await expect(store.sessions.create({ ...session(null), hash: 'not-a-hash' })).rejects.toThrow();
        const taken = session(null);
        await store.sessions.create(taken);
        await expect(store.sessions.create({ ...taken, accountId: null })).rejects.toThrow();
        await expect(store.sessions.create(session('no-such-account'))).rejects.toThrow();
      });

      it('are touched forward only, and deleted', async () => {
        const s = session(null);
        await store.sessions.create(s);
        await store.sessions.touch(s.hash, later(HOUR));
        expect((await store.sessions.find(s.hash))?.lastSeenAt).toEqual(later(HOUR));
        await store.sessions.touch(s.hash, later(MINUTE));
        expect(await store.sessions.find(s.hash)).toEqual({ ...s, lastSeenAt: later(HOUR) });
        await store.sessions.touch(tokenHash(), later(HOUR));
        await store.sessions.delete(s.hash);
        expect(await store.sessions.find(s.hash)).toBeNull();
        await store.sessions.delete(s.hash);
      });

      it('are pruned when last seen before a time, and say how many went', async () => {
        // Years before the other cases' sessions, so that only these are old enough.
        const base = new Date('2020-01-01T00:00:00.000Z');
        const at = (hours: number) => new Date(base.getTime() + hours * HOUR);
        const sessions = [session(null, at(0)), session(null, at(1)), session(null, at(2))];
        for (const s of sessions) await store.sessions.create({ ...s, createdAt: at(0) });
        expect(await store.sessions.prune(at(2))).toBe(2);
        expect(await store.sessions.find(sessions[0]?.hash ?? '')).toBeNull();
        expect(await store.sessions.find(sessions[1]?.hash ?? '')).toBeNull();
        expect((await store.sessions.find(sessions[2]?.hash ?? ''))?.lastSeenAt).toEqual(at(2));
        expect(await store.sessions.prune(at(2))).toBe(0);
      });
    });

    describe('login links', () => {
      const link = (accountId: string | null, expiresAt = later(15 * MINUTE)): LoginLinkRecord => ({ hash: tokenHash(), accountId, createdAt: NOW, expiresAt });

      it('are used once: the first use answers the link, every later one null', async () => {
        const account = await createAccount(store, 'STARTER');
        const mine = link(account.id);
        await store.loginLinks.create(mine);
        expect(await store.loginLinks.consume(mine.hash, later(MINUTE))).toEqual(mine);
        expect(await store.loginLinks.consume(mine.hash, later(2 * MINUTE))).toBeNull();
        const operator = link(null);
        await store.loginLinks.create(operator);
        expect(await store.loginLinks.consume(operator.hash, NOW)).toEqual(operator);
        expect(await store.loginLinks.consume(tokenHash(), NOW)).toBeNull();
      });

      it('stop working at their expiry', async () => {
        const expiring = link(null);
        await store.loginLinks.create(expiring);
        expect(await store.loginLinks.consume(expiring.hash, expiring.expiresAt)).toBeNull();
        expect(await store.loginLinks.consume(expiring.hash, later(HOUR))).toBeNull();
        const justInTime = link(null);
        await store.loginLinks.create(justInTime);
        expect(await store.loginLinks.consume(justInTime.hash, new Date(justInTime.expiresAt.getTime() - 1))).toEqual(justInTime);
      });

      it('have exactly one winner among concurrent uses', async () => {
        const contested = link(null);
        await store.loginLinks.create(contested);
        const uses = await Promise.all(Array.from({ length: 20 }, () => store.loginLinks.consume(contested.hash, later(MINUTE))));
        expect(uses.filter((use) => use !== null)).toEqual([contested]);
      });

      it('refuse a malformed hash and an unknown account', async () => {
        await expect(store.loginLinks.create({ ...link(null), hash: 'f'.repeat(63) })).rejects.toThrow();
        await expect(store.loginLinks.create(link('no-such-account'))).rejects.toThrow();
      });

      it('are pruned once expired before a time, used or not, and say how many went', async () => {
        // Years before the other cases' links, so that only these are old enough.
        const base = new Date('2020-01-01T00:00:00.000Z');
        const at = (minutes: number) => new Date(base.getTime() + minutes * MINUTE);
        const used = { ...link(null, at(15)), createdAt: at(0) };
        const unused = { ...link(null, at(20)), createdAt: at(5) };
        const current = { ...link(null, at(40)), createdAt: at(25) };
        for (const l of [used, unused, current]) await store.loginLinks.create(l);
        expect(await store.loginLinks.consume(used.hash, at(1))).toEqual(used);
        expect(await store.loginLinks.prune(at(30))).toBe(2);
        expect(await store.loginLinks.prune(at(30))).toBe(0);
        expect(await store.loginLinks.consume(current.hash, at(30))).toEqual(current);
      });
    });

    describe('account members', () => {
      const member = (accountId: string, email: string, role: MemberRole, createdAt = NOW): MemberRecord => ({ id: randomUUID(), accountId, email, role, createdAt });

      it('are added once per address and account, listed oldest first, found by id and by address across accounts', async () => {
        const account = await createAccount(store, 'FREE');
        const other = await createAccount(store, 'FREE');
        const email = `${randomUUID()}@example.com`;
        const owner = member(account.id, email, 'owner');
        const viewer = member(account.id, `v-${email}`, 'viewer', later(MINUTE));
        expect(await store.members.add(owner)).toEqual(owner);
        expect(await store.members.add(viewer)).toEqual(viewer);
        expect(await store.members.add({ ...member(account.id, email, 'viewer') })).toBeNull();
        const elsewhere = member(other.id, email, 'developer', later(HOUR));
        expect(await store.members.add(elsewhere)).toEqual(elsewhere);
        expect(await store.members.list(account.id)).toEqual([owner, viewer]);
        expect(await store.members.get(account.id, viewer.id)).toEqual(viewer);
        expect(await store.members.get(other.id, viewer.id)).toBeNull();
        expect(await store.members.findByEmail(email)).toEqual([owner, elsewhere]);
        expect(await store.members.findByEmail(`nobody-${email}`)).toEqual([]);
      });

      it('refuse an unknown account and an unknown role', async () => {
        await expect(store.members.add(member('no-such-account', 'a@example.com', 'owner'))).rejects.toThrow();
        const account = await createAccount(store, 'FREE');
        await expect(store.members.add(member(account.id, 'a@example.com', 'admin' as MemberRole))).rejects.toThrow();
        expect(await store.members.list(account.id)).toEqual([]);
      });

      it('change role and go, but never leave the account without an owner', async () => {
        const account = await createAccount(store, 'FREE');
        const first = member(account.id, 'first@example.com', 'owner');
        const second = member(account.id, 'second@example.com', 'owner', later(MINUTE));
        await store.members.add(first);
        await store.members.add(second);
        expect(await store.members.setRole(account.id, first.id, 'viewer')).toBe('done');
        expect(await store.members.setRole(account.id, second.id, 'developer')).toBe('last-owner');
        expect(await store.members.remove(account.id, second.id)).toBe('last-owner');
        expect(await store.members.setRole(account.id, first.id, 'owner')).toBe('done');
        expect(await store.members.remove(account.id, second.id)).toBe('done');
        expect(await store.members.list(account.id)).toEqual([{ ...first, role: 'owner' }]);
        expect(await store.members.remove(account.id, second.id)).toBe('not-found');
        expect(await store.members.setRole(account.id, randomUUID(), 'viewer')).toBe('not-found');
      });

      it('let exactly one of two concurrent demotions of the last two owners through', async () => {
        const account = await createAccount(store, 'FREE');
        const owners = [member(account.id, 'one@example.com', 'owner'), member(account.id, 'two@example.com', 'owner')];
        for (const owner of owners) await store.members.add(owner);
        const outcomes = await Promise.all(owners.map((owner) => store.members.remove(account.id, owner.id)));
        expect(outcomes.sort()).toEqual(['done', 'last-owner']);
        expect((await store.members.list(account.id)).map((m) => m.role)).toEqual(['owner']);
      });

      it('take their sessions and links with them when removed, and go with their account', async () => {
        const account = await createAccount(store, 'FREE');
        const owner = member(account.id, 'owner@example.com', 'owner');
        const leaving = member(account.id, 'leaving@example.com', 'developer');
        await store.members.add(owner);
        await store.members.add(leaving);
        const session: SessionRecord = { hash: tokenHash(), accountId: account.id, memberId: leaving.id, createdAt: NOW, lastSeenAt: NOW };
        const link: LoginLinkRecord = { hash: tokenHash(), accountId: account.id, memberId: leaving.id, createdAt: NOW, expiresAt: later(15 * MINUTE) };
        await store.sessions.create(session);
        await store.loginLinks.create(link);
        expect(await store.sessions.find(session.hash)).toEqual(session);
        await expect(store.sessions.create({ ...session, hash: tokenHash(), memberId: randomUUID() })).rejects.toThrow();
        expect(await store.members.remove(account.id, leaving.id)).toBe('done');
        expect(await store.sessions.find(session.hash)).toBeNull();
        expect(await store.loginLinks.consume(link.hash, NOW)).toBeNull();
        const ownersLink: LoginLinkRecord = { ...link, hash: tokenHash(), memberId: owner.id };
        await store.loginLinks.create(ownersLink);
        expect(await store.loginLinks.consume(ownersLink.hash, NOW)).toEqual(ownersLink);
      });
    });

    describe('sign out everywhere', () => {
      it("deletes every session of the account and no other's, and says how many went", async () => {
        const account = await createAccount(store, 'FREE');
        const other = await createAccount(store, 'FREE');
        const session = (accountId: string | null): SessionRecord => ({ hash: tokenHash(), accountId, createdAt: NOW, lastSeenAt: NOW });
        const mine = [session(account.id), session(account.id)];
        const theirs = session(other.id);
        const operator = session(null);
        for (const s of [...mine, theirs, operator]) await store.sessions.create(s);
        expect(await store.sessions.deleteForAccount(account.id)).toBe(2);
        for (const s of mine) expect(await store.sessions.find(s.hash)).toBeNull();
        expect(await store.sessions.find(theirs.hash)).toEqual(theirs);
        expect(await store.sessions.find(operator.hash)).toEqual(operator);
        expect(await store.sessions.deleteForAccount(account.id)).toBe(0);
      });
    });

    describe('secrets kept for their one showing', () => {
      /** A session of its own, as the dashboard stores one: the secrets it makes go with it. */
      const sessionOf = async (accountId: string): Promise<SessionRecord> => {
        const made = { hash: tokenHash(), accountId, createdAt: NOW, lastSeenAt: NOW };
        await store.sessions.create(made);
        return made;
      };
      const reveal = (session: SessionRecord, expiresAt = later(5 * MINUTE)): SecretRevealRecord => ({
        hash: tokenHash(),
        sessionHash: session.hash,
        accountId: session.accountId as string,
        kind: 'api-key',
        secret: `vf_${randomBytes(16).toString('hex')}`,
        label: 'checkout <form>',
        createdAt: NOW,
        expiresAt,
      });

      it('are taken once, by their session: the first take answers the secret, every later one null', async () => {
        const account = await createAccount(store, 'STARTER');
        const session = await sessionOf(account.id);
        const key = reveal(session);
        const webhook = { ...reveal(session), kind: 'webhook-secret' as const, label: null, secret: 'whsec_x' };
        await store.secretReveals.create(key);
        await store.secretReveals.create(webhook);
        expect(await store.secretReveals.take(key.hash, session.hash, later(MINUTE))).toEqual(key);
        expect(await store.secretReveals.take(key.hash, session.hash, later(MINUTE))).toBeNull();
        expect(await store.secretReveals.take(webhook.hash, session.hash, NOW)).toEqual(webhook);
        expect(await store.secretReveals.take(tokenHash(), session.hash, NOW)).toBeNull();
      });

      it("are not taken by another session, which leaves them to their own", async () => {
        const account = await createAccount(store, 'STARTER');
        const [mine, other] = [await sessionOf(account.id), await sessionOf(account.id)];
        const kept = reveal(mine);
        await store.secretReveals.create(kept);
        expect(await store.secretReveals.take(kept.hash, other.hash, later(MINUTE))).toBeNull();
        expect(await store.secretReveals.take(kept.hash, mine.hash, later(MINUTE))).toEqual(kept);
      });

      it('are not taken at or after their expiry', async () => {
        const session = await sessionOf((await createAccount(store, 'FREE')).id);
        const expiring = reveal(session);
        await store.secretReveals.create(expiring);
        expect(await store.secretReveals.take(expiring.hash, session.hash, expiring.expiresAt)).toBeNull();
        expect(await store.secretReveals.take(expiring.hash, session.hash, later(HOUR))).toBeNull();
        const justInTime = reveal(session);
        await store.secretReveals.create(justInTime);
        expect(await store.secretReveals.take(justInTime.hash, session.hash, new Date(justInTime.expiresAt.getTime() - 1))).toEqual(justInTime);
      });

      it('have exactly one taker among concurrent takes', async () => {
        const session = await sessionOf((await createAccount(store, 'FREE')).id);
        const contested = reveal(session);
        await store.secretReveals.create(contested);
        const takes = await Promise.all(Array.from({ length: 20 }, () => store.secretReveals.take(contested.hash, session.hash, later(MINUTE))));
        expect(takes.filter((take) => take !== null)).toEqual([contested]);
      });

      it('keep the secret sealed at rest, and the reference and the session as hashes only', async () => {
        const session = await sessionOf((await createAccount(store, 'FREE')).id);
        const kept = reveal(session);
        await store.secretReveals.create(kept);
        const { rows } = await sql.query<{ secret: string }>('SELECT secret FROM secret_reveals WHERE hash = $1', [kept.hash]);
        expect(rows).toHaveLength(1);
        expect(rows[0]?.secret.startsWith('v1.')).toBe(true);
        expect(rows[0]?.secret).not.toContain(kept.secret);
        expect(await store.secretReveals.take(kept.hash, session.hash, NOW)).toEqual(kept);
      });

      it('go with the session that made them, and refuse a malformed hash, an unknown session or account, an unknown kind', async () => {
        const account = await createAccount(store, 'FREE');
        const session = await sessionOf(account.id);
        const ended = reveal(session);
        await store.secretReveals.create(ended);
        await store.sessions.delete(session.hash);
        expect(await store.secretReveals.take(ended.hash, session.hash, NOW)).toBeNull();
        const live = await sessionOf(account.id);
        await expect(store.secretReveals.create({ ...reveal(live), hash: 'f'.repeat(63) })).rejects.toThrow();
        await expect(store.secretReveals.create({ ...reveal(live), sessionHash: tokenHash() })).rejects.toThrow();
        await expect(store.secretReveals.create({ ...reveal(live), accountId: 'no-such-account' })).rejects.toThrow();
        await expect(store.secretReveals.create({ ...reveal(live), kind: 'password' as SecretRevealRecord['kind'] })).rejects.toThrow();
      });

      it('are pruned once expired before a time, and say how many went', async () => {
        const session = await sessionOf((await createAccount(store, 'FREE')).id);
        // Years before the other cases' secrets, so that only these are old enough.
        const base = new Date('2020-01-01T00:00:00.000Z');
        const at = (minutes: number) => new Date(base.getTime() + minutes * MINUTE);
        const gone = [{ ...reveal(session, at(5)), createdAt: at(0) }, { ...reveal(session, at(10)), createdAt: at(5) }];
        const current = { ...reveal(session, at(40)), createdAt: at(35) };
        for (const r of [...gone, current]) await store.secretReveals.create(r);
        expect(await store.secretReveals.prune(at(30))).toBe(2);
        expect(await store.secretReveals.prune(at(30))).toBe(0);
        expect(await store.secretReveals.take(current.hash, session.hash, at(36))).toEqual(current);
      });
    });

    describe('the migration that added them', () => {
      it('brings a database of the previous version up and keeps its accounts and keys', async () => {
        const sql = await openEmpty();
        const d = sql.dialect;
        const previous = schemaVersion(sql) - 1;
        expect(await migrate(atVersion(sql, previous))).toEqual(Array.from({ length: previous }, (_, i) => i + 1));

        // Rows as the previous verifield wrote them.
        const { key, hash, displayPrefix } = generateApiKey();
        const createdAt = new Date('2025-11-02T08:00:00.000Z');
        await sql.query(
          `INSERT INTO accounts (id, name, plan, subscription_start, vat_number, created_at)
            VALUES ('acc-old', 'Old account', 'GROWTH', ${d.param(1, 'day')}, 'DE136695976', ${d.param(2, 'time')})`,
          ['2025-11-02', d.time(createdAt)],
        );
        await sql.query(
          `INSERT INTO api_keys (id, account_id, name, display_prefix, hash, scopes, created_at)
            VALUES ('key-old', 'acc-old', 'shop', $1, $2, ${d.param(3, 'scopes')}, ${d.param(4, 'time')})`,
          [displayPrefix, hash, d.scopes(['vat', 'iban']), d.time(createdAt)],
        );

        expect(await migrate(sql)).toEqual([schemaVersion(sql)]);
        const migrated = await createSqlStore(sql, { migrate: false });
        try {
          const account = {
            id: 'acc-old',
            name: 'Old account',
            plan: 'GROWTH',
            subscriptionStart: '2025-11-02',
            vatNumber: 'DE136695976',
            createdAt,
            suspendedAt: null,
            watchIntervalMs: null,
          };
          expect(await migrated.accounts.get('acc-old')).toEqual(account);
          const found = await migrated.keys.findByHash(hashApiKey(key));
          expect(found).toMatchObject({ key: { id: 'key-old', scopes: ['vat', 'iban'], revokedAt: null }, account });
          expect((await migrated.accounts.update('acc-old', { suspended: true }, NOW))?.suspendedAt).toEqual(NOW);
          const signIn = { hash: tokenHash(), accountId: 'acc-old', createdAt: NOW, lastSeenAt: NOW };
          await migrated.sessions.create(signIn);
          expect(await migrated.sessions.find(signIn.hash)).toEqual(signIn);
        } finally {
          await migrated.close();
        }
      });
    });
  });
}
