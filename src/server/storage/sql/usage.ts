/**
 * The usage tables as the store reads them: a period's counter, an account's newest log rows, the
 * per-day totals, and the pruning of log rows past the retention (docs/service.md#usage-log). The
 * writes are the meter's (./meter.ts).
 */
import type { DailyUsageTotal, Field, Store, UsageEntry } from '../types.js';
import type { SqlClient } from './client.js';
import type { LogRow } from './meter.js';
import { dateColumn, isIsoDay } from './values.js';

/** Log rows deleted per statement when pruning: each delete is short, so counting is never held up long. */
const PRUNE_CHUNK = 2_000;

/** A log row as the drivers read it back: each engine has its own types for the verdict and the time. */
type StoredLogRow = Omit<LogRow, 'valid' | 'at'> & { valid: unknown; at: unknown };

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function requireDay(day: string, name: string): void {
  if (typeof day !== 'string' || !isIsoDay(day)) throw new RangeError(`${name} must be a date YYYY-MM-DD`);
}

/** The reads and the pruning of `usage` over `sql` (the meter adds `count`). */
export function sqlUsageReads(sql: SqlClient): Omit<Store['usage'], 'count'> & Required<Pick<Store['usage'], 'dailyTotals' | 'prune'>> {
  const d = sql.dialect;
  const toEntry = (row: StoredLogRow): UsageEntry => ({
    requestId: row.request_id,
    accountId: row.account_id,
    keyId: row.key_id,
    periodStart: row.period_start,
    endpoint: row.endpoint,
    value: row.value,
    valid: d.readBoolean(row.valid),
    status: row.status,
    latencyMs: row.latency_ms,
    sdk: row.sdk,
    at: dateColumn(row.at),
  });
  const USED = `SELECT used FROM usage_counters WHERE account_id = $1 AND period_start = ${d.param(2, 'day')}`;
  const LOG = `SELECT request_id, account_id, key_id, ${d.dayText('period_start')} AS period_start, endpoint, value,
      valid, status, latency_ms, sdk, at
    FROM usage_log WHERE account_id = $1 ORDER BY at DESC, request_id DESC LIMIT $2`;
  const DAILY = `SELECT ${d.dayText('day')} AS day, key_id, endpoint, valid, count FROM usage_daily
    WHERE account_id = $1 AND day >= ${d.param(2, 'day')} AND day <= ${d.param(3, 'day')}
    ORDER BY day, key_id, endpoint, valid`;
  // Through the (account_id, at) index, a chunk at a time; the counters list every account that ever counted.
  const PRUNE = `DELETE FROM usage_log WHERE request_id IN (
      SELECT request_id FROM usage_log WHERE account_id = $1 AND at < ${d.param(2, 'time')} LIMIT $3)`;

  return {
    async used(accountId, periodStart) {
      const { rows } = await sql.query<{ used: number }>(USED, [accountId, periodStart]);
      return rows[0]?.used ?? 0;
    },
    async log(accountId, limit) {
      if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError('limit must be an integer >= 0');
      const { rows } = await sql.query<StoredLogRow>(LOG, [accountId, limit]);
      return rows.map(toEntry);
    },
    async dailyTotals(accountId, fromDay, toDay) {
      requireDay(fromDay, 'fromDay');
      requireDay(toDay, 'toDay');
      const { rows } = await sql.query<{ day: string; key_id: string; endpoint: Field; valid: unknown; count: number | string }>(DAILY, [
        accountId,
        fromDay,
        toDay,
      ]);
      return rows.map(
        (row): DailyUsageTotal => ({ day: row.day, keyId: row.key_id, endpoint: row.endpoint, valid: d.readBoolean(row.valid), count: Number(row.count) }),
      );
    },
    async prune(before) {
      const cutoff = d.time(before);
      const { rows: accounts } = await sql.query<{ account_id: string }>('SELECT DISTINCT account_id FROM usage_counters');
      let removed = 0;
      for (const { account_id: accountId } of accounts) {
        for (;;) {
          const { rowCount } = await sql.query(PRUNE, [accountId, cutoff, PRUNE_CHUNK]);
          removed += rowCount;
          if (rowCount < PRUNE_CHUNK) break;
          // Requests waiting for the store go first between two chunks.
          await nextTurn();
        }
      }
      return removed;
    },
  };
}
