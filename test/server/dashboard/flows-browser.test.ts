/**
 * The customer's own flows of issue 31 in a real browser (Debian's Chromium through playwright-core),
 * against the service on 127.0.0.1 with a loopback SMTP server: a member asks for a sign-in link by
 * email, opens the link from the mail and is signed in to the account's pages; uploads a CSV file
 * on the Jobs page, lands on the job's page, watches its progress bar fill (the dashboard's script,
 * the pages' strict CSP intact) until the job ends, and downloads its results as CSV; the Members
 * page lists the member. Screenshots go to .tmp/screenshots/ (and docs/screenshots/ with
 * SCREENSHOTS_TO_DOCS=1).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath as chromiumPathOf, missingChromiumLine } from '../../../scripts/chromium-setup.js';
import { validateIban } from '../../../src/iban/index.js';
import type { Account } from '../../../src/server/storage/types.js';
import { parseCsv } from '../../support/csv.js';
import { startDashboardServer, type DashboardServer } from '../../support/dashboard.js';
import { startSmtpFake, type SmtpFake } from '../../support/fakes/smtp.js';
import { germanIban } from '../../support/generators/iban.js';
import { repoRoot } from '../../support/repo-root.js';
import { createAccount, createKey } from '../../support/server.js';

const chromiumPath = chromiumPathOf(process.env);
const SCREENSHOT_DIRS = [join(repoRoot, '.tmp/screenshots'), ...(process.env['SCREENSHOTS_TO_DOCS'] === '1' ? [join(repoRoot, 'docs/screenshots')] : [])];
const MEMBER = 'dev@example.com';
/** The address the service puts in front of its links; the test opens the same path on the service itself. */
const PUBLIC = 'http://verifield.example.test';

let smtp: SmtpFake;
let server: DashboardServer;
let browser: Browser;
let account: Account;
const pageErrors: string[] = [];

async function screenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: true });
  for (const folder of SCREENSHOT_DIRS) writeFileSync(join(folder, `${name}.png`), png);
}

/** The sign-in link of the newest mail to `to`, on the service's own address. */
async function linkMailedTo(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = [...smtp.mails].reverse().find((received) => received.to === to);
    const text = mail?.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
    const link = /http:\/\/verifield\.example\.test(\/dashboard\/login\/[A-Za-z0-9_-]{43})/.exec(text)?.[1];
    if (link !== undefined) return `${server.url}${link}`;
    if (Date.now() > deadline) throw new Error(`no sign-in link mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(missingChromiumLine(chromiumPath, 'not found'));
  for (const folder of SCREENSHOT_DIRS) mkdirSync(folder, { recursive: true });
  smtp = await startSmtpFake();
  server = await startDashboardServer(undefined, { smtpUrl: smtp.url, publicUrl: PUBLIC, workers: true });
  account = await createAccount(server.store, 'GROWTH');
  await createKey(server.store, account);
  await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email: MEMBER, role: 'developer', createdAt: new Date() });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close(), smtp?.close()]);
});

describe('a member on its own, in Chromium', () => {
  it('signs in by email, uploads a file as a job, follows its progress and downloads its results', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Every answer of 400 or more but the browser's own look for a favicon, which the service does not serve.
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) pageErrors.push(`${response.status()} ${response.url()}`);
    });

    await page.goto(`${server.url}/dashboard/sign-in`);
    await screenshot(page, 'dashboard-sign-in-email');
    await page.getByLabel('Email address').fill(MEMBER);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Check your mail');
    // The link's page moves the browser on to the dashboard by itself, which opens the member's account.
    await page.goto(await linkMailedTo(MEMBER));
    await expect.poll(() => page.url()).toContain(`/dashboard/accounts/${account.id}`);

    await page.goto(`${server.url}/dashboard/accounts/${account.id}/jobs`);
    const values = Array.from({ length: 3_000 }, (_, index) => (index % 10 === 9 ? `not an iban ${index}` : germanIban(String(index).padStart(18, '0'))));
    await page.getByLabel('Validate the values as').selectOption('iban');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(['value', ...values].join('\n')) });
    await screenshot(page, 'dashboard-jobs-upload');
    await page.getByRole('button', { name: 'Upload and run' }).click();
    await expect.poll(() => page.url()).toMatch(/\/jobs\/[0-9a-f-]{36}$/);
    // The script fills the bar and reloads the page once the job has ended.
    await expect.poll(() => page.locator('[data-job-status]').textContent(), { timeout: 30_000 }).toBe('done');
    expect(await page.locator('progress').evaluate((bar: HTMLProgressElement) => [bar.value, bar.max])).toEqual([3_000, 3_000]);
    await screenshot(page, 'dashboard-job');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const rows = parseCsv(readFileSync((await download.path()) as string, 'utf8'));
    expect(rows[0]?.slice(0, 7)).toEqual(['line', 'valid', 'reason', 'message', 'normalizedValue', 'originalValue', 'field']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(values.map((value) => String(validateIban(value).valid)));

    expect(pageErrors).toEqual([]);
    // A developer manages keys and jobs, not the members: the page is an owner's.
    expect((await page.goto(`${server.url}/dashboard/accounts/${account.id}/members`))?.status()).toBe(403);
    await context.close();
  }, 120_000);
});
