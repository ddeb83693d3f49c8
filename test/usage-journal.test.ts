/**
 * The embedded store's usage journal (src/server/store/usage-journal.ts) with real files in a
 * temporary directory, over an in-memory PGlite: one append per batch, a failed write that
 * counts nothing, checkpoints into usage_counters, a reopen that reads back the same counters and
 * log, the replay of lines written after the last checkpoint, a torn last line cut off, segments
 * rotated and read across, and the bounded memory of request ids. What all meters share (quota,
 * repeats, the log's fields and masking) is in store-meter.test.ts; SIGKILL in store-durability.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, StoreClosedError, type SqlClient } from '../src/server/store/index.js';
import type { JournalFile } from '../src/server/store/journal-file.js';
import { createUsageMeter } from '../src/server/store/meter.js';
import type { UsageEntry } from '../src/server/store/types.js';
import { openUsageJournal, type UsageJournal, type UsageJournalOptions } from '../src/server/store/usage-journal.js';
import { usageEntry } from './support/usage-entry.js';

const PERIOD = '2026-03-01';
const directories: string[] = [];
let sql: SqlClient;

beforeAll(async () => {
  sql = await openPglite();
  await migrate(sql);
}, 60_000);

afterAll(async () => {
  await sql?.close();
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

/**
 * A new journal directory. The tests share one PGlite, whose checkpoint rows belong to one journal
 * (a data directory holds both): a new directory starts with none.
 */
async function journalDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'verifield-journal-'));
  directories.push(dir);
  await sql.query('DELETE FROM usage_journal_segments');
  return join(dir, 'usage-log');
}

const entry = (accountId: string, overrides: Partial<UsageEntry> = {}): UsageEntry =>
  usageEntry(accountId, PERIOD, { latencyMs: 3, sdk: null, ...overrides });

/** Segment files of `dir`, oldest first. */
const segmentFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.ndjson')).sort();
const lineCount = (dir: string) =>
  segmentFiles(dir).reduce((sum, name) => sum + readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean).length, 0);

async function storedCounter(accountId: string): Promise<number | undefined> {
  const { rows } = await sql.query<{ used: number }>('SELECT used FROM usage_counters WHERE account_id = $1 AND period_start = $2::date', [
    accountId,
    PERIOD,
  ]);
  return rows[0]?.used;
}

/** Opens segments through the real file handle, recording each write; `fail` may fail one. */
function watchedFiles() {
  const watch = {
    writes: [] as number[],
    truncates: 0,
    fail: null as null | { writeHalfFirst: boolean; truncateFails?: boolean },
  };
  const openFile = async (path: string): Promise<JournalFile> => {
    const handle = await open(path, 'a', 0o600);
    return {
      async write(data) {
        const failure = watch.fail;
        if (failure !== null) {
          watch.fail = null;
          // A disk that fills up half-way: part of the batch reaches the file, then an error.
          if (failure.writeHalfFirst) await handle.write(data.subarray(0, Math.floor(data.length / 2)));
          if (failure.truncateFails) truncateFails = true;
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        }
        watch.writes.push(data.length);
        return handle.write(data);
      },
      async truncate(length) {
        watch.truncates++;
        if (truncateFails) {
          truncateFails = false;
          throw new Error('EIO');
        }
        await handle.truncate(length);
      },
      close: () => handle.close(),
    };
  };
  let truncateFails = false;
  return { watch, openFile };
}

const opened: UsageJournal[] = [];
async function openJournal(dir: string, options: Partial<UsageJournalOptions> = {}): Promise<UsageJournal> {
  const journal = await openUsageJournal(sql, { dir, ...options });
  opened.push(journal);
  return journal;
}

afterAll(async () => {
  await Promise.allSettled(opened.map((journal) => journal.close()));
});

