/**
 * Metering and the usage log: one counted validation, the meter's answer, the log's pages and
 * per-day totals (docs/service.md#usage-log).
 */
import type { Field } from './accounts.js';
import type { BatchJobLine } from './batch-jobs.js';

/** One performed validation, or one refused request of a known key, as the usage log keeps it (docs/service.md#usage-log). */
export interface UsageEntry {
  /** Unique per request: a retry of the same id is counted once. */
  requestId: string;
  /** The account the request counts against. */
  accountId: string;
  /** The key that made the request. */
  keyId: string;
  /** Billing period start (YYYY-MM-DD) the request counts in. */
  periodStart: string;
  /** The validation endpoint called. */
  endpoint: Field;
  /** The value as it may be stored: NIF, SIN and SSN already replaced by `***` by the caller. */
  value: string;
  /** The verdict returned; false for a refused request. */
  valid: boolean;
  /** HTTP status of the answer. */
  status: number;
  /**
   * The `errorCode` of a refused request's answer (e.g. QUOTA_EXCEEDED): such an entry is logged,
   * never counted. Absent on a counted request.
   */
  errorCode?: string;
  /** The `reason` of a counted invalid answer (e.g. IBAN_BAD_CHECKSUM). Absent otherwise. */
  reason?: string;
  /** Time spent answering, in milliseconds. */
  latencyMs: number;
  /** X-Service-SDK header when valid, else null. */
  sdk: string | null;
  /** When the request was answered. */
  at: Date;
  /**
   * A batch job's line: counted only while its job is queued or running, and its answer stored
   * with the count, in the same transaction (docs/service.md#jobs: a cancel is final, and a line
   * counted is a line answered).
   */
  jobLine?: { jobId: string; answer: BatchJobLine };
}

/** How the meter answered one request. */
export interface MeterDecision {
  /** The request was counted (false: over a blocking quota, or a duplicate request id). */
  counted: boolean;
  /** Over the quota of a plan that blocks (FREE): answer 429, nothing counted. */
  blocked: boolean;
  /** Validations used in the period after this request. */
  used: number;
  /** A job line whose job was no longer queued or running (cancelled, ended): neither counted, logged nor answered. */
  jobClosed?: boolean;
}

/** A per-day total of the usage log, kept after the log's rows are pruned (docs/service.md#usage-log). */
export interface DailyUsageTotal {
  /** The UTC day of the requests (YYYY-MM-DD). */
  day: string;
  /** The key that made them. */
  keyId: string;
  /** The endpoint called. */
  endpoint: Field;
  /** The verdict returned. */
  valid: boolean;
  /** Requests counted. */
  count: number;
}

/** HTTP statuses from `from` to `to`, both included: one status, or a class such as 400..499. */
export interface StatusRange {
  from: number;
  to: number;
}

/** A page of the usage log: filters, newest first. */
export interface UsageLogQuery {
  /** Only entries answered with a status in this range. */
  status?: StatusRange;
  /** Only this endpoint. */
  endpoint?: Field;
  /** Only counted requests with this verdict (refused requests have none). */
  valid?: boolean;
  /** Only requests answered on this UTC day (YYYY-MM-DD). */
  day?: string;
  /** Only requests answered strictly before this time (the next page). */
  before?: Date;
  /**
   * With `before`: also the requests answered at exactly `before` whose request id sorts before
   * this one. The page's order is (time, request id) descending, so the last entry's pair is where
   * the next page starts, and entries answered in the same millisecond are never skipped.
   */
  beforeRequestId?: string;
  /** At most this many entries (1..1000). */
  limit: number;
}

/** The usage meter and log. */
export interface UsageRepository {
  /**
   * Counts one performed validation and logs it, durably, in one group-committed batch: the
   * promise resolves once the transaction that holds it committed, and rejects when it did
   * not (nothing of it counted). `quota` null means no blocking limit (paid plans count
   * overage); otherwise the request is refused (blocked) when `used` would exceed it. A request
   * id still in the log is not counted again.
   */
  count(entry: UsageEntry, quota: number | null): Promise<MeterDecision>;
  /**
   * Logs one refused request (`entry.errorCode` set), never counted: no counter, no per-day total,
   * no last use. Written in batches of their own, apart from the counts; a key's refusals beyond
   * the store's cap per second are not written. Resolves once written (or dropped by the cap).
   */
  logRefusal?(entry: UsageEntry): Promise<void>;
  /** Validations counted in the period. */
  used(accountId: string, periodStart: string): Promise<number>;
  /** The newest log entries of an account (for the CLI and tests). */
  log(accountId: string, limit: number): Promise<UsageEntry[]>;
  /**
   * One page of an account's usage log, filtered by `query`, newest first (time, then request id,
   * both descending).
   */
  search(accountId: string, query: UsageLogQuery): Promise<UsageEntry[]>;
  /**
   * Key id -> time of its newest counted request, kept when its log rows are pruned (keys whose
   * rows were pruned before SQLite schema 5 / PostgreSQL 8: 00:00 UTC of their newest day in the
   * totals). Keys never used are absent.
   */
  lastUsed(accountId: string): Promise<Map<string, Date>>;
  /**
   * The per-day totals of an account from `fromDay` to `toDay` (YYYY-MM-DD, both included),
   * ordered by day, key, endpoint, verdict. They add up to every count ever made, pruned or not.
   */
  dailyTotals?(accountId: string, fromDay: string, toDay: string): Promise<DailyUsageTotal[]>;
  /** Deletes the log rows of requests answered before `before` (the totals stay); resolves with how many went. */
  prune?(before: Date): Promise<number>;
}

/** The store's usage meter and log. */
export interface Metering {
  /** The usage meter and log. */
  usage: UsageRepository;
}
