import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memoryBreakerStore } from '../../../src/adapters/memory.js';
import type { ViesCountryAvailability } from '../../../src/ports.js';
import { createAvailabilityTracker as exported } from '../../../src/vat/index.js';
import { createAvailabilityTracker, dailyAvailability, type ViesStatusSample } from '../../../src/vat/reference/availability.js';
import { failingCountries, FAILURE_THRESHOLD } from '../../../src/vat/registry/policy.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Date.UTC(2026, 10, 1);

/** A sample at `at` with `states` for the given countries. */
function sample(at: number, states: Record<string, string>, vowAvailable = true): ViesStatusSample {
  const countries: ViesCountryAvailability[] = Object.entries(states).map(([countryCode, availability]) => ({ countryCode, availability }));
  return { at: new Date(at), vowAvailable, countries };
}

describe('createAvailabilityTracker (docs/fields/vat.md#vies-availability)', () => {
  it('is what verifield/vat exports', () => {
    expect(exported).toBe(createAvailabilityTracker);
  });

  it('reports the share of samples in which each country was reachable, its sample count, and whether it is reachable now', () => {
    let time = START;
    const tracker = createAvailabilityTracker({ now: () => new Date(time) });
    // Every 5 minutes for a day: DE down one sample in four, and down in the latest; FR always up.
    for (let i = 0; i < 288; i++) {
      tracker.add(sample(time, { DE: i % 4 === 3 ? 'Unavailable' : 'Available', FR: 'Available' }));
      time += 5 * MINUTE;
    }
    time -= 5 * MINUTE;
    const report = tracker.report();
    expect(report).toEqual({
      generatedAt: new Date(time).toISOString(),
      windowDays: 30,
      countriesTracked: 2,
      countriesUnavailableNow: 1,
      countries: [
        { countryCode: 'DE', availabilityPercent: 75, sampleCount: 288, availableNow: false, decidedBy: 'COMMISSION_FEED' },
        { countryCode: 'FR', availabilityPercent: 100, sampleCount: 288, availableNow: true, decidedBy: 'COMMISSION_FEED' },
      ],
    });
  });

  it('does not count Monitoring Disabled samples, and reads any unknown word as unavailable', () => {
    const tracker = createAvailabilityTracker({ now: () => new Date(START + 10 * MINUTE) });
    tracker.add(sample(START, { IT: 'Available', PL: 'Available' }));
    tracker.add(sample(START + 5 * MINUTE, { IT: 'Monitoring Disabled', PL: 'Degraded' }));
    tracker.add(sample(START + 10 * MINUTE, { IT: 'Monitoring Disabled', PL: 'Available' }));
    const [it, pl] = tracker.report().countries;
    expect(it).toEqual({ countryCode: 'IT', availabilityPercent: 100, sampleCount: 1, availableNow: true, decidedBy: 'COMMISSION_FEED' });
    expect(pl).toMatchObject({ countryCode: 'PL', availabilityPercent: 66.67, sampleCount: 3, availableNow: true });
  });

  it('reports null availability for a country never counted', () => {
    const tracker = createAvailabilityTracker({ now: () => new Date(START) });
    tracker.add(sample(START, { IT: 'Monitoring Disabled' }));
    expect(tracker.report().countries).toEqual([
      { countryCode: 'IT', availabilityPercent: null, sampleCount: 0, availableNow: true, decidedBy: 'COMMISSION_FEED' },
    ]);
  });

  it('counts every country as unreachable in a sample where VIES as a whole is down', () => {
    const tracker = createAvailabilityTracker({ now: () => new Date(START + MINUTE) });
    tracker.add(sample(START, { AT: 'Available' }));
    tracker.add(sample(START + MINUTE, { AT: 'Available' }, false));
    expect(tracker.report().countries[0]).toMatchObject({ availabilityPercent: 50, availableNow: false });
  });

  it('keeps a 30-day window: a sample 31 days old is not counted, and prune forgets it', () => {
    let time = START;
    const tracker = createAvailabilityTracker({ now: () => new Date(time) });
    tracker.add(sample(START, { SE: 'Unavailable' }));
    tracker.add(sample(START + 2 * DAY, { SE: 'Available' }));
    time = START + 29 * DAY;
    expect(tracker.report().countries[0]).toMatchObject({ availabilityPercent: 50, sampleCount: 2 });
    time = START + 31 * DAY;
    expect(tracker.report().countries[0]).toMatchObject({ availabilityPercent: 100, sampleCount: 1 });
    expect(tracker.prune()).toBe(1);
    expect(tracker.samples()).toHaveLength(1);
  });

  it('takes another window when asked', () => {
    const tracker = createAvailabilityTracker({ now: () => new Date(START + 2 * DAY), windowDays: 1 });
    tracker.add(sample(START, { SE: 'Unavailable' }));
    tracker.add(sample(START + 2 * DAY, { SE: 'Available' }));
    expect(tracker.report()).toMatchObject({ windowDays: 1, countries: [{ sampleCount: 1, availabilityPercent: 100 }] });
    expect(() => createAvailabilityTracker({ windowDays: 0 })).toThrow(RangeError);
  });

  it('accepts samples in any order: "now" is the latest in time, not the last added', () => {
    const tracker = createAvailabilityTracker({ now: () => new Date(START + DAY) });
    tracker.add(sample(START + 10 * MINUTE, { FI: 'Unavailable' }));
    tracker.add(sample(START, { FI: 'Available' }));
    expect(tracker.report().countries[0]).toMatchObject({ availableNow: false, availabilityPercent: 50 });
    expect(tracker.samples().map((s) => s.at.getTime())).toEqual([START, START + 10 * MINUTE]);
  });

  it("marks a country whose own lookups failed three times in a row unavailable, decided by SERVICE_LOOKUPS, whatever the feed says", async () => {
    const now = new Date(START + MINUTE);
    const tracker = createAvailabilityTracker({ now: () => now });
    tracker.add(sample(START, { DE: 'Available', FR: 'Available' }));
    const breaker = memoryBreakerStore();
    for (let i = 0; i < FAILURE_THRESHOLD; i++) await breaker.recordFailure('DE', now);
    await breaker.recordFailure('FR', now);
    await breaker.recordFailure('XI', now);
    for (let i = 1; i < FAILURE_THRESHOLD; i++) await breaker.recordFailure('XI', now);

    const report = tracker.report({ failingCountries: await failingCountries(breaker) });
    expect(report.countriesUnavailableNow).toBe(2);
    expect(report.countries).toEqual([
      { countryCode: 'DE', availabilityPercent: 100, sampleCount: 1, availableNow: false, decidedBy: 'SERVICE_LOOKUPS' },
      { countryCode: 'FR', availabilityPercent: 100, sampleCount: 1, availableNow: true, decidedBy: 'COMMISSION_FEED' },
      { countryCode: 'XI', availabilityPercent: null, sampleCount: 0, availableNow: false, decidedBy: 'SERVICE_LOOKUPS' },
    ]);

    await breaker.reset('DE');
    expect(tracker.report({ failingCountries: await failingCountries(breaker) }).countries[0]).toMatchObject({
      availableNow: true,
      decidedBy: 'COMMISSION_FEED',
    });
  });

  it('keeps its own copies of the samples', () => {
    const tracker = createAvailabilityTracker({ now: () => new Date(START) });
    const added = sample(START, { LU: 'Available' });
    tracker.add(added);
    (added.countries[0] as ViesCountryAvailability).availability = 'Unavailable';
    expect(tracker.report().countries[0]?.availableNow).toBe(true);
  });

  it('agrees with a direct count for any samples', () => {
    const availability = fc.constantFrom('Available', 'Unavailable', 'Monitoring Disabled');
    const samples = fc.array(fc.tuple(fc.integer({ min: 0, max: 40 * DAY }), fc.boolean(), availability), { maxLength: 60 });
    fc.assert(
      fc.property(samples, (rows) => {
        const now = START + 40 * DAY;
        const tracker = createAvailabilityTracker({ now: () => new Date(now) });
        for (const [offset, vow, state] of rows) tracker.add(sample(START + offset, { NL: state }, vow));
        const inWindow = rows.filter(([offset]) => START + offset >= now - 30 * DAY);
        const counted = inWindow.filter(([, , state]) => state !== 'Monitoring Disabled');
        const up = counted.filter(([, vow, state]) => vow && state === 'Available').length;
        const entry = tracker.report().countries.find((c) => c.countryCode === 'NL');
        if (inWindow.length === 0) {
          expect(entry).toBeUndefined();
          return;
        }
        expect(entry?.sampleCount).toBe(counted.length);
        expect(entry?.availabilityPercent).toBe(counted.length === 0 ? null : Math.round((up / counted.length) * 10_000) / 100);
      }),
    );
  });
});

