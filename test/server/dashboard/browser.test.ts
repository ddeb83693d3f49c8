/**
 * The dashboard and the status page in a real browser: Debian's Chromium, driven by playwright-core,
 * against the service on 127.0.0.1 (its adapters pointed at the loopback fakes, VIES behind a slow
 * proxy so that requests overlap). The scenario of the dashboard issue, step by step: the operator
 * signs in from a login link (once) and creates an account; the account signs in, creates a key,
 * reads it once (a reload, back and forward show it no more and make no second key), uses it over
 * the API (200), sees the validations in its chart and its log, revokes the key in the page and
 * sees it refused (401), sets its webhook URL and rotates the secret after a confirmation (a reload
 * rotates nothing); the operator changes the plan and the new concurrency limit applies. Values holding HTML or script come out as text, no page breaks its
 * Content-Security-Policy, and nothing is fetched from anywhere but the service.
 *
 * Every run saves a screenshot of each page in .tmp/screenshots/ (desktop, 1280 px wide; the account
 * page also at 390 px); with SCREENSHOTS_TO_DOCS=1 they are written to docs/screenshots/ too
 * (docs/service.md shows them). The status history in them is a month of readings this test stores first.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath as chromiumPathOf, missingChromiumLine } from '../../../scripts/chromium-setup.js';
import { createLoginLink, loginPath } from '../../../src/server/dashboard/sign-in.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Store } from '../../../src/server/storage/types.js';
import { startSlowProxy, type SlowProxy } from '../../support/fakes/slow-proxy.js';
import { tedbRowsFor } from '../../support/fakes/tedb.js';
import { STATUS_COUNTRIES } from '../../support/fakes/vies-status.js';
import { storeStatusHistory } from '../../support/status-history.js';
import { germanIban } from '../../support/generators/iban.js';
import { luxembourgVat } from '../../support/generators/vat.js';
import { repoRoot } from '../../support/repo-root.js';
import { fakeConfig, post, startFakes, startTestServer, until, type Fakes, type TestServer } from '../../support/server.js';

const chromiumPath = chromiumPathOf(process.env);
const SCREENSHOT_DIRS = [join(repoRoot, '.tmp/screenshots'), ...(process.env['SCREENSHOTS_TO_DOCS'] === '1' ? [join(repoRoot, 'docs/screenshots')] : [])];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const IBAN = germanIban('370400440532013000');
/** A German IBAN with its check digits wrong. */
const BAD_IBAN = 'DE00370400440532013000';
/** The Government of Canada's example SIN: Luhn-valid. */
const SIN = '046 454 286';
const VAT = luxembourgVat('314159');
const HOSTILE_ACCOUNT = '<script>alert("account")</script> & Co';
const HOSTILE_KEY = `"><img src=x onerror=alert('key')>`;
const HOSTILE_VALUE = '"><img src=x onerror=alert(1)>@example.com';

let fakes: Fakes;
let slowVies: SlowProxy;
let store: Store;
let service: TestServer;
let browser: Browser;
let operator: BrowserContext;
let customer: BrowserContext;
/** What a browser reports as an error in a page (CSP violations would be among them) and 5xx answers; dialogs opened. */
const pageErrors: string[] = [];
const dialogs: string[] = [];
/** Requests to anything but the service: there must be none. */
const outsideRequests: string[] = [];

/** Saves a screenshot of the whole page as `name`.png in every screenshot folder. */
async function screenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: true });
  for (const folder of SCREENSHOT_DIRS) writeFileSync(join(folder, `${name}.png`), png);
}

/** A browser context (its own cookies) that reaches only the service and records what goes wrong. */
async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.url });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(service.url)) return route.continue();
    outsideRequests.push(url);
    return route.abort();
  });
  context.on('page', (page) => {
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      // Chromium reports every 4xx answer as an error (the refused link's 400 and its own /favicon.ico
      // request among them): the answers' statuses are checked by the steps, and 5xx below.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 500) pageErrors.push(`${response.url()}: ${response.status()}`);
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  return context;
}

/** A page of `context` signed in from a fresh login link of `accountId` (null: the operator). */
async function signIn(context: BrowserContext, accountId: string | null): Promise<Page> {
  const { token } = await createLoginLink(store, accountId, new Date());
  const page = await context.newPage();
  await page.goto(`${service.url}${loginPath(token)}`);
  // The link's page sets the cookie and goes on to /dashboard, which sends the viewer to their first page.
  await page.waitForURL(/\/dashboard\/accounts/);
  return page;
}

/** The rows of the first table under `selector`, each as the text of its cells. */
async function rows(page: Page, selector: string): Promise<string[][]> {
  return page.locator(`${selector} tbody tr`).evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())));
}

let lookups = 0;

