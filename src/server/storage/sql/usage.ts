/**
 * The usage tables as the store reads them: a period's counter, an account's newest log rows (all,
 * or a filtered page), when each key was last used, the per-day totals, and the pruning of log
 * rows past the retention (docs/service.md#usage-log). The writes are the meter's (./meter.ts).
 * Every read is an index walk bounded by its page or a row per key, never a scan of an account's
 * log: SQLite runs it on the thread that answers requests.
 */
import { isFieldName } from '../../../fields/catalog.js';
import { FIELDS, type DailyUsageTotal, type Field, type Store, type UsageEntry, type UsageLogQuery } from '../types.js';
import type { SqlClient } from './client.js';
import type { Dialect } from './dialect.js';
import type { LogRow } from './meter-batch.js';
import { dateColumn, isIsoDay, parameterList, type ParameterList } from './values.js';

/** Log rows deleted per statement when pruning: each delete is short, so counting is never held up long. */
const PRUNE_CHUNK = 2_000;

/** A log row as the drivers read it back: each engine has its own types for the verdict and the time. */
type StoredLogRow = Omit<LogRow, 'valid' | 'at'> & { valid: unknown; at: unknown };

/** HTTP statuses: what a status filter may name. */
const MIN_STATUS = 100;
const MAX_STATUS = 599;

/** Most entries one page of the usage log may hold. */
const MAX_PAGE = 1_000;
const DAY_MS = 86_400_000;

/** The order of every page of the log: newest first, the request id breaking ties. */
const PAGE_ORDER = 'ORDER BY at DESC, request_id DESC';

const LOG_COLUMNS = (d: Dialect): string =>
  `request_id, account_id, key_id, ${d.dayText('period_start')} AS period_start, endpoint, value, valid, status, latency_ms, sdk, at, error_code, reason`;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function requireDay(day: string, name: string): void {
  if (typeof day !== 'string' || !isIsoDay(day)) throw new RangeError(`${name} must be a date YYYY-MM-DD`);
}

/** 00:00 UTC of `day` (YYYY-MM-DD). */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/**
 * The time terms of a usage log page and their parameters: one lower and one upper bound of `at` at
 * most, so that the walk of an index ending in (at, request_id) starts where the page starts and
 * ends where it ends (a day is `at` from its 00:00 UTC to the next day's, never a function of `at`).
 */
function timeTerms(query: UsageLogQuery, d: Dialect, param: ParameterList): string[] {
  const terms: string[] = [];
  let end: Date | undefined;
  if (query.day !== undefined) {
    requireDay(query.day, 'day');
    const start = dayStart(query.day);
    terms.push(`at >= ${param.add(d.time(start), 'time')}`);
    end = new Date(start.getTime() + DAY_MS);
  }
  if (query.before !== undefined) {
    if (!(query.before instanceof Date) || Number.isNaN(query.before.getTime())) throw new RangeError('before must be a valid Date');
    if (end === undefined || query.before.getTime() < end.getTime()) {
      const before = param.add(d.time(query.before), 'time');
      // The page's order is (at, request_id) descending: its last entry's pair is where the next one starts,
      // so entries answered in the same millisecond are neither skipped nor repeated. `at <= before`
      // bounds the walk; the rest only sorts out that one millisecond.
      terms.push(
        query.beforeRequestId === undefined ? `at < ${before}` : `at <= ${before} AND (at < ${before} OR request_id < ${param.add(query.beforeRequestId, 'text')})`,
      );
      end = undefined;
    }
  }
  if (end !== undefined) terms.push(`at < ${param.add(d.time(end), 'time')}`);
  return terms;
}

/**
 * The status filter's terms, checked on the rows the page's walk reads. A filter without 200 walks
 * the refusals' partial index (usage_log_refused_page), whose rows the per-key cap of
 * ./refusal-log.ts keeps few; one with 200 walks the counted rows, nearly all of which it takes.
 */
function statusTerms(query: UsageLogQuery, param: ParameterList): string[] {
  const { status } = query;
  if (status === undefined) return [];
  const { from, to } = status;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < MIN_STATUS || to > MAX_STATUS || from > to) {
    throw new RangeError(`status must be an HTTP status range within ${MIN_STATUS}..${MAX_STATUS}`);
  }
  return from === to ? [`status = ${param.add(from, 'integer')}`] : [`status >= ${param.add(from, 'integer')}`, `status <= ${param.add(to, 'integer')}`];
}

/**
 * A usage log page as one statement whose every part is an index walk in the page's order, which
 * stops once the page is full ($1 is the account). A status filter without 200 walks
 * usage_log_refused_page (with a field, filtered there); the whole log walks usage_log_page; a field and a
 * verdict walk usage_log_field_page; a field alone, or a verdict alone, is the merge of one such walk
 * per verdict, or per field of the registry (the log holds no other), none reading more than a page.
 */
