/**
 * POST /api/v1/validate/<field>: the request pipeline (docs/service.md#request-pipeline), one stage
 * per file, run here in order:
 *
 *   auth (auth.ts: 401/403) -> body (body.ts: 400/415) -> FREE quota hint (quota.ts: 429) ->
 *   concurrency lease (lease.ts: 429) -> the library's answer (validators.ts) ->
 *   usage meter (meter.ts: group commit; 429 when a FREE quota ran out meanwhile) -> 200
 *
 * Only a performed validation whose count committed is answered 200; every refusal before it
 * leaves the counters untouched. Once the key is known, every answer carries the account's quota
 * state in the RateLimit header fields (ratelimit-headers.ts). This file also holds what no stage
 * owns: the 503 while the store cannot count, and the 500 of an unexpected failure.
 */
import type { ValidationResult } from '../../result.js';
import { inAnswerLanguage } from '../answers/answer-language.js';
import { describeError, ERROR_MESSAGES, errorAnswer, type ValidationAnswer } from '../answers/errors.js';
import { logFailure } from '../answers/log-throttle.js';
import type { PlanLimits } from '../policy/plans.js';
import type { Services } from '../services.js';
import { availabilityOf, StoreUnavailableError, type StoreOutage } from '../storage/guard.js';
import { newRequestId } from '../storage/request-id.js';
import type { Field, Plan } from '../storage/types.js';
import { authenticateRequest } from './auth.js';
import { presentedKey } from './authenticator.js';
import { readRequestBody, type ValidationRequestBody } from './body.js';
import type { ValidationInput } from './input.js';
import { Refusal, type ArrivedRequest, type KnownRequest, type ValidateRuntime } from './context.js';
import type { FailureBudget } from './failure-budget.js';
import { acquireLease, releaseLease } from './lease.js';
import { meterValidation } from './meter.js';
import { peekQuotaState, quotaRefusal } from './quota.js';
import { FIELD_VALIDATORS } from './validators.js';

/** What the pipeline needs; app.ts builds it, and the Node listener's fast path runs it too. */
export interface ValidateDeps {
  /** The ready runtime; a request arriving before the app is ready waits for it. */
  runtime(): ValidateRuntime | Promise<ValidateRuntime>;
  plans: Readonly<Record<Plan, PlanLimits>>;
  /** Marks a request in flight until `work` settles (close() waits for them). */
  track<T>(work: Promise<T>): Promise<T>;
  /** Operational log line sink. */
  log: (line: string) => void;
  /** The budget of failed authentications per source (failure-budget.ts); none: no budget applies. */
  failures?: FailureBudget;
}

/** 503 STORE_UNAVAILABLE: the store cannot count the request, so it is not answered (docs/service.md#store-failure). */
function storeUnavailable(outage: StoreOutage, originalValue: string, headers?: Record<string, string>): ValidationAnswer {
  return errorAnswer(503, 'STORE_UNAVAILABLE', outage.message, originalValue, { ...headers, 'Retry-After': String(outage.retryAfterSeconds) });
}

/** While the store cannot count, nothing is validated: the 503, before any work, even the key lookup; null while it can. */
function outageRefusal(services: Services): ValidationAnswer | null {
  const availability = availabilityOf(services.store);
  const outage = availability?.outage() ?? null;
  if (outage === null) return null;
  availability?.refused();
  return storeUnavailable(outage, '');
}

/**
 * The library's answer, counted: the lease is held across both. Not an async function: an offline
 * field answers at once, and its request then waits for nothing but the meter.
 */
function validateAndCount(request: KnownRequest, body: ValidationRequestBody): Promise<ValidationAnswer> {
  const { field, services, account, plan } = request;
  const { value, traderName, defaultCountry } = body;
  const answered = FIELD_VALIDATORS[field](value, {
    services,
    account,
    plan,
    ...(traderName === undefined ? {} : { traderName }),
    ...(defaultCountry === undefined ? {} : { defaultCountry }),
  });
  if (answered instanceof Promise) return answered.then((result: ValidationResult) => meterValidation(request, value, result));
  return meterValidation(request, value, answered);
}

/** How far a failed request got: what its 500 or 503 answer and its log line may tell. */
interface FailedRequest {
  arrived: ArrivedRequest;
  presented: string | undefined;
  /** Null when the failure came before the key was known. */
  known: KnownRequest | null;
  /** The value, once the body was read; else ''. */
  value: string;
}

/**
 * The answer of a request that failed: 503 STORE_UNAVAILABLE when the store could not count it
 * (the store's failure, not a bug: Retry-After, the count not made), else 500 INTERNAL. Both
 * carry the request id and the quota state this process already holds, and neither any internals.
 */
