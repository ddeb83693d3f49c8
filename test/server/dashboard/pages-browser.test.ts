/**
 * Every dashboard page and the status page in a real browser (Debian's Chromium through
 * playwright-core), on a 390 px phone and a 1280 px desktop, in English and in a French browser,
 * checked by axe-core against WCAG 2.1 A and AA: no violation, no page wider than the screen; on
 * the phone each key's status and its Revoke link within the screen without scrolling sideways; in
 * the French browser every page in French. The account holds a key, a finished job, log rows and a
 * member, so that every table has rows. Each page's screenshot is left in
 * .tmp/screenshots/<phone|desktop|phone-fr>-*.png.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath as chromiumPathOf, missingChromiumLine } from '../../../scripts/chromium-setup.js';
import { validateIban } from '../../../src/iban/index.js';
import type { Account } from '../../../src/server/storage/types.js';
import { signIn, startDashboardServer, type DashboardServer } from '../../support/dashboard.js';
import { germanIban } from '../../support/generators/iban.js';
import { queuedJob } from '../../support/job-records.js';
import { repoRoot } from '../../support/repo-root.js';
import { storeStatusHistory } from '../../support/status-history.js';
import { createAccount, createKey, fakeConfig, startFakes, until, type Fakes } from '../../support/server.js';

const chromiumPath = chromiumPathOf(process.env);
/** Where each page's screenshot goes, to be looked at (gitignored). */
const SHOTS = join(repoRoot, '.tmp/screenshots');
/** The French pages docs/service.md shows, written there too with SCREENSHOTS_TO_DOCS=1, by the name they get. */
const DOCS_SHOTS: Readonly<Record<string, string>> = process.env['SCREENSHOTS_TO_DOCS'] === '1' ? { 'phone-fr-status': 'status-fr-phone.png', 'phone-fr-dashboard-accounts': 'dashboard-account-fr-phone.png' } : {};
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The screens every page is checked on, by the name their screenshots carry. */
const SCREENS = [
  ['phone', PHONE, 'en-GB'],
  ['desktop', DESKTOP, 'en-GB'],
  ['phone-fr', PHONE, 'fr-FR'],
] as const;
type Screen = (typeof SCREENS)[number][0];
type Who = 'owner' | 'operator' | 'nobody';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

let fakes: Fakes;
let server: DashboardServer;
let browser: Browser;
let account: Account;
let jobId: string;
const contexts = new Map<`${Screen} ${Who}`, BrowserContext>();

/** The context of `who` on `screen`. */
function contextOf(screen: Screen, who: Who): BrowserContext {
  const context = contexts.get(`${screen} ${who}`);
  if (context === undefined) throw new Error(`no context for ${who} on ${screen}`);
  return context;
}

/**
 * A context of `screen` holding `cookie` (the Cookie header of a signed-in browser), or none, whose
 * browser asks for pages in `locale` (Chromium sends it as Accept-Language).
 */
async function screenContext(screen: { width: number; height: number }, locale: string, cookie: string | null): Promise<BrowserContext> {
  // axe is evaluated through the DevTools protocol: the pages' CSP (script-src 'self') stays as served.
  const phone = screen.width < 600;
  const context = await browser.newContext({ viewport: screen, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone, locale });
  if (cookie !== null) {
    const [name, value] = cookie.split(';')[0]?.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  }
  return context;
}

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(missingChromiumLine(chromiumPath, 'not found'));
  mkdirSync(SHOTS, { recursive: true });
  fakes = await startFakes();
  // The periodic jobs read the loopback status feed and TEDB, so that the status page has its "now" and its rates.
  server = await startDashboardServer(undefined, { ...fakeConfig(fakes), jobs: true });
  const { store } = server;
  await storeStatusHistory(store);
  await until(async () => !(await (await fetch(`${server.url}/status`)).text()).includes('<strong>0 of 0</strong>'), 20_000, 'a status reading');
  account = await createAccount(store, 'GROWTH');
  const { id: keyId } = await createKey(store, account);
  await store.members.add({ id: crypto.randomUUID(), accountId: account.id, email: 'owner@example.com', role: 'owner', createdAt: new Date() });
  const values = [germanIban('000000000000000001'), 'not an iban'];
  const job = { ...queuedJob(account.id, keyId, 'iban', values.length, new Date()), status: 'running' as const };
  jobId = job.id;
  await store.batchJobs.create(job, values);
  await store.batchJobs.answer(job.id, values.map((value, index) => ({ line: index + 1, result: validateIban(value) })));
  await store.batchJobs.finish(job.id, 'done', new Date());
  for (const [index, value] of values.entries()) {
    const result = validateIban(value);
    await store.usage.count({ requestId: crypto.randomUUID(), accountId: account.id, keyId, periodStart: account.subscriptionStart, endpoint: 'iban', value, valid: result.valid, status: 200, latencyMs: 3 + index, sdk: null, at: new Date() }, null);
  }
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const cookies: Record<Who, string | null> = { owner: (await signIn(server, account.id)).cookie, operator: (await signIn(server, null)).cookie, nobody: null };
  for (const [name, screen, locale] of SCREENS) {
    for (const who of ['owner', 'operator', 'nobody'] as const) contexts.set(`${name} ${who}`, await screenContext(screen, locale, cookies[who]));
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fakes?.close();
});

