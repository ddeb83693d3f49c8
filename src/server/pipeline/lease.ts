/**
 * The lease stage of the validation pipeline (docs/service.md#concurrency): a slot of the
 * account's concurrency limit, and of the shared pool on the non-PRO plans, held while the request
 * is validated and counted. A full limit refuses the request at once (429 CONCURRENCY_LIMIT,
 * Retry-After: 1); nothing waits for a slot.
 */
import { concurrencyMessage, describeError, ERROR_MESSAGES, errorAnswer } from '../answers/errors.js';
import { logFailure, type LogThrottle } from '../answers/log-throttle.js';
import type { Lease } from '../storage/limiter.js';
import { Refusal, type KnownRequest } from './context.js';
import { knownQuotaState } from './quota.js';

/** The headers of a 429 CONCURRENCY_LIMIT, besides the quota state. */
const RETRY_AFTER_ONE_SECOND = { 'Retry-After': '1' };

/**
 * Takes the request's slots from the limiter that goes with the store (memory, PostgreSQL or
 * Redis leases): the lease to give back with {@link releaseLease}, or the 429 refusal (telling
 * the quota state), which echoes `value`.
 */
export async function acquireLease(request: KnownRequest, value: string): Promise<Lease | Refusal> {
  const { account, plan } = request;
  const leased = await request.services.limiter.acquire({ accountId: account.id, limit: plan.maxConcurrent, shared: plan.usesSharedPool });
  if (leased.ok) return leased.lease;
  const message = leased.reason === 'account' ? concurrencyMessage(plan.maxConcurrent) : ERROR_MESSAGES.CONCURRENCY_POOL;
  const state = await knownQuotaState(request);
  return new Refusal(errorAnswer(429, 'CONCURRENCY_LIMIT', message, value, { ...state, ...RETRY_AFTER_ONE_SECOND }));
}

/**
 * Gives the slots back once the answer is ready. Never rejects: a lease that fails to go back (a
 * shared limiter) expires by itself and the answer stands, so the failure is only logged.
 */
export function releaseLease(lease: Lease, requestId: string, failureLog: LogThrottle): Promise<void> {
  // Not an async function: one promise less on every request.
  return lease.release().catch((error: unknown) => {
    logFailure(failureLog, { level: 'warn', msg: 'lease release failed', requestId }, describeError(error, []));
  });
}