/** The statuses of `count` validations sent at once with `key`, each of a VAT number never asked before (so none is answered from the VIES cache and each waits for the slow VIES). */
async function burst(key: string, count: number): Promise<number[]> {
  const numbers = Array.from({ length: count }, () => luxembourgVat(String(200_000 + lookups++)));
  for (const number of numbers) fakes.vies.register(number, { valid: true });
  const answers = await Promise.all(numbers.map((value) => post(service.url, 'vat', { value }, key)));
  for (const answer of answers) if (answer.status === 429) expect(answer.body).toMatchObject({ errorCode: 'CONCURRENCY_LIMIT' });
  return answers.map((answer) => answer.status).sort();
}

describe('the dashboard in Chromium: the issue scenario', () => {
  /** What the steps hand each other. */
  const state = { accountId: '', keyId: '', key: '', secondKey: '' };

  beforeAll(async () => {
    // scripts/ensure-chromium.ts runs before vitest in `npm test`; this says the same when run alone.
    if (!existsSync(chromiumPath)) throw new Error(missingChromiumLine(chromiumPath, 'not found'));
    for (const folder of SCREENSHOT_DIRS) mkdirSync(folder, { recursive: true });
    fakes = await startFakes();
    fakes.vies.register(VAT, { valid: true, name: 'SLOW SA' });
    fakes.tedb.rows = tedbRowsFor({ memberState: 'DE', situationOn: '2026-01-01+01:00', standard: '19.0', reduced: ['7.0'] });
    slowVies = await startSlowProxy(fakes.vies.url, 1500);
    store = await openEmbeddedStore();
    await storeStatusHistory(store);
    // keyCacheMs 0: a revocation and a plan change apply to the next request (the cache's two seconds are tested elsewhere).
    service = await startTestServer(store, { ...fakeConfig(fakes), viesUrl: slowVies.url, jobs: true, keyCacheMs: 0, sharedPoolSize: 100 });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    operator = await newContext();
    customer = await newContext();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await store?.close();
    await slowVies?.close();
    await fakes?.close();
  });

  it('tells nobody signed in how to sign in', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const answer = await page.goto(`${service.url}/dashboard`);
    expect(answer?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in');
    expect(await page.locator('main').textContent()).toContain('login-link');
    await screenshot(page, 'dashboard-sign-in');
    // The first Tab reaches the skip link, which leads to the main content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await context.close();
  });

  it('signs the operator in from a login link, into a session cookie the page cannot read; the link works once', async () => {
    const { token } = await createLoginLink(store, null, new Date());
    const page = await operator.newPage();
    const link = await page.goto(`${service.url}${loginPath(token)}`);
    expect(link?.headers()['referrer-policy']).toBe('no-referrer');
    await page.waitForURL(`${service.url}/dashboard/accounts`);
    const [cookie] = await operator.cookies(service.url);
    expect(cookie).toMatchObject({ name: 'verifield_session', httpOnly: true, sameSite: 'Strict', secure: false, path: '/' });
    expect(await page.evaluate(() => document.cookie)).toBe('');

    const other = await newContext();
    const again = await other.newPage();
    const refused = await again.goto(`${service.url}${loginPath(token)}`);
    expect(refused?.status()).toBe(400);
    expect(await again.locator('main').textContent()).toContain('This sign-in link is not valid');
    expect(await other.cookies(service.url)).toEqual([]);
    await screenshot(again, 'dashboard-link-refused');
    await other.close();
    await page.close();
  });

  it('lets the operator create an account', async () => {
    const page = await signIn(operator, null);
    await page.getByLabel('Name').fill('Web shop');
    await page.getByLabel('Plan').selectOption('FREE');
    await page.getByLabel('VAT number (optional)').fill(`${VAT.slice(0, 2)} ${VAT.slice(2, 6)} ${VAT.slice(6)}`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard\/accounts\/[^/?]+$/);
    state.accountId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) as string);
    expect(await page.locator('h1').textContent()).toBe('Web shop');
    expect(await page.locator('main').textContent()).toContain(`Set to ${VAT}.`);

    await page.goto(`${service.url}/dashboard/accounts`);
    expect(await rows(page, 'main')).toContainEqual(['Web shop', 'FREE', '0 / 250', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'active']);
    await screenshot(page, 'dashboard-accounts');
    await page.close();
  });

  it('lets the account sign in, create a key, copy it and read it once; a reload, back and forward make no second key', async () => {
    const page = await signIn(customer, state.accountId);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/accounts/${state.accountId}`);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Keys' }).click();
    await page.getByLabel('Name').fill('checkout form');
    await page.getByLabel('Expires after').selectOption('30d');
    for (const field of ['VAT', 'IBAN', 'Email', 'Phone', 'NIF', 'NAS (SIN)', 'SSN']) expect(await page.getByLabel(field, { exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create key' }).click();
    // The form answers 303: the page that shows the key is a GET of its own.
    await page.waitForURL(/\/keys\?reveal=/);

    const shown = page.locator('#created-key-value');
    state.key = await shown.inputValue();
    expect(state.key).toMatch(/^vf_/);
    expect(await page.locator('.created-key').textContent()).toContain('it will not be shown again');
    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => page.locator('[data-copy-status]').textContent()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(state.key);
    await screenshot(page, 'dashboard-keys-created');

    // A reload asks that page again: no key made, none shown; and so do back and forward.
    const reloaded = await page.reload();
    expect(await reloaded?.text()).not.toContain(state.key);
    expect(await page.locator('main').textContent()).toContain('This secret was shown once and is not shown again');
    await page.goBack();
    await page.goForward();
    expect(await page.locator('#created-key-value').count()).toBe(0);
    expect(await store.keys.list(state.accountId)).toHaveLength(1);

    // Shown once: the keys page itself never holds it again.
    const answer = await page.goto(`${service.url}/dashboard/accounts/${state.accountId}/keys`);
    expect(await answer?.text()).not.toContain(state.key);
    const [row] = await rows(page, 'main');
    expect(row?.slice(0, 3)).toEqual(['checkout form', `${state.key.slice(0, 7)}…`, 'all fields']);
    expect(row?.[6]).toBe('live');
    await page.close();
  });

  it('answers the key over the API, and shows the validations in the chart and the log', async () => {
    expect((await post(service.url, 'iban', { value: IBAN }, state.key)).status).toBe(200);
    const invalid = await post(service.url, 'iban', { value: BAD_IBAN }, state.key);
    expect(invalid).toMatchObject({ status: 200, body: { valid: false } });
    expect((await post(service.url, 'nas', { value: SIN }, state.key)).status).toBe(200);

    const page = await customer.newPage();
    await page.goto(`${service.url}/dashboard/accounts/${state.accountId}`);
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Used3 of 250');
    expect(await page.locator('#usage-chart-desc').textContent()).toBe(`3 validations in 30 days: 2 valid, 1 invalid. Busiest day ${new Date().toISOString().slice(0, 10)} with 3.`);
    expect(await page.locator('svg[role="img"] .bars rect').count()).toBe(3);
    expect(await rows(page, 'table.totals')).toEqual([
      ['IBAN', '1', '1', '2'],
      ['NAS (SIN)', '1', '0', '1'],
    ]);
    await screenshot(page, 'dashboard-account');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'dashboard-account-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Usage log' }).click();
    const log = await rows(page, 'main');
    // Time, request id, key, field, value, status, verdict, error code or reason, latency.
    expect(log.map((row) => [...row.slice(2, 5), row[6]])).toEqual([
      ['checkout form', 'NAS (SIN)', '***', 'valid'],
      ['checkout form', 'IBAN', BAD_IBAN, 'invalid'],
      ['checkout form', 'IBAN', IBAN, 'valid'],
    ]);
    await screenshot(page, 'dashboard-usage-log');
    await page.getByLabel('Field').selectOption('iban');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect((await rows(page, 'main')).map((row) => row[4])).toEqual([BAD_IBAN, IBAN]);
    await page.close();
  });

  it('revokes the key in the page, after a confirmation, and the API refuses it (401)', async () => {
    const page = await customer.newPage();
    await page.goto(`${service.url}/dashboard/accounts/${state.accountId}/keys`);
    await page.getByRole('link', { name: 'Revoke checkout form' }).click();
    expect(await page.locator('main').textContent()).toContain('Every request made with it from now on is refused with 401.');
    await screenshot(page, 'dashboard-revoke');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.waitForURL(`${service.url}/dashboard/accounts/${state.accountId}/keys`);
    expect((await rows(page, 'main'))[0]?.[6]).toBe('revoked');

    const refused = await post(service.url, 'iban', { value: IBAN }, state.key);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ errorCode: 'INVALID_API_KEY' });

    // A new key for the next step: FREE allows one live key, and the revoked one no longer counts.
    await page.getByLabel('Name').fill('backend');
    await page.getByRole('button', { name: 'Create key' }).click();
    state.secondKey = await page.locator('#created-key-value').inputValue();
    await page.goto(`${service.url}/dashboard/accounts/${state.accountId}/keys`);
    await screenshot(page, 'dashboard-keys');
    await page.close();
  });

  it('sets the webhook URL and rotates its secret after a confirmation; a reload or back rotates nothing', async () => {
    const page = await customer.newPage();
    await page.goto(`${service.url}/dashboard/accounts/${state.accountId}/webhooks`);
    await page.getByLabel('Webhook URL').fill('https://hooks.example.com/in');
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.waitForURL(/\/webhooks\?reveal=/);
    const first = await page.locator('#secret-value').inputValue();
    expect(first).toMatch(/^whsec_/);
    expect((await store.webhooks.get(state.accountId))?.secret).toBe(first);
    await page.reload();
    expect(await page.locator('#secret-value').count()).toBe(0);
    expect((await store.webhooks.get(state.accountId))?.secret).toBe(first);

    await page.getByRole('link', { name: 'Rotate the signing secret' }).click();
    await page.waitForURL(/\/webhooks\/rotate$/);
    expect(await page.locator('main').textContent()).toContain('The current secret stops signing at once');
    // The confirmation alone rotates nothing.
    expect((await store.webhooks.get(state.accountId))?.secret).toBe(first);
    await screenshot(page, 'dashboard-webhook-rotate');
    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.waitForURL(/\/webhooks\?reveal=/);
    const rotated = await page.locator('#secret-value').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(first);
    expect((await store.webhooks.get(state.accountId))?.secret).toBe(rotated);

    const reloaded = await page.reload();
    expect(await reloaded?.text()).not.toContain(rotated);
    expect(await page.locator('main').textContent()).toContain('This secret was shown once and is not shown again');
    await page.goBack();
    await page.goForward();
    expect((await store.webhooks.get(state.accountId))?.secret).toBe(rotated);
    await page.close();
  });

  it("applies the new concurrency limit once the operator changes the plan", async () => {
    // FREE: 3 requests at once.
    expect(await burst(state.secondKey, 7)).toEqual([200, 200, 200, 429, 429, 429, 429]);

    const page = await operator.newPage();
    await page.goto(`${service.url}/dashboard/accounts/${state.accountId}`);
    await page.getByLabel('Plan', { exact: true }).selectOption('STARTER');
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.waitForURL(/done=plan/);
    const text = await page.locator('main').textContent();
    expect(text).toContain('The plan is now STARTER.');
    expect(text).toContain('Requests at once5');
    await screenshot(page, 'dashboard-account-operator');

    // STARTER: 5 at once.
    expect(await burst(state.secondKey, 7)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    await page.close();
  });

  it('shows account, key and logged values holding HTML or script as text, and runs none of it', async () => {
    const page = await operator.newPage();
    await page.goto(`${service.url}/dashboard/accounts`);
    await page.getByLabel('Name').fill(HOSTILE_ACCOUNT);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard\/accounts\/[^/?]+$/);
    expect(await page.locator('h1').textContent()).toBe(HOSTILE_ACCOUNT);

    await page.getByRole('navigation', { name: 'This account' }).getByRole('link', { name: 'Keys' }).click();
    await page.getByLabel('Name').fill(HOSTILE_KEY);
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.locator('#created-key-value').inputValue();
    expect((await post(service.url, 'email', { value: HOSTILE_VALUE }, key)).status).toBe(200);

    await page.getByRole('navigation', { name: 'This account' }).getByRole('link', { name: 'Usage log' }).click();
    const [row] = await rows(page, 'main');
    expect(row?.slice(2, 5)).toEqual([HOSTILE_KEY, 'Email', HOSTILE_VALUE]);
    expect(await page.locator('main img, main script').count()).toBe(0);
    await page.goto(`${service.url}/dashboard/accounts`);
    expect((await rows(page, 'main')).map((cells) => cells[0])).toContain(HOSTILE_ACCOUNT);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('serves the public status page: per member state its month, its availability now and who decided it', async () => {
    // The jobs read the status feed and fetch the rates when the service starts.
    await until(async () => (await fetch(`${service.url}/api/v1/vat/rates`)).status === 200, 15_000, 'the VAT rates');
    const context = await newContext();
    const page = await context.newPage();
    const answer = await page.goto(`${service.url}/status`);
    expect(answer?.headers()['cache-control']).toBe('public, max-age=60');
    const table = await rows(page, 'main table.status-table');
    expect(table).toHaveLength(STATUS_COUNTRIES.length);
    // The strip's text is its cells' tooltips: "YYYY-MM-DD: percent" per day.
    expect(table[0]).toEqual(['Austria (AT)', expect.stringMatching(/^(\d{4}-\d{2}-\d{2}: [\d.]+%){30}$/), expect.stringMatching(/%$/), 'Available', 'Commission feed']);
    expect(await page.locator('main tbody tr').first().locator('svg rect').count()).toBe(30);
    expect(await page.locator('main').textContent()).toMatch(/VAT rates: fetched (less than a minute|\d+ minutes?) ago/);
    await screenshot(page, 'status');
    await context.close();
  });

  it('sends every page with a Content-Security-Policy without unsafe-inline, and nothing broke it or reached outside', async () => {
    for (const path of ['/dashboard', '/status', `/dashboard/login/${'x'.repeat(43)}`]) {
      const answer = await fetch(`${service.url}${path}`, { redirect: 'manual' });
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
    }
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
  });
});
