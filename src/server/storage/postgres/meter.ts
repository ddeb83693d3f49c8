/**
 * The usage meter's batch statements on PostgreSQL (../sql/meter.ts decides): one statement per
 * step whatever the batch size, the rows travelling as one jsonb document (a round trip per
 * statement, not per row). Counter rows are locked in a fixed order, so batches of several
 * instances cannot deadlock each other.
 */
import type { MeterStatements } from '../sql/meter-batch.js';
import { jsonParam } from '../sql/values.js';

// An upsert whose no-op update takes the row lock and returns the latest value, also under READ
// COMMITTED with other instances writing.
const LOCK_COUNTERS = `
INSERT INTO usage_counters (account_id, period_start, used)
SELECT g.account_id, g.period_start::date, 0
FROM jsonb_to_recordset($1::jsonb) AS g(account_id text, period_start text)
ORDER BY g.account_id, g.period_start
ON CONFLICT (account_id, period_start) DO UPDATE SET used = usage_counters.used
RETURNING account_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, used`;

const INSERT_LOG = `
INSERT INTO usage_log (request_id, account_id, key_id, period_start, endpoint, value, valid, status, latency_ms, sdk, at, error_code, reason)
SELECT e.request_id, e.account_id, e.key_id, e.period_start::date, e.endpoint, e.value, e.valid, e.status,
       e.latency_ms, e.sdk, e.at::timestamptz, e.error_code, e.reason
FROM jsonb_to_recordset($1::jsonb) AS e(request_id text, account_id text, key_id text, period_start text,
     endpoint text, value text, valid boolean, status smallint, latency_ms integer, sdk text, at text, error_code text, reason text)
ORDER BY e.request_id
ON CONFLICT (request_id) DO NOTHING
RETURNING request_id`;

const ADD_GRANTS = `
UPDATE usage_counters AS c SET used = c.used + g.granted
FROM jsonb_to_recordset($1::jsonb) AS g(account_id text, period_start text, granted integer)
WHERE c.account_id = g.account_id AND c.period_start = g.period_start::date`;

const DELETE_LOG = `DELETE FROM usage_log WHERE request_id IN (SELECT jsonb_array_elements_text($1::jsonb))`;

// The keys' last uses ride in the same statement: no round trip more per batch.
const ADD_DAILY = `
WITH daily AS (
  INSERT INTO usage_daily (account_id, day, key_id, endpoint, valid, count)
  SELECT t.account_id, t.day::date, t.key_id, t.endpoint, t.valid, t.count
  FROM jsonb_to_recordset($1::jsonb) AS t(account_id text, day text, key_id text, endpoint text, valid boolean, count integer)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, key_id, endpoint, valid) DO UPDATE SET count = usage_daily.count + EXCLUDED.count
)
INSERT INTO usage_key_last (account_id, key_id, at)
SELECT u.account_id, u.key_id, u.at::timestamptz
FROM jsonb_to_recordset($2::jsonb) AS u(account_id text, key_id text, at text)
ORDER BY 1, 2
ON CONFLICT (account_id, key_id) DO UPDATE SET at = greatest(usage_key_last.at, EXCLUDED.at)`;

export const postgresMeterStatements: MeterStatements = {
  async lockCounters(tx, counters) {
    const { rows } = await tx.query<{ account_id: string; period_start: string; used: number }>(LOCK_COUNTERS, [
      jsonParam(counters.map((c) => ({ account_id: c.accountId, period_start: c.periodStart }))),
    ]);
    return rows.map((row) => ({ accountId: row.account_id, periodStart: row.period_start, used: row.used }));
  },
  async insertLog(tx, requests) {
    // The meter made every string of a row storable already (storableText), so the plain
    // JSON.stringify is enough: jsonParam's per-value replacer would cost several times more.
    const { rows } = await tx.query<{ request_id: string }>(INSERT_LOG, [JSON.stringify(requests.map((request) => request.row))]);
    return new Set(rows.map((row) => row.request_id));
  },
  async addGrants(tx, grants) {
    await tx.query(ADD_GRANTS, [
      jsonParam(grants.map((g) => ({ account_id: g.accountId, period_start: g.periodStart, granted: g.granted }))),
    ]);
  },
  async deleteLog(tx, requestIds) {
    await tx.query(DELETE_LOG, [jsonParam(requestIds)]);
  },
  async addDailyTotals(tx, deltas, uses) {
    await tx.query(ADD_DAILY, [
      jsonParam(
        deltas.map((d) => ({ account_id: d.accountId, day: d.day, key_id: d.keyId, endpoint: d.endpoint, valid: d.valid, count: d.count })),
      ),
      jsonParam(uses.map((u) => ({ account_id: u.accountId, key_id: u.keyId, at: u.at }))),
    ]);
  },
};
