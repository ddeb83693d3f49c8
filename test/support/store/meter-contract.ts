/**
 * The usage meter as one suite run on each engine: exact counts under concurrency, the blocking
 * quota, idempotent request ids, the log and its masking, the per-day totals and the pruning of
 * the log; then group commit, and failures that reject instead of counting. SQLite in
 * test/server/storage/sqlite/meter.test.ts, PostgreSQL in test/server/storage/postgres/store.scale.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsageMeter } from '../../../src/server/storage/sql/meter.js';
import type { SqlClient } from '../../../src/server/storage/index.js';
import type { Field, MeterDecision, Store, UsageEntry } from '../../../src/server/storage/types.js';
import { usageEntry } from './usage-entry.js';
import { maskedEntry } from '../../../src/server/pipeline/metered.js';

const PERIOD = '2026-03-01';

/** A store under test, the SQL client under it, and whether any of what it keeps holds `text`. */
export interface OpenedMeterStore {
  store: Store;
  sql: SqlClient;
  keeps(text: string): Promise<boolean>;
  remove(): void;
}

const entry = (accountId: string, overrides: Partial<UsageEntry> = {}): UsageEntry => usageEntry(accountId, PERIOD, overrides);

const counted = (decisions: MeterDecision[]) => decisions.filter((d) => d.counted).length;

async function newAccountId(store: Store): Promise<string> {
  const account = await store.accounts.create({ name: 'meter', plan: 'FREE', subscriptionStart: PERIOD, vatNumber: null });
  return account.id;
}

