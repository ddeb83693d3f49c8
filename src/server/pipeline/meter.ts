/**
 * The meter stage of the validation pipeline (docs/service.md#metering): the performed
 * validation is counted in the usage log, and its answer leaves only once the batch holding the
 * count committed. The store's meter decides exactly, also for requests in flight together on
 * several instances: a FREE quota they used up between them refuses the late ones (429), which
 * are not counted.
 */
import type { ValidationResult } from '../../result.js';
import { errorAnswer, quotaMessage, type ValidationAnswer } from '../answers/errors.js';
import { rateLimitHeaders } from '../answers/ratelimit-headers.js';
import { USAGE_LOG_MASK, USAGE_LOG_POLICIES } from '../../fields/usage-log.js';
import type { UsageEntry } from '../storage/types.js';
import { sdkOf } from './body.js';
import type { KnownRequest } from './context.js';

/**
 * Counts the validation of `value` that answered `result`: the 200 with the result and the
 * account's quota state, or 429 QUOTA_EXCEEDED when the meter refused the count. Rejects when the
 * count did not commit (the orchestrator answers 503 or 500).
 */
export async function meterValidation(request: KnownRequest, value: string, result: ValidationResult): Promise<ValidationAnswer> {
  const { field, services, account, plan, period, at } = request;
  const quota = plan.blocksOverQuota ? plan.quota : null;
  const entry: UsageEntry = {
    requestId: request.requestId,
    accountId: account.id,
    keyId: request.key.id,
    periodStart: period.start,
    endpoint: field,
    // A NIF, SIN or SSN never leaves the pipeline in clear, whatever store takes the entry; the
    // store's meter applies the whole policy (src/fields/usage-log.ts) when it writes.
    value: USAGE_LOG_POLICIES[field] === 'masked' ? USAGE_LOG_MASK : value,
    valid: result.valid,
    status: 200,
    latencyMs: Math.round(performance.now() - request.started),
    sdk: sdkOf(request.input.header('x-service-sdk')),
    at,
  };
  const decision = await services.store.usage.count(entry, quota);
  request.hint.observe(account.id, period.start, decision.used);
  const headers = rateLimitHeaders(plan, period, decision.used, at);
  // A FREE quota used up by requests that were in flight together: refused, not counted.
  if (decision.blocked) return errorAnswer(429, 'QUOTA_EXCEEDED', quotaMessage(plan.quota, period.end), value, headers);
  return { status: 200, body: result, headers };
}
