/**
 * The usage meter: counts performed validations exactly once, durably, within a blocking quota,
 * in group-committed batches (docs/service.md#metering). The decision is made here, once, for
 * both engines; each engine's dialect only reads and writes the rows (MeterStatements).
 *
 * One batch is one write transaction:
 *
 * 1. lock the counter of every (account, period) in the batch, creating missing ones, and read
 *    its value (PostgreSQL: row locks taken in a fixed order, so instances cannot deadlock;
 *    SQLite: the transaction holds the store's write lock, across processes too);
 * 2. lock the batch jobs whose lines are in the batch and drop the lines of jobs no longer queued
 *    or running (a cancel waits for this transaction, then no line of its job is counted);
 * 3. insert every request into the log, skipping request ids already there: the ids inserted are
 *    the requests never counted before (a retried id is not);
 * 4. decide in arrival order which new requests fit the quota (null: no blocking limit, the paid
 *    plans count overage), then add each counter's grant;
 * 5. delete the log rows of the blocked requests (the pipeline logs their 429 as a refusal,
 *    never counted: ./refusal-log.ts);
 * 6. store the answers of the job lines counted (./job-lines.ts), so that a line counted is a
 *    line answered, whatever happens to the process after the commit;
 * 7. add the counted requests to the per-day totals, which outlive the log's retention, and
 *    move each key's last use to its newest counted request (the key list reads it, not the log).
 *
 * A promise resolves only after its batch committed; when the batch fails, every request in it
 * rejects and none is counted. A deadlock or serialization failure (PostgreSQL) reruns the batch.
 */
import { isFieldName } from '../../../fields/catalog.js';
import { MAX_VALUE_CHARACTERS } from '../../policy/limits.js';
import type { MeterDecision, UsageEntry } from '../types.js';
import type { CounterKey, DailyDelta, KeyUse, MeterRequest, MeterStatements } from './meter-batch.js';
import { createGroupCommit, type GroupCommitOptions } from '../group-commit.js';
import type { JobAnswerWriter } from './job-lines.js';
import { isTransientSqlError, StoreClosedError, type SqlClient } from './client.js';
import { isIsoDay, storableText } from './values.js';

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

/** Key of the counter of one (account, period), as the meter keeps them in maps. */
export const groupKey = (accountId: string, periodStart: string): string => `${accountId}\u0000${periodStart}`;

const MAX_ID_LENGTH = 200;
const MAX_SDK_LENGTH = 64;
const MAX_LATENCY_MS = 2_147_483_647;
/** Longest errorCode or reason kept: the service's are short upper-case words. */
const MAX_CODE_LENGTH = 64;

function requireId(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new TypeError(`usage entry: ${name} must be a string of 1 to ${MAX_ID_LENGTH} characters`);
  }
  return storableText(value);
}

/**
 * The value as the column takes it. It arrives masked as the usage log's policy says
 * (src/fields/usage-log.ts): the entry is built, and masked, once, by the metered validation
 * (src/server/pipeline/metered.ts); the store keeps what it is given.
 */
function loggedValue(value: string): string {
  return storableText(value.slice(0, MAX_VALUE_CHARACTERS));
}

/** An entry's errorCode or reason as its column takes it: null when absent. */
function optionalCode(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new TypeError(`usage entry: ${name} must be a string`);
  return storableText(value.slice(0, MAX_CODE_LENGTH));
}

/**
 * The check of entries' period days, remembering the last good one: nearly every entry of a day
 * names the same period, so it is checked once, not on every request. One per meter.
 */
function periodDayCheck(): (day: unknown) => boolean {
  let lastValidDay = '';
  return (day) => {
    if (typeof day !== 'string' || (day !== lastValidDay && !isIsoDay(day))) return false;
    lastValidDay = day;
    return true;
  };
}

/**
 * Checks one entry and turns it into its log row. A malformed entry rejects its own call here,
 * before it could fail a batch shared with other requests.
 */
