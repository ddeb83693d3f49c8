/**
 * Every dashboard page and the status page on a 390 px phone in a real browser (Debian's Chromium
 * through playwright-core), checked by axe-core against WCAG 2.1 A and AA: no violation, no page
 * wider than the screen, and on the keys page each key's status and its Revoke link within the
 * screen without scrolling sideways. The account holds a key, a finished job, log rows and a
 * member, so that every table has rows. Each page's screenshot is left in .tmp/screenshots/phone-*.png.
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
const PHONE = { width: 390, height: 844 };
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
const contexts: Record<'owner' | 'operator' | 'nobody', BrowserContext | null> = { owner: null, operator: null, nobody: null };

/** A context at phone size holding `cookie` (the Cookie header of a signed-in browser), or none. */
async function phoneContext(cookie: string | null): Promise<BrowserContext> {
  // axe is evaluated through the DevTools protocol: the pages' CSP (script-src 'self') stays as served.
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
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
  contexts.owner = await phoneContext((await signIn(server, account.id)).cookie);
  contexts.operator = await phoneContext((await signIn(server, null)).cookie);
  contexts.nobody = await phoneContext(null);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fakes?.close();
});

/** The pages, by who looks at them. */
function pages(): Array<[keyof typeof contexts, string]> {
  const base = `/dashboard/accounts/${account.id}`;
  return [
    ['nobody', '/dashboard'],
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

describe('the dashboard on a 390 px phone', () => {
  it('has no WCAG 2.1 A/AA violation axe-core finds, and no page wider than the screen', async () => {
    const failures: string[] = [];
    for (const [who, path] of pages()) {
      const page = await (contexts[who] as BrowserContext).newPage();
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.status(), path).toBe(200);
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
        const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => ({ target: node.target })) }));
      });
      for (const violation of violations) failures.push(`${path}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
      await page.screenshot({ path: join(SHOTS, `phone${path.replace(/\/[0-9a-f-]{36}/g, '').replaceAll('/', '-')}.png`), fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) failures.push(`${path}: ${width} px wide on a ${PHONE.width} px screen`);
      await page.close();
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("shows every member state's strip, to its latest day, and its state now within the screen on the status page", async () => {
    const page = await (contexts.nobody as BrowserContext).newPage();
    await page.goto(`${server.url}/status`);
    const strips = await page.locator('svg.strip').evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().right));
    expect(strips.length).toBeGreaterThan(20);
    expect(Math.max(...strips)).toBeLessThanOrEqual(PHONE.width);
    const now = await page.locator('td[data-label="Now"] .status').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    expect(now).toHaveLength(strips.length);
    expect(Math.max(...now)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it("shows each key's status and its Revoke link within the screen", async () => {
    const page = await (contexts.owner as BrowserContext).newPage();
    await page.goto(`${server.url}/dashboard/accounts/${account.id}/keys`);
    for (const locator of [page.getByText('live', { exact: true }).first(), page.getByRole('link', { name: /^Revoke/ }).first()]) {
      const box = await locator.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    await page.close();
  });
});
