/**
 * The usage meter: counts performed validations exactly once, durably, within a blocking quota,
 * in group-committed batches (docs/service.md#metering).
 *
 * A batch in which no request has a blocking quota (the paid plans count overage) is one
 * statement: insert every request into the log, ON CONFLICT (request_id) DO NOTHING, and add the
 * rows it inserted (the requests never counted before) to their counters, creating missing ones.
 * One statement is atomic on its own; on the embedded store it costs half the transaction below,
 * whose statements are each a round of PGlite's parser and planner on the requests' own thread.
 *
 * A batch with a blocking quota (FREE) is one transaction of at most four statements:
 *
 * 1. lock the counter row of every (account, period) in the batch, creating missing ones, and read
 *    its value (an upsert whose no-op update takes the row lock and returns the latest value,
 *    also under PostgreSQL's READ COMMITTED with other instances writing);
 * 2. insert every request into the log, ON CONFLICT (request_id) DO NOTHING: the rows returned
 *    are the requests never counted before (a retried id is not);
 * 3. decide in arrival order which new requests fit the quota, then add each counter's grant;
 * 4. delete the log rows of the blocked requests (refused requests are not logged).
 *
 * Counter rows are locked in a fixed order, so batches of several instances cannot deadlock; a
 * deadlock or serialization failure all the same (PostgreSQL) reruns the batch. A promise
 * resolves only after its batch committed; when the batch fails, every request in it rejects.
 */
import { FIELDS, MASKED_IN_USAGE_LOG, USAGE_LOG_MASK, type Field, type MeterDecision, type UsageEntry } from './types.js';
import { createGroupCommit, type GroupCommitOptions } from './group-commit.js';
import { isTransientSqlError, StoreClosedError, type SqlClient } from './sql.js';
import { isIsoDay, jsonParam, storableText, timeParam } from './sql-values.js';

/** Options of {@link createUsageMeter}. */
export interface MeterOptions extends GroupCommitOptions {
  /** Runs of one batch when PostgreSQL reports a deadlock or serialization failure. Default 3. */
  attempts?: number;
}

export interface UsageMeter {
  /** See `Store.usage.count`. */
  count(entry: UsageEntry, quota: number | null): Promise<MeterDecision>;
  /** Refuses new counts, waits for the pending ones. */
  close(): Promise<void>;
}

/** Endpoints whose values are never stored (docs/service.md#usage-log): NIF, SIN and SSN. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set<string>(FIELDS);
const MAX_VALUE_LENGTH = 1024;
const MAX_ID_LENGTH = 200;
const MAX_SDK_LENGTH = 64;
const MAX_LATENCY_MS = 2_147_483_647;

/** A usage-log row in the table's column names; `at` as the batch statements write it (ISO text). */
export interface LogRow<At = string> {
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
  at: At;
}

/** One checked request: its log row, its counter's key and its quota. */
export interface MeterRequest {
  /** The row to log, value already masked and every string storable. */
  row: LogRow;
  /** The counter it counts against: see {@link groupKey}. */
  group: string;
  /** null: no blocking limit. */
  quota: number | null;
  /** `row.at` in milliseconds, for the journal's newest-line mark (no parsing back of the text). */
  atMs: number;
}

/** Key of the counter of one (account, period), as the meters keep them in maps. */
export const groupKey = (accountId: string, periodStart: string): string => `${accountId}\u0000${periodStart}`;

/**
 * Log rows as the `$1::jsonb` of a batch. toRequest made every string of a row storable already
 * (storableText, or checked to be ASCII), so jsonParam's per-value replacer, which would make
 * JSON.stringify several times slower, has nothing left to replace.
 */
const rowsParam = (rows: readonly LogRow[]): string => JSON.stringify(rows);

function requireId(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new TypeError(`usage entry: ${name} must be a string of 1 to ${MAX_ID_LENGTH} characters`);
  }
  return storableText(value);
}

// Nearly every entry of a day names the same period: it is checked once, not on every request.
let lastValidDay = '';

/**
 * Checks one entry and turns it into its log row. A malformed entry rejects its own call here,
 * before it could fail a batch shared with other requests. Shared by the SQL meter and the
 * embedded store's usage journal (usage-journal.ts), so both accept and store the same.
 */
