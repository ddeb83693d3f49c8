/**
 * What the service keeps, as one interface over the embedded store (SQLite) and PostgreSQL. The
 * HTTP layer, the CLI and the jobs speak only to this; src/server/storage/sql/store.ts implements it
 * once in SQL for both engines (docs/architecture.md#stores).
 */
import { FIELD_NAMES, type FieldName } from '../../fields/catalog.js';
import type { CircuitBreakerStore, VatAnswerCache, VatRates, ViesStatusSnapshot } from '../../ports.js';
import type { ValidationResult } from '../../result.js';

/** The plans of docs/service.md#plans. */
export type Plan = 'FREE' | 'STARTER' | 'GROWTH' | 'PRO';

/** The validation endpoints, which are also the scopes a key can carry: the fields of src/fields/catalog.ts. */
export type Field = FieldName;

/** Every validation endpoint, in the order of docs/service.md#endpoints. */
export const FIELDS: readonly Field[] = FIELD_NAMES;

/** A customer account: one plan, one quota, its own keys. */
export interface Account {
  /** Stable identifier (a UUID). */
  id: string;
  /** Name people know the account by. */
  name: string;
  /** The plan that sets quota, concurrency, key maximum and email depth. */
  plan: Plan;
  /** Subscription start day (YYYY-MM-DD): anchors the billing periods. */
  subscriptionStart: string;
  /** The account's own VAT number (prefix included), sent to VIES as requester; null if none. */
  vatNumber: string | null;
  /** When the account was created. */
  createdAt: Date;
  /** When the operator suspended the account (its keys then answer 401 ACCOUNT_SUSPENDED); null while active. */
  suspendedAt: Date | null;
  /** How often the account's VAT watches are re-checked, in milliseconds; null: the service's default (`watchIntervalMs`). */
  watchIntervalMs: number | null;
}

/** What `accounts.update` may change; absent members stay as they are. */
export interface AccountChange {
  /** Name people know the account by. */
  name?: string;
  /** The plan. */
  plan?: Plan;
  /** The account's own VAT number (prefix included), or null. */
  vatNumber?: string | null;
  /** true: suspend (keeps the first suspension time if already suspended); false: resume. */
  suspended?: boolean;
  /** The account's watch interval in milliseconds (a positive integer), or null for the service's default. */
  watchIntervalMs?: number | null;
}

/** What `accounts.create` needs. */
export interface NewAccount {
  /** Name people know the account by. */
  name: string;
  /** The plan. */
  plan: Plan;
  /** Subscription start day (YYYY-MM-DD). */
  subscriptionStart: string;
  /** The account's own VAT number (prefix included), or null. */
  vatNumber: string | null;
}

/** An API key as stored: never the key itself, only its SHA-256 hash and a display prefix. */
export interface ApiKeyRecord {
  /** Stable identifier, used to list and revoke the key. */
  id: string;
  /** The account the key belongs to. */
  accountId: string;
  /** Name given at creation (e.g. "web shop"). */
  name: string;
  /** First characters of the key, for people to recognise it (e.g. "vf_3kP9"). */
  displayPrefix: string;
  /** SHA-256 of the whole key, lower-case hex. */
  hash: string;
  /** The endpoints the key may call: with `allFields`, every field of the running build. */
  scopes: Field[];
  /**
   * true: the key's scope is "all fields", which covers fields added after it was created; absent
   * or false: `scopes` is the list chosen at creation, kept as it is (docs/service.md#api-keys).
   */
  allFields?: boolean;
  /** null: never expires. */
  expiresAt: Date | null;
  /** null: not revoked. */
  revokedAt: Date | null;
  /** When the key was created. */
  createdAt: Date;
}

/**
 * What `keys.create` stores: the hash, never the key; the fields mean what they mean in
 * {@link ApiKeyRecord} (with `allFields`, `scopes` is not read: the key covers every field).
 */
export type NewApiKey = Pick<ApiKeyRecord, 'accountId' | 'name' | 'displayPrefix' | 'hash' | 'scopes' | 'allFields' | 'expiresAt'>;

/** Thrown by `keys.create` when the plan's maximum of live keys is reached. */
export class KeyLimitError extends Error {
  /** Always `KeyLimitError`. */
  override readonly name = 'KeyLimitError';
  constructor(
    /** The plan's maximum of live keys. */
    readonly maxKeys: number,
  ) {
    super(`This plan allows at most ${maxKeys} live API key${maxKeys === 1 ? '' : 's'}; revoke one first`);
  }
}

