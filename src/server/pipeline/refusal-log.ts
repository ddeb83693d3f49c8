/**
 * Refused requests in the usage log (docs/service.md#usage-log): a request refused once its key was
 * found (a revoked, expired or out-of-scope key, a suspended account, a bad body, a quota, the
 * concurrency cap, a store that failed) is logged with its status and errorCode, never counted.
 * A request whose key is unknown or missing has no account to be logged in. The row is written
 * after the answer, by the store's batches of refusals (../storage/sql/refusal-log.ts): the
 * answer never waits for it, and a row that cannot be written is only reported.
 */
import { usageLogValue } from '../../fields/usage-log.js';
import { describeError, type ValidationAnswer } from '../answers/errors.js';
import { logFailure, type LogThrottle } from '../answers/log-throttle.js';
import type { Field, Store, UsageEntry } from '../storage/types.js';
import type { RefusedHolder } from './context.js';

/** A refused request as its usage log row: the value masked as a counted one's would be. */
export function refusalEntry(holder: RefusedHolder, requestId: string, field: Field, answer: ValidationAnswer, started: number): UsageEntry {
  const value = typeof answer.body.originalValue === 'string' ? answer.body.originalValue : '';
  return {
    requestId,
    accountId: holder.account.id,
    keyId: holder.key.id,
    periodStart: holder.period.start,
    endpoint: field,
    value: value === '' ? '' : usageLogValue(field, value),
    valid: false,
    status: answer.status,
    errorCode: answer.body.errorCode ?? 'INTERNAL',
    latencyMs: Math.max(0, Math.round(performance.now() - started)),
    sdk: null,
    at: holder.at,
  };
}

/** Logs the refusal `entry` in `store`'s usage log without waiting; a failure is a throttled log line. */
export function logRefusal(store: Store, entry: UsageEntry, failureLog: LogThrottle): void {
  const write = store.usage.logRefusal;
  if (write === undefined) return;
  write.call(store.usage, entry).catch((error: unknown) => {
    logFailure(failureLog, { level: 'warn', msg: 'refused request not logged', requestId: entry.requestId, endpoint: entry.endpoint }, describeError(error, [entry.value]));
  });
}
