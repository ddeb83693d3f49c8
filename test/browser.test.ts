/**
 * The offline validators in a real browser: Debian's Chromium, driven by playwright-core, opens
 * examples/browser-form/ from a loopback server. The page imports the built ESM subpaths through
 * its import map (npm test builds first); the test types one value into each field and reads the
 * verdict, message and normalized value the page renders. It leaves a screenshot in
 * .tmp/browser-form.png. Outside CI the suite runs when Chromium is installed; under CI=true a
 * missing Chromium fails it (.ci/run installs it).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPackageEntries } from '../scripts/package-entries.js';
import { validateEmail } from '../src/email/index.js';
import { validateIban } from '../src/iban/index.js';
import { validateNas } from '../src/nas/index.js';
import { validateNif } from '../src/nif/index.js';
import { validatePhone } from '../src/phone/index.js';
import type { ValidationResult } from '../src/result.js';
import { validateSsn } from '../src/ssn/index.js';
import { validateVat } from '../src/vat/index.js';
import { startStaticServer, type StaticServer } from './support/static-server.js';
import { anyValidVat, seededRng, typedLikeAPerson } from './support/vat-numbers.js';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const chromiumPath = process.env.VERIFIELD_CHROMIUM ?? '/usr/bin/chromium';
const runBrowser = existsSync(chromiumPath) || process.env.CI === 'true';
const pagePath = '/examples/browser-form/';

/** One value per field, as a person types it, and what Node's validator says about it. */
const vatRng = seededRng(10);
const formValues: { field: string; value: string; validate: (value: string) => ValidationResult }[] = [
  // Official example of the SWIFT IBAN registry.
  { field: 'iban', value: 'DE89 3704 0044 0532 0130 00', validate: validateIban },
  // Built with the check-digit algorithms of test/support/vat-numbers.ts.
  { field: 'vat', value: typedLikeAPerson(vatRng, anyValidVat(vatRng)), validate: validateVat },
  // 12345678 mod 23 = 14, the letter Z.
  { field: 'nif', value: '12345678-z', validate: validateNif },
  // The Government of Canada's example SIN (Luhn-valid, 0 series).
  { field: 'nas', value: '046 454 286', validate: validateNas },
  // The Woolworth wallet card number: well-formed, never valid.
  { field: 'ssn', value: '078-05-1120', validate: validateSsn },
  { field: 'email', value: 'jane.doe@gmial.com', validate: validateEmail },
  { field: 'phone', value: '+33 6 12 34 56 78', validate: validatePhone },
];

interface Rendered {
  verdict: string;
  message: string;
  normalized: string;
}

function expectedDisplay(result: ValidationResult): Rendered {
  return { verdict: result.valid ? 'valid' : 'invalid', message: result.message, normalized: result.normalizedValue ?? '—' };
}

async function rendered(page: Page, field: string): Promise<Rendered> {
  const part = (name: string) => page.locator(`[data-field="${field}"] [data-part="${name}"]`).textContent();
  return { verdict: (await part('verdict')) ?? '', message: (await part('message')) ?? '', normalized: (await part('normalized')) ?? '' };
}

describe.runIf(runBrowser)('the browser form example in Chromium', () => {
  let server: StaticServer;
  let context: BrowserContext;
  let page: Page;
  let userDataDir = '';
  const pageErrors: string[] = [];
  const outsideRequests: string[] = [];

  beforeAll(async () => {
    server = await startStaticServer(repoRoot, ['examples', 'dist', 'node_modules']);
    userDataDir = mkdtempSync(join(tmpdir(), 'verifield-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    // Only the loopback server may answer: anything else would mean the page reaches out.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(server.origin)) return route.continue();
      outsideRequests.push(url);
      return route.abort();
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${server.origin}${pagePath}`);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 15_000 });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (userDataDir !== '') rmSync(userDataDir, { recursive: true, force: true });
  });

  it('maps every browser subpath to its built ESM file in the import map', () => {
    const html = readFileSync(join(repoRoot, 'examples/browser-form/index.html'), 'utf8');
    const json = /<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
    const { imports } = JSON.parse(json) as { imports: Record<string, string> };
    for (const entry of browserPackageEntries) expect(imports[entry.specifier], entry.specifier).toBe(`../../${entry.esm}`);
  });

  it('imports every browser subpath in the page', async () => {
    const specifiers = browserPackageEntries.map((entry) => entry.specifier);
    // Sent as text: vitest would rewrite an `import()` written in this file for Node.
    const functions = (await page.evaluate(`(async (list) => {
      const out = {};
      for (const specifier of list) {
        const module = await import(specifier);
        out[specifier] = Object.values(module).filter((value) => typeof value === 'function').length;
      }
      return out;
    })(${JSON.stringify(specifiers)})`)) as Record<string, number>;
    for (const specifier of specifiers) expect(functions[specifier], specifier).toBeGreaterThan(0);
  });

  it('shows the verdict while the user types an IBAN, key by key', async () => {
    const input = page.locator('#iban');
    await input.pressSequentially('DE89 3704');
    expect(await rendered(page, 'iban')).toEqual(expectedDisplay(validateIban('DE89 3704')));
    expect((await rendered(page, 'iban')).verdict).toBe('invalid');
    await input.fill('');
    expect(await rendered(page, 'iban')).toEqual({ verdict: '', message: '', normalized: '' });
  });

  it('renders what the validator returns for one value of each offline field', async () => {
    for (const { field, value } of formValues) await page.locator(`#${field}`).fill(value);
    for (const { field, value, validate } of formValues) {
      expect(await rendered(page, field), `${field}: ${value}`).toEqual(expectedDisplay(validate(value)));
    }
    const verdicts = Object.fromEntries(
      await Promise.all(formValues.map(async ({ field }) => [field, (await rendered(page, field)).verdict] as const)),
    );
    expect(verdicts).toEqual({ iban: 'valid', vat: 'valid', nif: 'valid', nas: 'valid', ssn: 'invalid', email: 'valid', phone: 'valid' });
    expect((await rendered(page, 'iban')).normalized).toBe('DE89370400440532013000');
    expect((await rendered(page, 'email')).message).toContain('Did you mean jane.doe@gmail.com?');
    mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, '.tmp/browser-form.png'), fullPage: true });
  });

  it('ran without a page error and without a request leaving loopback', () => {
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    expect(server.requested).toContain(pagePath);
    expect(server.requested.some((path) => path.startsWith('/dist/'))).toBe(true);
  });
});
