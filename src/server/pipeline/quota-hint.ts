/**
 * The quota hint: the last known count of each account's period kept in memory, so that a FREE
 * account over its quota is refused early (quota.ts) and an answer the meter did not decide can
 * tell the quota state. Only a hint: the store's meter decides exactly.
 */
import type { Store } from '../storage/types.js';

export interface QuotaHint {
  /**
   * The period's count as last known here (read once from the store on first use): a FREE account
   * at its quota is refused on it, and the RateLimit header fields of an answer the meter did not
   * decide report it (ratelimit-headers.ts).
   */
  used(accountId: string, periodStart: string): Promise<number>;
  /** The period's count if this process knows it already, without asking the store. */
  peek(accountId: string, periodStart: string): number | undefined;
  /** Records what the meter answered. */
  observe(accountId: string, periodStart: string, used: number): void;
}

/** Most accounts remembered; beyond it the hint starts afresh (it only costs one read each). */
const MAX_ACCOUNTS = 100_000;

export function createQuotaHint(usage: Pick<Store['usage'], 'used'>): QuotaHint {
  const known = new Map<string, { periodStart: string; used: number }>();
  const reading = new Map<string, Promise<number>>();

  function observe(accountId: string, periodStart: string, used: number): void {
    const entry = known.get(accountId);
    if (entry !== undefined && entry.periodStart === periodStart) {
      if (used > entry.used) entry.used = used;
      return;
    }
    if (known.size >= MAX_ACCOUNTS) known.clear();
    known.set(accountId, { periodStart, used });
  }

  async function used(accountId: string, periodStart: string): Promise<number> {
    const entry = known.get(accountId);
    if (entry !== undefined && entry.periodStart === periodStart) return entry.used;
    // First request of the account (or of a new period) in this process: read the count once.
    const key = `${accountId}\u0000${periodStart}`;
    let pending = reading.get(key);
    if (pending === undefined) {
      pending = usage.used(accountId, periodStart).finally(() => reading.delete(key));
      reading.set(key, pending);
    }
    const count = await pending;
    observe(accountId, periodStart, count);
    return known.get(accountId)?.used ?? count;
  }

  return {
    used,
    peek(accountId, periodStart) {
      const entry = known.get(accountId);
      return entry !== undefined && entry.periodStart === periodStart ? entry.used : undefined;
    },
    observe,
  };
}

