/**
 * The quota stage of the validation pipeline, over the last known count of each account's period
 * kept in memory (the quota hint): a FREE account over its quota is refused early (no validation,
 * no store write, {@link quotaRefusal}), and the answers the meter did not decide tell the quota
 * state from it ({@link knownQuotaState}). It is only a hint: the meter (`store.usage.count`,
 * meter.ts) decides exactly, also when several instances count at once.
 */
import { errorAnswer, quotaMessage } from '../answers/errors.js';
import { rateLimitHeaders } from '../answers/ratelimit-headers.js';
import { Refusal, type KnownRequest } from './context.js';

/** What the quota state of an answer is told from: the hint, the account, its plan and period, the time. */
export type QuotaStateOf = Pick<KnownRequest, 'hint' | 'account' | 'plan' | 'period' | 'at'>;

/**
 * The quota state of an answer the meter did not decide (a 400, 403 or 429 after the key was
 * known) in the RateLimit header fields, from the count last known here; none when even that
 * cannot be read (the store is down, and the answer says more than the headers would).
 */
export async function knownQuotaState(request: QuotaStateOf): Promise<Record<string, string> | undefined> {
  const { hint, account, plan, period, at } = request;
  try {
    return rateLimitHeaders(plan, period, await hint.used(account.id, period.start), at);
  } catch {
    return undefined;
  }
}

/** The quota state this process already holds, without asking the store (the 500 and 503 answers); none when it holds none. */
export function peekQuotaState(request: QuotaStateOf): Record<string, string> | undefined {
  const { hint, account, plan, period, at } = request;
  const used = hint.peek(account.id, period.start);
  return used === undefined ? undefined : rateLimitHeaders(plan, period, used, at);
}

/**
 * The quota stage: on a plan that blocks over its quota (FREE), 429 QUOTA_EXCEEDED when the count
 * known here has reached the quota, before any work; null lets the request go on (always, on the
 * paid plans, which count their overage). `value` is the value the refusal echoes.
 */
export async function quotaRefusal(request: KnownRequest, value: string): Promise<Refusal | null> {
  const { hint, account, plan, period, at } = request;
  if (!plan.blocksOverQuota) return null;
  const used = await hint.used(account.id, period.start);
  if (used < plan.quota) return null;
  return new Refusal(errorAnswer(429, 'QUOTA_EXCEEDED', quotaMessage(plan.quota, period.end), value, rateLimitHeaders(plan, period, used, at)));
}
