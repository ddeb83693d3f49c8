/**
 * The offline validators in a real browser: Debian's Chromium, driven by playwright-core, opens
 * examples/browser-form/ from a loopback server. The page imports the built ESM subpaths through
 * its import map (npm test builds first); the test types one value into each field and reads the
 * verdict, message, reason and normalized value the page renders from each field's schema, switches
 * the messages' language, then calls the main function of every field subpath in the page and
 * compares its answer with Node's. It leaves screenshots in .tmp/browser-form.png and
 * .tmp/browser-form-es.png. `npm test` makes sure Chromium is there first (scripts/ensure-chromium.ts,
 * tested below); without it the suite fails with the line saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath as chromiumPathOf, DEBIAN_CHROMIUM, ensureChromium, missingChromiumLine, type ChromiumHost } from '../../scripts/chromium-setup.js';
import { browserPackageEntries } from '../../scripts/package-entries.js';
import { validateEmail } from '../../src/email/index.js';
import { FIELD_CATALOG, FIELD_NAMES } from '../../src/fields/catalog.js';
import { FIELD_EXAMPLES } from '../../src/fields/generated/examples.js';
import { VALIDATORS } from '../../src/fields/validators.js';
import { CATALOG_LANGUAGES, CATALOGS_BY_LANGUAGE } from '../../src/messages/catalogs.js';
import type { MessageCatalog } from '../../src/messages/catalog.js';
import { es } from '../../src/messages/es.js';
import { localize } from '../../src/messages/index.js';
import { validateEmailSyntax } from '../../src/email/syntax-entry.js';
import { validateIban } from '../../src/iban/index.js';
import { validateNas } from '../../src/nas/index.js';
import { validateNif } from '../../src/nif/index.js';
import { validatePhone } from '../../src/phone/index.js';
import type { ValidationResult } from '../../src/result.js';
import { validateSsn } from '../../src/ssn/index.js';
import {
  emailSchema,
  ibanSchema,
  nasSchema,
  nifSchema,
  phoneSchema,
  ssnSchema,
  vatSchema,
  type FieldSchema,
  type FieldSchemaResult,
} from '../../src/standard-schema/index.js';
import { validateVat } from '../../src/vat/index.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { anyValidVat, seededRng, typedLikeAPerson } from '../support/generators/vat.js';
import { repoRoot } from '../support/repo-root.js';
const chromiumPath = chromiumPathOf(process.env);
const pagePath = '/examples/browser-form/';

/** One value per field, as a person types it, and what Node's validator and the field's schema say about it. */
interface FormValue {
  field: string;
  value: string;
  validate: (value: string) => ValidationResult;
  schema: (catalog?: MessageCatalog) => FieldSchema;
}
const vatRng = seededRng(10);
const formValues: FormValue[] = [
  // Official example of the SWIFT IBAN registry.
  { field: 'iban', value: 'DE89 3704 0044 0532 0130 00', validate: validateIban, schema: ibanSchema },
  // Built with the check-digit algorithms of test/support/generators/vat.ts.
  { field: 'vat', value: typedLikeAPerson(vatRng, anyValidVat(vatRng)), validate: validateVat, schema: vatSchema },
  // 12345678 mod 23 = 14, the letter Z.
  { field: 'nif', value: '12345678-z', validate: validateNif, schema: nifSchema },
  // The Government of Canada's example SIN (Luhn-valid, 0 series).
  { field: 'nas', value: '046 454 286', validate: validateNas, schema: nasSchema },
  // The Woolworth wallet card number: well-formed, never valid.
  { field: 'ssn', value: '078-05-1120', validate: validateSsn, schema: ssnSchema },
  { field: 'email', value: 'jane.doe@gmial.com', validate: validateEmail, schema: emailSchema },
  { field: 'phone', value: '+33 6 12 34 56 78', validate: validatePhone, schema: phoneSchema },
];

/** The SWIFT example IBAN with its last digit changed: the check digits no longer match. */
const BAD_IBAN = 'DE89 3704 0044 0532 0130 12';

/** Subpaths that hold no validator: the messages, their catalogs, the schemas and the service's client. */
const isFieldSubpath = (specifier: string) =>
  specifier !== 'verifield/client' && specifier !== 'verifield/standard-schema' && !specifier.startsWith('verifield/messages');