export function toRequest(entry: UsageEntry, quota: number | null, isPeriodDay: (day: unknown) => boolean): MeterRequest {
  const requestId = requireId(entry.requestId, 'requestId');
  const accountId = requireId(entry.accountId, 'accountId');
  const keyId = requireId(entry.keyId, 'keyId');
  if (!isPeriodDay(entry.periodStart)) throw new RangeError('usage entry: periodStart must be a date YYYY-MM-DD');
  if (!isFieldName(entry.endpoint)) throw new RangeError(`usage entry: unknown endpoint ${String(entry.endpoint)}`);
  if (typeof entry.value !== 'string') throw new TypeError('usage entry: value must be a string');
  if (typeof entry.valid !== 'boolean') throw new TypeError('usage entry: valid must be a boolean');
  if (!Number.isInteger(entry.status) || entry.status < 100 || entry.status > 599) {
    throw new RangeError('usage entry: status must be an HTTP status');
  }
  if (typeof entry.latencyMs !== 'number' || !(entry.latencyMs >= 0)) {
    throw new RangeError('usage entry: latencyMs must be a number >= 0');
  }
  if (entry.sdk !== null && typeof entry.sdk !== 'string') throw new TypeError('usage entry: sdk must be a string or null');
  if (!(entry.at instanceof Date) || Number.isNaN(entry.at.getTime())) throw new TypeError('usage entry: at must be a valid Date');
  if (quota !== null && (!Number.isSafeInteger(quota) || quota < 0)) {
    throw new RangeError('usage quota must be null or an integer >= 0');
  }
  // toISOString throws a RangeError for years beyond 275760: still this entry's own rejection.
  const at = entry.at.toISOString();
  return {
    row: {
      request_id: requestId,
      account_id: accountId,
      key_id: keyId,
      period_start: entry.periodStart,
      endpoint: entry.endpoint,
      value: loggedValue(entry.value),
      valid: entry.valid,
      status: entry.status,
      latency_ms: Math.min(Math.round(entry.latencyMs), MAX_LATENCY_MS),
      sdk: entry.sdk === null ? null : storableText(entry.sdk.slice(0, MAX_SDK_LENGTH)),
      at,
      error_code: optionalCode(entry.errorCode, 'errorCode'),
      reason: optionalCode(entry.reason, 'reason'),
    },
    atMs: entry.at.getTime(),
    day: at.slice(0, 10),
    group: groupKey(accountId, entry.periodStart),
    quota,
    jobLine: entry.jobLine === undefined ? null : { jobId: requireId(entry.jobLine.jobId, 'jobLine.jobId'), answer: entry.jobLine.answer },
  };
}

interface Counter extends CounterKey {
  used: number;
  granted: number;
}

/** The per-day totals the counted requests of a batch add to. */
function dailyDeltas(counted: readonly MeterRequest[]): DailyDelta[] {
  const deltas = new Map<string, DailyDelta>();
  for (const { row, day } of counted) {
    const key = `${row.account_id}\u0000${day}\u0000${row.key_id}\u0000${row.endpoint}\u0000${row.valid ? 1 : 0}`;
    const delta = deltas.get(key);
    if (delta === undefined) {
      deltas.set(key, { accountId: row.account_id, day, keyId: row.key_id, endpoint: row.endpoint, valid: row.valid, count: 1 });
    } else delta.count++;
  }
  return [...deltas.values()];
}

/** The newest counted request of each key of a batch. */
function keyUses(counted: readonly MeterRequest[]): KeyUse[] {
  const uses = new Map<string, KeyUse>();
  for (const { row, atMs } of counted) {
    const key = `${row.account_id}\u0000${row.key_id}`;
    const use = uses.get(key);
    if (use === undefined) uses.set(key, { accountId: row.account_id, keyId: row.key_id, at: row.at, atMs });
    else if (atMs > use.atMs) {
      use.at = row.at;
      use.atMs = atMs;
    }
  }
  return [...uses.values()];
}

/** The job lines of a batch whose job is no longer open (step 2); none without a job line. */
async function closedJobLines(tx: SqlClient, jobs: JobAnswerWriter | null, requests: readonly MeterRequest[]): Promise<ReadonlySet<MeterRequest>> {
  const ids = requests.flatMap((request) => (request.jobLine === null ? [] : [request.jobLine.jobId]));
  if (ids.length === 0) return new Set();
  if (jobs === null) throw new Error('usage meter: no job answer writer');
  const open = await jobs.openJobs(tx, ids);
  return new Set(requests.filter((request) => request.jobLine !== null && !open.has(request.jobLine.jobId)));
}

/** Stores the answers of the job lines counted now or before (step 6), one write per job. */
async function answerJobLines(tx: SqlClient, jobs: JobAnswerWriter | null, answered: readonly MeterRequest[]): Promise<void> {
  const byJob = new Map<string, Array<NonNullable<MeterRequest['jobLine']>['answer']>>();
  for (const { jobLine } of answered) {
    if (jobLine === null) continue;
    const lines = byJob.get(jobLine.jobId);
    if (lines === undefined) byJob.set(jobLine.jobId, [jobLine.answer]);
    else lines.push(jobLine.answer);
  }
  for (const [jobId, lines] of byJob) await (jobs as JobAnswerWriter).write(tx, jobId, lines);
}

