/**
 * Counting a validation the service ran in the background (a batch job's line, a watch's
 * re-check): the usage entry is built exactly as a request's (meter.ts), with the value as
 * src/fields/usage-log.ts lets the log keep it and the account's billing period at `at`.
 */
import type { ValidationResult } from '../../result.js';
import { usageLogValue } from '../../fields/usage-log.js';
import type { Services } from '../services.js';
import type { Account, Field, MeterDecision, UsageEntry } from '../storage/types.js';
import { periodOf } from './period.js';

/** One background validation to count. */
export interface BackgroundValidation {
  account: Account;
  /** The key that asked for the work (the job's submitter, the watch's creator): the usage log names it. */
  keyId: string;
  field: Field;
  /**
   * Stable for the work it counts, so that work done twice (a job resumed after a crash, a
   * re-check retried) is counted once: `job:<jobId>:<line>`, `watch:<watchId>:<ISO time of the check>`.
   */
  requestId: string;
  value: string;
  result: ValidationResult;
  at: Date;
  latencyMs: number;
}

/**
 * Counts one background validation. No blocking quota: a job's total was checked against a FREE
 * quota when it was submitted, and paid plans count their overage. Rejects when the count did not
 * commit (the caller must not store the answer then: it would be an answer never counted).
 */
export function countBackground(services: Pick<Services, 'store'>, work: BackgroundValidation): Promise<MeterDecision> {
  const { account, field, at } = work;
  const entry: UsageEntry = {
    requestId: work.requestId,
    accountId: account.id,
    keyId: work.keyId,
    periodStart: periodOf(account.subscriptionStart, at).start,
    endpoint: field,
    value: usageLogValue(field, work.value),
    valid: work.result.valid,
    status: 200,
    latencyMs: Math.max(0, Math.round(work.latencyMs)),
    sdk: null,
    at,
  };
  return services.store.usage.count(entry, null);
}
