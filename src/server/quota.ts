/**
 * The cheap early refusal of a FREE account over its quota: the last known count of the period is
 * kept in memory, so a blocked account costs no validation and no store write. It is only a hint:
 * the meter (`store.usage.count`) decides exactly, also when several instances count at once.
 */
import type { Store } from './store/types.js';

export interface QuotaHint {
  /** True when the period's count is known to have reached `quota` already. */
  reached(accountId: string, periodStart: string, quota: number): Promise<boolean>;
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

  return {
    async reached(accountId, periodStart, quota) {
      const entry = known.get(accountId);
      if (entry !== undefined && entry.periodStart === periodStart) return entry.used >= quota;
      // First request of the account (or of a new period) in this process: read the count once.
      const key = `${accountId}\u0000${periodStart}`;
      let pending = reading.get(key);
      if (pending === undefined) {
        pending = usage.used(accountId, periodStart).finally(() => reading.delete(key));
        reading.set(key, pending);
      }
      const used = await pending;
      observe(accountId, periodStart, used);
      return used >= quota;
    },
    observe,
  };
}
