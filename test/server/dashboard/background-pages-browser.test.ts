/**
 * The Jobs, Watches and Webhook pages in a real browser (Debian's Chromium through playwright-core)
 * against the service on 127.0.0.1: an account signs in from a login link, sees its jobs and
 * cancels a queued one after its confirmation page, reads its watched numbers, sets its webhook URL
 * and sees the secret once, then rotates it after its confirmation page. No page breaks its Content-Security-Policy or fetches
 * anything from elsewhere. Each page is saved in .tmp/screenshots/ (and docs/screenshots/ with
 * SCREENSHOTS_TO_DOCS=1), as test/server/dashboard/browser.test.ts does for the other pages.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath as chromiumPathOf, missingChromiumLine } from '../../../scripts/chromium-setup.js';
import { createLoginLink, loginPath } from '../../../src/server/dashboard/sign-in.js';
import { validateVat } from '../../../src/vat/index.js';
import type { Account, BatchJobRecord } from '../../../src/server/storage/types.js';
import { startDashboardServer, type DashboardServer } from '../../support/dashboard.js';
import { repoRoot } from '../../support/repo-root.js';

const chromiumPath = chromiumPathOf(process.env);
const SCREENSHOT_DIRS = [join(repoRoot, '.tmp/screenshots'), ...(process.env['SCREENSHOTS_TO_DOCS'] === '1' ? [join(repoRoot, 'docs/screenshots')] : [])];
const MINUTE = 60_000;

let server: DashboardServer;
let account: Account;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

async function screenshot(name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: true });
  for (const folder of SCREENSHOT_DIRS) writeFileSync(join(folder, `${name}.png`), png);
}

function job(id: string, minutesAgo: number, overrides: Partial<BatchJobRecord>): BatchJobRecord {
  const at = new Date(server.clock.now().getTime() - minutesAgo * MINUTE);
  return { id, accountId: account.id, keyId: 'key_browser', field: 'vat', status: 'done', total: 0, done: 0, valid: 0, invalid: 0, webhookUrl: null, createdAt: at, startedAt: at, finishedAt: null, error: null, ...overrides };
}

/** A few jobs, watches and deliveries, as a month of use would leave them. */
async function storeHistory(): Promise<void> {
  const { store } = server;
  const now = server.clock.now();
  const values = (n: number): string[] => Array.from({ length: n }, (_, i) => `LU${String(10_000_000 + i)}`);
  // A finished VAT job: every line answered (the offline verdicts stand in for VIES's), then ended.
  const finished = values(250);
  await store.batchJobs.create(job('job_2f9c1a7e', 300, { total: finished.length, field: 'vat', status: 'queued' }), finished);
  await store.batchJobs.answer('job_2f9c1a7e', finished.map((value, index) => ({ line: index + 1, result: validateVat(value) })));
  await store.batchJobs.finish('job_2f9c1a7e', 'done', new Date(now.getTime() - 290 * MINUTE));
  await store.batchJobs.create(job('job_8b31d0c4', 120, { total: 12, field: 'iban', status: 'queued' }), values(12));
  await store.batchJobs.create(job('job_c0ffee42', 5, { total: 40, field: 'email', status: 'queued' }), values(40));
  const watch = (id: string, value: string, registered: boolean | null, name: string | null, address: string | null) => ({
    id,
    accountId: account.id,
    keyId: 'key_browser',
    value,
    traderName: null,
    registered,
    name,
    address,
    lastCheckedAt: registered === null ? null : new Date(now.getTime() - 2 * 24 * 60 * MINUTE),
    lastAttemptAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE),
    nextCheckAt: new Date(now.getTime() + 5 * 24 * 60 * MINUTE),
    createdAt: new Date(now.getTime() - 30 * 24 * 60 * MINUTE),
  });
  await store.watches.create(watch('watch_1', 'LU26375245', true, 'EXAMPLE TRADING S.A R.L.', '12, RUE DE L’EXEMPLE, L-1234 LUXEMBOURG'));
  await store.watches.create(watch('watch_2', 'ESB12345674', false, null, null));
  await store.watches.create(watch('watch_3', 'ES73914682L', null, null, null));
  await store.webhooks.enqueue([
    { id: 'evt_01HZX4K2', accountId: account.id, type: 'job.completed', createdAt: new Date(now.getTime() - 60 * MINUTE), data: {}, url: 'https://hooks.example.com/verifield', status: 'pending', attempts: 0, nextAttemptAt: now },
    { id: 'evt_01HZX9Q7', accountId: account.id, type: 'vat.registration_changed', createdAt: new Date(now.getTime() - 10 * MINUTE), data: {}, url: 'https://hooks.example.com/verifield', status: 'pending', attempts: 0, nextAttemptAt: now },
  ]);
  const first = new Date(now.getTime() - 60 * MINUTE);
  await store.webhooks.recordAttempt({ eventId: 'evt_01HZX4K2', url: 'https://hooks.example.com/verifield', at: first, status: 500, error: null, durationMs: 212 }, { status: 'pending', nextAttemptAt: new Date(first.getTime() + 30_000) });
  await store.webhooks.recordAttempt({ eventId: 'evt_01HZX4K2', url: 'https://hooks.example.com/verifield', at: new Date(first.getTime() + 30_000), status: null, error: 'no answer within 5 s', durationMs: 5000 }, { status: 'pending', nextAttemptAt: new Date(first.getTime() + 90_000) });
  await store.webhooks.recordAttempt({ eventId: 'evt_01HZX4K2', url: 'https://hooks.example.com/verifield', at: new Date(first.getTime() + 90_000), status: 200, error: null, durationMs: 87 }, { status: 'delivered', nextAttemptAt: new Date(first.getTime() + 90_000) });
}

