/**
 * POST /api/v1/validate/<field>: the request pipeline (docs/service.md#request-pipeline).
 * auth (401/403) -> body (400) -> FREE quota hint (429) -> concurrency lease (429) -> the
 * library's answer -> the usage meter (group commit; 429 when a FREE quota ran out meanwhile)
 * -> 200. Only a performed validation whose count committed is answered 200; every refusal
 * before it leaves the counters untouched. Once the key is known, every answer carries the
 * account's quota state in the RateLimit header fields (ratelimit-headers.ts).
 */
import type { Hono } from 'hono';
import type { ValidationResult } from '../../result.js';
import { presentedKey, type Authenticator } from './auth.js';
import {
  answerResponse,
  concurrencyMessage,
  describeError,
  ERROR_MESSAGES,
  errorAnswer,
  quotaMessage,
  type ValidationAnswer,
} from '../http/errors.js';
import { logFailure } from '../http/log-throttle.js';
import { availabilityOf, StoreUnavailableError, type StoreOutage } from '../storage/guard.js';
import type { ConcurrencyLimiter } from '../storage/limiter.js';
import { newRequestId } from '../storage/request-id.js';
import { billingPeriod, type PlanLimits } from '../policy/plans.js';
import type { QuotaHint } from './quota.js';
import { rateLimitHeaders, type PeriodWindow } from '../http/ratelimit-headers.js';
import { readValidationBody, sdkOf, webInput, type ValidationInput } from './body.js';
import type { Services } from '../services.js';
import {
  FIELDS,
  MASKED_IN_USAGE_LOG,
  USAGE_LOG_MASK,
  type Account,
  type ApiKeyRecord,
  type Field,
  type Plan,
  type UsageEntry,
} from '../storage/types.js';
import { FIELD_VALIDATORS } from './validators.js';

/** The parts of the pipeline that exist once the store is open. */
export interface ValidateRuntime {
  services: Services;
  auth: Authenticator;
  quota: QuotaHint;
}

