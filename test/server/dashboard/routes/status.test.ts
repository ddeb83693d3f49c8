/**
 * GET /status over real HTTP against the loopback fakes: public (no key, no session), cacheable
 * for a minute, the same report as GET /api/v1/status/vies (who decided, available now) with the
 * days of the window and the age of the rates; before the first reading it says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViesStatusResponse } from '../../../../src/ports.js';
import { openEmbeddedStore } from '../../../../src/server/storage/index.js';
import type { Store } from '../../../../src/server/storage/types.js';
import { tedbRowsFor } from '../../../support/fakes/tedb.js';
import { getPage, startDashboardServer, type DashboardServer } from '../../../support/dashboard.js';
import { fakeConfig, get, startFakes, startTestServer, until, type Fakes, type TestServer } from '../../../support/server.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;

beforeAll(async () => {
  fakes = await startFakes();
  fakes.tedb.rows = tedbRowsFor({ memberState: 'DE', situationOn: '2025-01-01+01:00', standard: '19.0', reduced: ['7.0'] });
  fakes.status.countries = [
    { countryCode: 'DE', availability: 'Available' },
    { countryCode: 'FR', availability: 'Unavailable' },
  ];
  store = await openEmbeddedStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), jobs: true });
  await until(async () => (await get<ViesStatusResponse>(service.url, '/api/v1/status/vies')).body.countriesTracked > 0);
  await until(async () => (await get(service.url, '/api/v1/vat/rates')).status === 200);
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

/** The table row of a member state on the page. */
function rowOf(page: string, code: string): string {
  const row = page.split('<tr>').find((part) => part.includes(`(${code})`));
  if (row === undefined) throw new Error(`no row for ${code}`);
  return row;
}

describe('GET /status', () => {
  it('answers without key or session, cacheable for a minute, setting no cookie', async () => {
    const page = await getPage(service.url, '/status');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=60');
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(page.headers.getSetCookie()).toEqual([]);
  });

  it('shows each member state as the availability report has it: now, the share, who decided, the days of the window', async () => {
    const page = (await getPage(service.url, '/status')).text;
    const germany = rowOf(page, 'DE');
    expect(germany).toContain('Germany');
    expect(germany).toContain('Available');
    expect(germany).toContain('Commission feed');
    const france = rowOf(page, 'FR');
    expect(france).toContain('Unavailable');
    expect(page).toContain('1 of 2');
    // One cell per day of the 30-day window, today's with the feed's reading.
    const cells = germany.match(/<title>\d{4}-\d{2}-\d{2}: [^<]+<\/title>/g) ?? [];
    expect(cells).toHaveLength(30);
    expect(cells.at(-1)).toMatch(/: 100/);
  });

  it('tells the age of the VAT rates', async () => {
    const page = (await getPage(service.url, '/status')).text;
    expect(page).toMatch(/VAT rates: fetched /);
  });
});

describe('GET /status before the first reading', () => {
  let fresh: DashboardServer;

  beforeAll(async () => {
    fresh = await startDashboardServer();
  });

  afterAll(async () => {
    await fresh.close();
  });

  it('says there is no reading yet and no rates yet', async () => {
    const page = await getPage(fresh.url, '/status');
    expect(page.status).toBe(200);
    expect(page.text).toContain('No reading of the Commission');
    expect(page.text).toContain('VAT rates: not fetched yet.');
  });
});
