/**
 * The scheduler of the service's periodic jobs (docs/service.md#periodic-jobs), one file each:
 * - `rates` (rates.ts): the VAT rates from TEDB, at start when needed, then daily after 00:00
 *   Europe/Brussels, retried with backoff;
 * - `vies-status` (vies-status.ts): a sample of the VIES status feed every five minutes;
 * - `prune` (prune.ts): hourly clean-up of old VIES answers, status samples and usage log rows.
 *
 * Every instance runs the same timers; each run first claims its slot (job, slot) in the store, so
 * one slot runs once across instances (docs/architecture.md#job-slots; calendar.ts says when
 * each job runs and which slot it claims). Instances that lose a claim read what the winner
 * stored. Timers are unref'd; `stop()` waits for a run in progress.
 */
import type { Clock, ViesStatusFeed } from '../../ports.js';
import type { AvailabilityTracker } from '../../vat/reference/availability.js';
import type { RatesService } from '../../vat/reference/rates.js';
import { DEFAULT_USAGE_LOG_DAYS } from '../config.js';
import type { RestorableRatesService } from '../storage/stored-rates.js';
import type { Store } from '../storage/types.js';
import { MINUTE_MS, nextRun, type JobName } from './calendar.js';
import { messageOf, type JobContext } from './context.js';
import { createPruning } from './prune.js';
import { createRatesJob, type RatesAttempt } from './rates.js';
import { createStatusSampler } from './vies-status.js';

/** Timer functions; tests pass ones that move a fake clock instead of waiting. */
export interface JobTimers {
  /** Calls `callback` after `ms`; a returned promise is the run it started (real timers ignore it). */
  setTimeout(callback: () => unknown, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface JobsDeps {
  store: Store;
  /** The rates the service answers with; a {@link RestorableRatesService} also takes rates another instance saved. */
  rates: RatesService | RestorableRatesService;
  tracker: AvailabilityTracker;
  statusFeed: ViesStatusFeed;
  now: Clock;
  /** Unique per process: recorded with each claimed slot. */
  instanceId: string;
  /** Days the usage log keeps its raw rows. Default {@link DEFAULT_USAGE_LOG_DAYS}. */
  usageLogDays?: number;
  /** How many years VIES evidence is kept (default 10). */
  evidenceYears?: number;
  log: (line: string) => void;
  /** Default: the global timers, unref'd so they never keep the process alive. */
  timers?: JobTimers;
}

export interface Jobs {
  /** Cancels the timers, aborts calls in flight and waits for a run in progress to end. */
  stop(): Promise<void>;
  /** Runs `job` for the slot of the current time now (claiming it first); resolves when done, never rejects. */
  runOnce(job: JobName): Promise<void>;
}

/** Timers never sleep longer than this, so a clock that jumped (suspend, NTP) is noticed soon. */
const MAX_SLEEP_MS = 15 * MINUTE_MS;

const defaultTimers: JobTimers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms) as unknown as { unref?: () => void };
    handle.unref?.();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as Parameters<typeof clearTimeout>[0]);
  },
};

/**
 * Starts the jobs: the first sample and pruning at once, the rates at once when none are stored
 * (or a daily run was missed), then each on its timer.
 */
export function startJobs(deps: JobsDeps): Jobs {
  const { store, now, instanceId, log } = deps;
  const timers = deps.timers ?? defaultTimers;
  const controller = new AbortController();
  const pending = new Map<JobName, unknown>();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;

  const context: JobContext = {
    store,
    now,
    log,
    claim: (job, slot) => store.jobs.claim(job, slot, instanceId),
    signal: controller.signal,
    stopped: () => stopped,
  };
  const rates = createRatesJob(context, deps.rates);
  const sample = createStatusSampler(context, deps.tracker, deps.statusFeed);
  const prune = createPruning(context, deps.usageLogDays ?? DEFAULT_USAGE_LOG_DAYS, deps.evidenceYears);

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Runs one job without ever rejecting: a failed run is logged and the timers go on. */
  async function guarded<T>(job: JobName, run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!stopped) log(`jobs: ${job} failed (${messageOf(error)})`);
      return fallback;
    }
  }

  function schedule(job: JobName, dueAt: number, action: () => Promise<void>): void {
    if (stopped) return;
    const delay = Math.min(Math.max(0, dueAt - now().getTime()), MAX_SLEEP_MS);
    const handle = timers.setTimeout(() => {
      pending.delete(job);
      if (stopped) return undefined;
      // Woken early (long sleeps are cut into pieces): go back to sleep until the due time.
      if (now().getTime() < dueAt) {
        schedule(job, dueAt, action);
        return undefined;
      }
      return track(action());
    }, delay);
    pending.set(job, handle);
  }

  async function ratesTick(attempt: () => Promise<RatesAttempt>): Promise<void> {
    const result = await guarded('rates', attempt, 'retry' as RatesAttempt);
    schedule('rates', rates.nextRunAfter(result), () => ratesTick(rates.attempt));
  }

  async function periodicTick(job: Exclude<JobName, 'rates'>, run: () => Promise<void>): Promise<void> {
    await guarded(job, run, undefined);
    schedule(job, nextRun(job, now()), () => periodicTick(job, run));
  }

  // The first runs go through the timers too (due now), so that stop() right after start is clean.
  const startedAt = now().getTime();
  schedule('rates', startedAt, () => ratesTick(rates.atStart));
  schedule('vies-status', startedAt, () => periodicTick('vies-status', sample));
  schedule('prune', startedAt, () => periodicTick('prune', prune));

  return {
    async stop() {
      stopped = true;
      for (const handle of pending.values()) timers.clearTimeout(handle);
      pending.clear();
      controller.abort();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    runOnce(job) {
      switch (job) {
        case 'rates':
          return track(guarded('rates', rates.attempt, 'retry' as RatesAttempt).then(() => undefined));
        case 'vies-status':
          return track(guarded(job, sample, undefined));
        case 'prune':
          return track(guarded(job, prune, undefined));
      }
    },
  };
}
