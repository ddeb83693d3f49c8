/**
 * The one metered validation (docs/service.md#metering): every counted validation, whether an HTTP
 * request, a job's line or a watch's re-check, runs here, and only here are decided, in this
 * order, the store's availability (nothing is validated while it cannot count), the FREE quota in
 * arrival order (the counts this process knows: quota-hint.ts), the caller's hold (the request's
 * concurrency lease), the library's answer (validators.ts: the field's validator, the VIES answer
 * cache used or bypassed, every live VIES answer kept as evidence), VIES paced per member state for
 * background work (pacing.ts, with the runtime's slots), the usage entry (built once, its value
 * masked once as src/fields/usage-log.ts says) and the count, which the store's meter decides
 * exactly. Right after the store's availability, whether the key may validate the field now (admission.ts: revoked,
 * expired, out of its scope, its account suspended), with the key and account as last read: the
 * request's, or for a job line and a watch re-check the authenticator's `holderOf` with the same
 * cache, so that background work stops when the key's requests do, with the same error code.
 *
 * 503 STORE_UNAVAILABLE (docs/service.md#store-failure) is written here once too: while the store
 * cannot count, nothing is validated, and every endpoint (a validation, jobs, watches, evidence,
 * and any request whose store call failed on the way: http/app.ts onError) answers it with the
 * outage's message and its Retry-After, in the body of its kind: the envelope on the validation
 * endpoints, `{ errorCode, message }` elsewhere.
 *
 * An offline field's validation calls the meter in the same turn as its caller (no await before
 * it), so that a job's chunk of lines, each metered here, is one batch of the meter.
 */
import type { ValidationResult } from '../../result.js';
import { apiErrorResponse, errorAnswer, type ValidationAnswer } from '../answers/errors.js';
import { usageLogValue } from '../../fields/usage-log.js';
import type { RequestOptions } from '../../fields/validators.js';
import type { PlanLimits } from '../policy/plans.js';
import type { StoreAvailability, StoreOutage } from '../storage/guard.js';
import type { Account, ApiKeyRecord, Field, UsageEntry } from '../storage/types.js';
import { admission, type KeyRefusal } from './admission.js';
import type { Refusal } from './context.js';
import { countryOfValue, pacedValidation } from './pacing.js';
import type { Period } from './period.js';
import type { RuntimeState } from './runtime-state.js';
import { FIELD_VALIDATORS, type ValidationContext } from './validators.js';

/** One validation to count: what is validated, for whom, and under which request id. */
export interface MeteredWork {
  field: Field;
  value: string;
  /** The members the request carried besides the value (its field's `requestMembers`: `traderName` on VAT…). */
  options?: RequestOptions;
  /** The key that asked (the request's, the job's submitter, the watch's creator), as last read: admitted here, named in the usage log. */
  key: ApiKeyRecord;
  /** The key's account, as last read. */
  account: Account;
  plan: PlanLimits;
  /** The account's billing period at `at`. */
  period: Period;
  /** When it is counted, on the service's clock. */
  at: Date;
  /**
   * The usage log's request id; stable for background work, so that work done twice (a job resumed
   * after a crash, a re-check retried) is counted once: `job:<jobId>:<line>`, `watch:<watchId>:<time>`.
   */
  requestId: string;
  /** performance.now() when the work began: the usage log's latency counts from here. */
  started: number;
  /** The client's `X-Service-SDK`; null for background work. */
  sdk: string | null;
  /** A batch job's line: counted only while the job is open, its answer stored with its count (and its field, when `named`: a mixed job's line). */
  jobLine?: { jobId: string; line: number; named: boolean };
}

/** What the caller holds while the validation runs and is counted (the request's lease), given back after. */
export interface Held {
  release(): Promise<void>;
}

export interface MeterOptions {
  /**
   * 'block': a plan that blocks over its quota (FREE) refuses the validation once its quota is used
   * (an HTTP request). 'reserved': the quota was checked for this work when it was accepted (a job's
   * whole total on submission, a watch before its re-check); paid plans count their overage either way.
   */
  quota: 'block' | 'reserved';
  /** 'bypass': the VIES answer cache is written but not read (a watch re-check must hear VIES itself). Default 'use'. */
  cache?: 'use' | 'bypass';
  /** VIES paced per member state with the runtime's slots, retried after a backoff while VIES is busy (background work). */
  paced?: { sleep?: (ms: number) => Promise<void>; stopped?: () => boolean };
  /** Taken after the quota check, given back once counted: the hold, or the refusal that ends the work. */
  hold?: () => Promise<Held | Refusal>;
  /** Asked once the answer is there: false leaves it uncounted (a cancelled job). */
  proceed?: () => boolean;
  /** Whether an answer is a validation to count (a watch counts only VIES's own word). Default: every answer. */
  counts?: (result: ValidationResult) => boolean;
}

export type Metered =
  /** Counted: the answer and the period's count after it. */
  | { kind: 'counted'; result: ValidationResult; used: number }
  /** Over a blocking quota, before the work or by the meter's exact count (nothing counted). */
  | { kind: 'over-quota'; used: number }
  /** The hold refused the work. */
  | { kind: 'held-back'; refusal: Refusal }
  /** Answered but not counted: `proceed` or `counts` said no. */
  | { kind: 'not-counted'; result: ValidationResult }
  /** A job line whose job the store no longer has open (cancelled): neither counted nor answered. */
  | { kind: 'job-closed' }
  /** The store cannot count: nothing was validated. */
  | { kind: 'unavailable'; outage: StoreOutage }
  /** The key may not validate the field now (revoked, expired, narrowed, its account suspended): nothing was validated. */
  | { kind: 'refused'; refusal: KeyRefusal };

