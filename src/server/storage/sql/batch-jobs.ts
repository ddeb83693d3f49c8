/**
 * Batch jobs in SQL (Store.batchJobs): one row per job, one per input line. Values and answers
 * are sealed (../sealing.ts) a statement's lines at a time rather than line by line (a seal's
 * fixed cost was a quarter of an offline job line's): the first line of such a piece (its head)
 * holds the piece sealed whole, `c1.` + the sealed JSON, and each other line `@<head line>`; a
 * cell sealed alone (`v1.…`, rows written before) is still read. A job runs in one instance at a
 * time: `claim` takes it with a lease in one statement (SQLite runs one write at a time;
 * PostgreSQL's claimers pass over rows another holds, SKIP LOCKED, and the outer WHERE re-checks
 * the lease). Answers are written by ./job-lines.ts: only lines still unanswered, the counters
 * moved by the lines really written, so a job resumed by another instance never counts a line
 * twice; the runner's answers go in with their count, in the usage meter's transaction (./meter.ts).
 *
 * A streamed upload (`begin`, `append`, `commit`) is a job row held by the owner UPLOADING: its
 * lines go in piece by piece, each its own short transaction, and no runner claims it, no list shows
 * it and no cap counts it until `commit` hands it to the runners (or `discard` removes it).
 */
import type { ValidationResult } from '../../../result.js';
import type { Sealer } from '../sealing.js';
import type { BatchJobRecord, BatchJobStatus, JobField, Store } from '../types.js';
import type { SqlClient } from './client.js';
import { answerLine, byRowCount, chunks, IN_PIECE, jobAnswerWriter, LINES_PER_STATEMENT, PIECE, valuesList, type StoredAnswer } from './job-lines.js';
import { dateColumn, optionalDateColumn } from './values.js';

interface JobRow {
  id: string;
  account_id: string;
  key_id: string;
  field: string;
  status: string;
  total: number | string;
  done: number | string;
  valid: number | string;
  invalid: number | string;
  webhook_url: string | null;
  created_at: unknown;
  started_at: unknown;
  finished_at: unknown;
  error: string | null;
}

const JOB_COLUMNS = 'id, account_id, key_id, field, status, total, done, valid, invalid, webhook_url, created_at, started_at, finished_at, error';

/** The lease owner of a job whose upload has not ended (no runner is ever named so: see runner.ts). */
const UPLOADING = 'upload';
/** Lines deleted per statement when an upload is discarded: each statement short, the event loop given back in between. */
const LINES_PER_DELETE = 2_000;

const toJob = (row: JobRow): BatchJobRecord => ({
  id: row.id,
  accountId: row.account_id,
  keyId: row.key_id,
  field: row.field as JobField,
  status: row.status as BatchJobStatus,
  total: Number(row.total),
  done: Number(row.done),
  valid: Number(row.valid),
  invalid: Number(row.invalid),
  webhookUrl: row.webhook_url,
  createdAt: dateColumn(row.created_at),
  startedAt: optionalDateColumn(row.started_at),
  finishedAt: optionalDateColumn(row.finished_at),
  error: row.error,
});

/** How a line's cell reads: its own sealed text, a piece sealed whole, or a pointer to its piece's head. */
type Cell = { kind: 'own'; sealed: string } | { kind: 'piece'; sealed: string } | { kind: 'in'; head: number };

function readCell(text: string): Cell {
  if (text.startsWith(IN_PIECE)) return { kind: 'in', head: Number(text.slice(IN_PIECE.length)) };
  if (text.startsWith(PIECE)) return { kind: 'piece', sealed: text.slice(PIECE.length) };
  return { kind: 'own', sealed: text };
}

/**
 * The content of each of `rows`' cells: `own` reads a cell sealed alone, `inPiece` one line out of
 * its piece (opened and parsed once). Pieces whose head is not among `rows` are read with `heads`.
 */
