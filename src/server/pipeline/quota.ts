/**
 * The quota state of the answers the meter did not decide ({@link knownQuotaState}), told from the
 * last known count of each account's period kept in memory (the quota hint, quota-hint.ts), which
 * the metered validation (metered.ts) also refuses an over-quota FREE request on, before any work.
 * It is only a hint: the meter (`store.usage.count`) decides exactly, also when several instances count at once.
 */
import { rateLimitHeaders } from '../answers/ratelimit-headers.js';
import type { KnownRequest } from './context.js';

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
