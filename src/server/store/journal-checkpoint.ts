/**
 * What the usage journal (usage-journal.ts) keeps in PGlite: the counters in `usage_counters`,
 * as absolute values, and per segment file the bytes those counters hold and the newest `at`
 * among them (`usage_journal_segments`, schema.ts V3). A checkpoint writes both in one
 * transaction, so after a crash the journal knows exactly which lines are still to be replayed.
 */
import { READ_COUNTERS } from './meter.js';
import type { SqlClient } from './sql.js';
import { jsonParam } from './sql-values.js';

/** A counter as the journal keeps it. */
export interface CounterValue {
  /** The account. */
  accountId: string;
  /** Billing period start, YYYY-MM-DD. */
  periodStart: string;
  /** Validations counted, all of them in the journal. */
  used: number;
}

/** One segment file as the checkpoint records it. */
export interface SegmentMark {
  /** Segment number (file `000001.ndjson` is 1). */
  segment: number;
  /** Bytes of the segment whose lines the counters hold. */
  bytes: number;
  /** Newest `at` (ms since the epoch) among those lines; null when it has none. */
  newestAtMs: number | null;
}

const UPSERT_COUNTERS = `
INSERT INTO usage_counters (account_id, period_start, used)
SELECT c.account_id, c.period_start::date, c.used
FROM jsonb_to_recordset($1::jsonb) AS c(account_id text, period_start text, used integer)
ORDER BY c.account_id, c.period_start
ON CONFLICT (account_id, period_start) DO UPDATE SET used = EXCLUDED.used`;

const UPSERT_SEGMENTS = `
INSERT INTO usage_journal_segments (segment, checkpointed_bytes, newest_at_ms)
SELECT s.segment, s.bytes, s.newest_at_ms
FROM jsonb_to_recordset($1::jsonb) AS s(segment integer, bytes bigint, newest_at_ms bigint)
ON CONFLICT (segment) DO UPDATE SET checkpointed_bytes = EXCLUDED.checkpointed_bytes, newest_at_ms = EXCLUDED.newest_at_ms`;

/** Writes `counters` and `segments` in one transaction. */
export async function writeCheckpoint(sql: SqlClient, counters: readonly CounterValue[], segments: readonly SegmentMark[]): Promise<void> {
  await sql.transaction(async (tx) => {
    if (counters.length > 0) {
      await tx.query(UPSERT_COUNTERS, [
        jsonParam(counters.map((c) => ({ account_id: c.accountId, period_start: c.periodStart, used: c.used }))),
      ]);
    }
    if (segments.length > 0) {
      await tx.query(UPSERT_SEGMENTS, [
        JSON.stringify(segments.map((s) => ({ segment: s.segment, bytes: s.bytes, newest_at_ms: s.newestAtMs }))),
      ]);
    }
  });
}

/** Every segment the checkpoints recorded, ascending; the last one holds the journal position. */
export async function readSegmentMarks(sql: SqlClient): Promise<SegmentMark[]> {
  // bigint comes back as text from pg and as a BigInt from PGlite: float8 is a number for both.
  const { rows } = await sql.query<{ segment: number; bytes: number; newest_at_ms: number | null }>(
    `SELECT segment, checkpointed_bytes::float8 AS bytes, newest_at_ms::float8 AS newest_at_ms
     FROM usage_journal_segments ORDER BY segment`
  );
  return rows.map((row) => ({ segment: row.segment, bytes: row.bytes, newestAtMs: row.newest_at_ms }));
}

/** The counters of the given (account, period) pairs as usage_counters holds them (0 when missing). */
export async function readCounters(
  sql: SqlClient,
  groups: ReadonlyArray<{ accountId: string; periodStart: string }>
): Promise<CounterValue[]> {
  const { rows } = await sql.query<{ account_id: string; period_start: string; used: number }>(READ_COUNTERS, [
    jsonParam(groups.map((g) => ({ account_id: g.accountId, period_start: g.periodStart }))),
  ]);
  return rows.map((row) => ({ accountId: row.account_id, periodStart: row.period_start, used: row.used }));
}