/** What the pipeline needs. */
export interface ValidateDeps {
  /** The ready runtime; a request arriving before the app is ready waits for it. */
  runtime(): ValidateRuntime | Promise<ValidateRuntime>;
  limiter: ConcurrencyLimiter;
  plans: Readonly<Record<Plan, PlanLimits>>;
  /** Marks a request in flight until `work` settles (close() waits for them). */
  track<T>(work: Promise<T>): Promise<T>;
  /** Operational log line sink. */
  log: (line: string) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A billing period: its dates (YYYY-MM-DD, end exclusive) and what the RateLimit fields need. */
interface Period extends PeriodWindow {
  start: string;
  end: string;
}

// Periods start and end at midnight UTC, so an account's period is the same all day: worked out
// once per subscription day and UTC day, not with three Dates on every request.
const periods = new Map<string, Period>();

function periodOf(subscriptionStart: string, at: Date): Period {
  const key = `${subscriptionStart}|${Math.floor(at.getTime() / DAY_MS)}`;
  let period = periods.get(key);
  if (period === undefined) {
    const { start, end } = billingPeriod(subscriptionStart, at);
    const endMs = Date.parse(`${end}T00:00:00Z`);
    period = { start, end, endMs, windowSeconds: Math.round((endMs - Date.parse(`${start}T00:00:00Z`)) / 1000) };
    if (periods.size >= 10_000) periods.clear();
    periods.set(key, period);
  }
  return period;
}

/** The headers of a 429 CONCURRENCY_LIMIT, besides the quota state. */
const RETRY_AFTER_ONE_SECOND = { 'Retry-After': '1' };

/** 503 STORE_UNAVAILABLE: the store cannot count the request, so it is not answered (docs/service.md#store-failure). */
function storeUnavailable(outage: StoreOutage, originalValue: string, headers?: Record<string, string>): ValidationAnswer {
  return errorAnswer(503, 'STORE_UNAVAILABLE', outage.message, originalValue, { ...headers, 'Retry-After': String(outage.retryAfterSeconds) });
}

/**
 * The quota state of an answer the meter did not decide (a 400, 403 or 429 after the key was
 * known), from the count last known here; none when even that cannot be read (the store is down,
 * and the answer says more than the headers would).
 */
async function knownQuotaState(hint: QuotaHint, account: Account, plan: PlanLimits, period: Period, at: Date): Promise<Record<string, string> | undefined> {
  try {
    return rateLimitHeaders(plan, period, await hint.used(account.id, period.start), at);
  } catch {
    return undefined;
  }
}

/** One request that holds its lease: what is needed to validate and count it. */
interface LeasedRequest {
  field: Field;
  value: string;
  traderName: string | undefined;
  services: Services;
  account: Account;
  key: ApiKeyRecord;
  plan: PlanLimits;
  period: Period;
  /** The blocking quota (FREE), or null. */
  quota: number | null;
  hint: QuotaHint;
  input: ValidationInput;
  requestId: string;
  /** performance.now() when the request arrived. */
  started: number;
  at: Date;
}

/** The library's answer, counted; the answer leaves only once the batch holding its count committed. */
async function validateAndCount(leased: LeasedRequest): Promise<ValidationAnswer> {
  const { field, value, traderName, services, account, plan, period, quota } = leased;
  const result: ValidationResult = await FIELD_VALIDATORS[field](value, {
    services,
    account,
    plan,
    ...(traderName === undefined ? {} : { traderName }),
  });
  const entry: UsageEntry = {
    requestId: leased.requestId,
    accountId: account.id,
    keyId: leased.key.id,
    periodStart: period.start,
    endpoint: field,
    value: MASKED_IN_USAGE_LOG.has(field) ? USAGE_LOG_MASK : value,
    valid: result.valid,
    status: 200,
    latencyMs: Math.round(performance.now() - leased.started),
    sdk: sdkOf(leased.input.header('x-service-sdk')),
    at: leased.at,
  };
  const decision = await services.store.usage.count(entry, quota);
  leased.hint.observe(account.id, period.start, decision.used);
  const headers = rateLimitHeaders(plan, period, decision.used, leased.at);
  // A FREE quota used up by requests that were in flight together: refused, not counted.
  if (decision.blocked) return errorAnswer(429, 'QUOTA_EXCEEDED', quotaMessage(quota ?? plan.quota, period.end), value, headers);
  return { status: 200, body: result, headers };
}

/**
 * Answers one validation request, read through `input` (a Web Request or Node's IncomingMessage).
 * Never rejects: a store that cannot count is a 503 STORE_UNAVAILABLE, an unexpected failure a 500,
 * both without internals.
 */
export async function handleValidation(field: Field, input: ValidationInput, deps: ValidateDeps): Promise<ValidationAnswer> {
  const started = performance.now();
  const requestId = newRequestId();
  const presented = presentedKey(input.header('x-api-key'), input.header('authorization'));
  if (!presented.ok) return errorAnswer(presented.status, presented.code, presented.message);
  const presentedApiKey = presented.key;
  let value = '';
  let keyPrefix: string | null = null;
  // Known once the key is: the 500 answer reports the quota state this process already holds.
  let quotaState: (() => Record<string, string> | undefined) | null = null;
  try {
    const { services, auth: authenticator, quota: hint } = await deps.runtime();
    // While the store cannot count, nothing is validated: refused before any work, even the key lookup.
    const availability = availabilityOf(services.store);
    const outage = availability?.outage() ?? null;
    if (outage !== null) {
      availability?.refused();
      return storeUnavailable(outage, '');
    }
    const auth = await authenticator.authenticate(presentedApiKey, field);
    if (!auth.ok) {
      const { account } = auth;
      if (account === undefined) return errorAnswer(auth.status, auth.code, auth.message);
      const at = services.now();
      const state = await knownQuotaState(hint, account, deps.plans[account.plan], periodOf(account.subscriptionStart, at), at);
      return errorAnswer(auth.status, auth.code, auth.message, '', state);
    }
    const { account, key } = auth;
    keyPrefix = key.displayPrefix;
    const plan = deps.plans[account.plan];
    const at = services.now();
    const period = periodOf(account.subscriptionStart, at);
    quotaState = () => {
      const used = hint.peek(account.id, period.start);
      return used === undefined ? undefined : rateLimitHeaders(plan, period, used, at);
    };

    const read = await readValidationBody(input, field === 'vat');
    if (!read.ok) return errorAnswer(400, read.code, read.message, read.originalValue, await knownQuotaState(hint, account, plan, period, at));
    value = read.body.value;

    const quota = plan.blocksOverQuota ? plan.quota : null;
    if (quota !== null) {
      const used = await hint.used(account.id, period.start);
      if (used >= quota) return errorAnswer(429, 'QUOTA_EXCEEDED', quotaMessage(quota, period.end), value, rateLimitHeaders(plan, period, used, at));
    }

    const leased = await deps.limiter.acquire({ accountId: account.id, limit: plan.maxConcurrent, shared: plan.usesSharedPool });
    if (!leased.ok) {
      const message = leased.reason === 'account' ? concurrencyMessage(plan.maxConcurrent) : ERROR_MESSAGES.CONCURRENCY_POOL;
      const state = await knownQuotaState(hint, account, plan, period, at);
      return errorAnswer(429, 'CONCURRENCY_LIMIT', message, value, { ...state, ...RETRY_AFTER_ONE_SECOND });
    }
    try {
      return await deps.track(
        validateAndCount({ field, value, traderName: read.body.traderName, services, account, key, plan, period, quota, hint, input, requestId, started, at }),
      );
    } finally {
      // A lease that fails to go back (a shared limiter) expires by itself; the answer stands.
      await leased.lease.release().catch((error: unknown) => {
        logFailure(deps.log, { level: 'warn', msg: 'lease release failed', requestId }, describeError(error, []));
      });
    }
  } catch (error) {
    const unavailable = error instanceof StoreUnavailableError;
    // One line per distinct error per 10 s: a store that fails every request must not flood the log.
    logFailure(
      deps.log,
      { level: 'error', msg: 'validation request failed', requestId, endpoint: field, key: keyPrefix },
      describeError(unavailable ? error.cause : error, presentedApiKey === undefined ? [value] : [presentedApiKey, value]),
    );
    const headers = { ...quotaState?.(), 'X-Request-Id': requestId };
    // A store failure is the store's, not a bug: 503 with Retry-After, the count not made.
    if (unavailable) return storeUnavailable(error.outage, value, headers);
    return errorAnswer(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL, value, headers);
  }
}

/** Mounts the seven validation endpoints. */
export function mountValidationRoutes(app: Hono, deps: ValidateDeps): void {
  for (const field of FIELDS) {
    app.post(`/api/v1/validate/${field}`, async (c) => answerResponse(await handleValidation(field, webInput(c.req.raw), deps)));
  }
}
