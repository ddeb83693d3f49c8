/**
 * The periodic jobs of the service (docs/service.md#periodic-jobs):
 * - `rates`: the VAT rates from TEDB, at start when none are stored (or the stored ones missed a
 *   daily run), then daily shortly after 00:00 Europe/Brussels; on failure the previous rates stay
 *   and the fetch is retried with backoff. Good rates are saved so that a restart serves them.
 * - `vies-status`: a sample of the Commission's status feed every five minutes, into the store and
 *   the availability tracker; 30 days are kept.
 * - `prune`: hourly, drops VIES answers older than the 30-day stale limit, old status samples, and
 *   usage log rows older than the usage log retention (the per-day totals stay).
 *
 * Every instance runs the same timers; each run first claims its slot (job, slot) in the store, so
 * one slot runs once across instances (docs/architecture.md#job-slots). Instances that lose a claim
 * read what the winner stored. Timers are unref'd; `stop()` waits for a run in progress.
 */
import type { Clock, ViesStatusFeed, ViesStatusSnapshot } from '../../ports.js';
import type { AvailabilityTracker } from '../../vat/reference/availability.js';
import { brusselsDate, type RatesService } from '../../vat/reference/rates.js';
import { DEFAULT_USAGE_LOG_DAYS } from '../config.js';
import type { Store } from '../storage/types.js';
import { latestFetchedAt, type RestorableRatesService } from '../storage/stored-rates.js';

/** The jobs, by the name their slots are claimed under. */
export type JobName = 'rates' | 'vies-status' | 'prune';

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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** docs/fields/vat.md#constants: availability sampling every five minutes. */
export const STATUS_INTERVAL_MS = 5 * MINUTE_MS;
/** The daily rates run waits this long after midnight in Brussels, when the new day's rates are in force. */
export const RATES_DELAY_AFTER_MIDNIGHT_MS = 5 * MINUTE_MS;
/** Failed rates fetches are retried after 1, 2, 4 … minutes, at most an hour apart. */
const RATES_FIRST_RETRY_MS = MINUTE_MS;
const RATES_MAX_RETRY_MS = HOUR_MS;
/** docs/fields/vat.md#constants: stale VIES answers are usable up to 30 days; the availability window is 30 days. */
export const RETENTION_MS = 30 * DAY_MS;
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

/** UTC instant of 00:00 in Brussels on `day` (YYYY-MM-DD). */
export function brusselsMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Brussels is UTC+2 in summer and UTC+1 in winter; the clocks change at 02:00/03:00, never at midnight.
  const summer = utcMidnight - 2 * HOUR_MS;
  return brusselsDate(new Date(summer)) === day ? summer : utcMidnight - HOUR_MS;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** When the daily rates run is due next after `at` (strictly later). */
export function nextRatesRun(at: Date): number {
  const today = brusselsDate(at);
  const due = brusselsMidnight(today) + RATES_DELAY_AFTER_MIDNIGHT_MS;
  return due > at.getTime() ? due : brusselsMidnight(nextDay(today)) + RATES_DELAY_AFTER_MIDNIGHT_MS;
}

/** The last daily rates run due at or before `at`. */
export function lastRatesRun(at: Date): number {
  const today = brusselsDate(at);
  const due = brusselsMidnight(today) + RATES_DELAY_AFTER_MIDNIGHT_MS;
  return due <= at.getTime() ? due : brusselsMidnight(previousDay(today)) + RATES_DELAY_AFTER_MIDNIGHT_MS;
}

/** The slot a run at `at` claims: a Brussels day for rates, a five-minute mark for the sampler, an hour for pruning. */
export function slotOf(job: JobName, at: Date): string {
  switch (job) {
    case 'rates':
      return brusselsDate(new Date(lastRatesRun(at)));
    case 'vies-status':
      return new Date(Math.floor(at.getTime() / STATUS_INTERVAL_MS) * STATUS_INTERVAL_MS).toISOString();
    case 'prune':
      return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  }
}

