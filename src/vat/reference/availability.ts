/**
 * The VIES availability report (`GET /api/v1/status/vies`) from samples of the
 * Commission's status feed: per country, the share of samples of the window in which it was
 * reachable, and whether it is reachable now. The service's own lookups override the feed: a
 * country whose breaker counts three failures in a row is unavailable now, decided by
 * `SERVICE_LOOKUPS`. The same samples give each country's availability per day ({@link dailyAvailability},
 * the /status page's chart). Pure logic over an in-memory list of samples; sampling every five minutes and
 * storing the samples belong to the server.
 */
import type { Clock, ViesCountryStatus, ViesStatusResponse, ViesStatusSnapshot } from '../../ports.js';

/** Reporting window, in days. */
export const AVAILABILITY_WINDOW_DAYS = 30;
/** One day, as a literal: esbuild would keep an unused product in a bundle. */
const DAY_MS = 86_400_000;

/** One reading of the feed and when it was taken. */
export interface ViesStatusSample extends ViesStatusSnapshot {
  /** When the feed was read. */
  at: Date;
}

/** Options of {@link createAvailabilityTracker}. */
export interface AvailabilityTrackerOptions {
  /** Clock; defaults to the system clock. */
  now?: Clock;
  /** Reporting window in days; default 30. */
  windowDays?: number;
}

/** Options of {@link AvailabilityTracker.report}. */
export interface AvailabilityReportOptions {
  /**
   * Countries whose own lookups failed three times in a row (`failingCountries(breakerStore)` in
   * src/vat/registry/policy.ts): reported unavailable now, whatever the feed says.
   */
  failingCountries?: Iterable<string>;
}

/** See {@link createAvailabilityTracker}. */
export interface AvailabilityTracker {
  /** Reporting window in days, as configured (default 30). */
  readonly windowDays: number;
  /** Adds a reading of the feed (samples may arrive in any order, e.g. loaded from a store). */
  add(sample: ViesStatusSample): void;
  /** Forgets samples older than the window; returns how many went. */
  prune(): number;
  /** Samples held, oldest first (copies). */
  samples(): readonly ViesStatusSample[];
  /** How many samples are held. */
  sampleCount(): number;
  /** When the newest sample held was taken; null with none. */
  newestSampleAt(): Date | null;
  /**
   * Each country's availability per UTC day of the window, today last ({@link dailyAvailability}
   * over the samples held, read in place: a page that shows it copies no sample).
   */
  daily(): Map<string, DayAvailability[]>;
  /** The report at the clock's current time. */
  report(options?: AvailabilityReportOptions): ViesStatusResponse;
}

/** What one sample says about a country: reachable, not reachable, or nothing (not counted). */
function reachability(sample: ViesStatusSample, availability: string): boolean | null {
  if (availability === 'Monitoring Disabled') return null;
  // The whole service down means no country can be reached through it.
  return sample.vowAvailable && availability === 'Available';
}

/** Samples counted and, of them, those in which a country was reachable. */
interface Count {
  up: number;
  counted: number;
}

interface Tally extends Count {
  latest: boolean | null;
}

/** The share of counted samples in which a country was reachable, in percent with 2 decimals; null with none counted. */
function percentUp(count: Count): number | null {
  return count.counted === 0 ? null : Math.round((count.up / count.counted) * 10_000) / 100;
}

/**
 * An availability tracker.
 * @example
 * ```ts
 * import { createAvailabilityTracker } from 'verifield/vat';
 * const tracker = createAvailabilityTracker();
 * tracker.add({ at: new Date(), vowAvailable: true, countries: [{ countryCode: 'DE', availability: 'Unavailable' }] });
 * tracker.report().countriesUnavailableNow; // 1
 * ```
 */