async function openCells<P, T>(
  sealer: Sealer,
  rows: ReadonlyArray<{ line: number; cell: string }>,
  heads: (lines: readonly number[]) => Promise<ReadonlyArray<{ line: number; cell: string }>>,
  inPiece: (piece: P, head: number, line: number) => T,
  own: (opened: string) => T,
): Promise<T[]> {
  const cells = rows.map((row) => readCell(row.cell));
  const sealedPieces = new Map<number, string>();
  const missing = new Set<number>();
  rows.forEach((row, index) => {
    const cell = cells[index] as Cell;
    if (cell.kind === 'piece') sealedPieces.set(row.line, cell.sealed);
    else if (cell.kind === 'in') missing.add(cell.head);
  });
  for (const head of sealedPieces.keys()) missing.delete(head);
  if (missing.size > 0) {
    for (const row of await heads([...missing])) {
      const cell = readCell(row.cell);
      if (cell.kind !== 'piece') throw new Error(`batch job line ${row.line} holds no sealed piece`);
      sealedPieces.set(row.line, cell.sealed);
    }
  }
  const pieces = new Map<number, P>();
  const pieceOf = (head: number): P => {
    let piece = pieces.get(head);
    if (piece === undefined) {
      const sealed = sealedPieces.get(head);
      if (sealed === undefined) throw new Error(`the sealed piece of batch job line ${head} is missing`);
      piece = JSON.parse(sealer.open(sealed)) as P;
      pieces.set(head, piece);
    }
    return piece;
  };
  return rows.map((row, index) => {
    const cell = cells[index] as Cell;
    if (cell.kind === 'own') return own(sealer.open(cell.sealed));
    const head = cell.kind === 'piece' ? row.line : cell.head;
    return inPiece(pieceOf(head), head, row.line);
  });
}

