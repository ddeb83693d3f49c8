/**
 * The periodic jobs (src/server/jobs/: periodic.ts schedules rates.ts, vies-status.ts, prune.ts) on a virtual clock, against the loopback TEDB and VIES
 * status fakes and the real SQL store: rates at start and daily after midnight in Brussels, the
 * previous rates kept through failures, the sampler every five minutes, pruning, and one run per
 * slot across instances sharing a store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tedbRatesSource } from '../../../src/adapters/tedb/source.js';
import { viesStatusFeed } from '../../../src/adapters/vies-status.js';
import { brusselsMidnight, lastRatesRun, nextRatesRun, slotOf } from '../../../src/server/jobs/calendar.js';
import { startJobs, type Jobs } from '../../../src/server/jobs/periodic.js';
import { restorableRatesService, type RestorableRatesService } from '../../../src/server/storage/stored-rates.js';
import type { Store } from '../../../src/server/storage/types.js';
import { createAvailabilityTracker, type AvailabilityTracker } from '../../../src/vat/reference/availability.js';
import { brusselsDate, createRatesService } from '../../../src/vat/reference/rates.js';
import { startStatusFake, type StatusFake } from '../../support/fakes/vies-status.js';
import { startTedbFake, tedbRowsFor, type TedbFake } from '../../support/fakes/tedb.js';
import { openTestStore } from '../../support/store/test-store.js';
import { virtualTime, type VirtualTime } from '../../support/virtual-time.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Our own rates for three states; BE changes its standard rate on `changeOn`. */
function ratesRows(changeOn: string) {
  return [
    ...tedbRowsFor({ memberState: 'BE', situationOn: '2020-01-01+01:00', standard: '21.0', reduced: ['6.0', '12.0'] }),
    ...tedbRowsFor({ memberState: 'BE', situationOn: `${changeOn}+01:00`, standard: '22.0', reduced: ['6.0', '12.0'] }),
    ...tedbRowsFor({ memberState: 'EL', situationOn: '2020-01-01+02:00', standard: '24.0', reduced: ['6.0', '13.0'] }),
    ...tedbRowsFor({ memberState: 'LU', situationOn: '2020-01-01+01:00', standard: '17.0', superReduced: ['3.0'] }),
  ];
}

interface Instance {
  jobs: Jobs;
  rates: RestorableRatesService;
  tracker: AvailabilityTracker;
  logs: string[];
  /** Virtual times at which this instance called TEDB. */
  tedbCalls: Date[];
  statusCalls: Date[];
}

let store: Store;
let tedb: TedbFake;
let status: StatusFake;

beforeAll(async () => {
  [store, tedb, status] = await Promise.all([openTestStore(), startTedbFake(), startStatusFake()]);
});

afterAll(async () => {
  await Promise.all([store?.close(), tedb?.close(), status?.close()]);
});

/** One instance of the service's jobs on the shared store, on the virtual clock `time`. */
function instance(time: VirtualTime, name: string, onStore: Store = store): Instance {
  const tedbCalls: Date[] = [];
  const statusCalls: Date[] = [];
  const recording = (calls: Date[]): typeof fetch => (input, init) => {
    calls.push(time.now());
    return fetch(input, init);
  };
  const rates = restorableRatesService(
    createRatesService({ source: tedbRatesSource({ url: tedb.url, fetch: recording(tedbCalls) }), now: time.now }),
  );
  const tracker = createAvailabilityTracker({ now: time.now });
  const logs: string[] = [];
  const jobs = startJobs({
    store: onStore,
    rates,
    tracker,
    statusFeed: viesStatusFeed({ url: status.url, fetch: recording(statusCalls) }),
    now: time.now,
    instanceId: name,
    log: (line) => logs.push(line),
    timers: time.timers,
  });
  return { jobs, rates, tracker, logs, tedbCalls, statusCalls };
}

const brussels = (date: Date): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', dateStyle: 'short', timeStyle: 'short' }).format(date);

