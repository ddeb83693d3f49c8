/**
 * A Store that passes every call to a real one, except that `usage.count` can be told to fail for
 * the next few requests (a database outage), to provoke the service's 500 answers.
 */
import type { Store } from '../../src/server/store/types.js';

export interface FailingStore extends Store {
  /** Makes the next `times` calls of `usage.count` reject. */
  failCounts(times: number): void;
}

export function withFailingCounts(store: Store): FailingStore {
  let failures = 0;
  return {
    accounts: store.accounts,
    keys: store.keys,
    usage: {
      count(entry, quota) {
        if (failures > 0) {
          failures--;
          return Promise.reject(new Error('usage counter unavailable (test outage)'));
        }
        return store.usage.count(entry, quota);
      },
      used: (accountId, periodStart) => store.usage.used(accountId, periodStart),
      log: (accountId, limit) => store.usage.log(accountId, limit),
    },
    viesCache: store.viesCache,
    breaker: store.breaker,
    statusSamples: store.statusSamples,
    rates: store.rates,
    jobs: store.jobs,
    close: () => store.close(),
    failCounts(times) {
      failures = times;
    },
  };
}
