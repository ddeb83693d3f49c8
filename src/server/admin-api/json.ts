/**
 * What the admin API sends and takes, as JSON: the shapes (which the OpenAPI document of
 * ../http/openapi.ts describes, its property lists tied to these types) and the conversions from
 * the account administration's values (../admin/service.ts). Times are ISO 8601 strings in UTC,
 * days YYYY-MM-DD. A key's hash never leaves the store; the key itself only in {@link CreatedKeyJson}.
 */
import { logPosition, type AccountOverview, type CreatedKey, type ListedKey, type UsageByDay, type WebhookSummary } from '../admin/service.js';
import type { RevokeOutcome } from '../admin/key-admin.js';
import type { Field, Plan, UsageEntry } from '../storage/types.js';

/** An account with the state of its current billing period (the period's members as {@link AccountOverview} has them). */
export interface AccountJson extends Omit<AccountOverview, 'account'> {
  /** Stable identifier. */
  id: string;
  /** Name people know the account by. */
  name: string;
  /** FREE, STARTER, GROWTH or PRO. */
  plan: Plan;
  /** The day (YYYY-MM-DD) that anchors the monthly billing periods. */
  subscriptionStart: string;
  /** The account's own VAT number (sent to VIES as requester), or null. */
  vatNumber: string | null;
  /** When the account was created. */
  createdAt: string;
  /** Whether the account is suspended (its keys answer 401 ACCOUNT_SUSPENDED). */
  suspended: boolean;
  /** When it was suspended; null while active. */
  suspendedAt: string | null;
  /** Milliseconds between two checks of its watched VAT numbers; null: the service's default. */
  watchIntervalMs: number | null;
}

/** GET /api/v1/admin/accounts. */
export interface AccountListJson {
  /** Every account for the operator; an account's session sees its own one only. */
  accounts: AccountJson[];
}

/** An API key as it may be shown: never the key, never its hash. */
export interface KeyJson {
  /** Stable identifier, to revoke the key. */
  id: string;
  /** The account the key belongs to. */
  accountId: string;
  /** Name given at creation. */
  name: string;
  /** The key's first characters, for people to recognise it (e.g. "vf_3kP9"). */
  displayPrefix: string;
  /** The endpoints the key may call. */
  scopes: Field[];
  /** When the key was created. */
  createdAt: string;
  /** When the key stops working; null: never. */
  expiresAt: string | null;
  /** When the key was revoked; null: not revoked. */
  revokedAt: string | null;
  /** The key's state now. */
  status: 'live' | 'revoked' | 'expired';
  /** When the key last made a counted request; null: never. */
  lastUsedAt: string | null;
}

/** GET /api/v1/admin/accounts/{id}/keys. */
export interface KeyListJson {
  /** The account's keys, oldest first. */
  keys: KeyJson[];
}

/** POST /api/v1/admin/accounts/{id}/keys: the new key, shown this once. */
export interface CreatedKeyJson extends KeyJson {
  /** The key itself (`vf_…`): the only time it is shown. */
  key: string;
}

/** DELETE /api/v1/admin/keys/{keyId}. */
export interface RevokedKeyJson {
  /** The key's id. */
  id: string;
  /** Always true: the key no longer works. */
  revoked: true;
  /** Whether it was revoked before this request (nothing changed then). */
  alreadyRevoked: boolean;
  /** When it was revoked. */
  revokedAt: string;
}

/** Validations of one day, endpoint and verdict. */
export interface UsageTotalJson {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** The endpoint called. */
  field: Field;
  /** The verdict returned. */
  valid: boolean;
  /** Validations counted. */
  count: number;
}

/** GET /api/v1/admin/accounts/{id}/usage. */
export interface UsageJson {
  /** First day (YYYY-MM-DD, UTC). */
  from: string;
  /** Last day: today (UTC). */
  to: string;
  /** The days that had any validation, by day, field, verdict. */
  totals: UsageTotalJson[];
}