describe('the schedule', () => {
  it('finds midnight in Brussels in winter (UTC+1), in summer (UTC+2) and on both change days', () => {
    expect(new Date(brusselsMidnight('2025-01-15')).toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(new Date(brusselsMidnight('2025-07-15')).toISOString()).toBe('2025-07-14T22:00:00.000Z');
    // Summer time starts on 2025-03-30 at 02:00: that midnight is still winter time.
    expect(new Date(brusselsMidnight('2025-03-30')).toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(new Date(brusselsMidnight('2025-03-31')).toISOString()).toBe('2025-03-30T22:00:00.000Z');
    // Winter time returns on 2025-10-26 at 03:00: that midnight is still summer time.
    expect(new Date(brusselsMidnight('2025-10-26')).toISOString()).toBe('2025-10-25T22:00:00.000Z');
    expect(new Date(brusselsMidnight('2025-10-27')).toISOString()).toBe('2025-10-26T23:00:00.000Z');
  });

  it('runs the rates a few minutes after that midnight, in the slot of the Brussels day', () => {
    const justBefore = new Date('2025-07-14T22:04:59Z');
    expect(new Date(nextRatesRun(justBefore)).toISOString()).toBe('2025-07-14T22:05:00.000Z');
    expect(new Date(lastRatesRun(justBefore)).toISOString()).toBe('2025-07-13T22:05:00.000Z');
    expect(slotOf('rates', justBefore)).toBe('2025-07-14');
    const atRun = new Date('2025-07-14T22:05:00Z');
    expect(new Date(nextRatesRun(atRun)).toISOString()).toBe('2025-07-15T22:05:00.000Z');
    expect(slotOf('rates', atRun)).toBe('2025-07-15');
  });

  it('cuts sampler slots at five-minute marks and pruning slots at hours', () => {
    expect(slotOf('vies-status', new Date('2025-07-14T10:04:59.999Z'))).toBe('2025-07-14T10:00:00.000Z');
    expect(slotOf('vies-status', new Date('2025-07-14T10:05:00Z'))).toBe('2025-07-14T10:05:00.000Z');
    expect(slotOf('prune', new Date('2025-07-14T10:59:00Z'))).toBe('2025-07-14T10:00:00.000Z');
  });
});

describe('the rates job', () => {
  it('fetches at start when none are stored, saves them, and a restart serves them without asking TEDB', async () => {
    tedb.rows = ratesRows('2030-01-01');
    expect(await store.rates.load()).toBeNull();
    const time = virtualTime('2024-05-10T09:00:00Z');
    const first = instance(time, 'first');
    await time.flush();
    expect(first.tedbCalls).toHaveLength(1);
    expect(first.rates.country('GR')).toMatchObject({ kind: 'ok', rates: { countryCode: 'EL', standardRate: 24 } });
    const saved = await store.rates.load();
    expect(saved?.rates.map((entry) => entry.countryCode)).toEqual(['BE', 'EL', 'LU']);
    expect(saved?.rates[0]).toMatchObject({ standardRate: 21, reducedRates: [6, 12], fetchedAt: '2024-05-10T09:00:00.000Z' });
    await first.jobs.stop();

    // The restarted process restores them (as the app does in ready()) and does not fetch again today.
    const later = virtualTime('2024-05-10T15:00:00Z');
    const second = instance(later, 'second');
    second.rates.restore(saved!);
    await later.flush();
    expect(second.tedbCalls).toHaveLength(0);
    expect(second.rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 21, fetchedAt: '2024-05-10T09:00:00.000Z' } });
    await second.jobs.stop();
  });

  it('refreshes daily shortly after midnight in Brussels, across the change to summer time', async () => {
    tedb.rows = ratesRows('2025-03-30');
    const time = virtualTime('2025-03-28T12:00:00Z');
    const one = instance(time, 'daily');
    await time.advanceTo(new Date('2025-04-01T12:00:00Z'));
    await one.jobs.stop();
    // At start (the stored rates are from an earlier test day), then after each midnight.
    expect(one.tedbCalls.map(brussels)).toEqual([
      '28/03/2025, 13:00',
      '29/03/2025, 00:05',
      '30/03/2025, 00:05',
      '31/03/2025, 00:05',
      '01/04/2025, 00:05',
    ]);
    const asked = tedb.requests.slice(-5).map((request) => request.situationOn);
    expect(asked).toEqual(['2025-03-28', '2025-03-29', '2025-03-30', '2025-03-31', '2025-04-01']);
    // The rate that changed on 2025-03-30 is served from that day's run on, and saved.
    expect(one.rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 22 } });
    expect((await store.rates.load())?.rates.find((entry) => entry.countryCode === 'BE')?.standardRate).toBe(22);
  });

  it('on a first start with TEDB down, says that no rates were fetched yet (there are none to serve)', async () => {
    const empty = await openTestStore();
    try {
      tedb.behave('html-503', 1);
      const time = virtualTime('2026-06-10T08:00:00Z');
      const first = instance(time, 'first-start', empty);
      await time.flush();
      const failed = first.logs.filter((line) => line.includes('VAT rates refresh failed'));
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(/; no VAT rates fetched yet$/);
      expect(first.logs.join('\n')).not.toContain('previous rates');
      expect(first.rates.all()).toBeNull();
      await first.jobs.stop();
    } finally {
      await empty.close();
    }
  });

  it('keeps serving the previous rates while TEDB fails, retrying with backoff until it answers', async () => {
    tedb.rows = ratesRows('2026-06-02');
    const time = virtualTime('2026-06-01T08:00:00Z');
    const one = instance(time, 'backoff');
    await time.flush();
    expect(one.rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 21 } });
    const before = one.tedbCalls.length;

    tedb.behave('html-503', 3);
    // Midnight of 2026-06-02 in Brussels is 22:00 UTC the day before; the run is due at 22:05.
    await time.advanceTo(new Date('2026-06-01T22:05:00Z'));
    expect(one.rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 21, fetchedAt: '2026-06-01T08:00:00.000Z' } });
    expect((await store.rates.load())?.rates.find((entry) => entry.countryCode === 'BE')?.standardRate).toBe(21);
    expect(one.logs.some((line) => line.includes('VAT rates refresh failed') && line.endsWith('; serving the previous rates'))).toBe(true);

    await time.advanceTo(new Date('2026-06-01T23:00:00Z'));
    // Failed at 00:05, retried after 1, 2 and 4 minutes; the fourth attempt got the new rate.
    expect(one.tedbCalls.slice(before).map(brussels)).toEqual([
      '02/06/2026, 00:05',
      '02/06/2026, 00:06',
      '02/06/2026, 00:08',
      '02/06/2026, 00:12',
    ]);
    expect(one.rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 22, fetchedAt: '2026-06-01T22:12:00.000Z' } });
    expect((await store.rates.load())?.rates.find((entry) => entry.countryCode === 'BE')?.standardRate).toBe(22);
    await one.jobs.stop();
  });
});