/** The main function of each field subpath, with a value to call it with in the page. */
interface FieldCall {
  specifier: string;
  name: string;
  value: string;
  validate: (value: string) => ValidationResult;
}

const capitalized = (field: string) => field.charAt(0).toUpperCase() + field.slice(1);
const fieldCalls: FieldCall[] = [
  ...formValues.map(({ field, value, validate }) => ({ specifier: `verifield/${field}`, name: `validate${capitalized(field)}`, value, validate })),
  // The root re-exports every offline validator.
  ...formValues.map(({ field, value, validate }) => ({ specifier: 'verifield', name: `validate${capitalized(field)}`, value, validate })),
  // A field added as a folder, with a value of its examples.ts, at its subpath and at the root.
  ...FIELD_NAMES.filter((field) => !formValues.some((form) => form.field === field)).flatMap((field) =>
    ['verifield/' + field, 'verifield'].map((specifier) => ({
      specifier,
      name: FIELD_CATALOG[field].operation,
      value: FIELD_EXAMPLES[field].valid[0] ?? '',
      validate: VALIDATORS[field].offline as (value: string) => ValidationResult,
    })),
  ),
  { specifier: 'verifield/email-syntax', name: 'validateEmailSyntax', value: 'Jane.Doe@Gmial.com', validate: validateEmailSyntax },
];

/** The `imports` of the page's import map. */
function pageImportMap(): Record<string, string> {
  const html = readFileSync(join(repoRoot, 'examples/browser-form/index.html'), 'utf8');
  const json = /<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return (JSON.parse(json) as { imports: Record<string, string> }).imports;
}

interface Rendered {
  verdict: string;
  message: string;
  reason: string;
  normalized: string;
}

/** What the page should show for a schema's answer: the issue when refused, the normalized value when not. */
function expectedDisplay(answer: FieldSchemaResult): Rendered {
  if (answer.issues === undefined) return { verdict: 'valid', message: '—', reason: '—', normalized: answer.value };
  const [issue] = answer.issues;
  return { verdict: 'invalid', message: issue.message, reason: issue.reason, normalized: '—' };
}

async function rendered(page: Page, field: string): Promise<Rendered> {
  const part = async (name: string) => (await page.locator(`[data-field="${field}"] [data-part="${name}"]`).textContent()) ?? '';
  return { verdict: await part('verdict'), message: await part('message'), reason: await part('reason'), normalized: await part('normalized') };
}

/** Chooses a language in the page's switch and waits until every field shows it. */
async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.locator('#language').selectOption(language);
  await page.waitForSelector(`html[data-language="${language}"]`, { timeout: 5_000 });
}

/** A machine as scripts/ensure-chromium.ts sees it, with the commands it ran. */
function fakeMachine(options: { executables?: string[]; root?: boolean; aptGet?: boolean; env?: Record<string, string>; aptStatus?: number; installs?: boolean }) {
  const executables = new Set(options.executables ?? []);
  const ran: { command: string; args: readonly string[]; frontend: string | undefined }[] = [];
  const said: string[] = [];
  const host: ChromiumHost = {
    env: { PATH: '/usr/sbin:/usr/bin', ...options.env },
    isExecutable: (path) => executables.has(path),
    isRoot: options.root ?? true,
    findCommand: (name) => (name === 'apt-get' && options.aptGet !== false ? '/usr/bin/apt-get' : null),
    run(command, args, env) {
      ran.push({ command, args, frontend: env.DEBIAN_FRONTEND });
      const status = options.aptStatus ?? 0;
      // Debian's package puts the browser where the test looks for it.
      if (status === 0 && args[0] === 'install' && options.installs !== false) executables.add(DEBIAN_CHROMIUM);
      return status;
    },
    say: (line) => said.push(line),
  };
  return { host, ran, said };
}