describe('the Jobs, Watches and Webhook pages in Chromium', () => {
  beforeAll(async () => {
    if (!existsSync(chromiumPath)) throw new Error(missingChromiumLine(chromiumPath, 'not found'));
    for (const folder of SCREENSHOT_DIRS) mkdirSync(folder, { recursive: true });
    // No workers: the batch runner would take the queued jobs at once (job_c0ffee42 must stay queued to
    // be cancelled from the page), and the webhook sender would POST the stored deliveries to
    // hooks.example.com, off the loopback.
    server = await startDashboardServer(undefined, { workers: false });
    account = await server.store.accounts.create({ name: 'Web shop', plan: 'GROWTH', subscriptionStart: '2026-01-15', vatNumber: null });
    await storeHistory();
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/*', (route) => (route.request().url().startsWith(server.url) ? route.continue() : (problems.push(route.request().url()), route.abort())));
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    const { token } = await createLoginLink(server.store, account.id, server.clock.now());
    await page.goto(`${server.url}${loginPath(token)}`);
    await page.waitForURL(/\/dashboard\/accounts/);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the jobs and cancels a queued one from the page, after its confirmation', async () => {
    await page.getByRole('link', { name: 'Jobs' }).first().click();
    await page.waitForURL(/\/jobs$/);
    expect(await page.locator('h1').textContent()).toBe('Jobs of Web shop');
    await screenshot('dashboard-jobs');
    await page.getByRole('link', { name: 'Cancel job job_c0ffee42' }).click();
    await page.waitForURL(/\/jobs\/job_c0ffee42\/cancel$/);
    expect(await page.locator('main').textContent()).toContain('No more of its values are validated or counted from now on.');
    expect((await server.store.batchJobs.get(account.id, 'job_c0ffee42'))?.status).toBe('queued');
    await screenshot('dashboard-job-cancel');
    await page.getByRole('button', { name: 'Cancel job' }).click();
    await page.waitForURL(/\/jobs$/);
    expect((await server.store.batchJobs.get(account.id, 'job_c0ffee42'))?.status).toBe('cancelled');
    expect(await page.getByRole('link', { name: 'Cancel job job_c0ffee42' }).count()).toBe(0);
  });

  it('lists the watched numbers, a personal one masked', async () => {
    await page.getByRole('link', { name: 'Watches' }).first().click();
    await page.waitForURL(/\/watches$/);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('EXAMPLE TRADING S.A R.L.');
    expect(text).not.toContain('ES73914682L');
    await screenshot('dashboard-watches');
  });

  it('sets the webhook URL, shows the secret once, and rotates it', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await page.waitForURL(/\/webhooks$/);
    await page.getByLabel('Webhook URL').fill('https://hooks.example.com/verifield');
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.waitForURL(/\/webhooks\?reveal=/);
    const secret = await page.locator('#secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot('dashboard-webhooks-secret');
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    expect(await page.locator('#secret-value').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await screenshot('dashboard-webhooks');
    await page.getByRole('link', { name: 'Rotate the signing secret' }).click();
    await page.waitForURL(/\/webhooks\/rotate$/);
    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.waitForURL(/\/webhooks\?reveal=/);
    const rotated = await page.locator('#secret-value').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
  });

  it('broke no Content-Security-Policy and reached nothing but the service', () => {
    expect(problems).toEqual([]);
  });
});