describe('the VIES status sampler and pruning', () => {
  it('samples every five minutes into the store and the tracker; an unreadable feed leaves a gap, not a verdict', async () => {
    status.countries = [
      { countryCode: 'DE', availability: 'Available' },
      { countryCode: 'FR', availability: 'Unavailable' },
    ];
    const start = new Date('2027-02-01T10:02:00Z');
    const time = virtualTime(start);
    const one = instance(time, 'sampler');
    await time.flush();
    status.behave('error-500', 1);
    await time.advanceTo(new Date('2027-02-01T11:02:00Z'));
    await one.jobs.stop();
    // 10:02 (start), then 10:05 … 11:00: thirteen reads, the one at 10:05 refused.
    expect(one.statusCalls).toHaveLength(13);
    expect(one.statusCalls.slice(1).every((at) => at.getTime() % (5 * MINUTE) === 0)).toBe(true);
    const stored = await store.statusSamples.since(start);
    expect(stored).toHaveLength(12);
    expect(stored.some((sample) => sample.at.toISOString() === '2027-02-01T10:05:00.000Z')).toBe(false);
    const report = one.tracker.report();
    expect(report.countries).toEqual([
      expect.objectContaining({ countryCode: 'DE', sampleCount: 12, availabilityPercent: 100, availableNow: true }),
      expect.objectContaining({ countryCode: 'FR', sampleCount: 12, availabilityPercent: 0, availableNow: false }),
    ]);
    expect(one.logs.some((line) => line.includes('VIES status feed not read'))).toBe(true);
  });

  it('prunes VIES answers and status samples older than 30 days', async () => {
    const now = new Date('2028-03-31T12:30:00Z');
    const old = new Date(now.getTime() - 31 * DAY);
    const recent = new Date(now.getTime() - 29 * DAY);
    const answer = { valid: true, requestDate: '2028-02-01' };
    await store.viesCache.set('BE', '0200000000', { answer, checkedAt: old, traderName: null, requester: null });
    await store.viesCache.set('BE', '0200000100', { answer, checkedAt: recent, traderName: null, requester: null });
    const snapshot = { vowAvailable: true, countries: [{ countryCode: 'AT', availability: 'Available' }] };
    await store.statusSamples.add(old, snapshot);
    await store.statusSamples.add(recent, snapshot);

    const time = virtualTime(now);
    const one = instance(time, 'pruner');
    await time.flush();
    await one.jobs.stop();
    expect(await store.viesCache.get('BE', '0200000000')).toBeNull();
    expect(await store.viesCache.get('BE', '0200000100')).not.toBeNull();
    const left = await store.statusSamples.since(new Date(old.getTime() - DAY));
    expect(left.map((sample) => sample.at.toISOString())).not.toContain(old.toISOString());
    expect(left.map((sample) => sample.at.toISOString())).toContain(recent.toISOString());
  });
});

