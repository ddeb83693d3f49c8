/**
 * The customer's own flows of issue 31 in a real browser (Debian's Chromium through playwright-core),
 * against the service on 127.0.0.1 with a loopback SMTP server: a member asks for a sign-in link by
 * email, opens the link from the mail and is signed in to the account's pages; uploads a CSV file
 * on the Jobs page, lands on the job's page, watches its progress bar fill (the dashboard's script,
 * the pages' strict CSP intact) until the job ends, and downloads its results as CSV; a mixed file
 * (a `field,value` header) runs each line as its field; a viewer reads every page and changes
 * nothing, a forged form included, while an owner adds a member; a running job cancelled from its
 * page counts nothing after; the usage log pages past job lines and watch checks; a request the API
 * refused is in the usage log, found by its status, and in the log's CSV. Screenshots go to .tmp/screenshots/ (and
 * docs/screenshots/ with SCREENSHOTS_TO_DOCS=1).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath as chromiumPathOf, missingChromiumLine } from '../../../scripts/chromium-setup.js';
import { validateBic } from '../../../src/bic/index.js';
import { validateIban } from '../../../src/iban/index.js';
import { validateNif } from '../../../src/nif/index.js';
import type { Account } from '../../../src/server/storage/types.js';
import { parseCsv } from '../../support/csv.js';
import { usageEntry } from '../../support/store/usage-entry.js';
import { startDashboardServer, type DashboardServer } from '../../support/dashboard.js';
import { startSmtpFake, type SmtpFake } from '../../support/fakes/smtp.js';
import { germanIban } from '../../support/generators/iban.js';
import { repoRoot } from '../../support/repo-root.js';
import { vatNumbers } from '../../support/generators/vat.js';
import { periodOf } from '../../../src/server/pipeline/period.js';
import { createAccount, createKey, fakeConfig, startFakes, type Fakes } from '../../support/server.js';

const chromiumPath = chromiumPathOf(process.env);
const SCREENSHOT_DIRS = [join(repoRoot, '.tmp/screenshots'), ...(process.env['SCREENSHOTS_TO_DOCS'] === '1' ? [join(repoRoot, 'docs/screenshots')] : [])];
const MEMBER = 'dev@example.com';
const VIEWER = 'viewer@example.com';
const OWNER = 'owner@example.com';
/** The address the service puts in front of its links; the test opens the same path on the service itself. */
const PUBLIC = 'http://verifield.example.test';

let smtp: SmtpFake;
let fakes: Fakes;
let server: DashboardServer;
let browser: Browser;
let account: Account;
let apiKey: string;
const pageErrors: string[] = [];

async function screenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: true });
  for (const folder of SCREENSHOT_DIRS) writeFileSync(join(folder, `${name}.png`), png);
}

/** How many mails `to` received so far. */
function mailsTo(to: string): number {
  return smtp.mails.filter((received) => received.to === to).length;
}