/** Runs the meter suite on the stores `open` makes (one for the counting cases, one for group commit). */
export function describeMeter(engine: string, open: () => Promise<OpenedMeterStore>): void {
  describe(`usage meter on ${engine}`, () => {
    let store: Store;
    let opened: OpenedMeterStore | undefined;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    }, 60_000);

    afterAll(async () => {
      await opened?.store.close();
      opened?.remove();
    });

    const freshAccountId = () => newAccountId(store);

    describe('quota', () => {
      it('of 500 concurrent requests on a FREE quota of 250 counts exactly 250 and logs only those', async () => {
        const accountId = await freshAccountId();
        const entries = Array.from({ length: 500 }, () => entry(accountId));
        const decisions = await Promise.all(entries.map((e) => store.usage.count(e, 250)));

        expect(counted(decisions)).toBe(250);
        expect(decisions.filter((d) => d.blocked)).toHaveLength(250);
        expect(decisions.every((d) => d.counted !== d.blocked)).toBe(true);
        // Each counted request saw its own place in the period: 1…250, once each.
        expect(
          decisions
            .filter((d) => d.counted)
            .map((d) => d.used)
            .sort((a, b) => a - b)
        ).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
        expect(decisions.filter((d) => d.blocked).every((d) => d.used === 250)).toBe(true);
        expect(await store.usage.used(accountId, PERIOD)).toBe(250);

        const log = await store.usage.log(accountId, 10_000);
        expect(log).toHaveLength(250);
        const countedIds = new Set(entries.filter((_, i) => decisions[i]?.counted).map((e) => e.requestId));
        expect(new Set(log.map((row) => row.requestId))).toEqual(countedIds);
      });

      it('blocks every request once the quota is used, in later batches too', async () => {
        const accountId = await freshAccountId();
        await Promise.all(Array.from({ length: 3 }, () => store.usage.count(entry(accountId), 3)));
        const late = await store.usage.count(entry(accountId), 3);
        expect(late).toEqual({ counted: false, blocked: true, used: 3 });
        expect(await store.usage.used(accountId, PERIOD)).toBe(3);
      });

      it('lets a blocked request id through later when quota is available (it was not logged)', async () => {
        const accountId = await freshAccountId();
        const blocked = entry(accountId);
        expect(await store.usage.count(blocked, 0)).toEqual({ counted: false, blocked: true, used: 0 });
        expect(await store.usage.count(blocked, 1)).toEqual({ counted: true, blocked: false, used: 1 });
      });

      it('counts every request of a paid plan (no blocking quota), beyond any quota number', async () => {
        const accountId = await freshAccountId();
        const decisions = await Promise.all(Array.from({ length: 300 }, () => store.usage.count(entry(accountId), null)));
        expect(counted(decisions)).toBe(300);
        expect(decisions.some((d) => d.blocked)).toBe(false);
        expect(await store.usage.used(accountId, PERIOD)).toBe(300);
      });

      it('keeps accounts and periods apart', async () => {
        const a = await freshAccountId();
        const b = await freshAccountId();
        await Promise.all([
          ...Array.from({ length: 4 }, () => store.usage.count(entry(a), 2)),
          ...Array.from({ length: 4 }, () => store.usage.count(entry(b), 3)),
          ...Array.from({ length: 4 }, () => store.usage.count(entry(a, { periodStart: '2026-04-01' }), 2)),
        ]);
        expect(await store.usage.used(a, PERIOD)).toBe(2);
        expect(await store.usage.used(b, PERIOD)).toBe(3);
        expect(await store.usage.used(a, '2026-04-01')).toBe(2);
        expect(await store.usage.used(a, '2026-05-01')).toBe(0);
      });
    });

    describe('request ids', () => {
      it('counts an id once, whether repeated in one batch, concurrently, or later', async () => {
        const accountId = await freshAccountId();
        const entries = Array.from({ length: 100 }, () => entry(accountId));
        const submissions = [...entries, ...entries, ...entries];
        const decisions = await Promise.all(submissions.map((e) => store.usage.count(e, null)));
        expect(counted(decisions)).toBe(100);
        expect(await store.usage.used(accountId, PERIOD)).toBe(100);
        expect(await store.usage.log(accountId, 1000)).toHaveLength(100);

        const retry = await store.usage.count(entries[0] as UsageEntry, null);
        expect(retry).toEqual({ counted: false, blocked: false, used: 100 });
        expect(await store.usage.used(accountId, PERIOD)).toBe(100);
      });

      it('with a quota, counts distinct ids only and never more than the quota', async () => {
        const accountId = await freshAccountId();
        const entries = Array.from({ length: 40 }, () => entry(accountId));
        const decisions = await Promise.all([...entries, ...entries].map((e) => store.usage.count(e, 25)));
        expect(counted(decisions)).toBe(25);
        expect(await store.usage.used(accountId, PERIOD)).toBe(25);
        expect(await store.usage.log(accountId, 1000)).toHaveLength(25);
      });

      it('answers a paid batch mixing new requests, repeats and an id counted before with the same decisions as a FREE one', async () => {
        const accountId = await freshAccountId();
        const other = await freshAccountId();
        const old = entry(other);
        const oldAgain = entry(accountId);
        await store.usage.count(old, null);
        await store.usage.count(oldAgain, null);
        const fresh = [entry(accountId), entry(accountId)];
        const batch = [fresh[0], old, fresh[0], oldAgain, fresh[1]] as UsageEntry[];
        const paid = await Promise.all(batch.map((e) => store.usage.count(e, null)));
        expect(paid).toEqual([
          { counted: true, blocked: false, used: 2 },
          { counted: false, blocked: false, used: 1 },
          { counted: false, blocked: false, used: 2 },
          { counted: false, blocked: false, used: 3 },
          { counted: true, blocked: false, used: 3 },
        ]);
        // The transaction path, with a quota it never reaches, decides the same repeats the same way.
        const again = await Promise.all(batch.map((e) => store.usage.count(e, 1_000)));
        expect(again).toEqual([
          { counted: false, blocked: false, used: 3 },
          { counted: false, blocked: false, used: 1 },
          { counted: false, blocked: false, used: 3 },
          { counted: false, blocked: false, used: 3 },
          { counted: false, blocked: false, used: 3 },
        ]);
      });
    });

    describe('the log', () => {
      it('keeps what docs/service.md#usage-log lists, newest first', async () => {
        const accountId = await freshAccountId();
        const first = entry(accountId, {
          endpoint: 'email',
          value: 'ana@example.com',
          valid: false,
          latencyMs: 12.6,
          sdk: null,
          at: new Date('2026-03-05T10:00:00Z'),
        });
        const second = entry(accountId, { endpoint: 'vat', value: 'DE136695976', at: new Date('2026-03-05T10:00:01Z') });
        await store.usage.count(first, null);
        await store.usage.count(second, null);
        // Latency is kept in whole milliseconds.
        const rounded = (e: UsageEntry): UsageEntry => ({ ...e, latencyMs: Math.round(e.latencyMs) });
        expect(await store.usage.log(accountId, 10)).toEqual([rounded(second), rounded(first)]);
        expect(await store.usage.log(accountId, 1)).toHaveLength(1);
      });

      // The entry as the metered validation builds it (masked once, there: maskedEntry); the store keeps what it gets.
      it.each<Field>(['nif', 'nas', 'ssn'])('never stores a %s value of an entry the metered validation built', async (endpoint) => {
        const accountId = await freshAccountId();
        await store.usage.count(maskedEntry(entry(accountId, { endpoint, value: '046 454 286' })), null);
        const [row] = await store.usage.log(accountId, 1);
        expect(row?.value).toBe('***');
        expect(await opened?.keeps('046 454 286')).toBe(false);
        // The search does look where the log is kept: the mask is there.
        expect(await opened?.keeps('***')).toBe(true);
      });

      it('never stores a VAT number built on a personal number (a Spanish DNI), and keeps a company one', async () => {
        const accountId = await freshAccountId();
        await store.usage.count(maskedEntry(entry(accountId, { endpoint: 'vat', value: 'ES73914682L', at: new Date('2026-03-05T10:00:00Z') })), null);
        await store.usage.count(maskedEntry(entry(accountId, { endpoint: 'vat', value: 'ESB12345674', at: new Date('2026-03-05T10:00:01Z') })), null);
        expect((await store.usage.log(accountId, 2)).map((row) => row.value)).toEqual(['ESB12345674', '***']);
        expect(await opened?.keeps('73914682')).toBe(false);
      });

      it('stores any string a user can send: NUL, lone surrogates, 1,024 characters at most', async () => {
        const accountId = await freshAccountId();
        const odd = [`a\u0000b`, `x\uD800y`, `\uDC00`, 'é'.repeat(5000), `a${'😀'.repeat(700)}`];
        const decisions = await Promise.all(odd.map((value) => store.usage.count(entry(accountId, { endpoint: 'email', value }), null)));
        expect(counted(decisions)).toBe(odd.length);
        const values = (await store.usage.log(accountId, 10)).map((row) => row.value);
        expect(values).toContain('a\uFFFDb');
        expect(values).toContain('x\uFFFDy');
        expect(values).toContain('\uFFFD');
        expect(values).toContain('é'.repeat(1024));
        // The cut at 1,024 UTF-16 units falls inside a pair: its lone high half is replaced.
        expect(values).toContain(`a${'😀'.repeat(511)}\uFFFD`);
      });

      it('rejects a malformed entry on its own, without failing the batch it would have joined', async () => {
        const accountId = await freshAccountId();
        const good = Array.from({ length: 5 }, () => store.usage.count(entry(accountId), null));
        const bad = [
          store.usage.count(entry(accountId, { periodStart: '2026-02-30' }), null),
          store.usage.count(entry(accountId, { endpoint: 'card' as Field }), null),
          store.usage.count(entry(accountId, { at: new Date(Number.NaN) }), null),
          store.usage.count(entry(accountId, { requestId: '' }), null),
          store.usage.count(entry(accountId), -1),
        ];
        const results = await Promise.allSettled([...good, ...bad]);
        expect(results.slice(0, 5).every((r) => r.status === 'fulfilled')).toBe(true);
        expect(results.slice(5).every((r) => r.status === 'rejected')).toBe(true);
        expect(await store.usage.used(accountId, PERIOD)).toBe(5);
      });
    });

    describe('per-day totals and retention', () => {
      // Days long before every other case's entries: pruning before 2020-06-01 removes only the old ones below.
      const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

      it('keep a total per day, key, endpoint and verdict, in the same commit as the count', async () => {
        const accountId = await freshAccountId();
        const entries = [
          entry(accountId, { at: day('2020-08-10'), keyId: 'key-a', endpoint: 'iban', valid: true }),
          entry(accountId, { at: day('2020-08-10'), keyId: 'key-a', endpoint: 'iban', valid: true }),
          entry(accountId, { at: day('2020-08-10'), keyId: 'key-a', endpoint: 'iban', valid: false }),
          entry(accountId, { at: day('2020-08-10'), keyId: 'key-b', endpoint: 'vat', valid: true }),
          entry(accountId, { at: day('2020-08-11'), keyId: 'key-a', endpoint: 'iban', valid: true }),
        ];
        // A repeat and a request over the quota add nothing.
        const decisions = await Promise.all([...entries, entries[0] as UsageEntry].map((e) => store.usage.count(e, 5)));
        expect(counted(decisions)).toBe(5);
        expect(await store.usage.count(entry(accountId, { at: day('2020-08-11') }), 5)).toMatchObject({ blocked: true });
        expect(await store.usage.dailyTotals?.(accountId, '2020-08-10', '2020-08-11')).toEqual([
          { day: '2020-08-10', keyId: 'key-a', endpoint: 'iban', valid: false, count: 1 },
          { day: '2020-08-10', keyId: 'key-a', endpoint: 'iban', valid: true, count: 2 },
          { day: '2020-08-10', keyId: 'key-b', endpoint: 'vat', valid: true, count: 1 },
          { day: '2020-08-11', keyId: 'key-a', endpoint: 'iban', valid: true, count: 1 },
        ]);
        expect(await store.usage.dailyTotals?.(accountId, '2020-08-11', '2020-08-11')).toHaveLength(1);
        await expect(store.usage.dailyTotals?.(accountId, '2020-08-32', '2020-09-01')).rejects.toThrow(RangeError);
      });

      it('prune the log rows older than a time; the totals still add up to every count made', async () => {
        const accountId = await freshAccountId();
        const old = Array.from({ length: 30 }, (_, i) => entry(accountId, { at: day(`2020-02-${String(1 + (i % 20)).padStart(2, '0')}`) }));
        const recent = Array.from({ length: 12 }, () => entry(accountId, { at: day('2020-07-01'), endpoint: 'email', valid: false }));
        await Promise.all([...old, ...recent].map((e) => store.usage.count(e, null)));

        expect(await store.usage.prune?.(new Date('2020-06-01T00:00:00Z'))).toBe(old.length);
        const log = await store.usage.log(accountId, 1000);
        expect(new Set(log.map((row) => row.requestId))).toEqual(new Set(recent.map((e) => e.requestId)));
        expect(await store.usage.used(accountId, PERIOD)).toBe(old.length + recent.length);
        const totals = (await store.usage.dailyTotals?.(accountId, '2000-01-01', '2100-01-01')) ?? [];
        expect(totals.reduce((sum, total) => sum + total.count, 0)).toBe(old.length + recent.length);
        // A retried id whose row was pruned is a new request to the log: counted again.
        expect(await store.usage.count(old[0] as UsageEntry, null)).toMatchObject({ counted: true });
        expect(await store.usage.prune?.(new Date('2020-06-01T00:00:00Z'))).toBe(1);
        expect(await store.usage.prune?.(new Date('2020-06-01T00:00:00Z'))).toBe(0);
      });
    });
  });

  describe(`usage meter on ${engine}: group commit and failures`, () => {
    let sql: SqlClient;
    let store: Store;
    let opened: OpenedMeterStore | undefined;

    beforeAll(async () => {
      opened = await open();
      ({ sql, store } = opened);
    }, 60_000);

    afterAll(async () => {
      await opened?.store.close();
      opened?.remove();
    });

    const freshAccountId = () => newAccountId(store);

    /** A client that forwards to `inner`, counts transactions and statements, and can fail a statement. */
    function spyClient(inner: SqlClient) {
      const spy = {
        transactions: 0,
        statements: [] as string[],
        failNext: null as null | { match: RegExp; error: unknown; times: number },
      };
      const wrap = (target: SqlClient): SqlClient => ({
        dialect: target.dialect,
        async query<T>(text: string, params?: readonly unknown[]) {
          spy.statements.push(text);
          const failure = spy.failNext;
          if (failure !== null && failure.times > 0 && failure.match.test(text)) {
            failure.times--;
            throw failure.error;
          }
          return target.query<T>(text, params);
        },
        exec: (script) => target.exec(script),
        transaction(fn) {
          spy.transactions++;
          return target.transaction((tx) => fn(wrap(tx)));
        },
        close: async () => undefined,
      });
      return { spy, client: wrap(inner) };
    }

    it('writes 200 concurrent counts in one or two transactions', async () => {
      const { spy, client } = spyClient(sql);
      const meter = createUsageMeter(client);
      const accountId = await freshAccountId();
      const decisions = await Promise.all(Array.from({ length: 200 }, () => meter.count(entry(accountId), 150)));
      expect(counted(decisions)).toBe(150);
      expect(spy.transactions).toBeGreaterThanOrEqual(1);
      expect(spy.transactions).toBeLessThanOrEqual(2);
      // PostgreSQL takes one statement per step whatever the batch size (a round trip each).
      if (sql.dialect.name === 'postgres') expect(spy.statements.length / spy.transactions).toBeLessThanOrEqual(5);
      await meter.close();
    });

    it('rejects every request of a batch whose transaction failed, and counts none of them', async () => {
      const { spy, client } = spyClient(sql);
      const meter = createUsageMeter(client);
      const accountId = await freshAccountId();
      spy.failNext = { match: /INSERT INTO usage_log/, error: new Error('disk full'), times: 1 };
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => meter.count(entry(accountId), null)));
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      expect(await store.usage.used(accountId, PERIOD)).toBe(0);
      expect(await store.usage.log(accountId, 100)).toHaveLength(0);
      expect(await store.usage.dailyTotals?.(accountId, '2000-01-01', '2100-01-01')).toEqual([]);

      // The next batch works again.
      expect((await meter.count(entry(accountId), null)).counted).toBe(true);
      await meter.close();
    });

    it('rejects a batch that failed after its rows were written, leaving nothing of it', async () => {
      const { spy, client } = spyClient(sql);
      const meter = createUsageMeter(client);
      const accountId = await freshAccountId();
      // The last step of the transaction: the log rows and counters are written when it fails.
      spy.failNext = { match: /INSERT INTO usage_daily/, error: new Error('I/O error'), times: 1 };
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => meter.count(entry(accountId), 10)));
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      expect(await store.usage.used(accountId, PERIOD)).toBe(0);
      expect(await store.usage.log(accountId, 100)).toHaveLength(0);
      await meter.close();
    });

    // Both a paid plan's batch and one with a blocking quota are one transaction, rerun the same way.
    const PATHS = [
      ['a batch of a paid plan', null],
      ['a batch with a blocking quota', 1_000],
    ] as const;

    it.each(PATHS)('reruns %s that PostgreSQL rolled back for a deadlock, counting it once', async (_, quota) => {
      const { spy, client } = spyClient(sql);
      const meter = createUsageMeter(client);
      const accountId = await freshAccountId();
      const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
      spy.failNext = { match: /usage_counters/, error: deadlock, times: 1 };
      const decisions = await Promise.all(Array.from({ length: 10 }, () => meter.count(entry(accountId), quota)));
      expect(counted(decisions)).toBe(10);
      expect(spy.transactions).toBe(2);
      expect(await store.usage.used(accountId, PERIOD)).toBe(10);
      expect(await store.usage.log(accountId, 100)).toHaveLength(10);
      await meter.close();
    });

    it.each(PATHS)('gives up on %s that keeps deadlocking', async (_, quota) => {
      const { spy, client } = spyClient(sql);
      const meter = createUsageMeter(client, { attempts: 2 });
      const accountId = await freshAccountId();
      spy.failNext = { match: /usage_counters/, error: Object.assign(new Error('deadlock'), { code: '40P01' }), times: 5 };
      await expect(meter.count(entry(accountId), quota)).rejects.toThrow('deadlock');
      expect(spy.transactions).toBe(2);
      expect(await store.usage.used(accountId, PERIOD)).toBe(0);
      await meter.close();
    });

    it('tells each request of a paid batch the count it made, in arrival order', async () => {
      const { spy, client } = spyClient(sql);
      const meter = createUsageMeter(client);
      const [a, b] = [await freshAccountId(), await freshAccountId()];
      await store.usage.count(entry(a), null);
      const counts = [entry(a), entry(b), entry(a), entry(b, { periodStart: '2026-04-01' }), entry(a)];
      const decisions = await Promise.all(counts.map((e) => meter.count(e, null)));
      expect(spy.transactions).toBe(1);
      // In arrival order within each account and period, after what earlier batches counted.
      expect(decisions).toEqual([
        { counted: true, blocked: false, used: 2 },
        { counted: true, blocked: false, used: 1 },
        { counted: true, blocked: false, used: 3 },
        { counted: true, blocked: false, used: 1 },
        { counted: true, blocked: false, used: 4 },
      ]);
      expect(await store.usage.used(a, PERIOD)).toBe(4);
      expect(await store.usage.used(b, '2026-04-01')).toBe(1);
      await meter.close();
    });
  });
}
