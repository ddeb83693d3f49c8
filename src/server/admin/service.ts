/**
 * Account administration over a {@link Store}: what `verifield accounts` and `verifield keys` do
 * (docs/service.md#command-line), as one API that the CLI calls and that a dashboard or a JSON admin
 * API can call the same way. Inputs are read and checked as everywhere else (key-admin.ts): bad
 * input is a RangeError whose message says what is accepted, an unknown account an
 * UnknownAccountError. A key exists in clear only in what {@link AccountAdmin.createKey} returns.
 */
import type { Clock } from '../../ports.js';
import { parseDuration } from '../policy/durations.js';
import { billingPeriod, isPlan, PLANS } from '../policy/plans.js';
import type { PlanLimits } from '../policy/plans.js';
import { FIELD_NAMES, isFieldName } from '../../fields/catalog.js';
import type {
  Account,
  AccountChange,
  ApiKeyRecord,
  DailyUsageTotal,
  Field,
  Plan,
  Store,
  UsageEntry,
  StatusRange,
  UsageLogQuery,
  WebhookAttempt,
  WebhookDelivery,
} from '../storage/types.js';
import { readWebhookUrl } from '../webhooks/destination.js';
import { destinationState, nextProbeAt, type DestinationState } from '../webhooks/pause.js';
import { newWebhookSecret } from '../webhooks/secret.js';
import {
  createApiKey,
  findKeys,
  keyStatus,
  parseDay,
  parseName,
  parseOwnVatNumber,
  revokeApiKey,
  UnknownAccountError,
  type KeyRequest,
  type RevokeOutcome,
} from './key-admin.js';

/** What to create an account with: the argument of AccountAdmin.createAccount. */
export interface AccountRequest {
  /**
   * Something a person will recognise in a list: 1 to 100 printable characters.
   * @minLength 1
   * @maxLength 100
   */
  name: string;
  /**
   * FREE, STARTER, GROWTH or PRO (any case).
   * @examples ["GROWTH"]
   */
  plan: string;
  /**
   * The day that anchors the monthly billing periods. Default: today (UTC).
   * @format date
   */
  subscriptionStart?: string;
  /** The account's own EU VAT number, used as VIES requester (a VIES prefix and a valid number); null or '' removes it. Default: none. */
  vatNumber?: string | null;
}

/** An account with the state of its current billing period. */
export interface AccountOverview {
  /** The account. */
  account: Account;
  /** The billing period now: dates YYYY-MM-DD, end exclusive (the day the count resets). */
  period: { start: string; end: string };
  /** Validations counted in the period. */
  used: number;
  /** Validations the plan includes per period. */
  quota: number;
  /** Validations left in the period's quota (0 once it is used up). */
  remaining: number;
  /** Validations counted beyond the quota, billed as overage on the paid plans (FREE refuses them: always 0). */
  overage: number;
  /** What the account's plan allows. */
  limits: PlanLimits;
}

/** A key as it may be shown: everything but its hash, with its state now and its last use. */
export type ListedKey = Omit<ApiKeyRecord, 'hash'> & {
  status: 'live' | 'revoked' | 'expired';
  /** When the key last made a counted request (day precision once the log rows are pruned); null: never. */
  lastUsedAt: Date | null;
};

/** What AccountAdmin.updateAccount may change; absent members stay as they are. */
export interface AccountUpdate {
  /**
   * 1 to 100 printable characters.
   * @minLength 1
   * @maxLength 100
   */
  name?: string;
  /**
   * FREE, STARTER, GROWTH or PRO (any case).
   * @examples ["GROWTH"]
   */
  plan?: string;
  /** The account's own EU VAT number, used as VIES requester (a VIES prefix and a valid number); null or '' removes it. */
  vatNumber?: string | null;
  /** true suspends the account (its keys answer 401 ACCOUNT_SUSPENDED), false resumes it. */
  suspended?: boolean;
  /** How often its watched VAT numbers are re-checked: a duration of a minute or more such as 7d, 12h or 30m; null returns to the service default. */
  watchInterval?: string | null;
}

/** Validations of one day, endpoint and verdict, all keys together. */
export interface DayTotal {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** The endpoint called. */
  field: Field;
  /** The verdict returned. */
  valid: boolean;
  /** Validations counted. */
  count: number;
}

/** An account's daily usage over the last days; see {@link AccountAdmin.usageByDay}. */
export interface UsageByDay {
  /** First day shown (YYYY-MM-DD, UTC). */
  from: string;
  /** Last day shown: today (UTC). */
  to: string;
  /** Totals of the days that had any, ordered by day, field, verdict. */
  totals: DayTotal[];
}

