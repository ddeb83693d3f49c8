/**
 * The admin reads of the usage tables as one suite run on each engine (SQLite in
 * ./sqlite/admin-reads.test.ts, PostgreSQL in ./postgres/admin-reads.scale.test.ts): every filter of a
 * usage log page, alone and together, with and without a position, answers the rows a scan of the log
 * would, across days and once the oldest rows were pruned; each key's last use follows the counted
 * requests; and a database of the previous version gets both from its rows when it is migrated.
 * The engines' query plans are checked beside each run.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlStore, migrate, type SqlClient } from '../../../src/server/storage/index.js';
import type { Field, Store, UsageEntry, UsageLogQuery } from '../../../src/server/storage/types.js';
import { createAccount } from '../../support/server.js';
import { atVersion } from '../../support/store/dashboard-contract.js';
import type { OpenedSqlStore } from '../../support/store/tables-contract.js';
import { usageEntry } from '../../support/store/usage-entry.js';

const MINUTE = 60_000;
const DAYS = ['2026-04-01', '2026-04-02', '2026-04-03'] as const;
/** The pruning cutoff: the morning of the first day goes. */
const PRUNED_BEFORE = new Date('2026-04-01T12:00:00.000Z');
const LOGGED_FIELDS: readonly Field[] = ['iban', 'email', 'vat'];
/** The refusals the log holds besides the counted requests. */
const REFUSALS: ReadonlyArray<Pick<UsageEntry, 'status' | 'errorCode'>> = [
  { status: 429, errorCode: 'QUOTA_EXCEEDED' },
  { status: 401, errorCode: 'EXPIRED_API_KEY' },
  { status: 400, errorCode: 'INVALID_JSON' },
];

/** A fixed sequence of numbers in [0, 1): the same log on every run. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Newest first, the request id breaking ties: the order of every page. */
const newestFirst = (a: UsageEntry, b: UsageEntry): number =>
  b.at.getTime() - a.at.getTime() || (a.requestId < b.requestId ? 1 : a.requestId > b.requestId ? -1 : 0);

/** What a page must hold: the log scanned and filtered in JavaScript. */
function scanned(log: readonly UsageEntry[], query: UsageLogQuery): string[] {
  const before = query.before?.getTime();
  return log
    .filter((e) => query.endpoint === undefined || e.endpoint === query.endpoint)
    .filter((e) => query.valid === undefined || (e.valid === query.valid && e.errorCode === undefined))
    .filter((e) => query.status === undefined || (e.status >= query.status.from && e.status <= query.status.to))
    .filter((e) => query.day === undefined || e.at.toISOString().slice(0, 10) === query.day)
    .filter(
      (e) =>
        before === undefined ||
        e.at.getTime() < before ||
        (query.beforeRequestId !== undefined && e.at.getTime() === before && e.requestId < query.beforeRequestId),
    )
    .sort(newestFirst)
    .slice(0, query.limit)
    .map((e) => e.requestId);
}

/**
 * Runs the suite on the stores `open` makes (one per part, closed after it); `openEmpty` gives a
 * client on a new, empty database for the migration case.
 */