function nextRun(job: Exclude<JobName, 'rates'>, at: Date): number {
  const interval = job === 'vies-status' ? STATUS_INTERVAL_MS : HOUR_MS;
  return (Math.floor(at.getTime() / interval) + 1) * interval;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function canRestore(rates: JobsDeps['rates']): rates is RestorableRatesService {
  return typeof (rates as Partial<RestorableRatesService>).restore === 'function';
}

/** How a rates attempt ended: fetched here, fetched by another instance, or still to be done. */
type RatesAttempt = 'done' | 'retry';

/**
 * Starts the jobs: the first sample and pruning at once, the rates at once when none are stored
 * (or a daily run was missed), then each on its timer.
 */
export function startJobs(deps: JobsDeps): Jobs {
  const { store, rates, tracker, statusFeed, now, instanceId, log } = deps;
  const timers = deps.timers ?? defaultTimers;
  const usageLogDays = deps.usageLogDays ?? DEFAULT_USAGE_LOG_DAYS;
  const controller = new AbortController();
  const pending = new Map<JobName, unknown>();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let lastSampleAt = -Infinity;
  for (const sample of tracker.samples()) lastSampleAt = Math.max(lastSampleAt, sample.at.getTime());
  /** The rates slot this instance claimed and has not completed yet (its retries need no new claim). */
  let ownedRatesSlot: string | null = null;
  /** Attempts since the last completed rates run: the backoff grows with them. */
  let ratesRetries = 0;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  async function claim(job: JobName, slot: string): Promise<boolean> {
    return store.jobs.claim(job, slot, instanceId);
  }

  // --- rates --------------------------------------------------------------------------------

  /** Takes what another instance (or an earlier run of this one) saved; true when it is current. */
  async function readSavedRates(): Promise<boolean> {
    const saved = await store.rates.load();
    if (saved === null) return false;
    if (canRestore(rates)) rates.restore(saved);
    const savedAt = latestFetchedAt(saved);
    return savedAt !== null && Date.parse(savedAt) >= lastRatesRun(now());
  }

  async function fetchRates(): Promise<RatesAttempt> {
    const outcome = await rates.refresh(controller.signal);
    if (!outcome.ok) {
      // A first start has nothing to fall back on: say so, rather than promise rates that do not exist.
      const meanwhile = rates.all() === null ? 'no VAT rates fetched yet' : 'serving the previous rates';
      log(`jobs: VAT rates refresh failed (${outcome.message}); ${meanwhile}`);
      return 'retry';
    }
    const current = rates.all();
    if (current !== null) await store.rates.save(current);
    const missing = outcome.missing.length > 0 ? `; no answer for ${outcome.missing.join(', ')}` : '';
    log(`jobs: VAT rates refreshed for ${outcome.updated.length} member states${missing}`);
    return 'done';
  }

  /**
   * One rates attempt: fetch in a slot this instance owns, else claim the day's slot. An instance
   * that lost the claim reads the winner's result; when a retry later still finds nothing current
   * (the winner failed or died), one catch-up run per hour is claimed across instances.
   */
  async function ratesAttempt(): Promise<RatesAttempt> {
    const at = now();
    const slot = slotOf('rates', at);
    if (ownedRatesSlot === slot) return fetchRates();
    if (await claim('rates', slot)) {
      ownedRatesSlot = slot;
      return fetchRates();
    }
    if (await readSavedRates()) return 'done';
    if (ratesRetries > 0 && (await claim('rates', `${slot}/catch-up/${slotOf('prune', at)}`))) {
      ownedRatesSlot = slot;
      return fetchRates();
    }
    return 'retry';
  }

  async function ratesAtStart(): Promise<RatesAttempt> {
    if (await readSavedRates()) return 'done';
    return ratesAttempt();
  }

  function retryDelay(): number {
    return Math.min(RATES_FIRST_RETRY_MS * 2 ** (ratesRetries - 1), RATES_MAX_RETRY_MS);
  }

  // --- VIES status sampler --------------------------------------------------------------------

  async function sample(): Promise<void> {
    // First what other instances (or an earlier run) stored, so that a lost claim leaves no gap.
    await readSavedSamples();
    const at = now();
    if (await claim('vies-status', slotOf('vies-status', at))) {
      let snapshot: ViesStatusSnapshot | null = null;
      try {
        snapshot = await statusFeed.fetchStatus(controller.signal);
      } catch (error) {
        // A missed sample is a gap in the history, not a verdict: nothing is recorded.
        if (!stopped) log(`jobs: VIES status feed not read (${describe(error)})`);
      }
      if (snapshot !== null) {
        await store.statusSamples.add(at, snapshot);
        tracker.add({ at, ...snapshot });
        lastSampleAt = Math.max(lastSampleAt, at.getTime());
      }
    }
    tracker.prune();
  }

  /** Samples other instances stored since the newest one this tracker holds. */
  async function readSavedSamples(): Promise<void> {
    const from = Number.isFinite(lastSampleAt) ? new Date(lastSampleAt) : new Date(now().getTime() - RETENTION_MS);
    for (const saved of await store.statusSamples.since(from)) {
      const time = saved.at.getTime();
      if (time <= lastSampleAt) continue;
      tracker.add({ at: saved.at, ...saved.snapshot });
      lastSampleAt = time;
    }
  }

  // --- pruning ------------------------------------------------------------------------------

  async function prune(): Promise<void> {
    const at = now();
    if (!(await claim('prune', slotOf('prune', at)))) return;
    const before = new Date(at.getTime() - RETENTION_MS);
    const answers = await store.viesCache.prune(before);
    const samples = await store.statusSamples.prune(before);
    if (answers + samples > 0) log(`jobs: pruned ${answers} VIES answers and ${samples} status samples older than 30 days`);
    const usageRows = (await store.usage.prune?.(new Date(at.getTime() - usageLogDays * DAY_MS))) ?? 0;
    if (usageRows > 0) log(`jobs: pruned ${usageRows} usage log rows older than ${usageLogDays} days`);
  }

  // --- running and scheduling -----------------------------------------------------------------

  /** Runs one job without ever rejecting: a failed run is logged and the timers go on. */
  async function guarded<T>(job: JobName, run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!stopped) log(`jobs: ${job} failed (${describe(error)})`);
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
    const daily = nextRatesRun(now());
    const dailyRun = (): void => {
      ownedRatesSlot = null;
      ratesRetries = 0;
      schedule('rates', daily, () => ratesTick(ratesAttempt));
    };
    if (result === 'done') return dailyRun();
    ratesRetries++;
    const retryAt = now().getTime() + retryDelay();
    // The next day's run replaces what is left of this day's retries.
    if (retryAt >= daily) return dailyRun();
    if (ownedRatesSlot !== null) log(`jobs: VAT rates retried in ${Math.round(retryDelay() / MINUTE_MS)} min`);
    schedule('rates', retryAt, () => ratesTick(ratesAttempt));
  }

  async function periodicTick(job: Exclude<JobName, 'rates'>, run: () => Promise<void>): Promise<void> {
    await guarded(job, run, undefined);
    schedule(job, nextRun(job, now()), () => periodicTick(job, run));
  }

  // The first runs go through the timers too (due now), so that stop() right after start is clean.
  const startedAt = now().getTime();
  schedule('rates', startedAt, () => ratesTick(ratesAtStart));
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
          return track(guarded('rates', ratesAttempt, 'retry' as RatesAttempt).then(() => undefined));
        case 'vies-status':
          return track(guarded(job, sample, undefined));
        case 'prune':
          return track(guarded(job, prune, undefined));
      }
    },
  };
}
