/**
 * POST /api/v1/validate/<field>: the request pipeline (docs/service.md#request-pipeline), one stage
 * per file, run here in order:
 *
 *   auth (auth.ts: 401/403) -> body (body.ts: 400/415) -> the metered validation (metered.ts, the
 *   one every counted validation runs: FREE quota in arrival order (429), the concurrency lease
 *   (lease.ts: 429), the library's answer, the usage meter (group commit; 429 when a FREE quota ran
 *   out meanwhile)) -> 200
 *
 * Only a performed validation whose count committed is answered 200; every refusal before it
 * leaves the counters untouched. Once the key is known, every answer carries the account's quota
 * state in the RateLimit header fields (ratelimit-headers.ts). This file also holds what no stage
 * owns: the 500 of an unexpected failure (the 503 while the store cannot count is metered.ts's).
 */
import { inAnswerLanguage } from '../answers/answer-language.js';
import { describeError, ERROR_MESSAGES, errorAnswer, quotaMessage, type ValidationAnswer } from '../answers/errors.js';
import { logFailure, type LogThrottle } from '../answers/log-throttle.js';
import { rateLimitHeaders } from '../answers/ratelimit-headers.js';
import type { PlanLimits } from '../policy/plans.js';
import { StoreUnavailableError } from '../storage/guard.js';
import { newRequestId } from '../storage/request-id.js';
import type { Field, Plan, Store } from '../storage/types.js';
import { authenticateRequest } from './auth.js';
import { presentedKey } from './authenticator.js';
import { readRequestBody, sdkOf, type ValidationRequestBody } from './body.js';
import { Refusal, type ArrivedRequest, type KnownRequest, type RefusedHolder, type ValidateRuntime } from './context.js';
import type { FailureBudget } from './failure-budget.js';
import type { ValidationInput } from './input.js';
import { acquireLease, releaseLease } from './lease.js';
import { meteredValidation, refusingOutage, storeUnavailableAnswer, type Held, type Metered, type MeteredWork } from './metered.js';
import { peekQuotaState } from './quota.js';
import { logRefusal, refusalEntry } from './refusal-log.js';

/** What the pipeline needs; app.ts builds it, and the Node listener's fast path runs it too. */
export interface ValidateDeps {
  /** The ready runtime; a request arriving before the app is ready waits for it. */
  runtime(): ValidateRuntime | Promise<ValidateRuntime>;
  plans: Readonly<Record<Plan, PlanLimits>>;
  /** Marks a request in flight until `work` settles (close() waits for them). */
  track<T>(work: Promise<T>): Promise<T>;
  /** The service's throttle of failure lines (answers/log-throttle.ts), shared by every place that logs per-request failures. */
  failureLog: LogThrottle;
  /** The budget of failed authentications per source (failure-budget.ts); none: no budget applies. */
  failures?: FailureBudget;
}

/** The request's concurrency lease as the metered validation holds it (lease.ts), or its 429. */
function leaseOf(request: KnownRequest, value: string, failureLog: LogThrottle): () => Promise<Held | Refusal> {
  return async () => {
    const lease = await acquireLease(request, value);
    if (lease instanceof Refusal) return lease;
    return { release: () => releaseLease(lease, request.requestId, failureLog) };
  };
}

/** What a request's metered validation validates and counts: its body's value and options, for its key's account. */
export function requestWork(request: KnownRequest, body: ValidationRequestBody): MeteredWork {
  return {
    field: request.field,
    value: body.value,
    ...(body.options === undefined ? {} : { options: body.options }),
    account: request.account,
    key: request.key,
    plan: request.plan,
    period: request.period,
    at: request.at,
    requestId: request.requestId,
    started: request.started,
    sdk: sdkOf(request.input.header('x-service-sdk')),
  };
}