/** One batch in one transaction (module comment); resolves with one decision per request. */
async function writeBatchOnce(tx: SqlClient, statements: MeterStatements, jobs: JobAnswerWriter | null, requests: readonly MeterRequest[]): Promise<MeterDecision[]> {
  // The first request with an id speaks for it; repeats in the same batch are duplicates.
  const firstIndexById = new Map<string, number>();
  const counters = new Map<string, Counter>();
  const unique: MeterRequest[] = [];
  requests.forEach((request, index) => {
    if (firstIndexById.has(request.row.request_id)) return;
    firstIndexById.set(request.row.request_id, index);
    unique.push(request);
    if (!counters.has(request.group)) {
      counters.set(request.group, { accountId: request.row.account_id, periodStart: request.row.period_start, used: 0, granted: 0 });
    }
  });

  for (const row of await statements.lockCounters(tx, [...counters.values()])) {
    const counter = counters.get(groupKey(row.accountId, row.periodStart));
    if (counter === undefined) throw new Error(`usage meter: unexpected counter ${row.accountId} ${row.periodStart}`);
    counter.used = row.used;
  }
  const closed = await closedJobLines(tx, jobs, unique);
  const fresh = await statements.insertLog(tx, closed.size === 0 ? unique : unique.filter((request) => !closed.has(request)));

  const decisions = new Array<MeterDecision | null>(requests.length).fill(null);
  const blockedIds: string[] = [];
  const counted: MeterRequest[] = [];
  // Job lines counted now or by an earlier batch: their answers are stored (again, if need be).
  const answered: MeterRequest[] = [];
  requests.forEach((request, index) => {
    if (firstIndexById.get(request.row.request_id) !== index) return;
    const counter = counters.get(request.group) as Counter;
    if (closed.has(request)) {
      decisions[index] = { counted: false, blocked: false, used: counter.used, jobClosed: true };
      return;
    }
    if (!fresh.has(request.row.request_id)) {
      answered.push(request);
      return;
    }
    if (request.quota === null || counter.used < request.quota) {
      counter.used++;
      counter.granted++;
      counted.push(request);
      answered.push(request);
      decisions[index] = { counted: true, blocked: false, used: counter.used };
    } else {
      blockedIds.push(request.row.request_id);
      decisions[index] = { counted: false, blocked: true, used: counter.used };
    }
  });

  const grants = [...counters.values()].filter((counter) => counter.granted > 0);
  if (grants.length > 0) await statements.addGrants(tx, grants);
  if (blockedIds.length > 0) await statements.deleteLog(tx, blockedIds);
  await answerJobLines(tx, jobs, answered);
  if (counted.length > 0) await statements.addDailyTotals(tx, dailyDeltas(counted), keyUses(counted));

  return requests.map((request, index) => {
    const decision = decisions[index];
    if (decision !== null && decision !== undefined) return decision;
    const first = decisions[firstIndexById.get(request.row.request_id) as number];
    // A repeat of a request of this batch shares its fate without being counted again; a request
    // counted by an earlier batch reports the period's usage now.
    if (first !== null && first !== undefined) return { counted: false, blocked: first.blocked, used: first.used, ...(first.jobClosed === true ? { jobClosed: true } : {}) };
    return { counted: false, blocked: false, used: (counters.get(request.group) as Counter).used };
  });
}

/**
 * A meter writing through `sql` with its dialect's statements; see the module comment. `jobs`
 * writes the answers of batch job lines (a job line counted without it rejects its batch).
 */
export function createUsageMeter(sql: SqlClient, options: MeterOptions = {}, jobs: JobAnswerWriter | null = null): UsageMeter {
  const attempts = Math.max(1, Math.floor(options.attempts ?? 3));
  const statements = sql.dialect.meter;
  const writeBatch = async (requests: readonly MeterRequest[]): Promise<MeterDecision[]> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sql.transaction((tx) => writeBatchOnce(tx, statements, jobs, requests));
      } catch (error) {
        if (attempt >= attempts || !isTransientSqlError(error)) throw error;
      }
    }
  };
  const queue = createGroupCommit(writeBatch, options, () => new StoreClosedError());
  const isPeriodDay = periodDayCheck();
  return {
    async count(entry, quota) {
      const request = toRequest(entry, quota, isPeriodDay);
      // A refusal is logged by ./refusal-log.ts, never counted.
      if (request.row.error_code !== null) throw new TypeError('usage entry: a refused request (errorCode) is never counted');
      return queue.submit(request);
    },
    close: () => queue.close(),
  };
}
