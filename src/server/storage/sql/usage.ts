/**
 * The usage tables as the store reads them: a period's counter, an account's newest log rows (all,
 * or a filtered page), when each key was last used, the per-day totals, and the pruning of log
 * rows past the retention (docs/service.md#usage-log). The writes are the meter's (./meter.ts).
 */
import { isFieldName } from '../../../fields/catalog.js';
import { FIELDS, type DailyUsageTotal, type Field, type Store, type UsageEntry, type UsageLogQuery } from '../types.js';
import type { SqlClient } from './client.js';
import type { Dialect } from './dialect.js';
import type { LogRow } from './meter.js';
import { dateColumn, isIsoDay, parameterList } from './values.js';

/** Log rows deleted per statement when pruning: each delete is short, so counting is never held up long. */
const PRUNE_CHUNK = 2_000;

/** A log row as the drivers read it back: each engine has its own types for the verdict and the time. */
type StoredLogRow = Omit<LogRow, 'valid' | 'at'> & { valid: unknown; at: unknown };

/** Most entries one page of the usage log may hold. */
const MAX_PAGE = 1_000;
const DAY_MS = 86_400_000;

const LOG_COLUMNS = (d: Dialect): string =>
  `request_id, account_id, key_id, ${d.dayText('period_start')} AS period_start, endpoint, value, valid, status, latency_ms, sdk, at`;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function requireDay(day: string, name: string): void {
  if (typeof day !== 'string' || !isIsoDay(day)) throw new RangeError(`${name} must be a date YYYY-MM-DD`);
}

/** 00:00 UTC of `day` (YYYY-MM-DD). */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/**
 * The WHERE terms of a usage log page and their parameters ($1 is the account). Every term is a
 * range or equality next to `account_id`, so the (account_id, at) index serves the page: a day is
 * `at` from its 00:00 UTC to the next day's, never a function of `at`.
 */
function searchTerms(query: UsageLogQuery, d: Dialect): { terms: string[]; params: unknown[] } {
  if (!Number.isSafeInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE) throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE}`);
  const terms = ['account_id = $1'];
  const param = parameterList(d, 2);
  if (query.endpoint !== undefined) {
    if (!isFieldName(query.endpoint)) throw new RangeError(`Unknown endpoint ${String(query.endpoint)}: use one of ${FIELDS.join(', ')}`);
    terms.push(`endpoint = ${param.add(query.endpoint, 'text')}`);
  }
  // 1 and 0 read as a boolean by PostgreSQL and as SQLite's stored verdicts.
  if (query.valid !== undefined) terms.push(`valid = ${param.add(query.valid ? 1 : 0, 'boolean')}`);
  if (query.day !== undefined) {
    requireDay(query.day, 'day');
    const start = dayStart(query.day);
    terms.push(`at >= ${param.add(d.time(start), 'time')}`, `at < ${param.add(d.time(new Date(start.getTime() + DAY_MS)), 'time')}`);
  }
  if (query.before !== undefined) {
    if (!(query.before instanceof Date) || Number.isNaN(query.before.getTime())) throw new RangeError('before must be a valid Date');
    const before = param.add(d.time(query.before), 'time');
    // The page's order is (at, request_id) descending: its last entry's pair is where the next one starts,
    // so entries answered in the same millisecond are neither skipped nor repeated.
    terms.push(query.beforeRequestId === undefined ? `at < ${before}` : `(at < ${before} OR (at = ${before} AND request_id < ${param.add(query.beforeRequestId, 'text')}))`);
  }
  return { terms, params: param.values };
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
  const LOG = `SELECT ${LOG_COLUMNS(d)} FROM usage_log WHERE account_id = $1 ORDER BY at DESC, request_id DESC LIMIT $2`;
  // The totals say on which day each key was last used (they outlive the pruned log rows); the log
  // then gives the time within that day, reading one day of the account's rows per distinct day.
  const NEWEST_DAYS = `SELECT key_id, ${d.dayText('max(day)')} AS day FROM usage_daily WHERE account_id = $1 GROUP BY key_id`;
  const NEWEST_ON_DAY = `SELECT key_id, max(at) AS at FROM usage_log
    WHERE account_id = $1 AND at >= ${d.param(2, 'time')} AND at < ${d.param(3, 'time')} GROUP BY key_id`;
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
    async search(accountId, query) {
      const { terms, params } = searchTerms(query, d);
      const page = `SELECT ${LOG_COLUMNS(d)} FROM usage_log WHERE ${terms.join(' AND ')}
        ORDER BY at DESC, request_id DESC LIMIT ${d.param(params.length + 2, 'integer')}`;
      const { rows } = await sql.query<StoredLogRow>(page, [accountId, ...params, query.limit]);
      return rows.map(toEntry);
    },
    async lastUsed(accountId) {
      const { rows: newest } = await sql.query<{ key_id: string; day: string }>(NEWEST_DAYS, [accountId]);
      const lastUsed = new Map<string, Date>();
      for (const day of new Set(newest.map((row) => row.day))) {
        const start = dayStart(day);
        const { rows } = await sql.query<{ key_id: string; at: unknown }>(NEWEST_ON_DAY, [
          accountId,
          d.time(start),
          d.time(new Date(start.getTime() + DAY_MS)),
        ]);
        const logged = new Map(rows.map((row) => [row.key_id, dateColumn(row.at)]));
        for (const row of newest) if (row.day === day) lastUsed.set(row.key_id, logged.get(row.key_id) ?? start);
      }
      return lastUsed;
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
