/**
 * The rows of one batch of the usage meter and the statements each engine writes them with
 * (../sqlite/meter.ts, ../postgres/meter.ts), apart from the meter itself (./meter.ts), so that a
 * dialect (./dialect.ts) can name its statements without importing the meter or the client.
 */
import type { BatchJobLine, Field } from '../types.js';
import type { SqlQuery } from './query.js';

/** A usage-log row in the table's column names, `at` as ISO text. */
export interface LogRow {
  request_id: string;
  account_id: string;
  key_id: string;
  period_start: string;
  endpoint: Field;
  value: string;
  valid: boolean;
  status: number;
  latency_ms: number;
  sdk: string | null;
  at: string;
  /** A refused request's errorCode (never counted); null on a counted one. */
  error_code: string | null;
  /** A counted invalid answer's reason; else null. */
  reason: string | null;
}

/** One checked request of a batch. */
export interface MeterRequest {
  /** The row to log, value already masked and every string storable. */
  row: LogRow;
  /** `row.at` in milliseconds. */
  atMs: number;
  /** The UTC day of `row.at` (YYYY-MM-DD): the per-day total it adds to. */
  day: string;
  /** The counter it counts against: see {@link groupKey}. */
  group: string;
  /** null: no blocking limit. */
  quota: number | null;
  /** A batch job's line, answered in the batch's transaction when counted; null for any other request. */
  jobLine: { jobId: string; answer: BatchJobLine } | null;
}

/** One usage counter: an account's count in one billing period. */
export interface CounterKey {
  accountId: string;
  periodStart: string;
}

/** What a batch adds to one per-day total. */
export interface DailyDelta {
  accountId: string;
  day: string;
  keyId: string;
  endpoint: Field;
  valid: boolean;
  count: number;
}

/** The newest counted request of one key in a batch. */
export interface KeyUse {
  accountId: string;
  keyId: string;
  /** ISO text, as {@link LogRow}'s `at`. */
  at: string;
  /** `at` in milliseconds. */
  atMs: number;
}

/** The reads and writes of one batch, as each engine spells them; all run inside the batch's transaction. */
export interface MeterStatements {
  /** Creates the missing counters, locks them until the transaction ends, and reads their values. */
  lockCounters(tx: SqlQuery, counters: readonly CounterKey[]): Promise<Array<CounterKey & { used: number }>>;
  /** Inserts the log rows whose request id is not in the log; resolves with the ids inserted. */
  insertLog(tx: SqlQuery, requests: readonly MeterRequest[]): Promise<ReadonlySet<string>>;
  /** Adds `granted` to each counter. */
  addGrants(tx: SqlQuery, grants: ReadonlyArray<CounterKey & { granted: number }>): Promise<void>;
  /** Deletes these log rows (blocked requests). */
  deleteLog(tx: SqlQuery, requestIds: readonly string[]): Promise<void>;
  /**
   * Adds each delta to its per-day total, creating missing ones, and moves each key's last use
   * forward to `uses` (never back: a late batch may carry older requests).
   */
  addDailyTotals(tx: SqlQuery, deltas: readonly DailyDelta[], uses: readonly KeyUse[]): Promise<void>;
}