export function createAvailabilityTracker(options: AvailabilityTrackerOptions = {}): AvailabilityTracker {
  const clock = options.now ?? (() => new Date());
  const windowDays = options.windowDays ?? AVAILABILITY_WINDOW_DAYS;
  if (!(windowDays > 0)) throw new RangeError(`windowDays must be positive, got ${windowDays}`);
  const windowMs = windowDays * DAY_MS;
  const held: ViesStatusSample[] = [];

  const copy = (sample: ViesStatusSample): ViesStatusSample => ({
    at: new Date(sample.at.getTime()),
    vowAvailable: sample.vowAvailable,
    countries: sample.countries.map((country) => ({ countryCode: country.countryCode, availability: country.availability })),
  });

  return {
    windowDays,
    add(sample) {
      const time = sample.at.getTime();
      if (Number.isNaN(time)) throw new RangeError('A sample needs a valid time');
      // Samples almost always come in order: find the place from the end.
      let index = held.length;
      while (index > 0 && (held[index - 1] as ViesStatusSample).at.getTime() > time) index--;
      held.splice(index, 0, copy(sample));
    },
    prune() {
      const from = clock().getTime() - windowMs;
      let count = 0;
      while (count < held.length && (held[count] as ViesStatusSample).at.getTime() < from) count++;
      held.splice(0, count);
      return count;
    },
    samples() {
      return held.map(copy);
    },
    sampleCount() {
      return held.length;
    },
    newestSampleAt() {
      // Held in time order: the newest is the last.
      const newest = held[held.length - 1];
      return newest === undefined ? null : new Date(newest.at.getTime());
    },
    daily() {
      return dailyAvailability(held, { now: clock(), days: windowDays });
    },
    report(reportOptions = {}) {
      const now = clock();
      const from = now.getTime() - windowMs;
      const tallies = new Map<string, Tally>();
      for (const sample of held) {
        const time = sample.at.getTime();
        if (time < from || time > now.getTime()) continue;
        for (const { countryCode, availability } of sample.countries) {
          let tally = tallies.get(countryCode);
          if (tally === undefined) {
            tally = { up: 0, counted: 0, latest: null };
            tallies.set(countryCode, tally);
          }
          const reachable = reachability(sample, availability);
          // Samples are in time order: the last one seen is the latest word on the country.
          tally.latest = reachable;
          if (reachable === null) continue;
          tally.counted++;
          if (reachable) tally.up++;
        }
      }
      const failing = new Set(reportOptions.failingCountries ?? []);
      for (const countryCode of failing) if (!tallies.has(countryCode)) tallies.set(countryCode, { up: 0, counted: 0, latest: null });

      const countries: ViesCountryStatus[] = [...tallies.keys()].sort().map((countryCode) => {
        const tally = tallies.get(countryCode) as Tally;
        const overridden = failing.has(countryCode);
        return {
          countryCode,
          availabilityPercent: percentUp(tally),
          sampleCount: tally.counted,
          // Only evidence makes a country unavailable: a latest sample with monitoring disabled is none.
          availableNow: overridden ? false : tally.latest !== false,
          decidedBy: overridden ? 'SERVICE_LOOKUPS' : 'COMMISSION_FEED',
        };
      });
      return {
        generatedAt: now.toISOString(),
        windowDays,
        countriesTracked: countries.length,
        countriesUnavailableNow: countries.filter((country) => !country.availableNow).length,
        countries,
      };
    },
  };
}

/** One member state's availability on one UTC day; see {@link dailyAvailability}. */
export interface DayAvailability {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Share of the day's counted samples in which the country was reachable (percent, 2 decimals); null with none counted. */
  percent: number | null;
}

/** Options of {@link dailyAvailability}. */
export interface DailyAvailabilityOptions {
  /** The time the days end at: its UTC day is the last one, and later samples are not counted. */
  now: Date;
  /** How many UTC days, today included (a whole number of at least 1). */
  days: number;
}

/**
 * Each country's availability per UTC day over the last `days` days (today included), by the
 * same rule as the tracker's report: per country, the days oldest first, one entry per day (null
 * for a day without a counted sample). The countries are those of the samples in those days.
 * @example
 * ```ts
 * const now = new Date('2026-11-26T12:00:00Z');
 * const samples = [{ at: new Date('2026-11-26T08:00:00Z'), vowAvailable: true, countries: [{ countryCode: 'DE', availability: 'Available' }] }];
 * dailyAvailability(samples, { now, days: 2 }).get('DE'); // [{ day: '2026-11-25', percent: null }, { day: '2026-11-26', percent: 100 }]
 * ```
 */
export function dailyAvailability(samples: readonly ViesStatusSample[], options: DailyAvailabilityOptions): Map<string, DayAvailability[]> {
  const { now, days } = options;
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be a whole number of at least 1, got ${days}`);
  const firstDayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS;
  const counts = new Map<string, Count[]>();
  for (const sample of samples) {
    const time = sample.at.getTime();
    if (!(time >= firstDayStart && time <= now.getTime())) continue;
    const index = Math.floor((time - firstDayStart) / DAY_MS);
    for (const { countryCode, availability } of sample.countries) {
      let perDay = counts.get(countryCode);
      if (perDay === undefined) {
        perDay = Array.from({ length: days }, () => ({ up: 0, counted: 0 }));
        counts.set(countryCode, perDay);
      }
      const reachable = reachability(sample, availability);
      if (reachable === null) continue;
      const count = perDay[index] as Count;
      count.counted++;
      if (reachable) count.up++;
    }
  }
  const daily = new Map<string, DayAvailability[]>();
  for (const countryCode of [...counts.keys()].sort()) {
    const perDay = counts.get(countryCode) as Count[];
    daily.set(
      countryCode,
      perDay.map((count, index) => ({ day: new Date(firstDayStart + index * DAY_MS).toISOString().slice(0, 10), percent: percentUp(count) })),
    );
  }
  return daily;
}