describe('dailyAvailability (the /status chart)', () => {
  const HOUR = 60 * MINUTE;

  it("is what the tracker's daily() gives over its own window, and the tracker tells its newest sample and count", () => {
    const now = new Date(START + 2 * DAY + 12 * HOUR);
    const tracker = createAvailabilityTracker({ now: () => now, windowDays: 3 });
    expect([tracker.newestSampleAt(), tracker.sampleCount()]).toEqual([null, 0]);
    // Added out of order: the newest is still found.
    tracker.add(sample(START + 2 * DAY + HOUR, { DE: 'Available' }));
    tracker.add(sample(START + 10 * HOUR, { DE: 'Unavailable', FR: 'Available' }));
    expect(tracker.newestSampleAt()?.getTime()).toBe(START + 2 * DAY + HOUR);
    expect(tracker.sampleCount()).toBe(2);
    expect(tracker.daily()).toEqual(dailyAvailability(tracker.samples(), { now, days: 3 }));
    expect(tracker.daily().get('DE')?.map((day) => day.percent)).toEqual([0, null, 100]);
  });

  it('gives each country one entry per UTC day, oldest first, today included, null for a day without a counted sample', () => {
    const now = new Date(START + 2 * DAY + 12 * HOUR);
    const samples = [
      sample(START + 10 * HOUR, { DE: 'Available', FR: 'Unavailable' }),
      sample(START + 11 * HOUR, { DE: 'Unavailable', FR: 'Unavailable' }),
      sample(START + 2 * DAY + HOUR, { DE: 'Available', FR: 'Available' }),
    ];
    const daily = dailyAvailability(samples, { now, days: 3 });
    expect([...daily.keys()]).toEqual(['DE', 'FR']);
    expect(daily.get('DE')).toEqual([
      { day: '2026-11-01', percent: 50 },
      { day: '2026-11-02', percent: null },
      { day: '2026-11-03', percent: 100 },
    ]);
    expect(daily.get('FR')).toEqual([
      { day: '2026-11-01', percent: 0 },
      { day: '2026-11-02', percent: null },
      { day: '2026-11-03', percent: 100 },
    ]);
  });

  it('counts by the report\'s rule: Monitoring Disabled is not counted, VIES down as a whole counts every country unreachable', () => {
    const now = new Date(START + 20 * HOUR);
    const samples = [
      sample(START + HOUR, { IT: 'Monitoring Disabled', PL: 'Available' }),
      sample(START + 2 * HOUR, { IT: 'Monitoring Disabled', PL: 'Available' }, false),
      sample(START + 3 * HOUR, { IT: 'Monitoring Disabled', PL: 'Degraded' }),
    ];
    const daily = dailyAvailability(samples, { now, days: 1 });
    expect(daily.get('IT')).toEqual([{ day: '2026-11-01', percent: null }]);
    expect(daily.get('PL')).toEqual([{ day: '2026-11-01', percent: 33.33 }]);
  });

  it('leaves out samples before the first day and after now, and a country seen only there', () => {
    const now = new Date(START + 5 * DAY + HOUR);
    const samples = [
      sample(START + 4 * DAY - MINUTE, { SE: 'Unavailable', NL: 'Available' }),
      sample(START + 4 * DAY, { SE: 'Available' }),
      sample(START + 5 * DAY + 2 * HOUR, { SE: 'Unavailable', LU: 'Available' }),
    ];
    const daily = dailyAvailability(samples, { now, days: 2 });
    expect([...daily.keys()]).toEqual(['SE']);
    expect(daily.get('SE')).toEqual([
      { day: '2026-11-05', percent: 100 },
      { day: '2026-11-06', percent: null },
    ]);
  });

  it('makes 30 and 90 days of entries ending today', () => {
    const now = new Date(START + 100 * DAY + 5 * HOUR);
    const samples = [sample(now.getTime() - HOUR, { AT: 'Available' })];
    for (const days of [30, 90]) {
      const entries = dailyAvailability(samples, { now, days }).get('AT') ?? [];
      expect(entries).toHaveLength(days);
      expect(entries.at(-1)).toEqual({ day: new Date(now).toISOString().slice(0, 10), percent: 100 });
      expect(entries[0]?.day).toBe(new Date(START + (100 - days + 1) * DAY).toISOString().slice(0, 10));
    }
  });

  it('refuses a number of days that is not a whole number of at least 1', () => {
    for (const days of [0, -1, 1.5, Number.NaN]) expect(() => dailyAvailability([], { now: new Date(START), days })).toThrow(RangeError);
  });

  it("agrees with the tracker's report over the samples of one day", () => {
    const availability = fc.constantFrom('Available', 'Unavailable', 'Monitoring Disabled');
    const rows = fc.array(fc.tuple(fc.integer({ min: 0, max: 20 * HOUR }), fc.boolean(), availability), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(rows, (generated) => {
        const now = new Date(START + 20 * HOUR);
        const samples = generated.map(([offset, vow, state]) => sample(START + offset, { NL: state }, vow));
        const tracker = createAvailabilityTracker({ now: () => now, windowDays: 1 });
        for (const each of samples) tracker.add(each);
        const reported = tracker.report().countries[0]?.availabilityPercent;
        expect(dailyAvailability(samples, { now, days: 1 }).get('NL')).toEqual([{ day: '2026-11-01', percent: reported }]);
      }),
    );
  });
});
