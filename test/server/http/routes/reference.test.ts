/**
 * The public reference endpoints over real HTTP (docs/service.md#reference-endpoints,
 * docs/envelope.md#other-error-answers): VAT rates
 * before and after the first fetch, after a restart on the same store, and the VIES availability
 * report with the service's own failed lookups overriding the feed. No key, no quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mod11_10CheckDigit } from '../../../../src/checksum.js';
import type { CountryVatRates, VatRates, ViesStatusResponse } from '../../../../src/ports.js';
import { openEmbeddedStore } from '../../../../src/server/storage/index.js';
import { instrumentStore, memoryStore, type InstrumentedStore } from '../../../support/fakes/store.js';
import { tedbRowsFor } from '../../../support/fakes/tedb.js';
import { accountWithKey, fakeConfig, get, post, startFakes, startTestServer, until, type Fakes, type TestServer } from '../../../support/server.js';

let fakes: Fakes;

const germanVat = (eightDigits: string): string => `DE${eightDigits}${mod11_10CheckDigit(eightDigits)}`;

beforeAll(async () => {
  fakes = await startFakes();
  fakes.tedb.rows = [
    ...tedbRowsFor({ memberState: 'DE', situationOn: '2025-01-01+01:00', standard: '19.0', reduced: ['7.0'] }),
    ...tedbRowsFor({ memberState: 'EL', situationOn: '2025-01-01+02:00', standard: '24.0', reduced: ['6.0', '13.0'] }),
    ...tedbRowsFor({ memberState: 'FR', situationOn: '2025-01-01+01:00', standard: '20.0', reduced: ['5.5', '10.0'], superReduced: ['2.1'] }),
  ];
  fakes.status.countries = [
    { countryCode: 'DE', availability: 'Available' },
    { countryCode: 'FR', availability: 'Unavailable' },
    { countryCode: 'IT', availability: 'Monitoring Disabled' },
  ];
});

afterAll(async () => {
  await fakes?.close();
});

describe('before any rates were fetched (the source is down)', () => {
  let service: TestServer;

  beforeAll(async () => {
    fakes.tedb.behave('html-503');
    service = await startTestServer(memoryStore(), { ...fakeConfig(fakes), jobs: true });
    await until(() => fakes.tedb.calls > 0);
  });
  afterAll(async () => {
    await service?.close();
    fakes.tedb.behave('answer');
  });

  it('both rates endpoints answer 503 RATES_UNAVAILABLE with Retry-After, not cacheable', async () => {
    for (const path of ['/api/v1/vat/rates', '/api/v1/vat/rates/DE', '/api/v1/vat/rates/GR']) {
      const answer = await get<{ errorCode: string; message: string }>(service.url, path);
      expect(answer.status, path).toBe(503);
      expect(Object.keys(answer.body)).toEqual(['errorCode', 'message']);
      expect(answer.body.errorCode).toBe('RATES_UNAVAILABLE');
      expect(answer.body.message).toMatch(/retry/i);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('a code outside the union is 404 even then', async () => {
    const answer = await get<{ errorCode: string; message: string }>(service.url, '/api/v1/vat/rates/US');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ errorCode: 'NOT_FOUND', message: 'Not an EU member state: US' });
  });
});

describe('with rates', () => {
  let store: InstrumentedStore;
  let service: TestServer;
  let first: VatRates;

  beforeAll(async () => {
    store = instrumentStore(await openEmbeddedStore());
    service = await startTestServer(store, { ...fakeConfig(fakes), jobs: true });
    await until(async () => (await get(service.url, '/api/v1/vat/rates')).status === 200);
    first = (await get<VatRates>(service.url, '/api/v1/vat/rates')).body;
  });
  afterAll(async () => {
    await service?.close();
    await store?.close();
  });

  it('GET /api/v1/vat/rates: every member state fetched, source TEDB, cacheable for an hour, no key needed', async () => {
    const answer = await get<VatRates>(service.url, '/api/v1/vat/rates');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(answer.body.source).toBe('TEDB');
    expect(answer.body.rates.map((r) => r.countryCode)).toEqual(['DE', 'EL', 'FR']);
    expect(answer.body.rates.find((r) => r.countryCode === 'FR')).toMatchObject({ standardRate: 20, reducedRates: [2.1, 5.5, 10], situationOn: '2025-01-01' });
  });

  it('GET /api/v1/vat/rates/{code}: GR answers EL, case does not matter, outside the union is 404', async () => {
    const greece = await get<CountryVatRates>(service.url, '/api/v1/vat/rates/GR');
    expect(greece.status).toBe(200);
    expect(greece.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(greece.body).toMatchObject({ countryCode: 'EL', standardRate: 24, reducedRates: [6, 13], regionalRates: [] });
    expect(Date.parse(greece.body.fetchedAt)).not.toBeNaN();
    expect((await get<CountryVatRates>(service.url, '/api/v1/vat/rates/de')).body.countryCode).toBe('DE');
    for (const code of ['GB', 'NO', 'CH', 'XI', 'ZZZ']) {
      const answer = await get<{ errorCode: string; message: string }>(service.url, `/api/v1/vat/rates/${code}`);
      expect(answer.status, code).toBe(404);
      expect(answer.body).toEqual({ errorCode: 'NOT_FOUND', message: `Not an EU member state: ${code}` });
    }
  });

  it('GET /api/v1/status/vies: the feed sample, per country, with decidedBy and availableNow', async () => {
    await until(async () => (await get<ViesStatusResponse>(service.url, '/api/v1/status/vies')).body.countriesTracked > 0);
    const answer = await get<ViesStatusResponse>(service.url, '/api/v1/status/vies');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ windowDays: 30, countriesTracked: 3, countriesUnavailableNow: 1 });
    expect(Date.parse(answer.body.generatedAt)).not.toBeNaN();
    const byCode = Object.fromEntries(answer.body.countries.map((c) => [c.countryCode, c]));
    expect(byCode.DE).toEqual({ countryCode: 'DE', availabilityPercent: 100, sampleCount: 1, availableNow: true, decidedBy: 'COMMISSION_FEED' });
    expect(byCode.FR).toMatchObject({ availabilityPercent: 0, availableNow: false, decidedBy: 'COMMISSION_FEED' });
    expect(byCode.IT).toMatchObject({ sampleCount: 0, availableNow: true });
  });

  it('three failed lookups in a row mark a country unavailable, decided by SERVICE_LOOKUPS; the VAT answers stay 200 UNVERIFIED', async () => {
    const { key } = await accountWithKey(store, 'PRO');
    fakes.vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { country: 'DE', times: 3 });
    for (const digits of ['11111111', '22222222', '33333333']) {
      const answer = await post(service.url, 'vat', { value: germanVat(digits) }, key);
      expect(answer.status).toBe(200);
      expect(answer.body.vatDetails).toMatchObject({ source: 'UNVERIFIED', registered: null, vies_available: false });
    }
    const report = (await get<ViesStatusResponse>(service.url, '/api/v1/status/vies')).body;
    expect(report.countries.find((c) => c.countryCode === 'DE')).toMatchObject({ availableNow: false, decidedBy: 'SERVICE_LOOKUPS' });
    expect(report.countriesUnavailableNow).toBe(2);
  });

  it('the reference endpoints never touch the meter', () => {
    // Only the three VAT lookups above were counted.
    expect(store.countCalls).toBe(3);
  });

  it('after a restart on the same store, with the source down, the saved rates and samples are served at once', async () => {
    await service.close();
    fakes.tedb.behave('html-503');
    const again = await startTestServer(store, { ...fakeConfig(fakes), jobs: false });
    try {
      const rates = await get<VatRates>(again.url, '/api/v1/vat/rates');
      expect(rates.status).toBe(200);
      expect(rates.body).toEqual(first);
      const report = (await get<ViesStatusResponse>(again.url, '/api/v1/status/vies')).body;
      expect(report.countries.find((c) => c.countryCode === 'DE')).toMatchObject({ sampleCount: 1, decidedBy: 'SERVICE_LOOKUPS' });
    } finally {
      await again.close();
      fakes.tedb.behave('answer');
    }
  });
});
