/**
 * What the admin API sends, as JSON: the shapes, each declared once here with its TSDoc (from
 * which ../http/shapes.ts has the component schemas of the OpenAPI document generated), and the
 * conversions from the account administration's values (../admin/service.ts). Times are ISO 8601 strings in UTC,
 * days YYYY-MM-DD. A key's hash never leaves the store; the key itself only in {@link AdminCreatedKey}.
 */
import { logPosition, type AccountOverview, type CreatedKey, type ListedKey, type UsageByDay, type WebhookSummary } from '../admin/service.js';
import type { RevokeOutcome } from '../admin/key-admin.js';
import type { FieldName } from '../../fields/catalog.js';
import type { PlanLimits } from '../policy/plans.js';
import type { MemberRecord, Plan, UsageEntry } from '../storage/types.js';

/** What the account's plan allows (docs/service.md#plans): the plan's limits under the admin API's name. */
export type AdminPlanLimits = PlanLimits;

/** An account with the state of its current billing period. */
export interface AdminAccount {
  /** Stable identifier. */
  id: string;
  /** Name people know the account by. */
  name: string;
  /** The plan: FREE, STARTER, GROWTH or PRO. */
  plan: Plan;
  /**
   * The day that anchors the monthly billing periods.
   * @format date
   */
  subscriptionStart: string;
  /** The account's own VAT number, sent to VIES as requester; null if none. */
  vatNumber: string | null;
  /**
   * When the account was created.
   * @format date-time
   */
  createdAt: string;
  /** Whether the account is suspended: its keys then answer 401 ACCOUNT_SUSPENDED. */
  suspended: boolean;
  /**
   * When it was suspended; null while active.
   * @format date-time
   */
  suspendedAt: string | null;
  /**
   * Milliseconds between two checks of its watched VAT numbers; null: the service default (--watch-interval).
   * @asType integer
   * @nullable
   * @minimum 60000
   */
  watchIntervalMs: number | null;
  /** The billing period now; end is exclusive (the day the count resets). */
  period: {
    /**
     * First day of the period.
     * @format date
     */
    start: string;
    /**
     * First day of the next period.
     * @format date
     */
    end: string;
  };
  /**
   * Validations counted in the period.
   * @asType integer
   * @minimum 0
   */
  used: number;
  /**
   * Validations the plan includes per period.
   * @asType integer
   * @minimum 0
   */
  quota: number;
  /**
   * Validations left in the period's quota (0 once it is used up).
   * @asType integer
   * @minimum 0
   */
  remaining: number;
  /**
   * Validations beyond the quota, billed on the paid plans; always 0 on FREE, which refuses them.
   * @asType integer
   * @minimum 0
   */
  overage: number;
  /** What the account's plan allows. */
  limits: AdminPlanLimits;
}

/** Accounts (GET /api/v1/admin/accounts). */
export interface AdminAccountList {
  /** Every account for the operator; an account's session sees its own only. */
  accounts: AdminAccount[];
}

/** An API key as it may be shown: never the key itself, never its hash. */
export interface AdminKey {
  /** Stable identifier, to revoke the key. */
  id: string;
  /** The account the key belongs to. */
  accountId: string;
  /** Name given at creation. */
  name: string;
  /**
   * The first characters of the key, for people to recognise it (e.g. "vf_3kP9").
   * @pattern ^vf_
   */
  displayPrefix: string;
  /**
   * The endpoints the key may call.
   * @minItems 1
   * @uniqueItems
   */
  scopes: FieldName[];
  /**
   * When the key was created.
   * @format date-time
   */
  createdAt: string;
  /**
   * When the key stops working; null: never.
   * @format date-time
   */
  expiresAt: string | null;
  /**
   * When the key was revoked; null: not revoked.
   * @format date-time
   */
  revokedAt: string | null;
  /** The key's state now. */
  status: 'live' | 'revoked' | 'expired';
  /**
   * When the key last made a counted request (kept when its log rows are pruned); null: never.
   * @format date-time
   */
  lastUsedAt: string | null;
}

/** An account's keys (GET /api/v1/admin/accounts/{id}/keys). */
export interface AdminKeyList {
  /** Oldest first, revoked and expired ones included. */
  keys: AdminKey[];
}

/** A key just created (POST /api/v1/admin/accounts/{id}/keys): the only answer that holds the key itself. Keep it; it is never shown again. */
export interface AdminCreatedKey extends AdminKey {
  /**
   * The key (vf_ and 43 letters and digits): send it as X-API-KEY.
   * @pattern ^vf_[0-9A-Za-z]{43}$
   */
  key: string;
}

