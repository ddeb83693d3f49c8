/**
 * The suites of the store's background tables (Store.batchJobs, watches, webhooks, evidence; src/server/storage/types.ts),
 * run on SQLite (test/server/storage/sqlite/background.test.ts) and PostgreSQL
 * (test/server/storage/postgres/background.scale.test.ts). Each case opens a fresh database with two stores on it
 * (two connections, as two instances would have), so that claims race for real.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidationResult } from '../../../src/result.js';
import type { SqlClient } from '../../../src/server/storage/sql/client.js';
import type { Account, BatchJobRecord, MeterDecision, Store, VatEvidenceRecord, VatWatchRecord, WebhookDelivery } from '../../../src/server/storage/types.js';
import { queuedJob } from '../../support/job-records.js';

/** A fresh database: `sql` and `store` on one connection, `other` a store on a second connection. */
export interface BackgroundDatabase {
  sql: SqlClient;
  store: Store;
  other: Store;
}

const T0 = new Date('2026-05-01T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

/** A personal-looking VAT number: what must never be in the database in clear. */
const SECRET_VALUE = 'ESX9999999R';
const SECRET_NAME = 'Lucía Fernández Ortega';
const SECRET_ADDRESS = 'Calle del Pez 7, Madrid';

function job(accountId: string, change: Partial<BatchJobRecord> = {}): BatchJobRecord {
  return { ...queuedJob(accountId, 'key-1', 'vat', 3, T0), ...change };
}

function result(value: string, valid: boolean): ValidationResult {
  return {
    valid,
    message: valid ? 'Valid VAT number' : 'Not a VAT number',
    normalizedValue: value,
    originalValue: value,
    validationLevel: 'STRUCTURE',
    details: { countryCode: 'ES' },
  } as unknown as ValidationResult;
}

function watch(accountId: string, value: string, change: Partial<VatWatchRecord> = {}): VatWatchRecord {
  return {
    id: randomUUID(),
    accountId,
    keyId: 'key-1',
    value,
    traderName: SECRET_NAME,
    registered: null,
    name: null,
    address: null,
    lastCheckedAt: null,
    lastAttemptAt: null,
    nextCheckAt: T0,
    createdAt: T0,
    ...change,
  };
}

function evidence(accountId: string, value: string, checkedAt: Date): VatEvidenceRecord {
  return {
    id: randomUUID(),
    accountId,
    value,
    countryCode: 'ES',
    registered: true,
    name: SECRET_NAME,
    address: SECRET_ADDRESS,
    requestDate: '2026-05-01',
    consultationNumber: 'WAPIAAAAW1234567',
    requester: 'ESB12345674',
    checkedAt,
    replySha256: 'a'.repeat(64),
  };
}

function delivery(accountId: string, eventId: string, url: string): WebhookDelivery {
  return {
    id: eventId,
    accountId,
    type: 'vat.registration_changed',
    createdAt: T0,
    data: { watch: { value: SECRET_VALUE, name: SECRET_NAME } },
    url,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: T0,
  };
}

/** Every row of `table` as text: what a copy of the database would show. */
async function rawText(sql: SqlClient, table: string): Promise<string> {
  const { rows } = await sql.query(`SELECT * FROM ${table}`);
  expect(rows.length).toBeGreaterThan(0);
  return JSON.stringify(rows);
}

export function describeBackgroundTables(engine: string, open: () => Promise<BackgroundDatabase>): void {
  describe(`${engine}: background tables`, () => {
    let db: BackgroundDatabase;
    let alice: Account;
    let bob: Account;
    const newAccount = (name: string) => db.store.accounts.create({ name, plan: 'GROWTH', subscriptionStart: '2026-01-01', vatNumber: null });

    async function setUp(): Promise<void> {
      db = await open();
      alice = await newAccount('Alice');
      bob = await newAccount('Bob');
    }
    afterEach(async () => {
      await db?.other.close();
      await db?.store.close();
    });

    describe('batch jobs', () => {
      it('are claimed by one of two instances racing, and renewed only by it', async () => {
        await setUp();
        const queued = job(alice.id);
        await db.store.batchJobs.create(queued, ['ESA1', 'ESA2', 'ESA3']);
        const [one, two] = await Promise.all([
          db.store.batchJobs.claim('instance-1', at(0), at(30)),
          db.other.batchJobs.claim('instance-2', at(0), at(30)),
        ]);
        const winners = [one, two].filter((claimed) => claimed !== null);
        expect(winners).toHaveLength(1);
        expect(winners[0]).toMatchObject({ id: queued.id, status: 'running', startedAt: at(0) });
        const winner = one === null ? 'instance-2' : 'instance-1';
        const loser = one === null ? 'instance-1' : 'instance-2';
        expect(await db.store.batchJobs.renew(queued.id, winner, at(60))).toBe(true);
        expect(await db.store.batchJobs.renew(queued.id, loser, at(60))).toBe(false);
        // Leased until at(60): nobody takes it before, another instance takes it after.
        expect(await db.other.batchJobs.claim('instance-3', at(59), at(90))).toBeNull();
        const resumed = await db.other.batchJobs.claim('instance-3', at(60), at(90));
        expect(resumed).toMatchObject({ id: queued.id, status: 'running', startedAt: at(0) });
        expect(await db.store.batchJobs.renew(queued.id, winner, at(120))).toBe(false);
      });

      it('gives pending lines in order, answers each once and moves the counters by what was written', async () => {
        await setUp();
        const values = Array.from({ length: 1200 }, (_, index) => `ESX${String(index).padStart(7, '0')}R`);
        const created = job(alice.id, { total: values.length });
        await db.store.batchJobs.create(created, values);
        const first = await db.store.batchJobs.pending(created.id, 0, 3);
        expect(first).toEqual([
          { line: 1, value: values[0] },
          { line: 2, value: values[1] },
          { line: 3, value: values[2] },
        ]);
        const answers = (from: number, to: number) =>
          values.slice(from - 1, to).map((value, index) => ({ line: from + index, result: result(value, (from + index) % 3 !== 0) }));
        await db.store.batchJobs.answer(created.id, answers(1, 700));
        // A resumed instance answers 600..1200 again, and a racing one 650..800 at the same time.
        await Promise.all([db.store.batchJobs.answer(created.id, answers(600, 1200)), db.other.batchJobs.answer(created.id, answers(650, 800))]);
        const stored = await db.store.batchJobs.get(alice.id, created.id);
        const validCount = values.filter((_, index) => (index + 1) % 3 !== 0).length;
        expect(stored).toMatchObject({ done: 1200, valid: validCount, invalid: 1200 - validCount });
        expect(await db.store.batchJobs.pending(created.id, 0, 10)).toEqual([]);
        const lines = await db.store.batchJobs.lines(created.id, 698, 3);
        expect(lines).toEqual(answers(699, 701));
      });

      it('keep an upload out of sight until it is committed under the cap, and remove it on discard', async () => {
        await setUp();
        const upload = job(alice.id, { createdAt: at(0) });
        await db.store.batchJobs.begin(upload);
        await db.store.batchJobs.append(upload.id, 1, ['ESA1', 'ESA2']);
        await db.store.batchJobs.append(upload.id, 3, ['ESA3']);
        // Neither claimed, listed nor counted while it is sent.
        expect(await db.store.batchJobs.claim('instance-1', at(1), at(31))).toBeNull();
        expect(await db.store.batchJobs.list(alice.id, 100)).toEqual([]);
        expect(await db.store.batchJobs.openCount(alice.id)).toBe(0);
        // Over the cap: refused, left as it was; under it: queued with its webhook URL.
        const queued = job(alice.id, { createdAt: at(1), total: 1 });
        await db.store.batchJobs.create(queued, ['ESB1']);
        expect(await db.store.batchJobs.commit(upload.id, 'https://hooks.example/job', 1)).toBe(false);
        expect(await db.store.batchJobs.commit(upload.id, 'https://hooks.example/job', 2)).toBe(true);
        expect(await db.store.batchJobs.openCount(alice.id)).toBe(2);
        expect(await db.store.batchJobs.get(alice.id, upload.id)).toMatchObject({ status: 'queued', total: 3, webhookUrl: 'https://hooks.example/job' });
        expect(await db.store.batchJobs.pending(upload.id, 0, 10)).toEqual([
          { line: 1, value: 'ESA1' },
          { line: 2, value: 'ESA2' },
          { line: 3, value: 'ESA3' },
        ]);
        // A refused upload goes with its lines; a committed job is not an upload any more.
        const refused = job(bob.id);
        await db.store.batchJobs.begin(refused);
        await db.store.batchJobs.append(refused.id, 1, Array.from({ length: 2_500 }, (_, i) => `ESC${i}`));
        await db.store.batchJobs.discard(refused.id);
        expect(await db.store.batchJobs.get(bob.id, refused.id)).toBeNull();
        expect(await db.store.batchJobs.pending(refused.id, 0, 10)).toEqual([]);
        await db.store.batchJobs.discard(upload.id);
        expect(await db.store.batchJobs.get(alice.id, upload.id)).not.toBeNull();
      });

      it('name the uploads begun before a time and never finished, oldest first, and no job that was committed', async () => {
        await setUp();
        const [older, old, fresh] = [job(alice.id, { createdAt: at(0) }), job(bob.id, { createdAt: at(10) }), job(alice.id, { createdAt: at(100) })];
        for (const upload of [fresh, old, older]) {
          await db.store.batchJobs.begin(upload);
          await db.store.batchJobs.append(upload.id, 1, ['ESD1']);
        }
        const committed = job(alice.id, { createdAt: at(0) });
        await db.store.batchJobs.begin(committed);
        await db.store.batchJobs.append(committed.id, 1, ['ESD2']);
        expect(await db.store.batchJobs.commit(committed.id, null, 10)).toBe(true);
        expect(await db.store.batchJobs.abandonedUploads(at(50), 10)).toEqual([older.id, old.id]);
        expect(await db.store.batchJobs.abandonedUploads(at(50), 1)).toEqual([older.id]);
        await db.store.batchJobs.discard(older.id);
        expect(await db.store.batchJobs.abandonedUploads(at(50), 10)).toEqual([old.id]);
        expect(await db.store.batchJobs.pending(older.id, 0, 10)).toEqual([]);
      });

      it('take turns: a released job is claimed again at once, behind the jobs submitted before its release', async () => {
        await setUp();
        const large = job(alice.id, { createdAt: at(0), total: 2 });
        await db.store.batchJobs.create(large, ['ESA1', 'ESA2']);
        expect((await db.store.batchJobs.claim('instance-1', at(1), at(31)))?.id).toBe(large.id);
        const small = job(bob.id, { createdAt: at(2), total: 1 });
        await db.store.batchJobs.create(small, ['ESB1']);
        // Released in another instance's name: still held. By its holder: free at once, long before at(31),
        // and behind the job submitted at(2), before the release.
        await db.store.batchJobs.release(large.id, 'instance-2', at(3));
        expect(await db.store.batchJobs.renew(large.id, 'instance-1', at(31))).toBe(true);
        await db.store.batchJobs.release(large.id, 'instance-1', at(4));
        expect(await db.store.batchJobs.renew(large.id, 'instance-1', at(40))).toBe(false);
        expect((await db.store.batchJobs.claim('instance-3', at(5), at(35)))?.id).toBe(small.id);
        expect(await db.other.batchJobs.claim('instance-4', at(5), at(35))).toMatchObject({ id: large.id, status: 'running', startedAt: at(1) });
      });

      it('cancels, finishes once, and never shows another account the job', async () => {
        await setUp();
        const first = job(alice.id, { createdAt: at(0) });
        const second = job(alice.id, { createdAt: at(1) });
        await db.store.batchJobs.create(first, ['a', 'b', 'c']);
        await db.store.batchJobs.create(second, ['a', 'b', 'c']);
        expect(await db.store.batchJobs.get(bob.id, first.id)).toBeNull();
        expect(await db.store.batchJobs.list(bob.id, 100)).toEqual([]);
        expect(await db.store.batchJobs.cancel(bob.id, first.id, at(5))).toBe(false);
        expect((await db.store.batchJobs.list(alice.id, 100)).map((j) => j.id)).toEqual([second.id, first.id]);
        expect(await db.store.batchJobs.cancel(alice.id, first.id, at(5))).toBe(true);
        expect(await db.store.batchJobs.cancel(alice.id, first.id, at(6))).toBe(false);
        expect(await db.store.batchJobs.get(alice.id, first.id)).toMatchObject({ status: 'cancelled', finishedAt: at(5) });
        // A cancelled job is never claimed; a lost lease is noticed at renewal.
        const claimed = await db.store.batchJobs.claim('instance-1', at(10), at(40));
        expect(claimed?.id).toBe(second.id);
        await db.store.batchJobs.finish(second.id, 'failed', at(20), 'VIES answered nothing');
        expect(await db.store.batchJobs.get(alice.id, second.id)).toMatchObject({ status: 'failed', error: 'VIES answered nothing', finishedAt: at(20) });
        await db.store.batchJobs.finish(second.id, 'done', at(30));
        expect(await db.store.batchJobs.get(alice.id, second.id)).toMatchObject({ status: 'failed' });
        expect(await db.store.batchJobs.claim('instance-1', at(100), at(130))).toBeNull();
      });

      it('counts a job line only while its job is open, its answer with it: after a cancel, nothing more', async () => {
        await setUp();
        const lines = 400;
        const created = job(alice.id, { total: lines });
        await db.store.batchJobs.create(created, Array.from({ length: lines }, (_, i) => `ES${i}`));
        const countLine = (store: Store, line: number) =>
          store.usage.count(
            {
              requestId: `job:${created.id}:${line}`, accountId: alice.id, keyId: 'key-1', periodStart: '2026-05-01', endpoint: 'vat',
              value: `ES${line}`, valid: line % 2 === 0, status: 200, latencyMs: 1, sdk: null, at: at(1),
              jobLine: { jobId: created.id, answer: { line, result: result(`ES${line}`, line % 2 === 0) } },
            },
            null,
          );
        // Counted lines are answered in the same transaction; a line counted again is neither counted nor answered twice.
        await Promise.all([1, 2, 3].map((line) => countLine(db.store, line)));
        expect(await countLine(db.other, 2)).toMatchObject({ counted: false, blocked: false });
        expect(await db.store.batchJobs.get(alice.id, created.id)).toMatchObject({ done: 3, valid: 1, invalid: 2 });
        // Two instances count lines in waves; the cancel comes while waves are in flight. Whatever
        // counts landed before the cancel's answer are exactly those counted, logged and answered;
        // every count asked after it is refused.
        const wave = (first: number) => Array.from({ length: 10 }, (_, i) => first + i).filter((line) => line <= lines).map((line) => countLine(line % 2 === 0 ? db.store : db.other, line));
        const before = await Promise.all([4, 14, 24, 34, 44].flatMap(wave));
        expect(before.every((decision) => decision.counted)).toBe(true);
        const inFlight: Array<Promise<MeterDecision>> = [];
        let cancel: Promise<boolean> | null = null;
        for (let first = 54; first < 254; first += 10) {
          inFlight.push(...wave(first));
          if (first === 104) cancel = db.store.batchJobs.cancel(alice.id, created.id, at(2));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        expect(await cancel).toBe(true);
        const atCancel = await db.store.batchJobs.get(alice.id, created.id);
        const after = await Promise.all(Array.from({ length: 15 }, (_, i) => 254 + i * 10).flatMap(wave));
        expect(after.every((decision) => !decision.counted && decision.jobClosed === true)).toBe(true);
        expect(await countLine(db.other, 4)).toMatchObject({ counted: false, jobClosed: true });
        const decisions = await Promise.all(inFlight);
        expect(decisions.filter((decision) => !decision.counted).every((decision) => decision.jobClosed === true)).toBe(true);
        const counted = 3 + before.length + decisions.filter((decision) => decision.counted).length;
        const ended = await db.store.batchJobs.get(alice.id, created.id);
        expect(ended).toMatchObject({ status: 'cancelled', done: atCancel?.done });
        expect(ended?.done).toBe(counted);
        expect(await db.store.usage.used(alice.id, '2026-05-01')).toBe(counted);
        const answered = (await db.store.batchJobs.lines(created.id, 0, 1_000)).map((line) => line.line);
        const logged = (await db.store.usage.log(alice.id, 1_000)).map((entry) => Number(entry.requestId.split(':')[2])).sort((a, b) => a - b);
        expect(answered).toEqual(logged);
        expect(answered).toHaveLength(counted);
      });

      it('keeps no value or result in clear', async () => {
        await setUp();
        const created = job(alice.id, { total: 1 });
        await db.store.batchJobs.create(created, [SECRET_VALUE]);
        await db.store.batchJobs.answer(created.id, [{ line: 1, result: result(SECRET_VALUE, true) }]);
        const raw = await rawText(db.sql, 'batch_job_lines');
        expect(raw).not.toContain(SECRET_VALUE);
        expect(raw).not.toContain('Valid VAT number');
        expect((await db.store.batchJobs.lines(created.id, 0, 10))[0]?.result.originalValue).toBe(SECRET_VALUE);
      });
    });

    describe('watches', () => {
      it('are one per account and value, sealed, and invisible to another account', async () => {
        await setUp();
        const created = await db.store.watches.create(watch(alice.id, SECRET_VALUE));
        const again = await db.other.watches.create(watch(alice.id, SECRET_VALUE));
        expect(again.id).toBe(created.id);
        const bobs = await db.store.watches.create(watch(bob.id, SECRET_VALUE));
        expect(bobs.id).not.toBe(created.id);
        expect((await db.store.watches.list(alice.id)).map((w) => w.id)).toEqual([created.id]);
        expect(await db.store.watches.get(bob.id, created.id)).toBeNull();
        expect(await db.store.watches.delete(bob.id, created.id)).toBe(false);
        await db.store.watches.recordCheck(created.id, { registered: true, name: SECRET_NAME, address: SECRET_ADDRESS, at: at(1), nextCheckAt: at(100) });
        const raw = await rawText(db.sql, 'vat_watches');
        for (const secret of [SECRET_VALUE, SECRET_NAME, SECRET_ADDRESS]) expect(raw).not.toContain(secret);
        expect(await db.store.watches.get(alice.id, created.id)).toMatchObject({ value: SECRET_VALUE, traderName: SECRET_NAME, name: SECRET_NAME, address: SECRET_ADDRESS });
        expect(await db.store.watches.delete(alice.id, created.id)).toBe(true);
        expect(await db.store.watches.list(alice.id)).toEqual([]);
      });

      it('are claimed by one instance each when due', async () => {
        await setUp();
        for (let index = 0; index < 10; index++) await db.store.watches.create(watch(alice.id, `ESB${index}`, { nextCheckAt: at(index) }));
        await db.store.watches.create(watch(alice.id, 'ESLATER', { nextCheckAt: at(1000) }));
        const [one, two] = await Promise.all([db.store.watches.claimDue(at(20), at(80), 6), db.other.watches.claimDue(at(20), at(80), 6)]);
        const ids = [...one, ...two].map((w) => w.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(10);
        const rest = await db.store.watches.claimDue(at(20), at(80), 100);
        expect(ids.length + rest.length).toBe(10);
        expect(await db.store.watches.claimDue(at(79), at(140), 100)).toEqual([]);
        expect(await db.store.watches.claimDue(at(80), at(140), 100)).toHaveLength(10);
      });

      it('keep the last known verdict when a check brings none', async () => {
        await setUp();
        const created = await db.store.watches.create(watch(alice.id, SECRET_VALUE));
        const known = await db.store.watches.recordCheck(created.id, { registered: true, name: 'ACME', address: 'Madrid', at: at(1), nextCheckAt: at(100) });
        expect(known).toMatchObject({ registered: true, name: 'ACME', lastCheckedAt: at(1), lastAttemptAt: at(1), nextCheckAt: at(100) });
        const unknown = await db.store.watches.recordCheck(created.id, { registered: null, name: null, address: null, at: at(200), nextCheckAt: at(300) });
        expect(unknown).toMatchObject({ registered: true, name: 'ACME', address: 'Madrid', lastCheckedAt: at(1), lastAttemptAt: at(200), nextCheckAt: at(300) });
        const changed = await db.store.watches.recordCheck(created.id, { registered: false, name: null, address: null, at: at(400), nextCheckAt: at(500) });
        expect(changed).toMatchObject({ registered: false, name: null, lastCheckedAt: at(400) });
        expect(await db.store.watches.recordCheck(randomUUID(), { registered: true, name: null, address: null, at: at(1), nextCheckAt: at(2) })).toBeNull();
      });
    });

    describe('webhooks', () => {
      it('keep the secret and event data sealed, and deliveries per account', async () => {
        await setUp();
        await db.store.webhooks.set({ accountId: alice.id, url: 'https://hooks.example/a', secret: 'whsec_supersecretvalue', updatedAt: at(0) });
        await db.store.webhooks.set({ accountId: alice.id, url: 'https://hooks.example/b', secret: 'whsec_rotatedsecret', updatedAt: at(1) });
        expect(await db.store.webhooks.get(alice.id)).toEqual({ accountId: alice.id, url: 'https://hooks.example/b', secret: 'whsec_rotatedsecret', updatedAt: at(1) });
        expect(await db.store.webhooks.get(bob.id)).toBeNull();
        await db.store.webhooks.enqueue([delivery(alice.id, 'evt_1', 'https://hooks.example/b'), delivery(alice.id, 'evt_1', 'https://jobs.example/x')]);
        const endpoints = await rawText(db.sql, 'webhook_endpoints');
        expect(endpoints).not.toContain('rotatedsecret');
        const outbox = await rawText(db.sql, 'webhook_deliveries');
        expect(outbox).not.toContain(SECRET_VALUE);
        expect(outbox).not.toContain(SECRET_NAME);
        expect(await db.store.webhooks.deliveries(bob.id, 10)).toEqual([]);
        const mine = await db.store.webhooks.deliveries(alice.id, 10);
        expect(mine.map((d) => d.url).sort()).toEqual(['https://hooks.example/b', 'https://jobs.example/x']);
        expect(mine[0]?.data).toEqual({ watch: { value: SECRET_VALUE, name: SECRET_NAME } });
      });

      it('are claimed by one instance each, and record their attempts', async () => {
        await setUp();
        const queued = Array.from({ length: 8 }, (_, index) => delivery(alice.id, `evt_${index}`, 'https://hooks.example/a'));
        await db.store.webhooks.enqueue(queued);
        await db.store.webhooks.enqueue(queued.slice(0, 2));
        const [one, two] = await Promise.all([db.store.webhooks.claimDue(at(0), at(60), 5), db.other.webhooks.claimDue(at(0), at(60), 5)]);
        const ids = [...one, ...two].map((d) => d.id);
        expect(new Set(ids).size).toBe(ids.length);
        const rest = await db.store.webhooks.claimDue(at(0), at(60), 100);
        expect(ids.length + rest.length).toBe(8);
        await db.store.webhooks.recordAttempt(
          { eventId: 'evt_0', url: 'https://hooks.example/a', at: at(1), status: 500, error: null, durationMs: 12 },
          { status: 'pending', nextAttemptAt: at(31) },
        );
        await db.store.webhooks.recordAttempt(
          { eventId: 'evt_0', url: 'https://hooks.example/a', at: at(31), status: null, error: 'timeout after 5 s', durationMs: 5000 },
          { status: 'pending', nextAttemptAt: at(91) },
        );
        await db.store.webhooks.recordAttempt(
          { eventId: 'evt_1', url: 'https://hooks.example/a', at: at(2), status: 204, error: null, durationMs: 3 },
          { status: 'delivered', nextAttemptAt: at(2) },
        );
        expect((await db.store.webhooks.claimDue(at(90), at(120), 100)).map((d) => d.id).sort()).toEqual(queued.slice(2).map((d) => d.id).sort());
        const [claimed] = await db.store.webhooks.claimDue(at(91), at(150), 100);
        expect(claimed).toMatchObject({ id: 'evt_0', attempts: 2, status: 'pending' });
        const log = await db.store.webhooks.deliveries(alice.id, 100);
        expect(log).toHaveLength(8);
        expect(log.find((d) => d.id === 'evt_0')?.log).toEqual([
          { eventId: 'evt_0', url: 'https://hooks.example/a', at: at(1), status: 500, error: null, durationMs: 12 },
          { eventId: 'evt_0', url: 'https://hooks.example/a', at: at(31), status: null, error: 'timeout after 5 s', durationMs: 5000 },
        ]);
        expect(log.find((d) => d.id === 'evt_1')).toMatchObject({ status: 'delivered', attempts: 1 });
      });
    });

    describe('evidence', () => {
      it('is found by value, newest first, sealed, only by its account, and pruned by age', async () => {
        await setUp();
        const old = evidence(alice.id, SECRET_VALUE, at(0));
        const recent = evidence(alice.id, SECRET_VALUE, at(100));
        await db.store.evidence.add(old);
        await db.store.evidence.add(recent);
        await db.store.evidence.add(evidence(alice.id, 'ESB12345674', at(50)));
        await db.store.evidence.add(evidence(bob.id, SECRET_VALUE, at(50)));
        expect((await db.store.evidence.forValue(alice.id, SECRET_VALUE)).map((r) => r.id)).toEqual([recent.id, old.id]);
        expect(await db.store.evidence.forValue(alice.id, 'ESX9999998R')).toEqual([]);
        expect(await db.store.evidence.get(alice.id, recent.id)).toEqual(recent);
        expect(await db.store.evidence.get(bob.id, recent.id)).toBeNull();
        const raw = await rawText(db.sql, 'vat_evidence');
        for (const secret of [SECRET_VALUE, SECRET_NAME, SECRET_ADDRESS, 'ESB12345674']) expect(raw).not.toContain(secret);
        expect(raw).toContain('WAPIAAAAW1234567');
        expect(await db.store.evidence.prune(at(60))).toBe(3);
        expect((await db.store.evidence.forValue(alice.id, SECRET_VALUE)).map((r) => r.id)).toEqual([recent.id]);
      });
    });

    describe('accounts', () => {
      it('keep their own watch interval, null for the default', async () => {
        await setUp();
        expect(alice.watchIntervalMs).toBeNull();
        expect(await db.store.accounts.update(alice.id, { watchIntervalMs: 3_600_000 }, at(0))).toMatchObject({ watchIntervalMs: 3_600_000 });
        expect((await db.other.accounts.get(alice.id))?.watchIntervalMs).toBe(3_600_000);
        await expect(db.store.accounts.update(alice.id, { watchIntervalMs: 0 }, at(0))).rejects.toThrow(RangeError);
        expect(await db.store.accounts.update(alice.id, { watchIntervalMs: null }, at(0))).toMatchObject({ watchIntervalMs: null });
      });
    });
  });
}