describe('usage journal: writes', () => {
  it('appends the counted lines of a batch with one write; blocked requests write nothing', async () => {
    const dir = await journalDir();
    const { watch, openFile } = watchedFiles();
    const journal = await openJournal(dir, { openFile });
    const accountId = randomUUID();
    const decisions = await Promise.all(Array.from({ length: 200 }, () => journal.count(entry(accountId), 150)));
    expect(decisions.filter((d) => d.counted)).toHaveLength(150);
    expect(watch.writes).toHaveLength(1);
    expect(lineCount(dir)).toBe(150);

    const late = await Promise.all(Array.from({ length: 10 }, () => journal.count(entry(accountId), 150)));
    expect(late.every((d) => d.blocked && d.used === 150)).toBe(true);
    expect(watch.writes).toHaveLength(1);
    expect(lineCount(dir)).toBe(150);
    await journal.close();
  });

  it('writes once per batch when batches are capped', async () => {
    const dir = await journalDir();
    const { watch, openFile } = watchedFiles();
    const journal = await openJournal(dir, { openFile, maxBatch: 50 });
    await Promise.all(Array.from({ length: 200 }, () => journal.count(entry(randomUUID()), null)));
    expect(watch.writes).toHaveLength(4);
    expect(lineCount(dir)).toBe(200);
    await journal.close();
  });

  it.each([
    ['fails outright', { writeHalfFirst: false }],
    ['fails half-way', { writeHalfFirst: true }],
  ])('rejects every request of a batch whose write %s, and counts none of them', async (_, failure) => {
    const dir = await journalDir();
    const { watch, openFile } = watchedFiles();
    const journal = await openJournal(dir, { openFile });
    const accountId = randomUUID();
    await journal.count(entry(accountId), null);
    const sizeBefore = statSync(join(dir, '000001.ndjson')).size;

    watch.fail = failure;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => journal.count(entry(accountId), 5)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(await journal.used(accountId, PERIOD)).toBe(1);
    expect(await journal.log(accountId, 100)).toHaveLength(1);
    // The half that reached the file was taken back.
    expect(statSync(join(dir, '000001.ndjson')).size).toBe(sizeBefore);

    // The counts taken back are free again: the quota of 5 admits 4 more.
    const next = await Promise.all(Array.from({ length: 6 }, () => journal.count(entry(accountId), 5)));
    expect(next.map((d) => d.counted)).toEqual([true, true, true, true, false, false]);
    await journal.close();

    const reopened = await openJournal(dir);
    expect(await reopened.used(accountId, PERIOD)).toBe(5);
    expect(await reopened.log(accountId, 100)).toHaveLength(5);
    await reopened.close();
  });

  it('starts a new segment when a failed write could not be taken back, and never reads its remains', async () => {
    const dir = await journalDir();
    const { watch, openFile } = watchedFiles();
    const journal = await openJournal(dir, { openFile });
    const accountId = randomUUID();
    await journal.count(entry(accountId), null);
    watch.fail = { writeHalfFirst: true, truncateFails: true };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => journal.count(entry(accountId), null)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(await journal.count(entry(accountId), null)).toMatchObject({ counted: true, used: 2 });
    expect(segmentFiles(dir)).toEqual(['000001.ndjson', '000002.ndjson']);
    expect(await journal.log(accountId, 100)).toHaveLength(2);
    await journal.close();

    const reopened = await openJournal(dir);
    expect(await reopened.used(accountId, PERIOD)).toBe(2);
    expect(await reopened.log(accountId, 100)).toHaveLength(2);
    await reopened.close();
  });

  it('refuses counts once closing, and answers those already made', async () => {
    const journal = await openJournal(await journalDir());
    const accountId = randomUUID();
    const pending = Array.from({ length: 30 }, () => journal.count(entry(accountId), null));
    const closed = journal.close();
    await expect(journal.count(entry(accountId), null)).rejects.toBeInstanceOf(StoreClosedError);
    expect((await Promise.all(pending)).filter((d) => d.counted)).toHaveLength(30);
    await closed;
    expect(await storedCounter(accountId)).toBe(30);
  });
});

