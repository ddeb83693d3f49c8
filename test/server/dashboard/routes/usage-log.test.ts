/**
 * The usage log page over validations really made: newest first, filtered by field, verdict and
 * day, 50 a page with a link to the older ones, personal numbers masked, a logged value holding
 * markup shown as text; a filter that cannot be read answers the page again (400), never a 500.
 */
import { DEFAULT_USAGE_LOG_DAYS } from '../../../../src/server/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../../src/server/storage/types.js';
import { getPage, signIn, startDashboardServer, testClock, type Browser, type DashboardServer } from '../../../support/dashboard.js';
import { germanIban } from '../../../support/generators/iban.js';
import { dni } from '../../../support/generators/nif.js';
import { accountWithKey, post } from '../../../support/server.js';
import { usageEntry } from '../../../support/store/usage-entry.js';

const HOSTILE = '<img src=x onerror=alert(1)>';
const IBAN_CELL = /<code>(DE\d{20})<\/code>/g;
/** Valid IBANs made on the first day: enough for two pages. */
const FIRST_DAY_IBANS = 52;

let server: DashboardServer;
let account: Account;
let browser: Browser;
let dniNumber: string;

/** The IBANs of a page's rows, top to bottom. */
const ibansOn = (html: string): string[] => [...html.matchAll(IBAN_CELL)].map((match) => match[1] as string);

beforeAll(async () => {
  server = await startDashboardServer(testClock('2026-11-24T08:00:00Z'));
  const made = await accountWithKey(server.store, 'GROWTH');
  account = made.account;
  for (let i = 0; i < FIRST_DAY_IBANS; i++) {
    await post(server.url, 'iban', { value: germanIban(`3704004405320${String(i).padStart(5, '0')}`) }, made.key);
    server.clock.advance(1_000);
  }
  server.clock.advance(86_400_000);
  await post(server.url, 'iban', { value: HOSTILE }, made.key);
  server.clock.advance(1_000);
  dniNumber = dni('12345678');
  await post(server.url, 'nif', { value: dniNumber }, made.key);
  browser = await signIn(server, account.id);
});

afterAll(async () => {
  await server.close();
});

const logPath = (query = ''): string => `/dashboard/accounts/${account.id}/usage${query}`;

describe('the usage log', () => {
  it('shows the newest 50, newest first, and links to the older ones', async () => {
    const first = await getPage(server.url, logPath(), browser);
    expect(first.status).toBe(200);
    // The service runs with the default retention of the usage log.
    expect(first.text).toContain(`The log keeps ${DEFAULT_USAGE_LOG_DAYS} days of entries`);
    // 2 entries of the second day, then 48 IBANs of the first, newest first.
    const shown = ibansOn(first.text);
    expect(shown).toHaveLength(48);
    expect(shown[0]).toBe(germanIban(`3704004405320${String(FIRST_DAY_IBANS - 1).padStart(5, '0')}`));
    const older = /<a href="([^"]+)" rel="next">/.exec(first.text)?.[1]?.replaceAll('&amp;', '&');
    // The last entry's time and request id: the next page starts right after it, even within one millisecond.
    expect(older).toMatch(/\?before=2026-11-24T08%3A00%3A04\.000Z_[0-9a-f-]{36}$/);

    const second = await getPage(server.url, older as string, browser);
    expect(second.status).toBe(200);
    expect(ibansOn(second.text)).toEqual([germanIban('370400440532000003'), germanIban('370400440532000002'), germanIban('370400440532000001'), germanIban('370400440532000000')]);
    expect(second.text).not.toContain('rel="next"');
  });

  it('masks personal numbers and shows a logged value with markup as text', async () => {
    const page = await getPage(server.url, logPath('?day=2026-11-25'), browser);
    expect(page.text).not.toContain(dniNumber);
    expect(page.text).toContain('<code>***</code>');
    expect(page.text).not.toContain(HOSTILE);
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('filters by field, verdict and day, alone and together', async () => {
    const count = async (query: string): Promise<number> => {
      const page = await getPage(server.url, logPath(query), browser);
      expect(page.status, query).toBe(200);
      return (page.text.match(/<tr>\s*<td>/g) ?? []).length;
    };
    expect(await count('?field=nif')).toBe(1);
    expect(await count('?verdict=invalid')).toBe(1);
    expect(await count('?field=iban&verdict=invalid')).toBe(1);
    expect(await count('?field=nif&verdict=invalid')).toBe(0);
    expect(await count('?day=2026-11-25')).toBe(2);
    expect(await count('?day=2026-11-24&verdict=valid&field=iban')).toBe(50);
    expect(await count('?day=2026-11-23')).toBe(0);
  });

  it('answers a filter it cannot read with the page again (400) and the reason', async () => {
    for (const [query, message] of [
      ['?field=passport', '&quot;passport&quot; is not a field'],
      ['?verdict=maybe', 'verdict must be valid or invalid'],
      ['?day=2026-13-01', 'is not a date'],
      ['?before=yesterday', 'before must be an ISO time'],
    ] as const) {
      const page = await getPage(server.url, logPath(query), browser);
      expect(page.status, query).toBe(400);
      expect(page.text, query).toContain(message);
    }
  });

  // Runs last: its entries are the newest of the log.
  it('links past job lines and watch checks as it does past requests', async () => {
    const at = new Date('2026-11-26T08:00:00.000Z');
    const job = '019cd7b4-c400-7aaa-8bbb-0123456789ab';
    const ids = [...Array.from({ length: 52 }, (_, line) => `job:${job}:${line + 1}`), `watch:${job}:${at.toISOString()}`];
    for (const requestId of ids) await server.store.usage.count(usageEntry(account.id, '2026-11-01', { requestId, at, value: 'DE89370400440532013000' }), null);
    const rows = (html: string): number => (html.match(/<tr>\s*<td>/g) ?? []).length;
    const first = await getPage(server.url, logPath('?day=2026-11-26'), browser);
    expect(rows(first.text)).toBe(50);
    const older = /<a href="([^"]+)" rel="next">/.exec(first.text)?.[1]?.replaceAll('&amp;', '&');
    expect(older).toMatch(/before=2026-11-26T08%3A00%3A00\.000Z_job%3A/);
    const second = await getPage(server.url, older as string, browser);
    expect(second.status).toBe(200);
    expect(rows(second.text)).toBe(ids.length - 50);
  });
});

describe('the usage log in a French browser', () => {
  it('refuses a filter it cannot read in French, on the page and for the CSV download', async () => {
    const french = { 'Accept-Language': 'fr' };
    const page = await getPage(server.url, logPath('?verdict=maybe'), browser, french);
    expect(page.status).toBe(400);
    expect(page.text).toContain('verdict doit valoir valid ou invalid');
    expect(page.text).not.toContain('verdict must be');
    const csv = await getPage(server.url, `/dashboard/accounts/${account.id}/usage.csv?verdict=maybe`, browser, french);
    expect(csv.status).toBe(400);
    expect(csv.text).toContain('Filtre refusé');
    expect(csv.text).not.toContain('Filter not accepted');
  });
});