export function toRequest(entry: UsageEntry, quota: number | null): MeterRequest {
  const requestId = requireId(entry.requestId, 'requestId');
  const accountId = requireId(entry.accountId, 'accountId');
  const keyId = requireId(entry.keyId, 'keyId');
  if (typeof entry.periodStart !== 'string' || (entry.periodStart !== lastValidDay && !isIsoDay(entry.periodStart))) {
    throw new RangeError('usage entry: periodStart must be a date YYYY-MM-DD');
  }
  lastValidDay = entry.periodStart;
  if (!KNOWN_FIELDS.has(entry.endpoint)) throw new RangeError(`usage entry: unknown endpoint ${String(entry.endpoint)}`);
  if (typeof entry.value !== 'string') throw new TypeError('usage entry: value must be a string');
  if (typeof entry.valid !== 'boolean') throw new TypeError('usage entry: valid must be a boolean');
  if (!Number.isInteger(entry.status) || entry.status < 100 || entry.status > 599) {
    throw new RangeError('usage entry: status must be an HTTP status');
  }
  if (typeof entry.latencyMs !== 'number' || !(entry.latencyMs >= 0)) {
    throw new RangeError('usage entry: latencyMs must be a number >= 0');
  }
  if (entry.sdk !== null && typeof entry.sdk !== 'string') throw new TypeError('usage entry: sdk must be a string or null');
  if (!(entry.at instanceof Date) || Number.isNaN(entry.at.getTime()))
    throw new TypeError('usage entry: at must be a valid Date');
  if (quota !== null && (!Number.isSafeInteger(quota) || quota < 0)) {
    throw new RangeError('usage quota must be null or an integer >= 0');
  }
  return {
    row: {
      request_id: requestId,
      account_id: accountId,
      key_id: keyId,
      period_start: entry.periodStart,
      endpoint: entry.endpoint,
      // Masked here too, whatever the caller sent: these values must never reach the disk.
      value: MASKED_IN_USAGE_LOG.has(entry.endpoint) ? USAGE_LOG_MASK : storableText(entry.value.slice(0, MAX_VALUE_LENGTH)),
      valid: entry.valid,
      status: entry.status,
      latency_ms: Math.min(Math.round(entry.latencyMs), MAX_LATENCY_MS),
      sdk: entry.sdk === null ? null : storableText(entry.sdk.slice(0, MAX_SDK_LENGTH)),
      at: timeParam(entry.at),
    },
    group: groupKey(accountId, entry.periodStart),
    quota,
    atMs: entry.at.getTime(),
  };
}

const LOCK_COUNTERS = `
INSERT INTO usage_counters (account_id, period_start, used)
SELECT g.account_id, g.period_start::date, 0
FROM jsonb_to_recordset($1::jsonb) AS g(account_id text, period_start text)
ORDER BY g.account_id, g.period_start
ON CONFLICT (account_id, period_start) DO UPDATE SET used = usage_counters.used
RETURNING account_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, used`;

const INSERT_LOG = `
INSERT INTO usage_log (request_id, account_id, key_id, period_start, endpoint, value, valid, status, latency_ms, sdk, at)
SELECT e.request_id, e.account_id, e.key_id, e.period_start::date, e.endpoint, e.value, e.valid, e.status,
       e.latency_ms, e.sdk, e.at::timestamptz
FROM jsonb_to_recordset($1::jsonb) AS e(request_id text, account_id text, key_id text, period_start text,
     endpoint text, value text, valid boolean, status smallint, latency_ms integer, sdk text, at text)
ORDER BY e.request_id
ON CONFLICT (request_id) DO NOTHING
RETURNING request_id`;

const ADD_GRANTS = `
UPDATE usage_counters AS c SET used = c.used + g.granted
FROM jsonb_to_recordset($1::jsonb) AS g(account_id text, period_start text, granted integer)
WHERE c.account_id = g.account_id AND c.period_start = g.period_start::date`;

const DELETE_BLOCKED = `
DELETE FROM usage_log WHERE request_id IN (SELECT jsonb_array_elements_text($1::jsonb))`;