describe('usage journal: checkpoints and reopening', () => {
  it('checkpoints written counters into usage_counters about every checkpointMs, without closing', async () => {
    const journal = await openJournal(await journalDir(), { checkpointMs: 20 });
    const accountId = randomUUID();
    await Promise.all(Array.from({ length: 40 }, () => journal.count(entry(accountId), null)));
    await expect.poll(() => storedCounter(accountId), { timeout: 5_000 }).toBe(40);
    await journal.close();
  });

  it('reads a counter it has not seen from PGlite once, for all the first requests of the batch', async () => {
    const accountId = randomUUID();
    await sql.query('INSERT INTO usage_counters (account_id, period_start, used) VALUES ($1, $2::date, 7)', [accountId, PERIOD]);
    const reads: string[] = [];
    const spied: SqlClient = { ...sql, query: (text, params) => (reads.push(text), sql.query(text, params)) };
    const journal = await openUsageJournal(spied, { dir: await journalDir() });
    reads.length = 0;
    const decisions = await Promise.all(Array.from({ length: 5 }, () => journal.count(entry(accountId), 10)));
    expect(decisions.map((d) => d.used)).toEqual([8, 9, 10, 10, 10]);
    expect(reads.filter((text) => /FROM jsonb_to_recordset/.test(text))).toHaveLength(1);
    await journal.close();
    expect(await storedCounter(accountId)).toBe(10);
  });

  it('reads back the same counters and log after a close and reopen', async () => {
    const dir = await journalDir();
    const journal = await openJournal(dir);
    const [a, b] = [randomUUID(), randomUUID()];
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => journal.count(entry(a, { at: new Date(Date.UTC(2026, 2, 5, 10, 0, i)) }), 25)),
      ...Array.from({ length: 10 }, () => journal.count(entry(b, { endpoint: 'ssn', value: '536-90-4399' }), null)),
    ]);
    const before = { a: await journal.used(a, PERIOD), b: await journal.used(b, PERIOD), logA: await journal.log(a, 100), logB: await journal.log(b, 100) };
    expect(before.a).toBe(25);
    expect(before.logA).toHaveLength(25);
    await journal.close();

    const reopened = await openJournal(dir);
    expect(await reopened.used(a, PERIOD)).toBe(before.a);
    expect(await reopened.used(b, PERIOD)).toBe(before.b);
    expect(await reopened.log(a, 100)).toEqual(before.logA);
    expect(await reopened.log(b, 100)).toEqual(before.logB);
    await reopened.close();
  });

  it('replays the lines written after the last checkpoint when the process ended without closing', async () => {
    const dir = await journalDir();
    // No timed checkpoint before the "crash": only the one made at open.
    const crashed = await openUsageJournal(sql, { dir, checkpointMs: 600_000 });
    const accountId = randomUUID();
    const answered = await Promise.all(Array.from({ length: 50 }, () => crashed.count(entry(accountId), null)));
    expect(answered.every((d) => d.counted)).toBe(true);
    expect(await storedCounter(accountId)).toBeUndefined();

    // Never closed, like a killed process (its handle is simply dropped).
    const reopened = await openJournal(dir);
    expect(await storedCounter(accountId)).toBe(50);
    expect(await reopened.used(accountId, PERIOD)).toBe(50);
    expect(await reopened.log(accountId, 100)).toHaveLength(50);
    // The retried requests of the crashed process are still recognised.
    expect(await reopened.count(entry(accountId, { requestId: (await reopened.log(accountId, 1))[0]?.requestId }), null)).toEqual({
      counted: false,
      blocked: false,
      used: 50,
    });
    await reopened.close();
  });

  it('cuts a torn last line off and does not count it; a whole line after the checkpoint counts', async () => {
    const dir = await journalDir();
    const journal = await openJournal(dir);
    const accountId = randomUUID();
    await Promise.all(Array.from({ length: 3 }, () => journal.count(entry(accountId), null)));
    await journal.close();

    const segment = join(dir, '000001.ndjson');
    const lines = readFileSync(segment, 'utf8').split('\n').filter(Boolean);
    const written = JSON.parse(lines[0] as string) as Record<string, unknown>;
    const whole = `${JSON.stringify({ ...written, request_id: 'written-not-checkpointed' })}\n`;
    const torn = JSON.stringify({ ...written, request_id: 'torn' }).slice(0, 60);
    appendFileSync(segment, whole + torn);
    const expectedSize = statSync(segment).size - Buffer.byteLength(torn);

    const reopened = await openJournal(dir);
    expect(statSync(segment).size).toBe(expectedSize);
    expect(readFileSync(segment, 'utf8').endsWith('\n')).toBe(true);
    expect(await reopened.used(accountId, PERIOD)).toBe(4);
    expect(await storedCounter(accountId)).toBe(4);
    const ids = (await reopened.log(accountId, 100)).map((row) => row.requestId);
    expect(ids).toContain('written-not-checkpointed');
    expect(ids).not.toContain('torn');
    // The next line starts on a line of its own.
    await reopened.count(entry(accountId), null);
    await reopened.close();
    expect(lineCount(dir)).toBe(5);
    const third = await openJournal(dir);
    expect(await third.used(accountId, PERIOD)).toBe(5);
    await third.close();
  });
});