/** A filter of the usage log; see {@link AccountAdmin.searchLog}. */
export interface LogSearch {
  /** Only this endpoint (a field name). */
  field?: string;
  /** Only counted requests of this verdict (a refusal has none). */
  valid?: boolean;
  /** Only these statuses: a class (`2xx`, `4xx`, `5xx`) or one status (`429`); see {@link parseStatusFilter}. */
  status?: string;
  /** Only this UTC day, YYYY-MM-DD. */
  day?: string;
  /** Only entries answered before this time (the next page). */
  before?: Date;
  /** With `before`: also the entries answered at exactly `before` whose request id sorts before this one (see {@link logPosition}). */
  beforeRequestId?: string;
  /** Entries per page: 1 to 500, default 50. */
  limit?: number;
}

/** A key just created: `key` is the only copy there will ever be, to be shown once. */
export interface CreatedKey {
  /** The key as stored: its hash and display prefix, never the key. */
  record: ApiKeyRecord;
  /** The key itself (`vf_…`): show it once, never keep it. */
  key: string;
  /** The account it belongs to. */
  account: Account;
}

/** An account's webhook as it may be shown: never its secret. */
export interface WebhookSummary {
  /** Where the account's events are POSTed. */
  url: string;
  /** When the URL or the secret last changed. */
  updatedAt: Date;
  /** What the last attempts to the URL say: failing, paused since when, the last error (webhooks/pause.ts). */
  destination: DestinationState & { nextProbeAt: Date | null };
}

/** A webhook just set or rotated: `secret` is shown once, then only the store holds it (sealed). */
export interface WebhookSecret {
  url: string;
  /** The signing secret (`whsec_…`). */
  secret: string;
}

/** A delivery of an event with its attempts, newest first (docs/service.md#webhooks). */
export type DeliveryWithAttempts = WebhookDelivery & { log: WebhookAttempt[] };

/** The administration of accounts and keys; see {@link createAccountAdmin}. */
export interface AccountAdmin {
  /** Creates an account; rejects with a RangeError for bad input. */
  createAccount(request: AccountRequest): Promise<Account>;
  /** Every account, with its current period's count. */
  listAccounts(): Promise<AccountOverview[]>;
  /** One account with its current period's count; rejects with an UnknownAccountError. */
  accountOverview(accountId: string): Promise<AccountOverview>;
  /**
   * Changes an account's name, plan, VAT number or suspension. Rejects with a RangeError for bad
   * input or an UnknownAccountError. Running services see a new plan or a suspension within the
   * age of their key cache (two seconds at most).
   */
  updateAccount(accountId: string, update: AccountUpdate): Promise<Account>;
  /**
   * Creates a key within the plan's maximum of live keys. Rejects with a RangeError for bad input,
   * an UnknownAccountError, an AccountSuspendedError, or a KeyLimitError at the plan's maximum.
   */
  createKey(request: KeyRequest): Promise<CreatedKey>;
  /** The keys of an account, newest last; rejects with an UnknownAccountError. */
  listKeys(accountId: string): Promise<ListedKey[]>;
  /** Revokes a key unless it is revoked already, and says which happened. */
  revokeKey(keyId: string): Promise<RevokeOutcome>;
  /**
   * The keys a reference names (none, one, or several sharing a display prefix), without their
   * hashes: a key's id, the key itself (`vf_…` in full), or its display prefix as lists show it.
   */
  findKeys(reference: string): Promise<Array<Omit<ApiKeyRecord, 'hash'>>>;
  /**
   * The per-day totals of an account from `fromDay` to `toDay` (YYYY-MM-DD, both included); they
   * outlive the usage log's rows. Rejects with an UnknownAccountError, or when the store keeps no totals.
   */
  usageTotals(accountId: string, fromDay: string, toDay: string): Promise<DailyUsageTotal[]>;
  /** The account's validations per day, endpoint and verdict over the last `days` days (1 to 366), today included. */
  usageByDay(accountId: string, days: number): Promise<UsageByDay>;
  /** A page of the account's usage log, newest first (values as stored: personal numbers masked). */
  searchLog(accountId: string, search: LogSearch): Promise<UsageEntry[]>;
  /**
   * Sets the account's webhook URL (http or https) with a new signing secret, and resolves with
   * both: the secret is shown once. Rejects with a RangeError for a bad URL or an UnknownAccountError.
   */
  setWebhook(accountId: string, url: string): Promise<WebhookSecret>;
  /** Replaces the signing secret of the account's webhook; a RangeError when it has none. */
  rotateWebhookSecret(accountId: string): Promise<WebhookSecret>;
  /** The account's webhook, without its secret; null when none is set. */
  webhook(accountId: string): Promise<WebhookSummary | null>;
  /** The account's newest deliveries (1 to 100, default 20) with their attempts. */
  webhookDeliveries(accountId: string, limit?: number): Promise<DeliveryWithAttempts[]>;
}