interface Counter {
  accountId: string;
  periodStart: string;
  used: number;
  granted: number;
}

async function writeBatchOnce(tx: SqlClient, requests: readonly MeterRequest[]): Promise<MeterDecision[]> {
  // The first request with an id speaks for it; repeats in the same batch are duplicates.
  const firstIndexById = new Map<string, number>();
  const counters = new Map<string, Counter>();
  const rows: LogRow[] = [];
  requests.forEach((request, index) => {
    if (firstIndexById.has(request.row.request_id)) return;
    firstIndexById.set(request.row.request_id, index);
    rows.push(request.row);
    if (!counters.has(request.group)) {
      counters.set(request.group, {
        accountId: request.row.account_id,
        periodStart: request.row.period_start,
        used: 0,
        granted: 0,
      });
    }
  });

  const locked = await tx.query<{ account_id: string; period_start: string; used: number }>(LOCK_COUNTERS, [
    jsonParam([...counters.values()].map((c) => ({ account_id: c.accountId, period_start: c.periodStart }))),
  ]);
  for (const row of locked.rows) {
    const counter = counters.get(groupKey(row.account_id, row.period_start));
    if (counter === undefined) throw new Error(`usage meter: unexpected counter ${row.account_id} ${row.period_start}`);
    counter.used = row.used;
  }

  const inserted = await tx.query<{ request_id: string }>(INSERT_LOG, [rowsParam(rows)]);
  const fresh = new Set(inserted.rows.map((row) => row.request_id));

  const decisions = new Array<MeterDecision | null>(requests.length).fill(null);
  const blockedIds: string[] = [];
  requests.forEach((request, index) => {
    if (firstIndexById.get(request.row.request_id) !== index || !fresh.has(request.row.request_id)) return;
    const counter = counters.get(request.group) as Counter;
    if (request.quota === null || counter.used < request.quota) {
      counter.used++;
      counter.granted++;
      decisions[index] = { counted: true, blocked: false, used: counter.used };
    } else {
      blockedIds.push(request.row.request_id);
      decisions[index] = { counted: false, blocked: true, used: counter.used };
    }
  });

  const grants = [...counters.values()].filter((c) => c.granted > 0);
  if (grants.length > 0) {
    await tx.query(ADD_GRANTS, [
      jsonParam(grants.map((c) => ({ account_id: c.accountId, period_start: c.periodStart, granted: c.granted }))),
    ]);
  }
  if (blockedIds.length > 0) await tx.query(DELETE_BLOCKED, [jsonParam(blockedIds)]);

  return requests.map((request, index) => {
    const decision = decisions[index];
    if (decision !== null && decision !== undefined) return decision;
    const first = decisions[firstIndexById.get(request.row.request_id) as number];
    // A repeat of a request of this batch shares its fate without being counted again; a request
    // counted by an earlier batch reports the period's usage now.
    if (first !== null && first !== undefined) return { counted: false, blocked: first.blocked, used: first.used };
    return { counted: false, blocked: false, used: (counters.get(request.group) as Counter).used };
  });
}

// Log rows first, then the counters in a fixed order; RETURNING gives each counter's value after
// the batch and the ids that were new (the final SELECT reads both CTEs, so both run in full).
const COUNT_UNLIMITED = `
WITH inserted AS (${INSERT_LOG.trim().replace('RETURNING request_id', 'RETURNING request_id, account_id, period_start')}
), counted AS (
INSERT INTO usage_counters (account_id, period_start, used)
SELECT account_id, period_start, count(*)::int FROM inserted
GROUP BY account_id, period_start
ORDER BY account_id, period_start
ON CONFLICT (account_id, period_start) DO UPDATE SET used = usage_counters.used + EXCLUDED.used
RETURNING account_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, used
)
SELECT NULL::text AS request_id, account_id, period_start, used FROM counted
UNION ALL
SELECT request_id, NULL, NULL, NULL FROM inserted`;

/** Reads the counters of `$1`, a JSON array of { account_id, period_start }; 0 for a missing one. */
export const READ_COUNTERS = `
SELECT g.account_id, g.period_start, coalesce(c.used, 0) AS used
FROM jsonb_to_recordset($1::jsonb) AS g(account_id text, period_start text)
LEFT JOIN usage_counters AS c ON c.account_id = g.account_id AND c.period_start = g.period_start::date`;

