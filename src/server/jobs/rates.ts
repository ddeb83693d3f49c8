/**
 * The `rates` job (docs/service.md#periodic-jobs): the VAT rates from TEDB, at start when none are
 * stored (or the stored ones missed a daily run), then daily shortly after 00:00 Europe/Brussels.
 * On failure the previous rates stay and the fetch is retried with backoff; good rates are saved,
 * so that a restart, and the instances that lost the day's claim, serve them.
 */
import type { RatesService } from '../../vat/reference/rates.js';
import { latestFetchedAt, type RestorableRatesService } from '../storage/stored-rates.js';
import { HOUR_MS, lastRatesRun, MINUTE_MS, nextRatesRun, slotOf } from './calendar.js';
import type { JobContext } from './context.js';

/** How a rates attempt ended: fetched here, fetched by another instance, or still to be done. */
export type RatesAttempt = 'done' | 'retry';

/** Failed rates fetches are retried after 1, 2, 4 … minutes, at most an hour apart. */
const FIRST_RETRY_MS = MINUTE_MS;
const MAX_RETRY_MS = HOUR_MS;

/** The rates job of one instance; see {@link createRatesJob}. */
export interface RatesJob {
  /** The first run: the saved rates when they are current, else an attempt. */
  atStart(): Promise<RatesAttempt>;
  /** One attempt: fetch in a slot this instance owns or claims, else read what the winner saved. */
  attempt(): Promise<RatesAttempt>;
  /** When to run next after an attempt that ended in `result`: a retry with backoff, or the next daily run. */
  nextRunAfter(result: RatesAttempt): number;
}

function canRestore(rates: RatesService | RestorableRatesService): rates is RestorableRatesService {
  return typeof (rates as Partial<RestorableRatesService>).restore === 'function';
}

/** The rates job over `rates`, the service the app answers with (a restorable one also takes rates another instance saved). */
export function createRatesJob(context: JobContext, rates: RatesService | RestorableRatesService): RatesJob {
  const { store, now, log, claim } = context;
  /** The rates slot this instance claimed and has not completed yet (its retries need no new claim). */
  let ownedSlot: string | null = null;
  /** Attempts since the last completed run: the backoff grows with them. */
  let retries = 0;

  /** Takes what another instance (or an earlier run of this one) saved; true when it is current. */
  async function readSaved(): Promise<boolean> {
    const saved = await store.rates.load();
    if (saved === null) return false;
    if (canRestore(rates)) rates.restore(saved);
    const savedAt = latestFetchedAt(saved);
    return savedAt !== null && Date.parse(savedAt) >= lastRatesRun(now());
  }

  async function fetchRates(): Promise<RatesAttempt> {
    const outcome = await rates.refresh(context.signal);
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
   * An instance that lost the claim reads the winner's result; when a retry later still finds
   * nothing current (the winner failed or died), one catch-up run per hour is claimed across instances.
   */
  async function attempt(): Promise<RatesAttempt> {
    const at = now();
    const slot = slotOf('rates', at);
    if (ownedSlot === slot) return fetchRates();
    if (await claim('rates', slot)) {
      ownedSlot = slot;
      return fetchRates();
    }
    if (await readSaved()) return 'done';
    if (retries > 0 && (await claim('rates', `${slot}/catch-up/${slotOf('prune', at)}`))) {
      ownedSlot = slot;
      return fetchRates();
    }
    return 'retry';
  }

  const retryDelay = (): number => Math.min(FIRST_RETRY_MS * 2 ** (retries - 1), MAX_RETRY_MS);

  return {
    async atStart() {
      if (await readSaved()) return 'done';
      return attempt();
    },
    attempt,
    nextRunAfter(result) {
      const daily = nextRatesRun(now());
      const dailyRun = (): number => {
        ownedSlot = null;
        retries = 0;
        return daily;
      };
      if (result === 'done') return dailyRun();
      retries++;
      const retryAt = now().getTime() + retryDelay();
      // The next day's run replaces what is left of this day's retries.
      if (retryAt >= daily) return dailyRun();
      if (ownedSlot !== null) log(`jobs: VAT rates retried in ${Math.round(retryDelay() / MINUTE_MS)} min`);
      return retryAt;
    },
  };
}
