/**
 * The watch scheduler (docs/service.md#vat-monitoring): a loop per process that claims the watched
 * numbers due (a claim pushes their next check past the lease, so one instance checks each) and
 * re-checks them (check.ts), a few at a time: the per-member-state pacing they share with jobs
 * keeps VIES calm whatever their number. A new watch is due at once; each check sets the next.
 */
import { startPollLoop } from '../answers/poll-loop.js';
import type { VatWatchRecord } from '../storage/types.js';
import { checkWatch, intervalOf, quotaExhausted, type WatchDeps } from './check.js';
import { nextCheckAt } from './verdict.js';

/** Knobs of the loop (tests shorten them). */
export interface WatchSchedulerOptions {
  /** How often due watches are looked for when none were. Default 5 s. */
  pollMs?: number;
  /** Watches claimed at once. Default 8. */
  batch?: number;
  /** How long a claim holds a watch: past it, a check that never finished is due again. Default 10 min. */
  leaseMs?: number;
}

/** Claims the watches due now and re-checks them; resolves with how many were claimed. */
export async function checkDueWatches(deps: WatchDeps, options: WatchSchedulerOptions & { stopped?: () => boolean } = {}): Promise<number> {
  const runtime = await deps.runtime();
  const { services } = runtime;
  const now = deps.now();
  const due = await services.store.watches.claimDue(now, new Date(now.getTime() + (options.leaseMs ?? 600_000)), options.batch ?? 8);
  const accounts = new Map<string, Promise<Awaited<ReturnType<typeof services.store.accounts.get>>>>();
  const accountOf = (id: string) => {
    let account = accounts.get(id);
    if (account === undefined) accounts.set(id, (account = services.store.accounts.get(id)));
    return account;
  };
  const outcomes = await Promise.allSettled(
    due.map(async (watch: VatWatchRecord) => {
      const account = await accountOf(watch.accountId);
      if (account === null) return;
      if ((await quotaExhausted(runtime, account, deps.plans[account.plan], now)) !== null) {
        // A FREE account validates nothing past its quota: the watch waits for its next turn, its
        // verdict kept. A suspended account, a revoked or narrowed key: the re-check's metered
        // validation refuses it, with the same outcome.
        await services.store.watches.recordCheck(watch.id, { registered: null, name: null, address: null, at: now, nextCheckAt: nextCheckAt(watch.id, now, intervalOf(account, deps)) });
        return;
      }
      await checkWatch(deps, watch, options.stopped === undefined ? {} : { stopped: options.stopped });
    }),
  );
  // Every check ran to its end before the first failure is told: one store error does not leave the others half done.
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return due.length;
}

/**
 * Starts the scheduler: looks for due watches at once, again straight away while there were some,
 * else every `pollMs`. `stop()` ends it after the checks in progress (their backoffs cut short).
 */
export function startWatchScheduler(deps: WatchDeps, options: WatchSchedulerOptions = {}): { stop(): Promise<void> } {
  return startPollLoop({
    pollMs: options.pollMs ?? 5_000,
    log: deps.log,
    name: 'watch scheduler',
    // A check not recorded stays claimed until its lease lapses, then is due again.
    failure: 'a VAT watch re-check failed',
    round: (stopped) => checkDueWatches(deps, { ...options, stopped }),
  });
}