export function describeAdminReads(engine: string, open: () => Promise<OpenedSqlStore>, openEmpty: () => Promise<SqlClient>): void {
  describe(`the admin reads of the usage log on ${engine}`, () => {
    let store: Store;
    let accountId: string;
    /** The account's rows the pruning left, as counted. */
    let kept: UsageEntry[] = [];

    beforeAll(async () => {
      ({ store } = await open());
      accountId = (await createAccount(store, 'PRO')).id;
      const other = (await createAccount(store, 'PRO')).id;
      const random = sequence(29);
      const tag = randomUUID().slice(0, 8);
      const entries: UsageEntry[] = [];
      for (let index = 0; index < 240; index++) {
        const day = DAYS[Math.floor(random() * DAYS.length)] as string;
        // Times on a 30-minute grid: many rows share their millisecond, so the request id orders them.
        const at = new Date(Date.parse(`${day}T00:00:00.000Z`) + Math.floor(random() * 48) * 30 * MINUTE);
        const endpoint = LOGGED_FIELDS[Math.floor(random() * LOGGED_FIELDS.length)] as Field;
        const mine = random() < 0.8;
        // One in five refused: logged with its status and errorCode, never counted.
        const refusal = REFUSALS[Math.floor(random() * REFUSALS.length * 5)];
        const valid = random() < 0.7;
        entries.push(
          usageEntry(mine ? accountId : other, '2026-03-15', {
            requestId: `${tag}-${String(index).padStart(4, '0')}`,
            keyId: `key-${index % 3}`,
            endpoint,
            valid: refusal === undefined ? valid : false,
            at,
            latencyMs: 7,
            ...(refusal === undefined ? (valid ? {} : { reason: 'IBAN_BAD_CHECKSUM' }) : { ...refusal, sdk: null }),
          }),
        );
      }
      const logRefusal = store.usage.logRefusal?.bind(store.usage);
      expect(logRefusal).toBeDefined();
      await Promise.all(entries.map((entry) => (entry.errorCode === undefined ? store.usage.count(entry, null) : logRefusal?.(entry))));
      const counted = entries.filter((e) => e.errorCode === undefined && e.accountId === accountId);
      expect(await store.usage.used(accountId, '2026-03-15')).toBe(counted.length);
      expect(counted.length).toBeLessThan(entries.filter((e) => e.accountId === accountId).length);
      expect(await store.usage.prune?.(PRUNED_BEFORE)).toBe(entries.filter((e) => e.at < PRUNED_BEFORE).length);
      kept = entries.filter((e) => e.accountId === accountId && e.at >= PRUNED_BEFORE);
    }, 60_000);

    afterAll(async () => {
      await store?.close();
    });

    it('answers a page of the whole log newest first, the entries as they were counted', async () => {
      const page = await store.usage.search(accountId, { limit: 1_000 });
      expect(page).toEqual([...kept].sort(newestFirst));
      expect(page.length).toBeGreaterThan(100);
    });

    it('answers every filter, alone and together, with and without a position, as a scan of the log would', async () => {
      // A position inside a run of entries of one millisecond, and one between two days.
      const tie = [...kept].sort(newestFirst).find((e, i, sorted) => sorted[i + 1]?.at.getTime() === e.at.getTime()) as UsageEntry;
      expect(tie).toBeDefined();
      const positions: Array<Pick<UsageLogQuery, 'before' | 'beforeRequestId'>> = [
        {},
        { before: tie.at },
        { before: tie.at, beforeRequestId: tie.requestId },
        { before: new Date(`${DAYS[2]}T00:00:00.000Z`) },
      ];
      let checked = 0;
      for (const endpoint of [undefined, 'iban', 'email', 'ssn'] as const) {
        for (const valid of [undefined, true, false]) {
          for (const day of [undefined, DAYS[0], DAYS[1], '2026-04-04']) {
            for (const position of positions) {
              for (const [limit, status] of [[3, undefined], [1_000, undefined], [3, { from: 400, to: 499 }], [1_000, { from: 429, to: 429 }], [1_000, { from: 200, to: 299 }]] as const) {
                const query: UsageLogQuery = { limit, ...position };
                if (endpoint !== undefined) query.endpoint = endpoint;
                if (valid !== undefined) query.valid = valid;
                if (day !== undefined) query.day = day;
                if (status !== undefined) query.status = status;
                const page = await store.usage.search(accountId, query);
                expect({ query, ids: page.map((e) => e.requestId) }).toEqual({ query, ids: scanned(kept, query) });
                checked += page.length;
              }
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(1_000);
    });

    it('pages through a filtered log from each last entry, every entry once', async () => {
      for (const query of [{}, { endpoint: 'iban' as const }, { valid: false }, { day: DAYS[1] }, { endpoint: 'email' as const, valid: true }, { status: { from: 400, to: 499 } }]) {
        const seen: string[] = [];
        let position: Pick<UsageLogQuery, 'before' | 'beforeRequestId'> = {};
        for (;;) {
          const page = await store.usage.search(accountId, { ...query, ...position, limit: 4 });
          seen.push(...page.map((e) => e.requestId));
          const last = page.at(-1);
          if (page.length < 4 || last === undefined) break;
          position = { before: last.at, beforeRequestId: last.requestId };
        }
        expect(seen).toEqual(scanned(kept, { ...query, limit: 1_000 }));
      }
    });

    it('keeps a refusal apart from the counts: its errorCode, no verdict of its own, and a counted invalid answer’s reason', async () => {
      const page = await store.usage.search(accountId, { limit: 1_000 });
      const refused = page.filter((e) => e.errorCode !== undefined);
      expect(refused.length).toBeGreaterThan(10);
      for (const entry of refused) expect(entry).toMatchObject({ valid: false, sdk: null });
      expect(page.filter((e) => e.errorCode === undefined && !e.valid).every((e) => e.reason === 'IBAN_BAD_CHECKSUM')).toBe(true);
      // "invalid" is the counted invalid answers only.
      expect((await store.usage.search(accountId, { valid: false, limit: 1_000 })).some((e) => e.errorCode !== undefined)).toBe(false);
      // Never counted: the meter refuses one.
      await expect(store.usage.count(usageEntry(accountId, '2026-03-15', { errorCode: 'QUOTA_EXCEEDED' }), null)).rejects.toThrow(TypeError);
    });

    it('prunes the refusals of an account that never counted', async () => {
      const quiet = (await createAccount(store, 'FREE')).id;
      await store.usage.logRefusal?.(usageEntry(quiet, '2025-01-01', { valid: false, status: 401, errorCode: 'ACCOUNT_SUSPENDED', sdk: null, at: new Date('2025-01-05T00:00:00.000Z') }));
      expect(await store.usage.search(quiet, { limit: 10 })).toHaveLength(1);
      expect(await store.usage.prune?.(new Date('2025-02-01T00:00:00.000Z'))).toBeGreaterThanOrEqual(1);
      expect(await store.usage.search(quiet, { limit: 10 })).toEqual([]);
    });

    it('refuses a status filter that names no HTTP status', async () => {
      for (const status of [{ from: 99, to: 200 }, { from: 500, to: 600 }, { from: 300, to: 200 }, { from: 2.5, to: 3 }]) {
        await expect(store.usage.search(accountId, { status, limit: 10 })).rejects.toThrow(RangeError);
      }
    });

    it('never answers another account’s entries', async () => {
      const stranger = (await createAccount(store, 'PRO')).id;
      expect(await store.usage.search(stranger, { limit: 1_000 })).toEqual([]);
      expect(await store.usage.search(stranger, { endpoint: 'iban', limit: 1_000 })).toEqual([]);
      expect(await store.usage.search(stranger, { valid: true, limit: 1_000 })).toEqual([]);
    });
  });

  describe(`each key's last use on ${engine}`, () => {
    let store: Store;
    let sql: SqlClient;

    beforeAll(async () => {
      ({ store, sql } = await open());
    }, 60_000);

    afterAll(async () => {
      await store?.close();
    });

    const lastUses = async (accountId: string): Promise<Record<string, string>> =>
      Object.fromEntries([...(await store.usage.lastUsed(accountId))].map(([keyId, at]) => [keyId, at.toISOString()]));

    it('is the newest counted request of each key: never moved back by an older one, nor by a refused one', async () => {
      const account = await createAccount(store, 'FREE');
      const count = (keyId: string, at: string, quota: number | null = null) =>
        store.usage.count(usageEntry(account.id, '2026-03-15', { keyId, at: new Date(at) }), quota);
      await Promise.all([count('busy', '2026-03-20T10:00:00.000Z'), count('busy', '2026-03-21T09:30:00.250Z'), count('quiet', '2026-03-16T08:00:00.000Z')]);
      expect(await lastUses(account.id)).toEqual({ busy: '2026-03-21T09:30:00.250Z', quiet: '2026-03-16T08:00:00.000Z' });

      // Counted later, answered earlier (a retried batch, another instance's clock).
      expect((await count('busy', '2026-03-19T00:00:00.000Z')).counted).toBe(true);
      // Over the quota: refused, not counted, so not a use.
      expect((await count('quiet', '2026-03-22T00:00:00.000Z', 0)).blocked).toBe(true);
      expect(await lastUses(account.id)).toEqual({ busy: '2026-03-21T09:30:00.250Z', quiet: '2026-03-16T08:00:00.000Z' });

      expect(await lastUses((await createAccount(store, 'FREE')).id)).toEqual({});
    });

    it('stays exact once the log rows are pruned, and never reads them', async () => {
      const account = await createAccount(store, 'PRO');
      await Promise.all(
        ['2025-01-10T07:45:00.500Z', '2025-01-09T23:00:00.000Z'].map((at) => store.usage.count(usageEntry(account.id, '2025-01-01', { keyId: 'old', at: new Date(at) }), null)),
      );
      expect(await store.usage.prune?.(new Date('2025-02-01T00:00:00.000Z'))).toBeGreaterThanOrEqual(2);
      expect(await store.usage.search(account.id, { limit: 10 })).toEqual([]);
      expect(await lastUses(account.id)).toEqual({ old: '2025-01-10T07:45:00.500Z' });

      // The key list never reads the log: with every row gone, it answers the same.
      await sql.query('DELETE FROM usage_log WHERE account_id = $1', [account.id]);
      expect(await lastUses(account.id)).toEqual({ old: '2025-01-10T07:45:00.500Z' });
    });
  });

  describe(`the migration that indexed the admin reads on ${engine}`, () => {
    it('fills each key’s last use from the log, or from the newest day of its totals once its rows were pruned', async () => {
      const sql = await openEmpty();
      const d = sql.dialect;
      // The migration under test: SQLite's 5th, PostgreSQL's 8th (those after it change other tables).
      const indexing = d.name === 'sqlite' ? 5 : 8;
      await migrate(atVersion(sql, indexing - 1));
      const time = (iso: string) => d.time(new Date(iso));
      const log = async (requestId: string, keyId: string, endpoint: Field, valid: boolean, at: string) =>
        sql.query(
          `INSERT INTO usage_log (request_id, account_id, key_id, period_start, endpoint, value, valid, status, latency_ms, sdk, at)
            VALUES ($1, 'acc-old', $2, ${d.param(3, 'day')}, $4, '***', ${d.param(5, 'boolean')}, 200, 3, NULL, ${d.param(6, 'time')})`,
          [requestId, keyId, '2025-11-01', endpoint, valid ? 1 : 0, time(at)],
        );
      const daily = async (day: string, keyId: string, count: number) =>
        sql.query(
          `INSERT INTO usage_daily (account_id, day, key_id, endpoint, valid, count) VALUES ('acc-old', ${d.param(1, 'day')}, $2, 'iban', ${d.param(3, 'boolean')}, ${d.param(4, 'integer')})`,
          [day, keyId, 1, count],
        );
      // Rows as the previous verifield wrote them: "logged" has its rows, "pruned" only its totals.
      await log('r1', 'logged', 'iban', true, '2025-11-20T10:00:00.000Z');
      await log('r2', 'logged', 'email', false, '2025-11-21T16:20:00.125Z');
      await log('r3', 'logged', 'iban', false, '2025-11-21T08:00:00.000Z');
      await daily('2025-11-20', 'logged', 1);
      await daily('2025-11-21', 'logged', 2);
      await daily('2025-08-02', 'pruned', 40);
      await daily('2025-08-03', 'pruned', 5);

      expect(await migrate(atVersion(sql, indexing))).toEqual([indexing]);
      await migrate(sql);
      const migrated = await createSqlStore(sql, { migrate: false });
      try {
        const lastUsed = await migrated.usage.lastUsed('acc-old');
        expect(Object.fromEntries([...lastUsed].map(([keyId, at]) => [keyId, at.toISOString()]))).toEqual({
          logged: '2025-11-21T16:20:00.125Z',
          pruned: '2025-08-03T00:00:00.000Z',
        });
        const ids = async (query: UsageLogQuery) => (await migrated.usage.search('acc-old', query)).map((e) => e.requestId);
        expect(await ids({ limit: 10 })).toEqual(['r2', 'r3', 'r1']);
        expect(await ids({ endpoint: 'iban', limit: 10 })).toEqual(['r3', 'r1']);
        expect(await ids({ valid: false, limit: 10 })).toEqual(['r2', 'r3']);
        // Counted after the migration: the meter moves it on.
        await migrated.usage.count(usageEntry('acc-old', '2025-11-01', { keyId: 'pruned', at: new Date('2025-12-01T09:00:00.000Z') }), null);
        expect((await migrated.usage.lastUsed('acc-old')).get('pruned')?.toISOString()).toBe('2025-12-01T09:00:00.000Z');
      } finally {
        await migrated.close();
      }
    });
  });
}