/** The sign-in link of the newest mail to `to` once it received more than `before` mails, on the service's own address. */
async function linkMailedTo(to: string, before = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = mailsTo(to) > before ? [...smtp.mails].reverse().find((received) => received.to === to) : undefined;
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
  fakes = await startFakes();
  server = await startDashboardServer(undefined, { ...fakeConfig(fakes), smtpUrl: smtp.url, publicUrl: PUBLIC, workers: true });
  account = await createAccount(server.store, 'GROWTH');
  apiKey = (await createKey(server.store, account)).key;
  for (const [email, role] of [
    [MEMBER, 'developer'],
    [VIEWER, 'viewer'],
    [OWNER, 'owner'],
  ] as const) {
    await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email, role, createdAt: new Date() });
  }
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close(), smtp?.close()]);
  await fakes?.close();
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

  it('uploads a mixed file, each line validated as the field it names, the header not counted', async () => {
    const { context, page } = await signedInAs(MEMBER);
    const rows = [
      ['iban', germanIban('000000000000000042')],
      ['nif', '12345678Z'],
      ['bic', 'DEUTDEFF'],
      ['nif', '12345678A'],
    ] as const;
    const library: Readonly<Record<string, (value: string) => { valid: boolean }>> = { iban: validateIban, nif: validateNif, bic: validateBic };
    await page.goto(`${server.url}/dashboard/accounts/${account.id}/jobs`);
    await page.getByLabel('Validate the values as').selectOption('');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'mixed.csv', mimeType: 'text/csv', buffer: Buffer.from(['field,value', ...rows.map((row) => row.join(','))].join('\n')) });
    await page.getByRole('button', { name: 'Upload and run' }).click();
    await expect.poll(() => page.url()).toMatch(/\/jobs\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('[data-job-status]').textContent(), { timeout: 30_000 }).toBe('done');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = parseCsv(readFileSync((await download.path()) as string, 'utf8'));
    const header = csv[0] ?? [];
    expect(csv.slice(1).map((row) => [row[header.indexOf('field')], row[header.indexOf('valid')]])).toEqual(rows.map(([field, value]) => [field, String((library[field] as (value: string) => { valid: boolean })(value).valid)]));
    const jobId = page.url().split('/').at(-1) as string;
    expect(await server.store.batchJobs.get(account.id, jobId)).toMatchObject({ field: 'mixed', total: rows.length, done: rows.length });
    await context.close();
  }, 120_000);

  it('cancels a running job from its page after the confirmation; nothing is counted after, and every counted line is in the results', async () => {
    fakes.vies.latencyMs = 20;
    const values = vatNumbers('LU', 1_000, 31);
    values.forEach((vat) => fakes.vies.register(vat, { valid: true }));
    const period = periodOf(account.subscriptionStart, new Date()).start;
    const usedBefore = await server.store.usage.used(account.id, period);
    const { context, page } = await signedInAs(MEMBER);
    await page.goto(`${server.url}/dashboard/accounts/${account.id}/jobs`);
    await page.getByLabel('Validate the values as').selectOption('vat');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'vat.csv', mimeType: 'text/csv', buffer: Buffer.from(values.join('\n')) });
    await page.getByRole('button', { name: 'Upload and run' }).click();
    await expect.poll(() => page.url()).toMatch(/\/jobs\/[0-9a-f-]{36}$/);
    const jobId = page.url().split('/').at(-1) as string;
    await expect.poll(async () => (await server.store.batchJobs.get(account.id, jobId))?.done ?? 0, { timeout: 20_000 }).toBeGreaterThan(30);
    await page.getByRole('link', { name: 'Cancel this job' }).click();
    await page.getByRole('button', { name: 'Cancel job' }).click();
    await expect.poll(async () => (await server.store.batchJobs.get(account.id, jobId))?.status).toBe('cancelled');
    const cancelled = await server.store.batchJobs.get(account.id, jobId);
    const usedAtCancel = await server.store.usage.used(account.id, period);
    // Lines were in flight at VIES when the cancel came: they come back, and count nothing.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await server.store.batchJobs.get(account.id, jobId)).toMatchObject({ status: 'cancelled', done: cancelled?.done });
    expect(await server.store.usage.used(account.id, period)).toBe(usedAtCancel);
    expect(usedAtCancel - usedBefore).toBe(cancelled?.done);
    expect(cancelled?.done).toBeLessThan(values.length);
    await page.goto(`${server.url}/dashboard/accounts/${account.id}/jobs/${jobId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(parseCsv(readFileSync((await download.path()) as string, 'utf8')).slice(1)).toHaveLength(cancelled?.done ?? -1);
    fakes.vies.latencyMs = 0;
    await context.close();
  }, 120_000);

  it('lets a viewer read every page and change nothing, a forged form included; an owner adds a member', async () => {
    const viewer = await signedInAs(VIEWER);
    const base = `${server.url}/dashboard/accounts/${account.id}`;
    for (const path of ['', '/keys', '/usage', '/jobs', '/watches', '/webhooks']) expect((await viewer.page.goto(`${base}${path}`))?.status(), path).toBe(200);
    await viewer.page.goto(`${base}/keys`);
    expect(await viewer.page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await viewer.page.goto(`${base}/jobs`);
    expect(await viewer.page.getByRole('button', { name: 'Upload and run' }).count()).toBe(0);
    expect((await viewer.page.goto(`${base}/members`))?.status()).toBe(403);
    // The form a developer's page would send, sent by the viewer's own page with its session's token.
    await viewer.page.goto(`${base}/keys`);
    const keysBefore = (await server.store.keys.list(account.id)).length;
    const forged = await viewer.page.evaluate(async (path) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const answer = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _csrf: token, name: 'sneaky', expires: '30d', scope: 'all' }).toString(), redirect: 'manual' });
      return answer.status;
    }, `${base}/keys`);
    expect(forged).toBe(403);
    expect(await server.store.keys.list(account.id)).toHaveLength(keysBefore);
    await viewer.context.close();

    const owner = await signedInAs(OWNER);
    await owner.page.goto(`${base}/members`);
    await owner.page.getByLabel('Email address').fill('new@example.com');
    await owner.page.getByRole('button', { name: /^Add/ }).click();
    await expect.poll(() => owner.page.locator('main').textContent()).toContain('new@example.com');
    expect((await server.store.members.list(account.id)).map((member) => member.email)).toContain('new@example.com');
    await owner.context.close();
  }, 120_000);

  it('pages the usage log past job lines and watch checks, each entry once', async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const at = new Date(`${day}T08:00:00.000Z`);
    const job = '019cd7b4-c400-7aaa-8bbb-0123456789ab';
    const ids = [...Array.from({ length: 52 }, (_, line) => `job:${job}:${line + 1}`), `watch:${job}:${at.toISOString()}`];
    for (const requestId of ids) await server.store.usage.count(usageEntry(account.id, periodOf(account.subscriptionStart, at).start, { requestId, at, value: 'DE89370400440532013000' }), null);
    const { context, page } = await signedInAs(OWNER);
    await page.goto(`${server.url}/dashboard/accounts/${account.id}/usage`);
    await page.getByLabel('Day (UTC)').fill(day);
    await page.getByRole('button', { name: 'Filter' }).click();
    const shown = (): Promise<string[]> => page.locator('tbody tr td:nth-child(2)').allInnerTexts();
    await expect.poll(async () => (await shown()).length).toBe(50);
    const first = await shown();
    await page.getByRole('link', { name: 'Older entries' }).click();
    await expect.poll(async () => (await shown()).length).toBe(ids.length - 50);
    const seen = [...first, ...(await shown())];
    expect(new Set(seen).size).toBe(ids.length);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(await page.getByRole('link', { name: 'Older entries' }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('shows a request the API refused in the usage log, found by its status, and in its CSV', async () => {
    const refused = await fetch(`${server.url}/api/v1/validate/iban`, { method: 'POST', headers: { 'X-API-KEY': apiKey, 'Content-Type': 'application/json' }, body: '{"value": ' });
    expect(refused.status).toBe(400);
    const { errorCode } = (await refused.json()) as { errorCode: string };
    const { context, page } = await signedInAs(OWNER);
    await page.goto(`${server.url}/dashboard/accounts/${account.id}/usage`);
    await page.getByLabel('Status').fill('4xx');
    await page.getByRole('button', { name: 'Filter' }).click();
    // Refused rows are written in batches: the page is asked again until the row is there.
    await expect.poll(async () => {
      await page.reload();
      return page.locator('tbody').textContent();
    }, { timeout: 10_000 }).toContain(errorCode);
    expect(await page.locator('tbody').textContent()).toContain('refused (not counted)');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download these entries as CSV' }).click()]);
    const csv = parseCsv(readFileSync((await download.path()) as string, 'utf8'));
    const header = csv[0] ?? [];
    expect(csv.slice(1).some((row) => row[header.indexOf('status')] === '400' && row[header.indexOf('errorCode')] === errorCode)).toBe(true);
    await context.close();
  }, 120_000);
});

/** A new browser context signed in as the member `email`, by the link mailed to it. */
async function signedInAs(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard/sign-in`);
  const before = mailsTo(email);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect.poll(() => page.locator('h1').textContent()).toBe('Check your mail');
  await page.goto(await linkMailedTo(email, before));
  await expect.poll(() => page.url()).toContain(`/dashboard/accounts/${account.id}`);
  return { context, page };
}