function failureAnswer(error: unknown, failed: FailedRequest, log: (line: string) => void): ValidationAnswer {
  const { arrived, presented, known, value } = failed;
  const unavailable = error instanceof StoreUnavailableError;
  // One line per distinct error per 10 s: a store that fails every request must not flood the log.
  logFailure(
    log,
    { level: 'error', msg: 'validation request failed', requestId: arrived.requestId, endpoint: arrived.field, key: known?.key.displayPrefix ?? null },
    describeError(unavailable ? error.cause : error, presented === undefined ? [value] : [presented, value]),
  );
  const headers = { ...(known === null ? undefined : peekQuotaState(known)), 'X-Request-Id': arrived.requestId };
  if (unavailable) return storeUnavailable(error.outage, value, headers);
  return errorAnswer(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL, value, headers);
}

/**
 * Answers one validation request, read through `input` (a Web Request or Node's IncomingMessage),
 * in the language its Accept-Language asks for (answer-language.ts: a 200 only, once counted).
 * Never rejects: a store that cannot count is a 503 STORE_UNAVAILABLE, an unexpected failure a 500,
 * both without internals.
 */
export async function handleValidation(field: Field, input: ValidationInput, deps: ValidateDeps): Promise<ValidationAnswer> {
  const answer = await answerValidation(field, input, deps);
  return inAnswerLanguage(answer, input.header('accept-language'), (error) =>
    logFailure(deps.log, { level: 'error', msg: 'localizing a validation answer failed', endpoint: field }, describeError(error, [answer.body.originalValue])),
  );
}

/**
 * 429 AUTH_RATE_LIMITED: the source failed authentication too often (docs/service.md#failed-authentication).
 * The connection is closed with it: the body is never read, and a client that keeps guessing pays a
 * new connection for each try.
 */
export function authRateLimited(retryAfterSeconds: number): ValidationAnswer {
  return errorAnswer(429, 'AUTH_RATE_LIMITED', ERROR_MESSAGES.AUTH_RATE_LIMITED, '', { 'Retry-After': String(retryAfterSeconds), Connection: 'close' });
}

/** Whether a refusal of the key is a failed authentication the source's budget counts (a suspended account's good key is not). */
function failedAuthentication(answer: ValidationAnswer): boolean {
  return answer.status === 401 && answer.body.errorCode !== 'ACCOUNT_SUSPENDED';
}

/** The stages in order; the answer in English. */
async function answerValidation(field: Field, input: ValidationInput, deps: ValidateDeps): Promise<ValidationAnswer> {
  const started = performance.now();
  const arrived: ArrivedRequest = { field, input, requestId: newRequestId(), started };
  const presented = presentedKey(input.header('x-api-key'), input.header('authorization'));
  const { failures } = deps;
  // The budget is looked at only while some source is over it, and a failure counted only on a 401:
  // a request with a good key pays nothing for it.
  const sourceOf = failures === undefined ? undefined : input.source;
  if (!presented.ok) {
    if (sourceOf !== undefined) failures?.failed(sourceOf());
    return errorAnswer(presented.status, presented.code, presented.message);
  }
  let known: KnownRequest | null = null;
  let value = '';
  try {
    const runtime = await deps.runtime();
    const outage = outageRefusal(runtime.services);
    if (outage !== null) return outage;

    if (sourceOf !== undefined && failures?.limiting() === true) {
      const retryAfter = failures.retryAfter(sourceOf());
      // A key the cache knows to be good is never refused for its source's failures (a shared NAT).
      if (retryAfter > 0 && !runtime.auth.knownGood(presented.key, field)) return authRateLimited(retryAfter);
    }

    const authenticated = await authenticateRequest(arrived, presented.key, runtime, deps.plans);
    if (authenticated instanceof Refusal) {
      if (sourceOf !== undefined && failedAuthentication(authenticated.answer)) failures?.failed(sourceOf());
      return authenticated.answer;
    }
    known = authenticated;

    const body = await readRequestBody(known);
    if (body instanceof Refusal) return body.answer;
    value = body.value;

    // Only a plan that blocks over its quota is checked: the paid plans go on without waiting for the hint.
    if (known.plan.blocksOverQuota) {
      const overQuota = await quotaRefusal(known, value);
      if (overQuota !== null) return overQuota.answer;
    }

    const lease = await acquireLease(known, value);
    if (lease instanceof Refusal) return lease.answer;
    try {
      return await deps.track(validateAndCount(known, body));
    } finally {
      await releaseLease(lease, arrived.requestId, deps.log);
    }
  } catch (error) {
    return failureAnswer(error, { arrived, presented: presented.key, known, value }, deps.log);
  }
}