/** A revoked key (DELETE /api/v1/admin/keys/{keyId}). */
export interface AdminRevokedKey {
  /** The key's id. */
  id: string;
  /** Always true: the key no longer works. */
  revoked: true;
  /** Whether it was revoked before this request (nothing changed then). */
  alreadyRevoked: boolean;
  /**
   * When it was revoked.
   * @format date-time
   */
  revokedAt: string;
}

/** Validations of one day, endpoint and verdict, all keys together. */
export interface AdminUsageTotal {
  /**
   * UTC day.
   * @format date
   */
  day: string;
  /** The endpoint called. */
  field: FieldName;
  /** The verdict returned. */
  valid: boolean;
  /**
   * Validations counted.
   * @asType integer
   * @minimum 0
   */
  count: number;
}

/** An account's validations per day, endpoint and verdict (GET /api/v1/admin/accounts/{id}/usage; from the per-day totals, which outlive the usage log's rows). */
export interface AdminUsage {
  /**
   * First day (UTC).
   * @format date
   */
  from: string;
  /**
   * Last day: today (UTC).
   * @format date
   */
  to: string;
  /** The days that had any validation, by day, field, verdict. */
  totals: AdminUsageTotal[];
}

/** One entry of the usage log: a counted validation (a request, a job line, a watch check) or a refused request. */
export interface AdminLogEntry {
  /** The request's id. */
  requestId: string;
  /** The key that made the request. */
  keyId: string;
  /** The endpoint called. */
  field: FieldName;
  /** The value as the log keeps it: personal numbers (NIF, SIN, SSN, some VAT numbers) masked. */
  value: string;
  /** The verdict returned; false for a refused request, which has none (`errorCode` set). */
  valid: boolean;
  /** The `errorCode` of a refused request (never counted), e.g. QUOTA_EXCEEDED; null for a counted one. */
  errorCode: string | null;
  /** The `reason` of a counted invalid answer, e.g. IBAN_BAD_CHECKSUM; else null. */
  reason: string | null;
  /**
   * HTTP status of the answer.
   * @asType integer
   * @format int32
   * @minimum 100
   * @maximum 599
   */
  status: number;
  /**
   * Time spent answering, in milliseconds.
   * @minimum 0
   */
  latencyMs: number;
  /** The X-Service-SDK header sent, or null. */
  sdk: string | null;
  /**
   * When the request was answered.
   * @format date-time
   */
  at: string;
}

/** A page of the usage log, newest first (GET /api/v1/admin/accounts/{id}/log). */
export interface AdminLogPage {
  /** The entries of the page. */
  entries: AdminLogEntry[];
  /**
   * The `before` of the next page: the last entry's time and request id joined by `_`, so that entries of the same millisecond are neither skipped nor repeated; null when this page is shorter than its limit (the last).
   * @pattern ^\S+_[0-9A-Za-z:.-]{1,128}$
   */
  nextBefore: string | null;
}

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** An account overview as JSON. */
export function accountJson(overview: AccountOverview): AdminAccount {
  const { account } = overview;
  return {
    id: account.id,
    name: account.name,
    plan: account.plan,
    subscriptionStart: account.subscriptionStart,
    vatNumber: account.vatNumber,
    createdAt: iso(account.createdAt),
    suspended: account.suspendedAt !== null,
    suspendedAt: isoOrNull(account.suspendedAt),
    watchIntervalMs: account.watchIntervalMs,
    period: { start: overview.period.start, end: overview.period.end },
    used: overview.used,
    quota: overview.quota,
    remaining: overview.remaining,
    overage: overview.overage,
    limits: { ...overview.limits },
  };
}

/** A listed key as JSON. */
export function keyJson(key: ListedKey): AdminKey {
  return {
    id: key.id,
    accountId: key.accountId,
    name: key.name,
    displayPrefix: key.displayPrefix,
    scopes: [...key.scopes],
    createdAt: iso(key.createdAt),
    expiresAt: isoOrNull(key.expiresAt),
    revokedAt: isoOrNull(key.revokedAt),
    status: key.status,
    lastUsedAt: isoOrNull(key.lastUsedAt),
  };
}

/** A key just created as JSON: the record (live, never used) and the key itself. */
export function createdKeyJson(created: CreatedKey): AdminCreatedKey {
  // The hash stays out of every answer, as in listKeys.
  const { hash: _hash, ...record } = created.record;
  return { key: created.key, ...keyJson({ ...record, status: 'live', lastUsedAt: null }) };
}