/**
 * A batch without a blocking quota, in one statement (module comment). Each new request reports
 * the counter as it stood once it was added, in arrival order, as the transaction path does.
 */
async function writeUnlimitedBatch(sql: SqlClient, requests: readonly MeterRequest[]): Promise<MeterDecision[]> {
  const firstIndexById = new Map<string, number>();
  const rows: LogRow[] = [];
  requests.forEach((request, index) => {
    if (firstIndexById.has(request.row.request_id)) return;
    firstIndexById.set(request.row.request_id, index);
    rows.push(request.row);
  });

  const { rows: returned } = await sql.query<{ request_id: string | null; account_id: string | null; period_start: string | null; used: number | null }>(
    COUNT_UNLIMITED,
    [rowsParam(rows)],
  );
  const fresh = new Set<string>();
  const after = new Map<string, number>();
  for (const row of returned) {
    if (row.request_id !== null) fresh.add(row.request_id);
    else after.set(groupKey(row.account_id as string, row.period_start as string), row.used as number);
  }
  // Groups with no new request (retried ids only) were not touched: read their counters.
  const untouched = new Map<string, { account_id: string; period_start: string }>();
  for (const request of requests) {
    if (!after.has(request.group)) untouched.set(request.group, { account_id: request.row.account_id, period_start: request.row.period_start });
  }
  if (untouched.size > 0) {
    const { rows: read } = await sql.query<{ account_id: string; period_start: string; used: number }>(READ_COUNTERS, [jsonParam([...untouched.values()])]);
    for (const row of read) after.set(groupKey(row.account_id, row.period_start), row.used);
  }

  // The counter before the batch is its value after, less the requests the batch added to it.
  const before = new Map<string, number>(after);
  for (const row of rows) {
    if (!fresh.has(row.request_id)) continue;
    const group = groupKey(row.account_id, row.period_start);
    before.set(group, (before.get(group) as number) - 1);
  }
  return requestsDecided(requests, firstIndexById, fresh, before, after);
}

/** Decisions of a batch whose new requests were all counted, from each counter's value before it. */
function requestsDecided(
  requests: readonly MeterRequest[],
  firstIndexById: ReadonlyMap<string, number>,
  fresh: ReadonlySet<string>,
  before: Map<string, number>,
  after: ReadonlyMap<string, number>,
): MeterDecision[] {
  const decisions: MeterDecision[] = [];
  requests.forEach((request, index) => {
    const first = firstIndexById.get(request.row.request_id) as number;
    if (first !== index) {
      // A repeat in the same batch shares the fate of the first, without being counted again.
      const decided = decisions[first] as MeterDecision;
      decisions.push({ counted: false, blocked: decided.blocked, used: decided.used });
    } else if (fresh.has(request.row.request_id)) {
      const used = (before.get(request.group) as number) + 1;
      before.set(request.group, used);
      decisions.push({ counted: true, blocked: false, used });
    } else {
      // Counted by an earlier batch: the period's usage now.
      decisions.push({ counted: false, blocked: false, used: after.get(request.group) as number });
    }
  });
  return decisions;
}

/** A meter writing through `sql`; see the module comment. */
export function createUsageMeter(sql: SqlClient, options: MeterOptions = {}): UsageMeter {
  const attempts = Math.max(1, Math.floor(options.attempts ?? 3));
  const writeBatch = async (requests: readonly MeterRequest[]): Promise<MeterDecision[]> => {
    const unlimited = requests.every((request) => request.quota === null);
    for (let attempt = 1; ; attempt++) {
      try {
        return unlimited ? await writeUnlimitedBatch(sql, requests) : await sql.transaction((tx) => writeBatchOnce(tx, requests));
      } catch (error) {
        if (attempt >= attempts || !isTransientSqlError(error)) throw error;
      }
    }
  };
  const queue = createGroupCommit(writeBatch, options, () => new StoreClosedError());
  return {
    async count(entry, quota) {
      return queue.submit(toRequest(entry, quota));
    },
    close: () => queue.close(),
  };
}
