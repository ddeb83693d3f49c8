/**
 * The usage meter's batch statements on SQLite (../sql/meter.ts decides). They run inside the
 * batch's write transaction (BEGIN IMMEDIATE: the store's write lock, held against every other
 * process until the commit), so reading a counter needs no row lock. A statement per row: SQLite
 * runs in this process, so a prepared statement costs a few microseconds and no round trip.
 */
import type { MeterStatements } from '../sql/meter-batch.js';

const READ_COUNTER = 'SELECT used FROM usage_counters WHERE account_id = $1 AND period_start = $2';
const INSERT_LOG = `INSERT INTO usage_log (request_id, account_id, key_id, period_start, endpoint, value, valid, status, latency_ms, sdk, at, error_code, reason)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (request_id) DO NOTHING`;
const ADD_GRANT = `INSERT INTO usage_counters (account_id, period_start, used) VALUES ($1, $2, $3)
  ON CONFLICT (account_id, period_start) DO UPDATE SET used = usage_counters.used + excluded.used`;
const DELETE_LOG = 'DELETE FROM usage_log WHERE request_id = $1';
const ADD_DAILY = `INSERT INTO usage_daily (account_id, day, key_id, endpoint, valid, count) VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (account_id, day, key_id, endpoint, valid) DO UPDATE SET count = usage_daily.count + excluded.count`;
const MOVE_LAST_USE = `INSERT INTO usage_key_last (account_id, key_id, at) VALUES ($1, $2, $3)
  ON CONFLICT (account_id, key_id) DO UPDATE SET at = max(usage_key_last.at, excluded.at)`;

export const sqliteMeterStatements: MeterStatements = {
  async lockCounters(tx, counters) {
    const values = [];
    for (const counter of counters) {
      const { rows } = await tx.query<{ used: number }>(READ_COUNTER, [counter.accountId, counter.periodStart]);
      values.push({ ...counter, used: rows[0]?.used ?? 0 });
    }
    return values;
  },
  async insertLog(tx, requests) {
    const inserted = new Set<string>();
    for (const { row, atMs } of requests) {
      const { rowCount } = await tx.query(INSERT_LOG, [
        row.request_id,
        row.account_id,
        row.key_id,
        row.period_start,
        row.endpoint,
        row.value,
        row.valid,
        row.status,
        row.latency_ms,
        row.sdk,
        atMs,
        row.error_code,
        row.reason,
      ]);
      if (rowCount > 0) inserted.add(row.request_id);
    }
    return inserted;
  },
  async addGrants(tx, grants) {
    for (const grant of grants) await tx.query(ADD_GRANT, [grant.accountId, grant.periodStart, grant.granted]);
  },
  async deleteLog(tx, requestIds) {
    for (const id of requestIds) await tx.query(DELETE_LOG, [id]);
  },
  async addDailyTotals(tx, deltas, uses) {
    for (const delta of deltas) {
      await tx.query(ADD_DAILY, [delta.accountId, delta.day, delta.keyId, delta.endpoint, delta.valid, delta.count]);
    }
    for (const use of uses) await tx.query(MOVE_LAST_USE, [use.accountId, use.keyId, use.atMs]);
  },
};