/** Batch jobs over `sql`, their values and results sealed by `sealer`. */
export function sqlBatchJobs(sql: SqlClient, sealer: Sealer): Store['batchJobs'] {
  const d = sql.dialect;
  const answers = jobAnswerWriter(d, sealer);
  const time = (n: number): string => d.param(n, 'time');
  const OPEN = `status IN ('queued', 'running')`;

  const INSERT_JOB = `INSERT INTO batch_jobs (id, account_id, key_id, field, status, total, done, valid, invalid, webhook_url,
      created_at, started_at, finished_at, error, lease_owner)
    VALUES ($1, $2, $3, $4, $5, ${d.param(6, 'integer')}, ${d.param(7, 'integer')}, ${d.param(8, 'integer')}, ${d.param(9, 'integer')}, $10,
      ${time(11)}, ${time(12)}, ${time(13)}, $14, $15)`;
  const NOT_UPLOADING = `(lease_owner IS NULL OR lease_owner <> '${UPLOADING}')`;
  const GET = `SELECT ${JOB_COLUMNS} FROM batch_jobs WHERE account_id = $1 AND id = $2`;
  const LIST = `SELECT ${JOB_COLUMNS} FROM batch_jobs WHERE account_id = $1 AND ${NOT_UPLOADING} ORDER BY created_at DESC, id DESC LIMIT ${d.param(2, 'integer')}`;
  const CANCEL = `UPDATE batch_jobs SET status = 'cancelled', finished_at = ${time(3)}, lease_owner = NULL, lease_until = NULL
    WHERE account_id = $1 AND id = $2 AND ${OPEN} RETURNING id`;
  const CLAIMABLE = `${OPEN} AND ${NOT_UPLOADING} AND (lease_until IS NULL OR lease_until <= ${time(2)})`;
  // Round robin: a job released after its turn (lease_until = the release) queues behind every job
  // submitted before that, so a small job never waits for a large one to end (docs/service.md#jobs).
  const CLAIM = `UPDATE batch_jobs SET status = 'running', started_at = coalesce(started_at, ${time(2)}), lease_owner = $1, lease_until = ${time(3)}
    WHERE id = (SELECT id FROM batch_jobs WHERE ${CLAIMABLE} ORDER BY coalesce(lease_until, created_at), created_at, id LIMIT 1${d.skipLocked}) AND ${CLAIMABLE}
    RETURNING ${JOB_COLUMNS}`;
  const RELEASE = `UPDATE batch_jobs SET lease_owner = NULL, lease_until = ${time(3)} WHERE id = $1 AND lease_owner = $2 AND status = 'running'`;
  const OPEN_COUNT = `SELECT count(*) AS n FROM batch_jobs WHERE account_id = $1 AND ${OPEN} AND ${NOT_UPLOADING}`;
  const GROW = `UPDATE batch_jobs SET total = total + ${d.param(2, 'integer')} WHERE id = $1 AND lease_owner = '${UPLOADING}'`;
  const COMMIT = `UPDATE batch_jobs SET lease_owner = NULL, webhook_url = $3 WHERE id = $1 AND lease_owner = '${UPLOADING}'
    AND (SELECT count(*) FROM batch_jobs AS other WHERE other.account_id = batch_jobs.account_id AND other.${OPEN}
      AND (other.lease_owner IS NULL OR other.lease_owner <> '${UPLOADING}')) < ${d.param(2, 'integer')}
    RETURNING id`;
  const DELETE_LINES = `DELETE FROM batch_job_lines WHERE job_id = $1 AND line IN
    (SELECT line FROM batch_job_lines WHERE job_id = $1 ORDER BY line LIMIT ${LINES_PER_DELETE}) RETURNING line`;
  const DELETE_UPLOAD = `DELETE FROM batch_jobs WHERE id = $1 AND lease_owner = '${UPLOADING}'`;
  const ABANDONED = `SELECT id FROM batch_jobs WHERE lease_owner = '${UPLOADING}' AND created_at < ${time(1)} ORDER BY created_at LIMIT ${d.param(2, 'integer')}`;
  const RENEW = `UPDATE batch_jobs SET lease_until = ${time(3)} WHERE id = $1 AND lease_owner = $2 AND status = 'running' RETURNING id`;
  const PENDING = `SELECT line, value FROM batch_job_lines WHERE job_id = $1 AND line > ${d.param(2, 'integer')} AND result IS NULL
    ORDER BY line LIMIT ${d.param(3, 'integer')}`;
  const FINISH = `UPDATE batch_jobs SET status = $2, finished_at = ${time(3)}, error = $4, lease_owner = NULL, lease_until = NULL
    WHERE id = $1 AND ${OPEN}`;
  const LINES = `SELECT line, result FROM batch_job_lines WHERE job_id = $1 AND line > ${d.param(2, 'integer')} AND result IS NOT NULL
    ORDER BY line LIMIT ${d.param(3, 'integer')}`;
  const cellsOf = (column: 'value' | 'result', count: number): string =>
    `SELECT line, ${column} AS cell FROM batch_job_lines WHERE job_id = $1 AND line IN (${Array.from({ length: count }, (_, i) => d.param(i + 2, 'integer')).join(', ')})`;
  const insertLines = byRowCount((rows) =>
    `INSERT INTO batch_job_lines (job_id, line, value) VALUES ${valuesList(d, rows, ['text', 'integer', 'text'])}`);
  const headCells = (column: 'value' | 'result') => async (id: string, lines: readonly number[]) => {
    const { rows } = await sql.query<{ line: number | string; cell: string }>(cellsOf(column, lines.length), [id, ...lines]);
    return rows.map((row) => ({ line: Number(row.line), cell: row.cell }));
  };

  const jobParams = (job: BatchJobRecord, owner: string | null): unknown[] => [
    job.id,
    job.accountId,
    job.keyId,
    job.field,
    job.status,
    job.total,
    job.done,
    job.valid,
    job.invalid,
    job.webhookUrl,
    d.time(job.createdAt),
    job.startedAt === null ? null : d.time(job.startedAt),
    job.finishedAt === null ? null : d.time(job.finishedAt),
    job.error,
    owner,
  ];
  const insertValues = async (tx: SqlClient, id: string, first: number, values: readonly string[]): Promise<void> => {
    let line = first;
    for (const chunk of chunks(values, LINES_PER_STATEMENT)) {
      const head = line;
      const params: unknown[] = [id, head, PIECE + sealer.seal(JSON.stringify(chunk))];
      const pointer = `${IN_PIECE}${head}`;
      for (let index = 1; index < chunk.length; index++) params.push(id, head + index, pointer);
      await tx.query(insertLines(chunk.length), params);
      line += chunk.length;
    }
  };

  return {
    async create(job, values) {
      if (values.length !== job.total) throw new RangeError(`job total ${job.total} differs from its ${values.length} values`);
      await sql.transaction(async (tx) => {
        await tx.query(INSERT_JOB, jobParams(job, null));
        await insertValues(tx, job.id, 1, values);
      });
    },
    async begin(job) {
      await sql.query(INSERT_JOB, jobParams({ ...job, total: 0 }, UPLOADING));
    },
    async append(id, first, values) {
      if (values.length === 0) return;
      await sql.transaction(async (tx) => {
        await insertValues(tx, id, first, values);
        await tx.query(GROW, [id, values.length]);
      });
    },
    async commit(id, webhookUrl, maxOpen) {
      const { rows } = await sql.query(COMMIT, [id, maxOpen, webhookUrl]);
      return rows.length > 0;
    },
    async discard(id) {
      for (;;) {
        const { rows } = await sql.query(DELETE_LINES, [id]);
        if (rows.length < LINES_PER_DELETE) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await sql.query(DELETE_UPLOAD, [id]);
    },
    async abandonedUploads(before, limit) {
      const { rows } = await sql.query<{ id: string }>(ABANDONED, [d.time(before), limit]);
      return rows.map((row) => row.id);
    },
    async get(accountId, id) {
      const { rows } = await sql.query<JobRow>(GET, [accountId, id]);
      return rows[0] === undefined ? null : toJob(rows[0]);
    },
    async list(accountId, limit) {
      const { rows } = await sql.query<JobRow>(LIST, [accountId, limit]);
      return rows.map(toJob);
    },
    async cancel(accountId, id, now) {
      const { rows } = await sql.query(CANCEL, [accountId, id, d.time(now)]);
      return rows.length > 0;
    },
    async claim(instance, now, leaseUntil) {
      const { rows } = await sql.query<JobRow>(CLAIM, [instance, d.time(now), d.time(leaseUntil)]);
      return rows[0] === undefined ? null : toJob(rows[0]);
    },
    async renew(id, instance, leaseUntil) {
      const { rows } = await sql.query(RENEW, [id, instance, d.time(leaseUntil)]);
      return rows.length > 0;
    },
    async release(id, instance, at) {
      await sql.query(RELEASE, [id, instance, d.time(at)]);
    },
    async openCount(accountId) {
      const { rows } = await sql.query<{ n: number | string }>(OPEN_COUNT, [accountId]);
      return Number(rows[0]?.n ?? 0);
    },
    async pending(id, after, limit) {
      const { rows } = await sql.query<{ line: number | string; value: string }>(PENDING, [id, after, limit]);
      const cells = rows.map((row) => ({ line: Number(row.line), cell: row.value }));
      const values = await openCells<string[], string>(
        sealer,
        cells,
        (lines) => headCells('value')(id, lines),
        (piece, head, line) => {
          const value = piece[line - head];
          if (value === undefined) throw new Error(`batch job line ${line} is missing from its sealed piece`);
          return value;
        },
        (opened) => opened,
      );
      return cells.map((cell, index) => ({ line: cell.line, value: values[index] as string }));
    },
    async answer(id, lines) {
      if (lines.length === 0) return;
      await sql.transaction((tx) => answers.write(tx, id, lines));
    },
    async finish(id, status, now, error) {
      await sql.query(FINISH, [id, status, d.time(now), error ?? null]);
    },
    async lines(id, after, limit) {
      const { rows } = await sql.query<{ line: number | string; result: string }>(LINES, [id, after, limit]);
      const cells = rows.map((row) => ({ line: Number(row.line), cell: row.result }));
      const answers = await openCells<Record<string, StoredAnswer>, StoredAnswer>(
        sealer,
        cells,
        (lines) => headCells('result')(id, lines),
        (piece, _head, line) => {
          const answer = piece[line];
          if (answer === undefined) throw new Error(`batch job line ${line} is missing from its sealed piece`);
          return answer;
        },
        (opened) => JSON.parse(opened) as ValidationResult,
      );
      return cells.map((cell, index) => answerLine(cell.line, answers[index] as StoredAnswer));
    },
  };
}