/** The outcome of a revocation that found its key, as JSON. */
export function revokedKeyJson(outcome: Exclude<RevokeOutcome, { status: 'unknown' }>, now: Date): AdminRevokedKey {
  return {
    id: outcome.key.id,
    revoked: true,
    alreadyRevoked: outcome.status === 'already-revoked',
    revokedAt: iso(outcome.key.revokedAt ?? now),
  };
}

/** Daily usage as JSON. */
export function usageJson(usage: UsageByDay): AdminUsage {
  return { from: usage.from, to: usage.to, totals: usage.totals.map((total) => ({ ...total })) };
}

/**
 * A page of the usage log as JSON. A full page (`limit` entries) may have a next one, which starts
 * before its last entry; a shorter page is the last.
 */
export function logPageJson(entries: readonly UsageEntry[], limit: number): AdminLogPage {
  const last = entries.at(-1);
  return {
    entries: entries.map((entry) => ({
      requestId: entry.requestId,
      keyId: entry.keyId,
      field: entry.endpoint,
      value: entry.value,
      valid: entry.valid,
      errorCode: entry.errorCode ?? null,
      reason: entry.reason ?? null,
      status: entry.status,
      latencyMs: entry.latencyMs,
      sdk: entry.sdk,
      at: iso(entry.at),
    })),
    nextBefore: entries.length === limit && last !== undefined ? logPosition(last) : null,
  };
}

/** An account's webhook, never its secret (GET /api/v1/admin/accounts/{id}/webhook). */
export interface AdminWebhook {
  /**
   * Where the account's events are POSTed.
   * @format uri
   */
  url: string;
  /**
   * When the URL or the secret last changed.
   * @format date-time
   */
  updatedAt: string;
  /** active: the last attempt delivered (or none was made); failing: the last attempts failed; paused: 5 failed in a row, so one delivery at a time is tried, on the retry schedule, and the others wait (docs/service.md#webhooks). */
  state: 'active' | 'failing' | 'paused';
  /**
   * Failed attempts in a row.
   * @asType integer
   * @format int32
   * @minimum 0
   */
  consecutiveFailures: number;
  /**
   * When the URL was paused; null when it is not.
   * @format date-time
   */
  pausedSince: string | null;
  /**
   * When a paused URL is tried next (one delivery); null when it is not paused.
   * @format date-time
   */
  nextProbeAt: string | null;
  /** The last attempt's error (a status or a few words); null when it delivered or none was made. */
  lastError: string | null;
}

/** The webhook set, with its new signing secret: the only answer that holds it (PUT …/webhook). */
export interface AdminWebhookSet {
  /**
   * The URL as stored.
   * @format uri
   */
  url: string;
  /**
   * The signing secret: whsec_ and 43 base64url characters. Shown in this answer only; receivers check Verifield-Signature with it.
   * @pattern ^whsec_[A-Za-z0-9_-]{43}$
   */
  secret: string;
}

/** The new signing secret: the only answer that holds it (POST …/webhook/rotate). The old one no longer signs. */
export interface AdminWebhookRotated {
  /**
   * The signing secret: whsec_ and 43 base64url characters. Shown in this answer only; receivers check Verifield-Signature with it.
   * @pattern ^whsec_[A-Za-z0-9_-]{43}$
   */
  secret: string;
}

/** An account's webhook as JSON. */
export function webhookJson(webhook: WebhookSummary): AdminWebhook {
  const { destination } = webhook;
  return {
    url: webhook.url,
    updatedAt: webhook.updatedAt.toISOString(),
    state: destination.pausedSince !== null ? 'paused' : destination.failures > 0 ? 'failing' : 'active',
    consecutiveFailures: destination.failures,
    pausedSince: destination.pausedSince?.toISOString() ?? null,
    nextProbeAt: destination.nextProbeAt?.toISOString() ?? null,
    lastError: destination.lastError,
  };
}

/** A member of an account: who may ask for a sign-in link by email, and the role it signs in with. */
export interface AdminMember {
  /** The member's id. */
  id: string;
  /** The address, trimmed and lower-cased. */
  email: string;
  /** owner: everything an account does, members included; developer: keys, webhooks and jobs; viewer: reads only. */
  role: 'owner' | 'developer' | 'viewer';
  /**
   * When the member was added.
   * @format date-time
   */
  createdAt: string;
}

/** An account's members, oldest first (GET …/members). */
export interface AdminMemberList {
  /** The account's members, oldest first. */
  members: AdminMember[];
}

/** A member as JSON. */
export function memberJson(member: MemberRecord): AdminMember {
  return { id: member.id, email: member.email, role: member.role, createdAt: member.createdAt.toISOString() };
}