/** The pages, by who looks at them. */
function pages(): Array<[Who, string]> {
  const base = `/dashboard/accounts/${account.id}`;
  return [
    ['nobody', '/dashboard'],
    ['nobody', '/dashboard/sign-in'],
    ['nobody', '/status'],
    ['owner', base],
    ['owner', `${base}/keys`],
    ['owner', `${base}/usage`],
    ['owner', `${base}/jobs`],
    ['owner', `${base}/jobs/${jobId}`],
    ['owner', `${base}/watches`],
    ['owner', `${base}/webhooks`],
    ['owner', `${base}/members`],
    ['operator', '/dashboard/accounts'],
    ['operator', base],
  ];
}

describe.each(SCREENS)('every page on the %s screen', (name, screen) => {
  it('has no WCAG 2.1 A/AA violation axe-core finds, and no page wider than the screen', async () => {
    const failures: string[] = [];
    for (const [who, path] of pages()) {
      const page = await contextOf(name, who).newPage();
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.status(), path).toBe(200);
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
        const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => ({ target: node.target })) }));
      });
      for (const violation of violations) failures.push(`${path}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
      const shot = `${name}${path.replace(/\/[0-9a-f-]{36}/g, '').replaceAll('/', '-')}`;
      await page.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
      const docsShot = who === 'owner' || who === 'nobody' ? DOCS_SHOTS[shot] : undefined;
      if (docsShot !== undefined) await page.screenshot({ path: join(repoRoot, 'docs/screenshots', docsShot), fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > screen.width) failures.push(`${path}: ${width} px wide on a ${screen.width} px screen`);
      await page.close();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('the dashboard on a 390 px phone', () => {
  it("shows every member state's strip, to its latest day, and its state now within the screen on the status page", async () => {
    const page = await contextOf('phone', 'nobody').newPage();
    await page.goto(`${server.url}/status`);
    const strips = await page.locator('svg.strip').evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().right));
    expect(strips.length).toBeGreaterThan(20);
    expect(Math.max(...strips)).toBeLessThanOrEqual(PHONE.width);
    // The member states' table; the registries beyond VIES have a table of their own below it.
    const now = await page.locator('table.status-table td[data-label="Now"] .status').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    expect(now).toHaveLength(strips.length);
    expect(Math.max(...now)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it("shows each key's status and its Revoke link within the screen", async () => {
    const page = await contextOf('phone', 'owner').newPage();
    await page.goto(`${server.url}/dashboard/accounts/${account.id}/keys`);
    for (const locator of [page.getByText('live', { exact: true }).first(), page.getByRole('link', { name: /^Revoke/ }).first()]) {
      const box = await locator.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    await page.close();
  });
});

/**
 * Words of the English pages that a French page must not show (checked on every page's visible
 * text): navigation, headings, table heads and buttons of each page.
 */
const ENGLISH_WORDS = ['Sign out', 'Overview', 'Usage log', 'Skip to main content', 'Member state', 'Sign in by email'];

describe('the pages in a French browser', () => {
  it('are written in French, as the browser asks, every one of them', async () => {
    const failures: string[] = [];
    for (const [who, path] of pages()) {
      const page = await contextOf('phone-fr', who).newPage();
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.headers()['content-language'], path).toBe('fr');
      expect(await page.getAttribute('html', 'lang'), path).toBe('fr');
      const text = await page.locator('body').innerText();
      for (const english of ENGLISH_WORDS) if (text.includes(english)) failures.push(`${path}: "${english}"`);
      await page.close();
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('shows the status page in French words, French numbers and French dates', async () => {
    const page = await contextOf('phone-fr', 'nobody').newPage();
    await page.goto(`${server.url}/status`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('État de VIES');
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/pays disponibles en ce moment\./);
    expect(text).toMatch(/Page générée \d{1,2} [a-zéû]+\.? \d{4}, \d{2}:\d{2} UTC\./);
    await page.close();
  });
});