/**
 * A watch interval as `7d`, `12h`, `30m` or `45s`, at least a minute (a shorter one would only hammer VIES).
 * @example
 * ```ts
 * parseWatchInterval('1d'); // 86400000
 * ```
 */
export function parseWatchInterval(text: string): number {
  const ms = parseDuration(text);
  if (ms === null || ms < 60_000) throw new RangeError(`"${text.slice(0, 32)}" is not a watch interval: use a duration of a minute or more such as 7d, 12h or 30m`);
  return ms;
}

/**
 * A plan's name in any case and spacing; a RangeError naming the plans for anything else.
 * @example
 * ```ts
 * parsePlan(' growth '); // 'GROWTH'
 * ```
 */
export function parsePlan(text: string): Plan {
  const plan = text.trim().toUpperCase();
  if (!isPlan(plan)) throw new RangeError(`"${text}" is not a plan: use FREE, STARTER, GROWTH or PRO`);
  return plan;
}

const systemClock: Clock = () => new Date();
const DAY_MS = 86_400_000;
const MAX_USAGE_DAYS = 366;
/** Entries of a usage log page unless the search says otherwise. */
export const DEFAULT_LOG_PAGE = 50;
const MAX_LOG_PAGE = 500;
const DEFAULT_DELIVERY_PAGE = 20;
const MAX_DELIVERY_PAGE = 100;

/** A whole number of days from 1 to 366; a RangeError otherwise. */
function parseUsageDays(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > MAX_USAGE_DAYS) throw new RangeError(`days must be a whole number from 1 to ${MAX_USAGE_DAYS}`);
  return days;
}

/**
 * A status filter of the usage log: a class such as `4xx`, or one status from 100 to 599; a
 * RangeError saying so for anything else.
 * @example
 * ```ts
 * parseStatusFilter('4xx'); // { from: 400, to: 499 }
 * parseStatusFilter(' 429 '); // { from: 429, to: 429 }
 * ```
 */
export function parseStatusFilter(text: string): StatusRange {
  const trimmed = text.trim().toLowerCase();
  const kind = /^([1-5])xx$/.exec(trimmed);
  if (kind !== null) {
    const from = Number(kind[1]) * 100;
    return { from, to: from + 99 };
  }
  if (/^[1-5]\d\d$/.test(trimmed)) return { from: Number(trimmed), to: Number(trimmed) };
  throw new RangeError(`status must be a class such as 2xx, 4xx or 5xx, or one status such as 429; "${text.slice(0, 16)}" is neither`);
}

/** The log filter in the store's terms, each member checked. */
function parseLogSearch(search: LogSearch): UsageLogQuery {
  const limit = search.limit ?? DEFAULT_LOG_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LOG_PAGE) throw new RangeError(`limit must be a whole number from 1 to ${MAX_LOG_PAGE}`);
  const query: UsageLogQuery = { limit };
  if (search.field !== undefined) {
    if (!isFieldName(search.field)) throw new RangeError(`"${search.field}" is not a field: use ${FIELD_NAMES.join(', ')}`);
    query.endpoint = search.field;
  }
  if (search.valid !== undefined) query.valid = search.valid;
  if (search.status !== undefined) query.status = parseStatusFilter(search.status);
  if (search.day !== undefined) query.day = parseDay(search.day);
  if (search.before !== undefined) {
    if (Number.isNaN(search.before.getTime())) throw new RangeError('before must be a valid time');
    query.before = search.before;
    if (search.beforeRequestId !== undefined) query.beforeRequestId = search.beforeRequestId;
  }
  return query;
}

/**
 * A position: an ISO time, then `_` and the request id of the entry it follows. Request ids are
 * those the service writes: a request's UUID, `job:<jobId>:<line>`, `watch:<watchId>:<ISO time>`
 * (../pipeline/metered.ts), so letters, digits, `-`, `:`, `.`; at most 128 characters.
 */
const LOG_POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))(?:_([0-9A-Za-z:.-]{1,128}))?$/;

