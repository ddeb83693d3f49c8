/**
 * A job's values and answers sealed a piece of lines at a time (src/server/storage/sql/batch-jobs.ts)
 * on SQLite in memory: every line reads back its own value and answer whatever page or offset it
 * is read from, a line answered twice (an instance that took the job over) keeps its first answer
 * and is counted once, nothing is in clear, and rows sealed one line at a time still read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidationResult } from '../../../src/result.js';
import { openSqlite, type SqlClient } from '../../../src/server/storage/index.js';
import { ephemeralSealer, type Sealer } from '../../../src/server/storage/sealing.js';
import { createSqlStore } from '../../../src/server/storage/sql/store.js';
import type { BatchJobLine, BatchJobRecord, Store } from '../../../src/server/storage/types.js';
import { queuedJob } from './harness.js';
import { createAccount } from '../../support/server.js';

let sql: SqlClient;
let store: Store;
let sealer: Sealer;

afterEach(async () => {
  await store?.close();
});

async function open(): Promise<void> {
  sql = await openSqlite();
  sealer = ephemeralSealer();
  store = await createSqlStore(sql, { sealer });
}

/** A queued job of `values` for a new account, stored with create(). */
async function jobOf(values: readonly string[]): Promise<BatchJobRecord> {
  const account = await createAccount(store, 'PRO');
  const job = queuedJob(account.id, 'key-1', 'iban', values.length, new Date('2026-12-01T00:00:00Z'));
  await store.batchJobs.create(job, values);
  return job;
}

const valueOf = (line: number): string => `SECRET-VALUE-${String(line).padStart(5, '0')}`;
const values = (count: number): string[] => Array.from({ length: count }, (_, index) => valueOf(index + 1));

/** The answer a test stores for `line`: valid on even lines, naming who answered. */
function answer(line: number, by = 'first'): BatchJobLine {
  const result: ValidationResult = { valid: line % 2 === 0, originalValue: valueOf(line), normalizedValue: `${by}-${line}`, message: `answered by ${by}` } as ValidationResult;
  return { line, result };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

async function allLines(id: string, page: number): Promise<BatchJobLine[]> {
  const lines: BatchJobLine[] = [];
  for (let after = 0; ; ) {
    const next = await store.batchJobs.lines(id, after, page);
    lines.push(...next);
    if (next.length < page) return lines;
    after = (next[next.length - 1] as BatchJobLine).line;
  }
}

describe('a job sealed a piece at a time', () => {
  it('gives every pending line its own value from any offset, across pieces', async () => {
    await open();
    const job = await jobOf(values(1_234));
    const all = await store.batchJobs.pending(job.id, 0, 5_000);
    expect(all.map((line) => line.line)).toEqual(range(1, 1_234));
    expect(all.every(({ line, value }) => value === valueOf(line))).toBe(true);
    // Starting inside a piece, and spanning two.
    expect(await store.batchJobs.pending(job.id, 450, 100)).toEqual(range(451, 550).map((line) => ({ line, value: valueOf(line) })));
    // Appended pieces (a streamed upload) read the same.
    await store.batchJobs.begin({ ...job, id: 'streamed', total: 0 });
    await store.batchJobs.append('streamed', 1, values(7));
    await store.batchJobs.append('streamed', 8, values(600).slice(7));
    expect(await store.batchJobs.pending('streamed', 3, 700)).toEqual(range(4, 600).map((line) => ({ line, value: valueOf(line) })));
  });

  it('stores each answer once: a line answered again keeps its first answer and is not counted twice', async () => {
    await open();
    const job = await jobOf(values(700));
    // One instance stores lines 1-10, then loses the job; the next one does 1-64 again (its piece's
    // first line was answered already), then the rest, out of order.
    await store.batchJobs.answer(job.id, range(1, 10).map((line) => answer(line, 'first')));
    await store.batchJobs.answer(job.id, range(1, 64).map((line) => answer(line, 'second')));
    await store.batchJobs.answer(job.id, range(65, 700).reverse().map((line) => answer(line, 'second')));
    await store.batchJobs.answer(job.id, range(60, 80).map((line) => answer(line, 'third')));

    const stored = await store.batchJobs.get(job.accountId, job.id);
    expect(stored).toMatchObject({ done: 700, valid: 350, invalid: 350 });
    expect(await store.batchJobs.pending(job.id, 0, 1_000)).toEqual([]);
    for (const page of [7, 500, 1_000]) {
      const lines = await allLines(job.id, page);
      expect(lines.map((line) => line.line)).toEqual(range(1, 700));
      for (const { line, result } of lines) {
        expect(result.originalValue).toBe(valueOf(line));
        expect(result.normalizedValue).toBe(`${line <= 10 ? 'first' : 'second'}-${line}`);
      }
    }
  });

  it('keeps no value or answer in clear, and reads lines sealed one at a time', async () => {
    await open();
    const job = await jobOf(values(20));
    await store.batchJobs.answer(job.id, range(1, 20).map((line) => answer(line)));
    const { rows } = await sql.query<Record<string, unknown>>('SELECT * FROM batch_job_lines');
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain('SECRET-VALUE');
    expect(raw).not.toContain('answered by');

    // Rows written one sealed cell per line (before pieces) read as they did.
    const old = await jobOf([]);
    await sql.query('UPDATE batch_jobs SET total = 2 WHERE id = $1', [old.id]);
    await sql.query('INSERT INTO batch_job_lines (job_id, line, value) VALUES ($1, 1, $2), ($1, 2, $3)', [old.id, sealer.seal('OLD-1'), sealer.seal('OLD-2')]);
    expect(await store.batchJobs.pending(old.id, 0, 10)).toEqual([
      { line: 1, value: 'OLD-1' },
      { line: 2, value: 'OLD-2' },
    ]);
    await sql.query('UPDATE batch_job_lines SET result = $2, valid = 1 WHERE job_id = $1 AND line = 1', [old.id, sealer.seal(JSON.stringify(answer(1).result))]);
    await store.batchJobs.answer(old.id, [answer(2)]);
    expect((await store.batchJobs.lines(old.id, 0, 10)).map(({ line, result }) => [line, result.originalValue])).toEqual([
      [1, valueOf(1)],
      [2, valueOf(2)],
    ]);
  });
});