describe('usage journal: a directory the SQL meter counted in before', () => {
  it('goes on from its counters and keeps its log rows in the log', async () => {
    const accountId = randomUUID();
    const meter = createUsageMeter(sql);
    const before = entry(accountId, { at: new Date('2026-03-05T09:00:00Z') });
    await meter.count(before, null);
    await meter.close();

    const journal = await openJournal(await journalDir());
    const after = entry(accountId, { at: new Date('2026-03-05T11:00:00Z') });
    expect(await journal.count(after, null)).toEqual({ counted: true, blocked: false, used: 2 });
    expect((await journal.log(accountId, 10)).map((row) => row.requestId)).toEqual([after.requestId, before.requestId]);
    expect((await journal.log(accountId, 1)).map((row) => row.requestId)).toEqual([after.requestId]);
    await journal.close();
  });
});

describe('usage journal: segments and request ids', () => {
  it('rotates segments past segmentBytes and reads the log newest first across them', async () => {
    const dir = await journalDir();
    const journal = await openJournal(dir, { segmentBytes: 700 });
    const accountId = randomUUID();
    const other = randomUUID();
    // The first counted are the newest: the oldest segments hold the newest `at`.
    const entries = Array.from({ length: 12 }, (_, i) => entry(accountId, { at: new Date(Date.UTC(2026, 2, 20 - i)) }));
    for (const [i, e] of entries.entries()) {
      await journal.count(e, null);
      await journal.count(entry(other, { at: new Date(Date.UTC(2026, 2, 1, i)) }), null);
    }
    expect(segmentFiles(dir).length).toBeGreaterThanOrEqual(4);
    const newestFirst = entries.map((e) => e.requestId);
    expect((await journal.log(accountId, 100)).map((row) => row.requestId)).toEqual(newestFirst);
    expect((await journal.log(accountId, 3)).map((row) => row.requestId)).toEqual(newestFirst.slice(0, 3));
    expect((await journal.log(other, 2)).map((row) => row.at.getUTCHours())).toEqual([11, 10]);
    await journal.close();

    const reopened = await openJournal(dir, { segmentBytes: 700 });
    expect((await reopened.log(accountId, 3)).map((row) => row.requestId)).toEqual(newestFirst.slice(0, 3));
    expect(await reopened.used(accountId, PERIOD)).toBe(12);
    await reopened.close();
  });

  it('orders entries of the same instant by request id, descending, as the SQL store does', async () => {
    const journal = await openJournal(await journalDir());
    const accountId = randomUUID();
    const ids = ['b', 'd', 'a', 'c'];
    for (const requestId of ids) await journal.count(entry(accountId, { requestId }), null);
    expect((await journal.log(accountId, 10)).map((row) => row.requestId)).toEqual(['d', 'c', 'b', 'a']);
    await journal.close();
  });

  it('recognises a retried id among the last recentIds counted, also after a reopen; an older one counts again', async () => {
    const dir = await journalDir();
    const journal = await openJournal(dir, { recentIds: 3 });
    const accountId = randomUUID();
    const entries = Array.from({ length: 4 }, () => entry(accountId));
    for (const e of entries) await journal.count(e, null);
    expect(await journal.count(entries[3] as UsageEntry, null)).toMatchObject({ counted: false });
    await journal.close();

    const reopened = await openJournal(dir, { recentIds: 3 });
    expect(await reopened.count(entries[1] as UsageEntry, null)).toMatchObject({ counted: false, used: 4 });
    expect(await reopened.count(entries[0] as UsageEntry, null)).toMatchObject({ counted: true, used: 5 });
    await reopened.close();
  });
});
