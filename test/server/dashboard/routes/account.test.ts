/**
 * An account's overview as the account reads it: its plan, the period's usage counted from real
 * validations, the chart over 30 or 90 days (any other period refused, 400), and its own VAT
 * number set, refused when VIES cannot check it, and removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../../src/server/storage/types.js';
import { getPage, postForm, signIn, startDashboardServer, testClock, type Browser, type DashboardServer } from '../../../support/dashboard.js';
import { germanIban } from '../../../support/generators/iban.js';
import { accountWithKey, post } from '../../../support/server.js';

let server: DashboardServer;
let account: Account;
let browser: Browser;

beforeAll(async () => {
  server = await startDashboardServer(testClock('2026-11-26T10:00:00Z'));
  const made = await accountWithKey(server.store, 'STARTER', { subscriptionStart: '2026-01-15' });
  account = made.account;
  for (const digits of ['370400440532013000', '370400440532013001']) await post(server.url, 'iban', { value: germanIban(digits) }, made.key);
  browser = await signIn(server, account.id);
});

afterAll(async () => {
  await server.close();
});

const overviewPath = (): string => `/dashboard/accounts/${account.id}`;

describe('the overview', () => {
  it("shows the plan, the period's usage and its reset day", async () => {
    const page = await getPage(server.url, overviewPath(), browser);
    expect(page.status).toBe(200);
    expect(page.text).toContain('STARTER');
    expect(page.text).toContain('2 of 10,000');
    expect(page.text).toContain('2026-12-15');
  });

  it('charts 30 days, or 90 when asked; any other period is refused with a 400 page', async () => {
    for (const [query, status] of [['', 200], ['?days=30', 200], ['?days=90', 200], ['?days=7', 400], ['?days=abc', 400], ['?days=90.0', 400]] as const) {
      const page = await getPage(server.url, `${overviewPath()}${query}`, browser);
      expect(page.status, query).toBe(status);
      if (status === 400) expect(page.text).toContain('?days=30 or ?days=90');
    }
  });
});

describe("the account's own VAT number", () => {
  it('is set, normalized, and the overview says so', async () => {
    const set = await postForm(server.url, `${overviewPath()}/vat-number`, browser, { vatNumber: 'fr 40 303 265 045' });
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe(`${overviewPath()}?done=vat-number`);
    expect((await server.store.accounts.get(account.id))?.vatNumber).toBe('FR40303265045');
    expect((await getPage(server.url, set.headers.get('location') as string, browser)).text).toContain('The account&#39;s VAT number is now FR40303265045.');
  });

  it('is refused (400) when VIES cannot check it: the message and what was typed, the number unchanged', async () => {
    const refused = await postForm(server.url, `${overviewPath()}/vat-number`, browser, { vatNumber: 'GB<b>123' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('is not a VAT number VIES or HMRC can check');
    expect(refused.text).toContain('value="GB&lt;b&gt;123"');
    expect((await server.store.accounts.get(account.id))?.vatNumber).toBe('FR40303265045');
  });

  it('is removed with an empty value', async () => {
    expect((await postForm(server.url, `${overviewPath()}/vat-number`, browser, { vatNumber: '' })).status).toBe(303);
    expect((await server.store.accounts.get(account.id))?.vatNumber).toBeNull();
  });
});

describe('the overview in a French browser', () => {
  const french = { 'Accept-Language': 'fr-FR,fr;q=0.9' };

  it('says what a form changed, and refuses a chart period, in French', async () => {
    await server.store.accounts.update(account.id, { vatNumber: 'FR40303265045' }, server.clock.now());
    const done = await getPage(server.url, `${overviewPath()}?done=vat-number`, browser, french);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Le numéro de TVA du compte est désormais FR40303265045.');
    expect(done.text).toContain('2 sur 10\u202f000');
    expect((await getPage(server.url, `${overviewPath()}?done=plan`, browser, french)).text).toContain('La formule est désormais STARTER.');
    const refused = await getPage(server.url, `${overviewPath()}?days=7`, browser, french);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Période de graphique non valide');
    expect(refused.text).toContain('Le graphique montre les 30 ou 90 derniers jours : utilisez ?days=30 ou ?days=90.');
    for (const english of ['Not a chart period', 'The chart shows', 'VAT number is now', 'The plan is now']) {
      expect(done.text + refused.text).not.toContain(english);
    }
  });
});