describe('npm test finds Chromium, installs it, or says what to install (scripts/ensure-chromium.ts)', () => {
  it("uses Debian's Chromium when it is there, installing nothing", () => {
    const machine = fakeMachine({ executables: [DEBIAN_CHROMIUM] });
    expect(ensureChromium(machine.host)).toEqual({ ok: true, path: DEBIAN_CHROMIUM, installed: false });
    expect(machine.ran).toEqual([]);
  });

  it("installs Debian's chromium package with apt-get, unattended, when root and apt-get are there", () => {
    const machine = fakeMachine({});
    expect(ensureChromium(machine.host)).toEqual({ ok: true, path: DEBIAN_CHROMIUM, installed: true });
    expect(machine.ran).toEqual([
      { command: '/usr/bin/apt-get', args: ['update'], frontend: 'noninteractive' },
      { command: '/usr/bin/apt-get', args: ['install', '-y', 'chromium'], frontend: 'noninteractive' },
    ]);
    expect(machine.said.join('\n')).toContain('installing');
  });

  it('says in one line what to install when it may not install it itself', () => {
    for (const machine of [fakeMachine({ root: false }), fakeMachine({ aptGet: false })]) {
      const outcome = ensureChromium(machine.host);
      expect(outcome.ok).toBe(false);
      const line = outcome.ok ? '' : outcome.line;
      expect(line).not.toContain('\n');
      expect(line).toContain('apt-get install chromium');
      expect(line).toContain('VERIFIELD_CHROMIUM');
      expect(machine.ran).toEqual([]);
    }
  });

  it('fails with one line when apt-get fails or leaves no Chromium behind', () => {
    const machine = fakeMachine({ aptStatus: 100 });
    const outcome = ensureChromium(machine.host);
    expect(outcome).toEqual({ ok: false, line: missingChromiumLine(DEBIAN_CHROMIUM, 'apt-get update failed with exit status 100') });
    expect(machine.ran).toHaveLength(1);
    const stillMissing = fakeMachine({ installs: false });
    expect(ensureChromium(stillMissing.host)).toEqual({ ok: false, line: missingChromiumLine(DEBIAN_CHROMIUM, 'still missing after apt-get install chromium') });
  });

  it('takes the binary VERIFIELD_CHROMIUM names, and never installs over it', () => {
    const chosen = '/opt/google/chrome/chrome';
    expect(ensureChromium(fakeMachine({ executables: [chosen], env: { VERIFIELD_CHROMIUM: chosen } }).host)).toEqual({ ok: true, path: chosen, installed: false });
    const missing = fakeMachine({ env: { VERIFIELD_CHROMIUM: chosen } });
    const outcome = ensureChromium(missing.host);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.line).toContain(chosen);
    expect(missing.ran).toEqual([]);
  });

  it('runs as a script: exit 0 and silent when Chromium is there, exit 1 and one line on stderr when not', () => {
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const script = (chromium: string) =>
      spawnSync(process.execPath, [tsx, 'scripts/ensure-chromium.ts'], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, VERIFIELD_CHROMIUM: chromium } });
    // Any executable file passes the presence check; Node's own binary is one that exists everywhere.
    const present = script(process.execPath);
    expect([present.status, present.stdout, present.stderr]).toEqual([0, '', '']);
    const absent = script(join(tmpdir(), 'verifield-no-chromium-here'));
    expect(absent.status).toBe(1);
    expect(absent.stdout).toBe('');
    expect(absent.stderr.trim().split('\n')).toHaveLength(1);
    expect(absent.stderr).toContain('VERIFIELD_CHROMIUM');
  }, 30_000);
});

