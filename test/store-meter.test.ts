/**
 * The usage meter: exact counts under concurrency, the blocking quota, idempotent request ids and
 * the log, on both embedded meters (the SQL meter on an in-memory PGlite, as on PostgreSQL, and
 * the usage journal of a store in a data directory); then the SQL meter's group commit, and
 * failures that reject instead of counting.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsageMeter } from '../src/server/store/meter.js';
import { createSqlStore, openEmbeddedStore, openPglite, type SqlClient } from '../src/server/store/index.js';
import type { Field, MeterDecision, Store, UsageEntry } from '../src/server/store/types.js';
import { usageEntry } from './support/usage-entry.js';

const PERIOD = '2026-03-01';

/** A store under test, and whether any of what it keeps holds `text`. */
interface Opened {
  store: Store;
  keeps(text: string): Promise<boolean>;
  remove(): void;
}

/** Whether a file under `dir` holds `text` (UTF-8). */
function anyFileHolds(dir: string, text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  const walk = (path: string): boolean =>
    statSync(path).isDirectory() ? readdirSync(path).some((name) => walk(join(path, name))) : readFileSync(path).includes(needle);
  return walk(dir);
}

const STORES: Array<{ name: string; open(): Promise<Opened> }> = [
  {
    name: 'the SQL meter (in-memory PGlite)',
    async open() {
      const sql = await openPglite();
      const store = await createSqlStore(sql);
      const keeps = async (text: string) => (await sql.query('SELECT 1 FROM usage_log WHERE value LIKE $1', [`%${text}%`])).rows.length > 0;
      return { store, keeps, remove: () => undefined };
    },
  },
  {
    name: 'the usage journal (PGlite in a data directory)',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'verifield-meter-'));
      const store = await openEmbeddedStore(join(dir, 'data'));
      return { store, keeps: async (text: string) => anyFileHolds(dir, text), remove: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];

const entry = (accountId: string, overrides: Partial<UsageEntry> = {}): UsageEntry =>
  usageEntry(accountId, PERIOD, overrides);

const counted = (decisions: MeterDecision[]) => decisions.filter((d) => d.counted).length;

async function newAccountId(store: Store): Promise<string> {
  const account = await store.accounts.create({ name: 'meter', plan: 'FREE', subscriptionStart: PERIOD, vatNumber: null });
  return account.id;
}

describe.each(STORES)('usage meter on $name', (subject) => {
  let store: Store;
  let opened: Opened | undefined;

  beforeAll(async () => {
    opened = await subject.open();
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

    it.each<Field>(['nif', 'nas', 'ssn'])('never stores a %s value, even when the caller forgot to mask it', async (endpoint) => {
      const accountId = await freshAccountId();
      await store.usage.count(entry(accountId, { endpoint, value: '046 454 286' }), null);
      const [row] = await store.usage.log(accountId, 1);
      expect(row?.value).toBe('***');
      expect(await opened?.keeps('046 454 286')).toBe(false);
      // The search does look where the log is kept: the mask is there.
      expect(await opened?.keeps('***')).toBe(true);
    });

    it('stores any string a user can send: NUL, lone surrogates, 1,024 characters at most', async () => {
      const accountId = await freshAccountId();
      const odd = [`a\u0000b`, `x\uD800y`, `\uDC00`, 'é'.repeat(5000), `a${'😀'.repeat(700)}`];
      const decisions = await Promise.all(
        odd.map((value) => store.usage.count(entry(accountId, { endpoint: 'email', value }), null))
      );
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
});

let sql: SqlClient;
let store: Store;

beforeAll(async () => {
  sql = await openPglite();
  store = await createSqlStore(sql);
}, 60_000);

afterAll(async () => {
  await store?.close();
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

describe('usage meter: group commit and failures', () => {
  it('writes 200 concurrent counts in a few transactions of a few statements each', async () => {
    const { spy, client } = spyClient(sql);
    const meter = createUsageMeter(client);
    const accountId = await freshAccountId();
    const decisions = await Promise.all(Array.from({ length: 200 }, () => meter.count(entry(accountId), 150)));
    expect(counted(decisions)).toBe(150);
    expect(spy.transactions).toBeLessThanOrEqual(2);
    expect(spy.statements.length / spy.transactions).toBeLessThanOrEqual(4);
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

    // The next batch works again.
    expect((await meter.count(entry(accountId), null)).counted).toBe(true);
    await meter.close();
  });

  // Paid plans' batches are one statement, FREE batches a transaction: both are rerun the same way.
  // Each attempt inserts into usage_counters once (the batch statement, or the lock of step 1).
  const PATHS = [
    ['a batch of a paid plan (one statement)', null],
    ['a batch with a blocking quota (one transaction)', 1_000],
  ] as const;
  const attempts = (statements: readonly string[]) => statements.filter((text) => /INSERT INTO usage_counters/.test(text)).length;

  it.each(PATHS)('reruns %s that PostgreSQL rolled back for a deadlock, counting it once', async (_, quota) => {
    const { spy, client } = spyClient(sql);
    const meter = createUsageMeter(client);
    const accountId = await freshAccountId();
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    spy.failNext = { match: /usage_counters/, error: deadlock, times: 1 };
    const decisions = await Promise.all(Array.from({ length: 10 }, () => meter.count(entry(accountId), quota)));
    expect(counted(decisions)).toBe(10);
    expect(attempts(spy.statements)).toBe(2);
    expect(await store.usage.used(accountId, PERIOD)).toBe(10);
    await meter.close();
  });

  it.each(PATHS)('gives up on %s that keeps deadlocking', async (_, quota) => {
    const { spy, client } = spyClient(sql);
    const meter = createUsageMeter(client, { attempts: 2 });
    const accountId = await freshAccountId();
    spy.failNext = { match: /usage_counters/, error: Object.assign(new Error('deadlock'), { code: '40P01' }), times: 5 };
    await expect(meter.count(entry(accountId), quota)).rejects.toThrow('deadlock');
    expect(attempts(spy.statements)).toBe(2);
    expect(await store.usage.used(accountId, PERIOD)).toBe(0);
    await meter.close();
  });

  it('writes a batch of a paid plan as one statement, and tells each request the count it made', async () => {
    const { spy, client } = spyClient(sql);
    const meter = createUsageMeter(client);
    const [a, b] = [await freshAccountId(), await freshAccountId()];
    await store.usage.count(entry(a), null);
    const counts = [entry(a), entry(b), entry(a), entry(b, { periodStart: '2026-04-01' }), entry(a)];
    const decisions = await Promise.all(counts.map((e) => meter.count(e, null)));
    expect(spy.statements).toHaveLength(1);
    expect(spy.transactions).toBe(0);
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