describe('several instances on one store', () => {
  it('runs every slot exactly once, and every instance ends up with every sample and the day’s rates', async () => {
    tedb.rows = ratesRows('2029-09-02');
    status.countries = [{ countryCode: 'AT', availability: 'Available' }];
    const start = new Date('2029-09-01T06:00:00Z');
    const end = new Date('2029-09-03T06:00:00Z');
    const time = virtualTime(start);
    const instances = ['a', 'b', 'c'].map((name) => instance(time, name));
    await time.advanceTo(end);
    await Promise.all(instances.map((one) => one.jobs.stop()));

    const slots = (end.getTime() - start.getTime()) / (5 * MINUTE) + 1;
    const statusCalls = instances.flatMap((one) => one.statusCalls.map((at) => at.getTime()));
    expect(statusCalls).toHaveLength(slots);
    expect(new Set(statusCalls).size).toBe(slots);
    expect(await store.statusSamples.since(start)).toHaveLength(slots);

    // At start (rates stored by another test are older than the last daily run), then two midnights.
    const tedbCalls = instances.flatMap((one) => one.tedbCalls.map(brussels)).sort();
    expect(tedbCalls).toEqual(['01/09/2029, 08:00', '02/09/2029, 00:05', '03/09/2029, 00:05']);

    // Runs were spread over the instances, and those that lost a slot read the winner's results.
    expect(instances.filter((one) => one.statusCalls.length > 0).length).toBeGreaterThan(1);
    for (const one of instances) {
      expect(one.tracker.report().countries[0]?.sampleCount).toBeGreaterThanOrEqual(slots - 1);
      expect(one.rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 22 } });
    }
    expect(brusselsDate(end)).toBe('2029-09-03');
  });
});

describe('stopping', () => {
  it('aborts a run in progress, waits for it, and leaves no timer behind', async () => {
    status.behave('hang');
    const time = virtualTime('2031-01-01T00:02:00Z');
    const one = instance(time, 'stopper');
    const firstRuns = time.flush();
    // Let the sampler reach the hanging feed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await one.jobs.stop();
    await firstRuns;
    status.behave('answer');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(time.pending).toBe(0);
    expect(one.logs.some((line) => line.includes('failed'))).toBe(false);
  });
});