export function searchStatement(query: UsageLogQuery, d: Dialect): { text: string; params: unknown[] } {
  if (!Number.isSafeInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE) throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE}`);
  if (query.endpoint !== undefined && !isFieldName(query.endpoint)) {
    throw new RangeError(`Unknown endpoint ${String(query.endpoint)}: use one of ${FIELDS.join(', ')}`);
  }
  const param = parameterList(d, 2);
  const time = timeTerms(query, d, param);
  // SQLite weighs an index by its terms, not by statistics the store never gathers: with two bounds
  // of `at` (a day and a position) it would walk usage_log_page and filter a rare field out of it.
  const walk = (index: string, terms: readonly string[]): string =>
    `SELECT ${LOG_COLUMNS(d)} FROM usage_log${d.name === 'sqlite' ? ` INDEXED BY ${index}` : ''} WHERE ${['account_id = $1', ...terms, ...time].join(' AND ')}`;
  const residual = statusTerms(query, param);
  const walks: string[] = [];
  const { status } = query;
  if (status !== undefined && query.valid === undefined && (status.to < 200 || status.from > 200)) {
    // No 200 wanted: the answers other than 200 alone (nearly all of them refusals), through their partial index.
    const endpoint = query.endpoint === undefined ? [] : [`endpoint = ${param.add(query.endpoint, 'text')}`];
    walks.push(walk('usage_log_refused_page', ['status <> 200', ...endpoint, ...residual]));
  } else if (query.endpoint === undefined && query.valid === undefined) walks.push(walk('usage_log_page', residual));
  else {
    const endpoints = query.endpoint === undefined ? FIELDS : [query.endpoint];
    // 1 and 0 read as a boolean by PostgreSQL and as SQLite's stored verdicts.
    const verdicts = query.valid === undefined ? [1, 0] : [query.valid ? 1 : 0];
    for (const endpoint of endpoints) {
      const endpointTerm = `endpoint = ${param.add(endpoint, 'text')}`;
      for (const valid of verdicts) {
        // A refused request is stored with valid false and has no verdict: "invalid" means counted invalid ones.
        const counted = query.valid === false ? ['error_code IS NULL'] : [];
        walks.push(walk('usage_log_field_page', [endpointTerm, `valid = ${param.add(valid, 'boolean')}`, ...counted, ...residual]));
      }
    }
  }
  const limit = param.add(query.limit, 'integer');
  // SQLite merges the walks of a UNION ALL in the order of the whole as they are; PostgreSQL merges
  // them once each is limited to the page (unlimited, it would rather read them whole and sort).
  const merged = walks.length === 1 || d.name === 'sqlite' ? walks : walks.map((walk) => `(${walk} ${PAGE_ORDER} LIMIT ${limit})`);
  return { text: `${merged.join(' UNION ALL ')} ${PAGE_ORDER} LIMIT ${limit}`, params: param.values };
}

/** Each key's last use: one row per key the account ever counted with, moved by the meter (./meter.ts), never the log. */
export const LAST_USED_STATEMENT = 'SELECT key_id, at FROM usage_key_last WHERE account_id = $1';

/** The reads and the pruning of `usage` over `sql` (the meter adds `count`). */
export function sqlUsageReads(sql: SqlClient): Omit<Store['usage'], 'count'> & Required<Pick<Store['usage'], 'dailyTotals' | 'prune'>> {
  const d = sql.dialect;
  const toEntry = (row: StoredLogRow): UsageEntry => ({
    ...(row.error_code === null ? {} : { errorCode: row.error_code }),
    ...(row.reason === null ? {} : { reason: row.reason }),
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
  const LOG = `SELECT ${LOG_COLUMNS(d)} FROM usage_log WHERE account_id = $1 ${PAGE_ORDER} LIMIT ${d.param(2, 'integer')}`;
  const DAILY = `SELECT ${d.dayText('day')} AS day, key_id, endpoint, valid, count FROM usage_daily
    WHERE account_id = $1 AND day >= ${d.param(2, 'day')} AND day <= ${d.param(3, 'day')}
    ORDER BY day, key_id, endpoint, valid`;
  // Through the (account_id, at, request_id) index, a chunk at a time, for every account that counted or exists.
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
      const { text, params } = searchStatement(query, d);
      const { rows } = await sql.query<StoredLogRow>(text, [accountId, ...params]);
      return rows.map(toEntry);
    },
    async lastUsed(accountId) {
      const { rows } = await sql.query<{ key_id: string; at: unknown }>(LAST_USED_STATEMENT, [accountId]);
      return new Map(rows.map((row) => [row.key_id, dateColumn(row.at)]));
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
      // An account with refusals only never counted: the accounts table names it.
      const { rows: accounts } = await sql.query<{ account_id: string }>('SELECT account_id FROM usage_counters UNION SELECT id AS account_id FROM accounts');
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