/** One performed validation, as the usage log keeps it (docs/service.md#usage-log). */
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
  /** The verdict returned. */
  valid: boolean;
  /** HTTP status of the answer. */
  status: number;
  /** Time spent answering, in milliseconds. */
  latencyMs: number;
  /** X-Service-SDK header when valid, else null. */
  sdk: string | null;
  /** When the request was answered. */
  at: Date;
}

/** How the meter answered one request. */
export interface MeterDecision {
  /** The request was counted (false: over a blocking quota, or a duplicate request id). */
  counted: boolean;
  /** Over the quota of a plan that blocks (FREE): answer 429, nothing counted. */
  blocked: boolean;
  /** Validations used in the period after this request. */
  used: number;
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

/** A page of the usage log: filters, newest first. */
export interface UsageLogQuery {
  /** Only this endpoint. */
  endpoint?: Field;
  /** Only this verdict. */
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

/** A dashboard session as stored: never the session token, only its SHA-256 (lower-case hex). */
export interface SessionRecord {
  /** SHA-256 of the session token, lower-case hex. */
  hash: string;
  /** The account it signs in; null: the operator. */
  accountId: string | null;
  /** When the session started. */
  createdAt: Date;
  /** Last request seen (sessions expire after SESSION_IDLE_MS without one). */
  lastSeenAt: Date;
}

/** A one-time sign-in link as stored: its token's SHA-256 only. */
export interface LoginLinkRecord {
  /** SHA-256 of the link's token, lower-case hex. */
  hash: string;
  /** The account it signs in; null: the operator. */
  accountId: string | null;
  /** When the link was made. */
  createdAt: Date;
  /** After this the link no longer signs in. */
  expiresAt: Date;
}

/** The database file an embedded store opened, to tell later whether it is still the same file. */
export interface StoreFile {
  /** Absolute path of the database file. */
  path: string;
  /** Device of the file when it was opened. */
  dev: number;
  /** Inode of the file when it was opened: a file deleted or replaced since has another (or none). */
  ino: number;
}

/** Status of a batch job (docs/service.md#jobs). */
export type BatchJobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

/** A batch job: a list of values of one field, validated in the background. */
export interface BatchJobRecord {
  id: string;
  accountId: string;
  /** The key that submitted it (usage log rows name it). */
  keyId: string;
  field: Field;
  status: BatchJobStatus;
  total: number;
  /** Lines answered so far (valid + invalid). */
  done: number;
  valid: number;
  invalid: number;
  /** Where `job.completed` goes besides the account's webhook; null when none was given. */
  webhookUrl: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Why a job failed; null otherwise. */
  error: string | null;
}

/** One answered line of a batch job. */
export interface BatchJobLine {
  /** 1-based line number of the input. */
  line: number;
  /** The ValidationResult of the line's value. */
  result: ValidationResult;
}

/** A watched VAT number (docs/service.md#vat-monitoring). */
export interface VatWatchRecord {
  id: string;
  accountId: string;
  /** The key that created it: re-checks are counted under it. */
  keyId: string;
  /** The normalized VAT number. */
  value: string;
  traderName: string | null;
  /** The last known verdict: null until a check brought a known answer. */
  registered: boolean | null;
  /** Name and address of the last known answer (null when not disclosed). */
  name: string | null;
  address: string | null;
  /** The last check that brought a known answer; null before the first. */
  lastCheckedAt: Date | null;
  /** The last check attempted, known answer or not. */
  lastAttemptAt: Date | null;
  nextCheckAt: Date;
  createdAt: Date;
}

/** What a re-check learned, written with {@link Store.watches} `recordCheck`. */
export interface VatWatchCheck {
  registered: boolean | null;
  name: string | null;
  address: string | null;
  at: Date;
  nextCheckAt: Date;
}

/** An account's webhook endpoint. `secret` is the signing secret (sealed at rest). */
export interface WebhookEndpoint {
  accountId: string;
  url: string;
  secret: string;
  updatedAt: Date;
}

/** Event types sent to webhooks. */
export type WebhookEventType = 'job.completed' | 'vat.registration_changed' | 'vat.details_changed';

/** One event to deliver to one URL, with its delivery state. */
export interface WebhookDelivery {
  /** Event id (`evt_…`): the same for every delivery of the event; receivers deduplicate by it. */
  id: string;
  accountId: string;
  type: WebhookEventType;
  createdAt: Date;
  /** The event's `data` object. */
  data: Record<string, unknown>;
  /** Where it goes: the account's URL, or a job's own `webhookUrl`. */
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
}

/** How many deliveries of each URL a claim may take: `perUrl`, or the number `urls` gives (0: none). */
export interface WebhookClaimRoom {
  perUrl: number;
  urls: ReadonlyMap<string, number>;
}

/** One delivery attempt, for the log. */
export interface WebhookAttempt {
  eventId: string;
  url: string;
  at: Date;
  /** HTTP status of the answer; null when none came (timeout, refused, network). */
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** A VIES answer kept as evidence for the account that asked (docs/service.md#evidence). */
export interface VatEvidenceRecord {
  id: string;
  accountId: string;
  /** The normalized VAT number asked about. */
  value: string;
  countryCode: string;
  registered: boolean;
  name: string | null;
  address: string | null;
  /** VIES `requestDate`, YYYY-MM-DD. */
  requestDate: string;
  /** VIES `requestIdentifier`, when a requester was sent. */
  consultationNumber: string | null;
  /** The requester VAT number sent, when one was. */
  requester: string | null;
  checkedAt: Date;
  /** Hex SHA-256 of the raw SOAP reply. */
  replySha256: string;
}

/** How much of a key's hash {@link Store.keys.hashPrefixes} gives: 64 bits, no false "present" in practice. */
export const KEY_HASH_PREFIX_CHARS = 16;

/** Everything the service keeps (embedded SQLite or PostgreSQL, one schema). */
export interface Store {
  /** Customer accounts. */
  accounts: {
    create(account: NewAccount): Promise<Account>;
    get(id: string): Promise<Account | null>;
    list(): Promise<Account[]>;
    /**
     * Changes an account; null when there is no such account. Rejects with RangeError for an
     * unknown plan, like `create`. Moves the keys' version mark in the same transaction, so every
     * process's cache of `keys.findByHash` answers drops the account it holds: a plan change or a
     * suspension applies at once everywhere.
     */
    update(id: string, change: AccountChange, now: Date): Promise<Account | null>;
  };
  /** API keys, stored as hashes. */
  keys: {
    /** Inserts a key; rejects with KeyLimitError when the account has `maxLiveKeys` live keys already. */
    create(key: NewApiKey, maxLiveKeys: number, now: Date): Promise<ApiKeyRecord>;
    list(accountId: string): Promise<ApiKeyRecord[]>;
    /** Marks the key revoked; false when no such key. */
    revoke(keyId: string, now: Date): Promise<boolean>;
    /** The key with this hash and its account, revoked or expired ones included (the caller decides). */
    findByHash(hash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
    /**
     * A mark of the keys' state that changes whenever any process creates or revokes a key or
     * changes an account (`accounts.update`: the account is part of every `findByHash` answer): a
     * cache of `findByHash` answers that sees a new mark forgets them (docs/service.md#api-keys).
     * One small read. Optional: a store without it is re-read when cached answers expire.
     */
    version?(): Promise<string>;
    /**
     * The first {@link KEY_HASH_PREFIX_CHARS} characters of every key's hash (revoked and expired
     * keys included), at most `limit` of them; null when there are more. Lets the authenticator
     * refuse a key no one has without a lookup per guess (docs/service.md#api-keys). Optional.
     */
    hashPrefixes?(limit: number): Promise<string[] | null>;
  };
  /** The usage meter and log. */
  usage: {
    /**
     * Counts one performed validation and logs it, durably, in one group-committed batch: the
     * promise resolves once the transaction that holds it committed, and rejects when it did
     * not (nothing of it counted). `quota` null means no blocking limit (paid plans count
     * overage); otherwise the request is refused (blocked) when `used` would exceed it. A request
     * id still in the log is not counted again.
     */
    count(entry: UsageEntry, quota: number | null): Promise<MeterDecision>;
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
  };
  /** Dashboard sessions, stored as hashes. */
  sessions: {
    create(session: SessionRecord): Promise<void>;
    find(hash: string): Promise<SessionRecord | null>;
    /** Records a request at `at` (callers call it at most once a minute per session). */
    touch(hash: string, at: Date): Promise<void>;
    delete(hash: string): Promise<void>;
    /** Deletes sessions last seen before `idleBefore`; resolves with how many. */
    prune(idleBefore: Date): Promise<number>;
  };
  /** One-time sign-in links, stored as hashes. */
  loginLinks: {
    create(link: LoginLinkRecord): Promise<void>;
    /**
     * Uses a link once, atomically (one statement: two concurrent consumers cannot both win):
     * resolves with the record when it exists, was never used and has not expired at `now`, and
     * marks it used; null otherwise.
     */
    consume(hash: string, now: Date): Promise<LoginLinkRecord | null>;
    /** Deletes links that expired before `before`; resolves with how many. */
    prune(before: Date): Promise<number>;
  };
  /** VIES answers (ports.VatAnswerCache), 30 days at most. */
  viesCache: VatAnswerCache & { prune(before: Date): Promise<number> };
  /** Per-country circuit breakers (ports.CircuitBreakerStore). */
  breaker: CircuitBreakerStore;
  /** Samples of the Commission's VIES status feed. */
  statusSamples: {
    add(at: Date, snapshot: ViesStatusSnapshot): Promise<void>;
    since(from: Date): Promise<Array<{ at: Date; snapshot: ViesStatusSnapshot }>>;
    prune(before: Date): Promise<number>;
  };
  /** The last good VAT rates. */
  rates: {
    save(rates: VatRates): Promise<void>;
    load(): Promise<VatRates | null>;
  };
  /** Periodic jobs: the first instance to claim (job, slot) runs it (docs/architecture.md#job-slots). */
  jobs: {
    claim(job: string, slot: string, instance: string): Promise<boolean>;
  };
  /**
   * Batch jobs (POST /api/v1/jobs). Values and results are sealed at rest (storage/sealing.ts):
   * NIF, SIN, SSN and personal VAT numbers are never stored in clear.
   */
  batchJobs: {
    /** Stores a queued job and its input lines in one transaction. */
    create(job: BatchJobRecord, values: readonly string[]): Promise<void>;
    /**
     * Starts a job whose lines arrive in pieces (a streamed upload, batch/submit.ts): stored with no
     * line, and neither claimed, listed nor counted by `openCount` until `commit`.
     */
    begin(job: BatchJobRecord): Promise<void>;
    /** Adds lines `first`, `first + 1` … to a job begun, in one transaction, its total moved with them. */
    append(id: string, first: number, values: readonly string[]): Promise<void>;
    /**
     * Queues a job begun, with its `webhookUrl` (a JSON body may name it after its values), when its
     * account has fewer than `maxOpen` jobs queued or running; false otherwise (the job left begun).
     */
    commit(id: string, webhookUrl: string | null, maxOpen: number): Promise<boolean>;
    /** Removes a job begun and not committed, with its lines (a refused upload). */
    discard(id: string): Promise<void>;
    /**
     * Ids of up to `limit` jobs begun before `before` and neither committed nor discarded: uploads
     * whose process died while they arrived, which the prune job discards.
     */
    abandonedUploads(before: Date, limit: number): Promise<string[]>;
    /** The job when it belongs to `accountId`; null otherwise (another account's job is never visible). */
    get(accountId: string, id: string): Promise<BatchJobRecord | null>;
    /** An account's jobs, newest first. */
    list(accountId: string, limit: number): Promise<BatchJobRecord[]>;
    /** Marks a queued or running job cancelled; false when it is not the account's or already ended. */
    cancel(accountId: string, id: string, now: Date): Promise<boolean>;
    /**
     * Claims one queued or running job whose lease expired (or never was taken) for `instance`
     * until `leaseUntil`: with several instances, a job runs in one of them at a time. Marks it
     * running (and `startedAt`) on its first claim. Null when there is none.
     */
    claim(instance: string, now: Date, leaseUntil: Date): Promise<BatchJobRecord | null>;
    /** Extends a lease the instance holds; false when it lost it (another instance took the job, or it was cancelled). */
    renew(id: string, instance: string, leaseUntil: Date): Promise<boolean>;
    /**
     * Gives up a lease the instance holds, the job left running: any instance may claim it from `at` on,
     * behind the jobs submitted before `at` (a runner's turn ended, or its process is stopping).
     */
    release(id: string, instance: string, at: Date): Promise<void>;
    /** How many of an account's jobs are queued or running (the `--max-queued-jobs` cap). */
    openCount(accountId: string): Promise<number>;
    /** Up to `limit` unanswered lines from line `after` on, in order: the input values to validate. */
    pending(id: string, after: number, limit: number): Promise<Array<{ line: number; value: string }>>;
    /**
     * Stores the answers of some lines and moves the counters (done, valid, invalid) in one
     * transaction; a line answered already is left as it is (a resumed job never counts one twice).
     */
    answer(id: string, lines: readonly BatchJobLine[]): Promise<void>;
    /** Ends a job: `done` or `failed` (with `error`), releasing its lease. */
    finish(id: string, status: 'done' | 'failed', now: Date, error?: string): Promise<void>;
    /** Answered lines from line `after` on (exclusive), in order, at most `limit`. */
    lines(id: string, after: number, limit: number): Promise<BatchJobLine[]>;
  };
  /** Watched VAT numbers. Values, names and addresses are sealed at rest. */
  watches: {
    /** Adds a watch; when the account watches that value already, resolves with the existing one. */
    create(watch: VatWatchRecord): Promise<VatWatchRecord>;
    get(accountId: string, id: string): Promise<VatWatchRecord | null>;
    list(accountId: string): Promise<VatWatchRecord[]>;
    delete(accountId: string, id: string): Promise<boolean>;
    /** Claims up to `limit` watches due at `now` by pushing their `nextCheckAt` to `leaseUntil` (one instance checks each). */
    claimDue(now: Date, leaseUntil: Date, limit: number): Promise<VatWatchRecord[]>;
    /**
     * Records a check: always `lastAttemptAt` and `nextCheckAt`; the verdict, name, address and
     * `lastCheckedAt` only when `registered` is not null (an unknown answer never replaces a known one).
     */
    recordCheck(id: string, check: VatWatchCheck): Promise<VatWatchRecord | null>;
  };
  /** Webhook endpoints, the outbox of events and the delivery log. Secrets and event data are sealed. */
  webhooks: {
    /** Sets (or replaces) the account's URL and secret. */
    set(endpoint: WebhookEndpoint): Promise<void>;
    get(accountId: string): Promise<WebhookEndpoint | null>;
    /** Queues one delivery per URL of an event; the same event id for each. */
    enqueue(deliveries: readonly WebhookDelivery[]): Promise<void>;
    /**
     * Claims up to `limit` pending deliveries due at `now`, the oldest first, pushing their `nextAttemptAt` to
     * `leaseUntil`; with `room`, no more of one URL than the room it has (docs/service.md#webhooks).
     */
    claimDue(now: Date, leaseUntil: Date, limit: number, room?: WebhookClaimRoom): Promise<WebhookDelivery[]>;
    /**
     * Holds a paused URL's pending deliveries until `until` (none is due sooner), and fails those created
     * before `createdBefore` (their retry window ends first); resolves with how many were failed.
     */
    hold(url: string, until: Date, createdBefore: Date): Promise<number>;
    /** Logs an attempt and sets the delivery's new state. */
    recordAttempt(attempt: WebhookAttempt, next: { status: WebhookDelivery['status']; nextAttemptAt: Date }): Promise<void>;
    /** An account's deliveries, newest first, with their attempts. */
    deliveries(accountId: string, limit: number): Promise<Array<WebhookDelivery & { log: WebhookAttempt[] }>>;
  };
  /** VIES answers kept as evidence, 10 years by default; never pruned with the usage log. Values, names and addresses are sealed. */
  evidence: {
    add(record: VatEvidenceRecord): Promise<void>;
    /** An account's records for one normalized value, newest first (found by a keyed hash of the value, not the value). */
    forValue(accountId: string, value: string): Promise<VatEvidenceRecord[]>;
    get(accountId: string, id: string): Promise<VatEvidenceRecord | null>;
    /** Deletes records checked before `before`; resolves with how many. */
    prune(before: Date): Promise<number>;
  };
  /**
   * Writes one small row and reads it back: resolves once the store takes writes, rejects when it
   * does not (the readiness check, GET /readyz). Optional, so that a store made for a test or an
   * embedding need not have it; such a store is checked with a read instead.
   */
  probe?(): Promise<void>;
  /** The database file of an embedded store in a data directory; absent otherwise. */
  readonly file?: StoreFile;
  /** Flushes pending counts and closes the connection. */
  close(): Promise<void>;
}