describe('the browser form example in Chromium', () => {
  let server: StaticServer;
  let context: BrowserContext;
  let page: Page;
  let userDataDir = '';
  const pageErrors: string[] = [];
  const outsideRequests: string[] = [];
  /** What the page asked for until it was ready, before any test imported a subpath in it. */
  let requestedAtLoad: string[] = [];

  beforeAll(async () => {
    // scripts/ensure-chromium.ts runs before vitest in `npm test`; this says the same when run alone.
    if (!existsSync(chromiumPath)) throw new Error(missingChromiumLine(chromiumPath, 'not found'));
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
    requestedAtLoad = [...server.requested];
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (userDataDir !== '') rmSync(userDataDir, { recursive: true, force: true });
  });

  it('maps every browser subpath to its built ESM file in the import map', () => {
    const imports = pageImportMap();
    for (const entry of browserPackageEntries) expect(imports[entry.specifier], entry.specifier).toBe(`../../${entry.esm}`);
  });

  it('imports every browser subpath in the page', async () => {
    const specifiers = browserPackageEntries.map((entry) => entry.specifier);
    // Sent as text: vitest would rewrite an `import()` written in this file for Node. A catalog
    // exports an object, the other subpaths functions: each is counted by its export names.
    const exported = (await page.evaluate(`(async (list) => {
      const out = {};
      for (const specifier of list) out[specifier] = Object.keys(await import(specifier)).sort();
      return out;
    })(${JSON.stringify(specifiers)})`)) as Record<string, string[]>;
    for (const specifier of specifiers) expect(exported[specifier]?.length, specifier).toBeGreaterThan(0);
    // Each catalog exports itself under its language code, and nothing else.
    for (const language of CATALOG_LANGUAGES) expect(exported[`verifield/messages/${language}`]).toEqual([language]);
  });

  it('maps every package the built browser subpaths import in the import map', () => {
    const imports = pageImportMap();
    // Every file the browser subpaths reach through their relative imports (dist/ also holds Node chunks).
    const bare = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
        const specifier = match[1] as string;
        if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
        else bare.add(specifier);
      }
    };
    for (const entry of browserPackageEntries) visit(join(repoRoot, entry.esm));
    const unmapped = [...bare].filter((specifier) => !specifier.startsWith('node:') && imports[specifier] === undefined);
    expect(unmapped).toEqual([]);
  });

  it('calls the main function of every field subpath in the page and gets what Node gets', async () => {
    const fieldSubpaths = browserPackageEntries.map((entry) => entry.specifier).filter(isFieldSubpath);
    expect(new Set(fieldCalls.map((call) => call.specifier))).toEqual(new Set(fieldSubpaths));
    const calls = fieldCalls.map(({ specifier, name, value }) => ({ specifier, name, value }));
    // Sent as text, like the import above.
    const answers = (await page.evaluate(`(async (calls) => {
      const out = [];
      for (const { specifier, name, value } of calls) {
        const module = await import(specifier);
        out.push(typeof module[name] === 'function' ? JSON.parse(JSON.stringify(module[name](value))) : 'no function ' + name);
      }
      return out;
    })(${JSON.stringify(calls)})`)) as unknown[];
    fieldCalls.forEach(({ specifier, name, value, validate }, index) => {
      expect(answers[index], `${specifier} ${name}(${value})`).toEqual(JSON.parse(JSON.stringify(validate(value))));
    });
    const syntax = answers.at(-1) as ValidationResult;
    expect([syntax.valid, syntax.normalizedValue]).toEqual([true, 'Jane.Doe@gmial.com']);
  });

  it('localizes in the page as in Node, with every catalog', async () => {
    // Country names come from the runtime's Intl.DisplayNames: Chromium's must name them as Node's does.
    const value = 'FR76 3000 6000 0112 3456 7890';
    const messages = (await page.evaluate(`(async ({ value, languages }) => {
      const { validateIban } = await import('verifield/iban');
      const { localize } = await import('verifield/messages');
      const out = {};
      for (const language of languages) {
        const catalog = (await import('verifield/messages/' + language))[language];
        out[language] = localize(validateIban(value), catalog).message;
      }
      return out;
    })(${JSON.stringify({ value, languages: CATALOG_LANGUAGES })})`)) as Record<string, string>;
    const inNode = Object.fromEntries(CATALOG_LANGUAGES.map((language) => [language, localize(validateIban(value), CATALOGS_BY_LANGUAGE[language]).message]));
    expect(messages).toEqual(inNode);
    expect(messages.es).toBe('Un IBAN de Francia tiene 27 caracteres');
  });

  it('shows the verdict and the reason while the user types an IBAN, key by key', async () => {
    const input = page.locator('#iban');
    await input.pressSequentially('DE89 3704');
    expect(await rendered(page, 'iban')).toEqual(expectedDisplay(ibanSchema()['~standard'].validate('DE89 3704')));
    expect(await rendered(page, 'iban')).toMatchObject({ verdict: 'invalid', reason: 'IBAN_WRONG_LENGTH', normalized: '—' });
    await input.fill('');
    expect(await rendered(page, 'iban')).toEqual({ verdict: '', message: '', reason: '', normalized: '' });
  });

  it("renders what each field's schema answers for one value of each offline field", async () => {
    for (const { field, value } of formValues) await page.locator(`#${field}`).fill(value);
    for (const { field, value, schema } of formValues) {
      expect(await rendered(page, field), `${field}: ${value}`).toEqual(expectedDisplay(schema()['~standard'].validate(value)));
    }
    const verdicts = Object.fromEntries(
      await Promise.all(formValues.map(async ({ field }) => [field, (await rendered(page, field)).verdict] as const)),
    );
    expect(verdicts).toEqual({ iban: 'valid', vat: 'valid', nif: 'valid', nas: 'valid', ssn: 'invalid', email: 'valid', phone: 'valid' });
    // A valid value shows the form to store, and neither message nor reason.
    expect(await rendered(page, 'iban')).toEqual({ verdict: 'valid', message: '—', reason: '—', normalized: 'DE89370400440532013000' });
    expect(await rendered(page, 'phone')).toMatchObject({ verdict: 'valid', normalized: '+33612345678' });
    expect(await rendered(page, 'ssn')).toMatchObject({ reason: validateSsn('078-05-1120').reason, message: validateSsn('078-05-1120').message });
    mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, '.tmp/browser-form.png'), fullPage: true });
  });

  it('shows a bad IBAN with its reason and the English message', async () => {
    await page.locator('#iban').fill(BAD_IBAN);
    expect(await rendered(page, 'iban')).toEqual({
      verdict: 'invalid',
      message: 'IBAN check digits do not match, please check the number',
      reason: 'IBAN_BAD_CHECKSUM',
      normalized: '—',
    });
    expect((await rendered(page, 'iban')).message).toBe(validateIban(BAD_IBAN).message);
  });

  it('loads a catalog only when its language is chosen, and re-renders every message in it', async () => {
    // The page loads no catalog until a language is chosen (the tests above imported them all since).
    expect(requestedAtLoad).toContain('/dist/standard-schema/index.js');
    expect(requestedAtLoad.filter((path) => path.startsWith('/dist/messages/'))).toEqual([]);
    const english = await rendered(page, 'iban');
    await chooseLanguage(page, 'es');
    const spanish = localize(validateIban(BAD_IBAN), es).message;
    expect(spanish).not.toBe(english.message);
    expect(await rendered(page, 'iban')).toEqual({ ...english, message: spanish });
    for (const { field, value, schema } of formValues.filter(({ field }) => field !== 'iban')) {
      expect(await rendered(page, field), `${field}: ${value}`).toEqual(expectedDisplay(schema(es)['~standard'].validate(value)));
    }
    expect(await rendered(page, 'ssn')).toMatchObject({ message: localize(validateSsn('078-05-1120'), es).message, reason: 'SSN_SAMPLE_NUMBER' });
    expect(await page.locator('[data-field="iban"] [data-part="message"]').getAttribute('lang')).toBe('es');
    // Typing after the switch is answered in Spanish too.
    await page.locator('#iban').fill('DE89 3704');
    expect((await rendered(page, 'iban')).message).toBe(localize(validateIban('DE89 3704'), es).message);
    await page.locator('#iban').fill(BAD_IBAN);
    await page.screenshot({ path: join(repoRoot, '.tmp/browser-form-es.png'), fullPage: true });
  });

  it('restores the English messages when English is chosen again', async () => {
    await chooseLanguage(page, 'en');
    expect(await rendered(page, 'iban')).toEqual(expectedDisplay(ibanSchema()['~standard'].validate(BAD_IBAN)));
    expect((await rendered(page, 'iban')).message).toBe('IBAN check digits do not match, please check the number');
    expect((await rendered(page, 'ssn')).message).toBe(validateSsn('078-05-1120').message);
  });

  it('ran without a page error and without a request leaving loopback', () => {
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    expect(server.requested).toContain(pagePath);
    expect(server.requested.some((path) => path.startsWith('/dist/'))).toBe(true);
  });
});