/** The answer of a request's metered validation: 200 with the quota state, or the 429 or 503 that refused it. */
export function meteredAnswer(request: KnownRequest, value: string, metered: Metered): ValidationAnswer {
  const { plan, period, at } = request;
  switch (metered.kind) {
    case 'counted':
      return { status: 200, body: metered.result, headers: rateLimitHeaders(plan, period, metered.used, at) };
    case 'over-quota':
      return errorAnswer(429, 'QUOTA_EXCEEDED', quotaMessage(plan.quota, period.end), value, rateLimitHeaders(plan, period, metered.used, at));
    case 'held-back':
      return metered.refusal.answer;
    case 'unavailable':
      return storeUnavailableAnswer(metered.outage, value, peekQuotaState(request));
    case 'refused':
      // The key changed since auth.ts read it (the same cache): the answer a new request would get.
      return errorAnswer(metered.refusal.status, metered.refusal.code, metered.refusal.message, value);
    case 'not-counted':
    case 'job-closed':
      throw new Error('a request is always counted');
  }
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
function failureAnswer(error: unknown, failed: FailedRequest, failureLog: LogThrottle): ValidationAnswer {
  const { arrived, presented, known, value } = failed;
  const unavailable = error instanceof StoreUnavailableError;
  // One line per distinct error per 10 s: a store that fails every request must not flood the log.
  logFailure(
    failureLog,
    { level: 'error', msg: 'validation request failed', requestId: arrived.requestId, endpoint: arrived.field, key: known?.key.displayPrefix ?? null },
    describeError(unavailable ? error.cause : error, presented === undefined ? [value] : [presented, value]),
  );
  const headers = { ...(known === null ? undefined : peekQuotaState(known)), 'X-Request-Id': arrived.requestId };
  if (unavailable) return storeUnavailableAnswer(error.outage, value, headers);
  return errorAnswer(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL, value, headers);
}

/**
 * Answers one validation request, read through `input` (a Web Request or Node's IncomingMessage),
 * in the language its Accept-Language asks for (answer-language.ts: a 200 only, once counted).
 * Never rejects: a store that cannot count is a 503 STORE_UNAVAILABLE, an unexpected failure a 500,
 * both without internals.
 */
export async function handleValidation(field: Field, input: ValidationInput, deps: ValidateDeps): Promise<ValidationAnswer> {
  const trace: RequestTrace = { requestId: newRequestId(), started: performance.now(), holder: null, store: null };
  const answer = withRequestId(await answerValidation(field, input, deps, trace), trace.requestId);
  if (answer.status !== 200 && trace.holder !== null && trace.store !== null) {
    logRefusal(trace.store, refusalEntry(trace.holder, trace.requestId, field, answer, trace.started), deps.failureLog);
  }
  // Only a counted answer (a 200) is localized, and it had the runtime: this costs no wait.
  const runtime = answer.status === 200 ? await deps.runtime() : null;
  return inAnswerLanguage(answer, input.header('accept-language'), runtime?.languages ?? null, (error) =>
    logFailure(deps.failureLog, { level: 'error', msg: 'localizing a validation answer failed', endpoint: field }, describeError(error, [answer.body.originalValue])),
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

/** What the stages found out about a request that its refusal's usage log row needs. */
interface RequestTrace {
  requestId: string;
  started: number;
  /** The key and account, once the key was found (even when it was refused); else null. */
  holder: RefusedHolder | null;
  /** The store the row goes to, once the runtime is ready. */
  store: Store | null;
}

/** `answer` with the request's id, which is the id of its usage log entry. */
function withRequestId(answer: ValidationAnswer, requestId: string): ValidationAnswer {
  return { ...answer, headers: { ...answer.headers, 'X-Request-Id': requestId } };
}

/** The stages in order; the answer in English. `trace` learns the key's holder once it is found. */
async function answerValidation(field: Field, input: ValidationInput, deps: ValidateDeps, trace: RequestTrace): Promise<ValidationAnswer> {
  const { started } = trace;
  const arrived: ArrivedRequest = { field, input, requestId: trace.requestId, started };
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
    trace.store = runtime.services.store;
    // While the store cannot count, nothing is validated: the 503 before any work, even the key lookup.
    const outage = refusingOutage(runtime.availability);
    if (outage !== null) return storeUnavailableAnswer(outage);

    if (sourceOf !== undefined && failures?.limiting() === true) {
      const retryAfter = failures.retryAfter(sourceOf());
      // A key the cache knows to be good is never refused for its source's failures (a shared NAT).
      if (retryAfter > 0 && !runtime.auth.knownGood(presented.key, field)) return authRateLimited(retryAfter);
    }

    const authenticated = await authenticateRequest(arrived, presented.key, runtime, deps.plans);
    if (authenticated instanceof Refusal) {
      trace.holder = authenticated.holder ?? null;
      if (sourceOf !== undefined && failedAuthentication(authenticated.answer)) failures?.failed(sourceOf());
      return authenticated.answer;
    }
    known = authenticated;
    trace.holder = known;

    const body = await readRequestBody(known);
    if (body instanceof Refusal) return body.answer;
    value = body.value;

    const metered = await deps.track(meteredValidation(runtime, requestWork(known, body), { quota: 'block', hold: leaseOf(known, value, deps.failureLog) }));
    return meteredAnswer(known, value, metered);
  } catch (error) {
    return failureAnswer(error, { arrived, presented: presented.key, known, value }, deps.failureLog);
  }
}
