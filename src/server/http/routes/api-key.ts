/**
 * The API key of the /api/v1 routes beyond validation (jobs, watches, evidence): the same rules as
 * a validation request (src/server/pipeline/auth.ts: X-API-KEY or Bearer, conflicting keys,
 * unknown, revoked, expired, suspended, the scope of the field) and the same error codes, in the
 * `{ errorCode, message }` body of every error outside the validation endpoints (answers/errors.ts:
 * no validation was asked, so no envelope), and 503 STORE_UNAVAILABLE while the store cannot be reached.
 * The key is checked by the runtime's one authenticator (pipeline/runtime-state.ts), the one the
 * validation endpoints use, with its one cache: a revoked key stops working everywhere at once.
 * A failed key counts against its source's budget, the one the validation endpoints share
 * (pipeline/failure-budget.ts): past it, 429 AUTH_RATE_LIMITED without a lookup (docs/service.md#failed-authentication).
 */
import type { Context } from 'hono';
import { apiErrorResponse, ERROR_MESSAGES } from '../../answers/errors.js';
import type { FailureBudget } from '../../pipeline/failure-budget.js';
import { presentedKey, type AuthOutcome } from '../../pipeline/authenticator.js';
import type { RuntimeState } from '../../pipeline/runtime-state.js';
import { refusingOutage, storeUnavailableResponse } from '../../pipeline/metered.js';
import type { BackgroundConfig } from '../../config.js';
import type { PlanLimits } from '../../policy/plans.js';
import type { Services } from '../../services.js';
import { FIELDS, type Account, type ApiKeyRecord, type Field, type Plan } from '../../storage/types.js';

/** The resolved options of ServerConfig these routes and their workers read (config.ts backgroundConfig). */
export type ApiRouteConfig = BackgroundConfig;

/** What every /api/v1 route file's `mountXRoutes(app, deps)` receives from app.ts. */
export interface ApiRouteDeps {
  /** The ready runtime state; a request arriving before the app is ready waits for it (the store opens lazily). */
  runtime(): RuntimeState | Promise<RuntimeState>;
  /** The ready services: the runtime's. */
  services(): Services | Promise<Services>;
  plans: Readonly<Record<Plan, PlanLimits>>;
  log: (line: string) => void;
  now(): Date;
  config: ApiRouteConfig;
  /** Tells this process's batch runner that a job was just stored, so that it need not wait for its next look. */
  jobSubmitted?(): void;
  /** The budget of failed API-key authentications per source, shared with the validation endpoints; none: no budget. */
  failures?: FailureBudget;
  /** The client's address (../client-source.ts); undefined: unknown, no budget. */
  sourceOf?(c: Context): string | undefined;
}

/** A request whose key is good for the field. */
export interface Authenticated {
  account: Account;
  key: ApiKeyRecord;
}

/** Whether a refusal is a failed authentication the budget counts (a suspended account's good key is not). */
function failedAuthentication(outcome: AuthOutcome): boolean {
  return !outcome.ok && outcome.status === 401 && outcome.code !== 'ACCOUNT_SUSPENDED';
}

/** The authenticator's word on the request's key for `scope`, or the Response that ends it first (401, 429, 503). */
async function keyOutcome(c: Context, deps: ApiRouteDeps, scope: Field): Promise<AuthOutcome | Response> {
  const source = deps.failures === undefined ? undefined : deps.sourceOf?.(c);
  const failed = (): void => {
    if (source !== undefined) deps.failures?.failed(source);
  };
  const presented = presentedKey(c.req.header('x-api-key') ?? null, c.req.header('authorization') ?? null);
  if (!presented.ok) {
    failed();
    return apiErrorResponse(presented.status, presented.code, presented.message);
  }
  const runtime = await deps.runtime();
  const outage = refusingOutage(runtime.availability);
  // Known down: answered at once rather than waiting on the store (the same 503 as app.ts onError's).
  if (outage !== null) return storeUnavailableResponse(outage);
  const authenticator = runtime.auth;
  if (source !== undefined && deps.failures?.limiting() === true) {
    const retryAfter = deps.failures.retryAfter(source);
    // As on the validation endpoints: a key known to be good passes whatever its source did (a shared NAT).
    if (retryAfter > 0 && !authenticator.knownGood(presented.key, scope)) {
      return apiErrorResponse(429, 'AUTH_RATE_LIMITED', ERROR_MESSAGES.AUTH_RATE_LIMITED, { 'Retry-After': String(retryAfter), Connection: 'close' });
    }
  }
  const outcome = await authenticator.authenticate(presented.key, scope);
  if (failedAuthentication(outcome)) failed();
  return outcome;
}

/**
 * The account and key of a request allowed to use `scope`, or the Response that refuses it (401,
 * 403, or 503 while the store is known to be down). A store that fails on the way rejects with
 * StoreUnavailableError, which the app answers with the same 503 on every path (app.ts onError).
 */
export async function authenticate(c: Context, deps: ApiRouteDeps, scope: Field): Promise<Authenticated | Response> {
  const outcome = await keyOutcome(c, deps, scope);
  if (outcome instanceof Response) return outcome;
  if (!outcome.ok) return apiErrorResponse(outcome.status, outcome.code, outcome.message);
  return { account: outcome.account, key: outcome.key };
}

/**
 * The account of a request whose key is good, whatever its scopes (reading or cancelling the
 * account's own jobs, whose field the key was checked for when they were submitted).
 */
export async function authenticateAccount(c: Context, deps: ApiRouteDeps): Promise<{ account: Account } | Response> {
  const outcome = await keyOutcome(c, deps, FIELDS[0] as Field);
  if (outcome instanceof Response) return outcome;
  if (outcome.ok) return { account: outcome.account };
  // A 403 names the account too: a good key without that one scope is good enough here.
  if (outcome.account !== undefined) return { account: outcome.account };
  return apiErrorResponse(outcome.status, outcome.code, outcome.message);
}