/** The outage the store is known to be in, noted as one request refused; null while it can count. */
export function refusingOutage(availability: StoreAvailability | undefined): StoreOutage | null {
  const outage = availability?.outage() ?? null;
  if (outage !== null) availability?.refused();
  return outage;
}

/** The 503 of a validation endpoint: the envelope echoing `originalValue`, with `headers` besides Retry-After. */
export function storeUnavailableAnswer(outage: StoreOutage, originalValue = '', headers?: Record<string, string>): ValidationAnswer {
  return errorAnswer(503, 'STORE_UNAVAILABLE', outage.message, originalValue, { ...headers, 'Retry-After': String(outage.retryAfterSeconds) });
}

/** The 503 of every other endpoint: `{ errorCode, message }`. */
export function storeUnavailableResponse(outage: StoreOutage): Response {
  return apiErrorResponse(503, 'STORE_UNAVAILABLE', outage.message, { 'Retry-After': String(outage.retryAfterSeconds) });
}

/**
 * `entry` as the usage log may keep it: its value masked as the field's policy says
 * (src/fields/usage-log.ts). The one place the policy is applied: the store keeps what it is given.
 */
export function maskedEntry(entry: UsageEntry): UsageEntry {
  return { ...entry, value: usageLogValue(entry.endpoint, entry.value) };
}

/** The usage log's entry of a counted validation, its value as the field's policy lets the log keep it. */
export function usageEntry(work: MeteredWork, result: ValidationResult): UsageEntry {
  return {
    requestId: work.requestId,
    accountId: work.account.id,
    keyId: work.key.id,
    periodStart: work.period.start,
    endpoint: work.field,
    // Masked here, once (maskedEntry's rule): personal numbers never leave the process for the store.
    value: usageLogValue(work.field, work.value),
    valid: result.valid,
    ...(result.valid || result.reason === null ? {} : { reason: result.reason }),
    status: 200,
    latencyMs: Math.max(0, Math.round(performance.now() - work.started)),
    sdk: work.sdk,
    at: work.at,
    ...(work.jobLine === undefined ? {} : { jobLine: { jobId: work.jobLine.jobId, answer: { line: work.jobLine.line, result, ...(work.jobLine.named ? { field: work.field } : {}) } } }),
  };
}

/** The validations `plan` still allows in a period with `used` counted: unbounded on the plans that count their overage. */
export function quotaLeft(plan: PlanLimits, used: number): number {
  return plan.blocksOverQuota ? Math.max(0, plan.quota - used) : Number.POSITIVE_INFINITY;
}

function contextOf(runtime: RuntimeState, work: MeteredWork, options: MeterOptions): ValidationContext {
  return {
    services: runtime.services,
    account: work.account,
    plan: work.plan,
    requesters: runtime.requesters,
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(work.options === undefined ? {} : { options: work.options }),
  };
}

/** The library's answer: at once for an offline field, paced over VIES for background work. */
function answerOf(runtime: RuntimeState, work: MeteredWork, options: MeterOptions): ValidationResult | Promise<ValidationResult> {
  const validate = FIELD_VALIDATORS[work.field];
  const context = contextOf(runtime, work, options);
  if (options.paced === undefined) return validate(work.value, context);
  const { sleep, stopped } = options.paced;
  return pacedValidation(runtime.services.registry, runtime.viesSlots, (registry) => validate(work.value, { ...context, services: { ...context.services, registry } }), {
    country: work.field === 'vat' ? countryOfValue(work.value) : null,
    ...(sleep === undefined ? {} : { sleep }),
    ...(stopped === undefined ? {} : { stopped }),
  }).then((paced) => paced.result);
}

/** Counts `result` of `work`; the quota passed to the meter only when it blocks. */
async function count(runtime: RuntimeState, work: MeteredWork, result: ValidationResult, options: MeterOptions): Promise<Metered> {
  if (options.proceed?.() === false || options.counts?.(result) === false) return { kind: 'not-counted', result };
  const { account, plan, period } = work;
  const blocking = options.quota === 'block' && plan.blocksOverQuota;
  const decision = await runtime.services.store.usage.count(usageEntry(work, result), blocking ? plan.quota : null);
  runtime.quota.observe(account.id, period.start, decision.used);
  if (decision.jobClosed === true) return { kind: 'job-closed' };
  // A FREE quota used up by requests that were in flight together: refused, not counted.
  if (decision.blocked) return { kind: 'over-quota', used: decision.used };
  return { kind: 'counted', result, used: decision.used };
}

/**
 * Validates and counts `work` (see the file's comment). Rejects when the count or the evidence
 * could not be written (StoreUnavailableError while the store is away): the answer must then not
 * be given or stored, since it was never counted.
 */
export async function meteredValidation(runtime: RuntimeState, work: MeteredWork, options: MeterOptions): Promise<Metered> {
  const outage = refusingOutage(runtime.availability);
  if (outage !== null) return { kind: 'unavailable', outage };
  const refusal = admission(work, work.field, work.at);
  if (refusal !== null) return { kind: 'refused', refusal };
  if (options.quota === 'block' && work.plan.blocksOverQuota) {
    const used = await runtime.quota.used(work.account.id, work.period.start);
    if (quotaLeft(work.plan, used) < 1) return { kind: 'over-quota', used };
  }
  const held = options.hold === undefined ? null : await options.hold();
  if (held !== null && !('release' in held)) return { kind: 'held-back', refusal: held };
  try {
    const answered = answerOf(runtime, work, options);
    return await count(runtime, work, answered instanceof Promise ? await answered : answered, options);
  } finally {
    await held?.release();
  }
}