/**
 * Where the usage log page after `entry` starts, as one URL-safe word: its time and request id, so
 * that entries answered in the same millisecond are never skipped. {@link readLogPosition} reads it back.
 * @example
 * ```ts
 * logPosition({ at: new Date('2026-03-10T12:00:00Z'), requestId: '019cd7b4-c400-7aaa-8bbb-0123456789ab' });
 * // '2026-03-10T12:00:00.000Z_019cd7b4-c400-7aaa-8bbb-0123456789ab'
 * ```
 */
export function logPosition(entry: Pick<UsageEntry, 'at' | 'requestId'>): string {
  return `${entry.at.toISOString()}_${entry.requestId}`;
}

/**
 * A position of {@link logPosition}, or a bare ISO time (with `Z` or an offset), as the search's `before` and
 * `beforeRequestId`. Throws a RangeError for anything else.
 * @example
 * ```ts
 * readLogPosition('2026-03-10T12:00:00Z').before?.toISOString(); // '2026-03-10T12:00:00.000Z'
 * readLogPosition('2026-03-10T12:00:00.000Z_019cd7b4-c400-7aaa-8bbb-0123456789ab').beforeRequestId; // '019cd7b4-c400-7aaa-8bbb-0123456789ab'
 * readLogPosition('2026-03-10T12:00:00.000Z_job:019cd7b4-c400-7aaa-8bbb-0123456789ab:42').beforeRequestId; // 'job:019cd7b4-c400-7aaa-8bbb-0123456789ab:42'
 * ```
 */
export function readLogPosition(text: string): Pick<LogSearch, 'before' | 'beforeRequestId'> {
  const match = LOG_POSITION.exec(text);
  const before = match === null ? null : new Date(match[1] as string);
  if (match === null || before === null || Number.isNaN(before.getTime())) {
    throw new RangeError(`before must be an ISO time such as 2026-03-10T12:00:00Z, or the position the previous page gave; "${text.slice(0, 64)}" is neither`);
  }
  return match[2] === undefined ? { before } : { before, beforeRequestId: match[2] };
}

/** Per-key totals summed per day, field and verdict (the store orders them by day, key, endpoint, verdict). */
function totalsPerDay(rows: readonly DailyUsageTotal[]): DayTotal[] {
  const sums = new Map<string, DayTotal>();
  for (const row of rows) {
    const id = `${row.day} ${row.endpoint} ${row.valid}`;
    const total = sums.get(id);
    if (total === undefined) sums.set(id, { day: row.day, field: row.endpoint, valid: row.valid, count: row.count });
    else total.count += row.count;
  }
  return [...sums.values()].sort((a, b) => (a.day === b.day ? (a.field === b.field ? Number(b.valid) - Number(a.valid) : a.field < b.field ? -1 : 1) : a.day < b.day ? -1 : 1));
}

/**
 * The administration of the accounts and keys in `store`, on `options.now` (default: the system
 * clock). The store stays the caller's to close.
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const admin = createAccountAdmin(store);
 * const account = await admin.createAccount({ name: 'Web shop', plan: 'starter' });
 * account.plan; // 'STARTER'
 * const { key } = await admin.createKey({ accountId: account.id, name: 'checkout', scopes: ['iban'] });
 * key.startsWith('vf_'); // true
 * (await admin.listKeys(account.id)).map((listed) => [listed.name, listed.status]); // [['checkout', 'live']]
 * (await admin.listAccounts())[0]?.quota; // 10000
 * await store.close();
 * ```
 */