/** One entry of the usage log. */
export interface LogEntryJson {
  /** The request's id. */
  requestId: string;
  /** The key that made the request. */
  keyId: string;
  /** The endpoint called. */
  field: Field;
  /** The value as the log keeps it (personal numbers masked). */
  value: string;
  /** The verdict returned. */
  valid: boolean;
  /** HTTP status of the answer. */
  status: number;
  /** Time spent answering, in milliseconds. */
  latencyMs: number;
  /** The X-Service-SDK header sent, or null. */
  sdk: string | null;
  /** When the request was answered. */
  at: string;
}

/** GET /api/v1/admin/accounts/{id}/log: one page, newest first. */
export interface LogPageJson {
  /** The entries of the page. */
  entries: LogEntryJson[];
  /** `before` of the next page; null when this page is the last. */
  nextBefore: string | null;
}

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** An account overview as JSON. */
export function accountJson(overview: AccountOverview): AccountJson {
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
export function keyJson(key: ListedKey): KeyJson {
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
export function createdKeyJson(created: CreatedKey): CreatedKeyJson {
  // The hash stays out of every answer, as in listKeys.
  const { hash: _hash, ...record } = created.record;
  return { key: created.key, ...keyJson({ ...record, status: 'live', lastUsedAt: null }) };
}

/** The outcome of a revocation that found its key, as JSON. */
export function revokedKeyJson(outcome: Exclude<RevokeOutcome, { status: 'unknown' }>, now: Date): RevokedKeyJson {
  return {
    id: outcome.key.id,
    revoked: true,
    alreadyRevoked: outcome.status === 'already-revoked',
    revokedAt: iso(outcome.key.revokedAt ?? now),
  };
}

/** Daily usage as JSON. */
export function usageJson(usage: UsageByDay): UsageJson {
  return { from: usage.from, to: usage.to, totals: usage.totals.map((total) => ({ ...total })) };
}

/**
 * A page of the usage log as JSON. A full page (`limit` entries) may have a next one, which starts
 * before its last entry; a shorter page is the last.
 */
export function logPageJson(entries: readonly UsageEntry[], limit: number): LogPageJson {
  const last = entries.at(-1);
  return {
    entries: entries.map((entry) => ({
      requestId: entry.requestId,
      keyId: entry.keyId,
      field: entry.endpoint,
      value: entry.value,
      valid: entry.valid,
      status: entry.status,
      latencyMs: entry.latencyMs,
      sdk: entry.sdk,
      at: iso(entry.at),
    })),
    nextBefore: entries.length === limit && last !== undefined ? logPosition(last) : null,
  };
}

/** GET /api/v1/admin/accounts/{id}/webhook: the account's webhook, never its secret. */
export interface WebhookJson {
  /** Where the account's events are POSTed. */
  url: string;
  /** When the URL or the secret last changed. */
  updatedAt: string;
  /** `active` (the last attempt delivered, or none yet), `failing` (its last attempts failed), `paused` (docs/service.md#webhooks). */
  state: 'active' | 'failing' | 'paused';
  /** Failed attempts in a row. */
  consecutiveFailures: number;
  /** When the destination was paused; null when it is not. */
  pausedSince: string | null;
  /** When a paused destination is tried next (one delivery); null when it is not paused. */
  nextProbeAt: string | null;
  /** The last attempt's error; null when it delivered or none was made. */
  lastError: string | null;
}

/** PUT …/webhook: the URL set and its new secret, shown this once. */
export interface WebhookSetJson {
  url: string;
  /** The signing secret (`whsec_…`): the only time it is shown. */
  secret: string;
}

/** POST …/webhook/rotate: the new secret, shown this once. */
export interface WebhookRotatedJson {
  /** The signing secret (`whsec_…`): the only time it is shown. */
  secret: string;
}

export function webhookJson(webhook: WebhookSummary): WebhookJson {
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
