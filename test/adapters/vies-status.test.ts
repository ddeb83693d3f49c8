import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readViesStatus, VIES_STATUS_URL, viesStatusFeed, ViesStatusError } from '../../src/adapters/vies-status.js';
import * as adapters from '../../src/adapters/index.js';
import { createAvailabilityTracker } from '../../src/vat/reference/availability.js';
import { startStatusFake, STATUS_COUNTRIES, type StatusFake } from '../support/fakes/vies-status.js';
import { rejectionOf } from '../support/rejection.js';

let fake: StatusFake;

beforeAll(async () => {
  fake = await startStatusFake();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.behave('answer');
  fake.pretty = false;
  fake.vowAvailable = true;
  fake.countries = STATUS_COUNTRIES.map((countryCode) => ({ countryCode, availability: 'Available' }));
});

const feed = (timeoutMs = 2000) => viesStatusFeed({ url: fake.url, timeoutMs });

const failure = (promise: Promise<unknown>): Promise<ViesStatusError> => rejectionOf(promise, ViesStatusError);

describe('viesStatusFeed', () => {
  it('is what verifield/adapters exports, aimed at the Commission by default', () => {
    expect(adapters.viesStatusFeed).toBe(viesStatusFeed);
    expect(VIES_STATUS_URL).toBe('https://ec.europa.eu/taxation_customs/vies/rest-api/check-status');
  });

  it('reads every country and its availability, asking for JSON', async () => {
    fake.countries = fake.countries.map((c) =>
      c.countryCode === 'DE' ? { ...c, availability: 'Unavailable' } : c.countryCode === 'IT' ? { ...c, availability: 'Monitoring Disabled' } : c,
    );
    const snapshot = await feed().fetchStatus();
    expect(fake.lastAccept).toBe('application/json');
    expect(snapshot.vowAvailable).toBe(true);
    expect(snapshot.countries).toHaveLength(28);
    expect(snapshot.countries.find((c) => c.countryCode === 'DE')?.availability).toBe('Unavailable');
    expect(snapshot.countries.find((c) => c.countryCode === 'IT')?.availability).toBe('Monitoring Disabled');
  });

  it("reads Jackson's pretty print and the whole service being down", async () => {
    fake.pretty = true;
    fake.vowAvailable = false;
    const snapshot = await feed().fetchStatus();
    expect(snapshot.vowAvailable).toBe(false);
    expect(snapshot.countries).toHaveLength(28);
  });

  it('skips entries it cannot read and keeps unknown availability words as sent', () => {
    const text = JSON.stringify({
      vow: { available: true },
      countries: [{ countryCode: 'de', availability: 'Degraded ' }, { countryCode: 'XYZ', availability: 'Available' }, { availability: 'Available' }, 7],
    });
    expect(readViesStatus(text)).toEqual({ vowAvailable: true, countries: [{ countryCode: 'DE', availability: 'Degraded' }] });
  });

  it('reads an error body as an error on 500 and on 200, never as "everything down"', async () => {
    fake.behave('error-500', 1);
    expect(await failure(feed().fetchStatus())).toMatchObject({ kind: 'http', status: 500 });
    fake.behave('error-200', 1);
    const error = await failure(feed().fetchStatus());
    expect(error).toMatchObject({ kind: 'http', status: 200 });
    expect(error.message).toContain('GLOBAL_MAX_CONCURRENT_REQ');
  });

  it('reports an HTML page, a body that is not JSON or of another shape', async () => {
    fake.behave('html-503', 1);
    expect(await failure(feed().fetchStatus())).toMatchObject({ kind: 'http', status: 503 });
    fake.behave('not-json', 1);
    expect(await failure(feed().fetchStatus())).toMatchObject({ kind: 'malformed' });
    fake.behave('wrong-shape', 1);
    expect(await failure(feed().fetchStatus())).toMatchObject({ kind: 'malformed' });
  });

  it('times out on a feed that never answers, and reports a closed connection', async () => {
    fake.behave('hang', 1);
    const started = Date.now();
    expect(await failure(feed(200).fetchStatus())).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
    fake.behave('reset', 1);
    expect(await failure(feed().fetchStatus())).toMatchObject({ kind: 'network' });
  });

  it('stops when the caller aborts', async () => {
    fake.behave('hang', 1);
    const controller = new AbortController();
    const pending = feed(5000).fetchStatus(controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(await failure(pending)).toMatchObject({ kind: 'aborted' });
  });

  it('feeds the availability tracker: samples in, docs/fields/vat.md#vies-availability report out', async () => {
    let time = Date.UTC(2026, 10, 22, 10);
    const tracker = createAvailabilityTracker({ now: () => new Date(time) });
    for (let i = 0; i < 4; i++) {
      fake.countries = STATUS_COUNTRIES.map((countryCode) => ({
        countryCode,
        availability: countryCode === 'DE' && i % 2 === 1 ? 'Unavailable' : 'Available',
      }));
      tracker.add({ at: new Date(time), ...(await feed().fetchStatus()) });
      time += 5 * 60_000;
    }
    time -= 5 * 60_000;
    const report = tracker.report();
    expect(report).toMatchObject({ countriesTracked: 28, countriesUnavailableNow: 1, windowDays: 30 });
    expect(report.countries.find((c) => c.countryCode === 'DE')).toEqual({
      countryCode: 'DE',
      availabilityPercent: 50,
      sampleCount: 4,
      availableNow: false,
      decidedBy: 'COMMISSION_FEED',
    });
  });
});