export function createAccountAdmin(store: Store, options: { now?: Clock; plans?: Readonly<Record<Plan, PlanLimits>> } = {}): AccountAdmin {
  const now = options.now ?? systemClock;
  const plans = options.plans ?? PLANS;

  async function overviewOf(account: Account, at: Date): Promise<AccountOverview> {
    const limits = plans[account.plan];
    const period = billingPeriod(account.subscriptionStart, at);
    const used = await store.usage.used(account.id, period.start);
    return {
      account,
      period,
      used,
      quota: limits.quota,
      remaining: Math.max(0, limits.quota - used),
      overage: limits.blocksOverQuota ? 0 : Math.max(0, used - limits.quota),
      limits,
    };
  }

  async function accountOf(accountId: string): Promise<Account> {
    const account = await store.accounts.get(accountId);
    if (account === null) throw new UnknownAccountError(accountId);
    return account;
  }

  /** Points the account's webhook at `url` with a new signing secret, shown this once. */
  async function storeWithNewSecret(accountId: string, url: string): Promise<WebhookSecret> {
    const secret = newWebhookSecret();
    await store.webhooks.set({ accountId, url, secret, updatedAt: now() });
    return { url, secret };
  }

  async function usageTotals(accountId: string, fromDay: string, toDay: string): Promise<DailyUsageTotal[]> {
    await accountOf(accountId);
    if (store.usage.dailyTotals === undefined) throw new Error('this store keeps no per-day usage totals');
    return store.usage.dailyTotals(accountId, parseDay(fromDay), parseDay(toDay));
  }

  return {
    async createAccount(request) {
      const name = parseName(request.name);
      const plan = parsePlan(request.plan);
      const subscriptionStart = request.subscriptionStart === undefined ? now().toISOString().slice(0, 10) : parseDay(request.subscriptionStart);
      const vatNumber = request.vatNumber === undefined || request.vatNumber === null ? null : parseOwnVatNumber(request.vatNumber);
      return store.accounts.create({ name, plan, subscriptionStart, vatNumber });
    },

    async listAccounts() {
      const at = now();
      return Promise.all((await store.accounts.list()).map((account) => overviewOf(account, at)));
    },

    async accountOverview(accountId) {
      return overviewOf(await accountOf(accountId), now());
    },

    async updateAccount(accountId, update) {
      const change: AccountChange = {};
      if (update.name !== undefined) change.name = parseName(update.name);
      if (update.plan !== undefined) change.plan = parsePlan(update.plan);
      if (update.vatNumber !== undefined) change.vatNumber = update.vatNumber === null || update.vatNumber.trim() === '' ? null : parseOwnVatNumber(update.vatNumber);
      if (update.suspended !== undefined) change.suspended = update.suspended;
      if (update.watchInterval !== undefined) change.watchIntervalMs = update.watchInterval === null ? null : parseWatchInterval(update.watchInterval);
      const account = await store.accounts.update(accountId, change, now());
      if (account === null) throw new UnknownAccountError(accountId);
      return account;
    },

    async createKey(request) {
      return createApiKey(store, request, now(), plans);
    },

    async listKeys(accountId) {
      await accountOf(accountId);
      const at = now();
      const [keys, lastUsed] = await Promise.all([store.keys.list(accountId), store.usage.lastUsed(accountId)]);
      return keys.map((key) => {
        // The hash stays in the store: it is all an attacker would need to test guesses offline.
        const { hash: _hash, ...shown } = key;
        return { ...shown, status: keyStatus(key, at), lastUsedAt: lastUsed.get(key.id) ?? null };
      });
    },

    async revokeKey(keyId) {
      return revokeApiKey(store, keyId, now());
    },

    async findKeys(reference) {
      return (await findKeys(store, reference)).map(({ hash: _hash, ...shown }) => shown);
    },

    usageTotals,

    async usageByDay(accountId, days) {
      const count = parseUsageDays(days);
      const today = now();
      const to = today.toISOString().slice(0, 10);
      const from = new Date(Date.parse(to) - (count - 1) * DAY_MS).toISOString().slice(0, 10);
      return { from, to, totals: totalsPerDay(await usageTotals(accountId, from, to)) };
    },

    async searchLog(accountId, search) {
      const query = parseLogSearch(search);
      await accountOf(accountId);
      return store.usage.search(accountId, query);
    },

    async setWebhook(accountId, url) {
      const read = readWebhookUrl(url);
      if (!read.ok) throw new RangeError(read.message);
      await accountOf(accountId);
      return storeWithNewSecret(accountId, read.url);
    },

    async rotateWebhookSecret(accountId) {
      await accountOf(accountId);
      const endpoint = await store.webhooks.get(accountId);
      if (endpoint === null) throw new RangeError('The account has no webhook yet: set its URL first (verifield webhooks set --account ID --url URL)');
      return storeWithNewSecret(accountId, endpoint.url);
    },

    async webhook(accountId) {
      await accountOf(accountId);
      const endpoint = await store.webhooks.get(accountId);
      if (endpoint === null) return null;
      // The pause rule over the URL's recent attempts, as the sender applies it attempt by attempt.
      const recent = await store.webhooks.deliveries(accountId, MAX_DELIVERY_PAGE);
      const destination = destinationState(recent.filter((delivery) => delivery.url === endpoint.url).flatMap((delivery) => delivery.log));
      return { url: endpoint.url, updatedAt: endpoint.updatedAt, destination: { ...destination, nextProbeAt: nextProbeAt(destination) } };
    },

    async webhookDeliveries(accountId, limit = DEFAULT_DELIVERY_PAGE) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DELIVERY_PAGE) throw new RangeError(`limit must be a whole number from 1 to ${MAX_DELIVERY_PAGE}`);
      await accountOf(accountId);
      return store.webhooks.deliveries(accountId, limit);
    },
  };
}
