/**
 * How batch job lines are written (./batch-jobs.ts reads them): a statement's lines sealed as one
 * piece, the piece in its first line (its head) and `@<head line>` in each other, and the answers
 * of counted lines with the job's counters. The answers are written by the usage meter, in the
 * transaction that counts their lines (./meter.ts), and only while the job is open: a cancelled
 * job counts no line after its cancel, and a line counted is a line answered
 * (docs/service.md#jobs).
 */
import type { ValidationResult } from '../../../result.js';
import type { Sealer } from '../sealing.js';
import type { BatchJobLine, Field } from '../types.js';
import type { Dialect } from './dialect.js';
import type { SqlQuery } from './query.js';

/** Lines per INSERT or UPDATE statement: well under both engines' limit of bound parameters. */
export const LINES_PER_STATEMENT = 500;

/** A cell sealing a whole piece of lines (see the module comment). */
export const PIECE = 'c1.';
/** A cell whose content is in its piece's head line: `@<head line>`. */
export const IN_PIECE = '@';

export function* chunks<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** `statement(rows)`, built once per row count: a statement's text is the key of its prepared form. */
export function byRowCount(statement: (rows: number) => string): (rows: number) => string {
  const texts = new Map<number, string>();
  return (rows) => {
    let text = texts.get(rows);
    if (text === undefined) {
      text = statement(rows);
      texts.set(rows, text);
    }
    return text;
  };
}

/** `(…), (…)` of `rows` rows of `types`, numbered from $`first`. */
export function valuesList(d: Dialect, rows: number, types: ReadonlyArray<Parameters<Dialect['param']>[1]>, first = 1): string {
  const tuples: string[] = [];
  for (let row = 0; row < rows; row++) {
    tuples.push(`(${types.map((type, column) => d.param(first + row * types.length + column, type)).join(', ')})`);
  }
  return tuples.join(', ');
}

/**
 * A line's answer as its piece keeps it: the result, or, on a mixed job's line, `{ field, result }`
 * (told apart by `valid`, which every result has).
 */
export type StoredAnswer = ValidationResult | { field: Field; result: ValidationResult };

/** The line an answer of a piece stands for. */
export function answerLine(line: number, stored: StoredAnswer): BatchJobLine {
  return 'valid' in stored ? { line, result: stored } : { line, field: stored.field, result: stored.result };
}

/** The writes of job answers inside a transaction the caller holds. */
export interface JobAnswerWriter {
  /**
   * Of `ids`, the jobs still queued or running, their rows locked until the transaction ends
   * (PostgreSQL: a cancel waits for the counts in flight; SQLite's write transaction holds every row).
   */
  openJobs(tx: SqlQuery, ids: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Stores the answers of some lines and moves the counters (done, valid, invalid); a line
   * answered already is left as it is (a resumed job never counts one twice).
   */
  write(tx: SqlQuery, id: string, lines: readonly BatchJobLine[]): Promise<void>;
}

export function jobAnswerWriter(d: Dialect, sealer: Sealer): JobAnswerWriter {
  const openOf = byRowCount((rows) =>
    `SELECT id FROM batch_jobs WHERE id IN (${Array.from({ length: rows }, (_, i) => d.param(i + 1)).join(', ')})
      AND status IN ('queued', 'running') ORDER BY id${d.forUpdate}`);
  const SET_RESULT = `UPDATE batch_job_lines SET result = $3 WHERE job_id = $1 AND line = ${d.param(2, 'integer')}`;
  const COUNT = `UPDATE batch_jobs SET done = done + ${d.param(2, 'integer')}, valid = valid + ${d.param(3, 'integer')},
    invalid = invalid + ${d.param(4, 'integer')} WHERE id = $1`;
  // Only lines still unanswered are written; RETURNING tells which, and their verdicts.
  const answerLines = byRowCount((rows) =>
    `WITH answers (answer_line, answer_result, answer_valid) AS (VALUES ${valuesList(d, rows, ['integer', 'text', 'boolean'], 2)})
      UPDATE batch_job_lines SET result = answers.answer_result, valid = answers.answer_valid FROM answers
      WHERE batch_job_lines.job_id = $1 AND batch_job_lines.line = answers.answer_line AND batch_job_lines.result IS NULL
      RETURNING line, valid`);

  return {
    async openJobs(tx, ids) {
      const open = new Set<string>();
      for (const chunk of chunks([...new Set(ids)].sort(), LINES_PER_STATEMENT)) {
        const { rows } = await tx.query<{ id: string }>(openOf(chunk.length), [...chunk]);
        for (const row of rows) open.add(row.id);
      }
      return open;
    },
    async write(tx, id, lines) {
      if (lines.length === 0) return;
      let valid = 0;
      let invalid = 0;
      const sorted = [...lines].sort((a, b) => a.line - b.line);
      for (const chunk of chunks(sorted, LINES_PER_STATEMENT)) {
        const results: Record<string, StoredAnswer> = {};
        for (const { line, result, field } of chunk) results[line] = field === undefined ? result : { field, result };
        const sealed = PIECE + sealer.seal(JSON.stringify(results));
        const head = (chunk[0] as BatchJobLine).line;
        const params: unknown[] = [id];
        for (const { line, result } of chunk) params.push(line, line === head ? sealed : `${IN_PIECE}${head}`, result.valid === true);
        const { rows } = await tx.query<{ line: number | string; valid: unknown }>(answerLines(chunk.length), params);
        const written = rows.map((row) => Number(row.line));
        if (written.length > 0 && !written.includes(head)) {
          // The head was answered already (by an instance that took the job over): the lines
          // written here point at the first of them instead, which holds the piece.
          const newHead = Math.min(...written);
          for (const line of written) await tx.query(SET_RESULT, [id, line, line === newHead ? sealed : `${IN_PIECE}${newHead}`]);
        }
        for (const row of rows) {
          if (d.readBoolean(row.valid)) valid++;
          else invalid++;
        }
      }
      if (valid + invalid > 0) await tx.query(COUNT, [id, valid + invalid, valid, invalid]);
    },
  };
}
