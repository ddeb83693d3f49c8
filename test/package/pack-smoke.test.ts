/**
 * What a user installs is the tarball, not this repository. The tarball is packed the way a
 * maintainer could after `npm start`: in a copy of this checkout whose dist/ holds only the ESM
 * files `npm start` builds, so that `npm pack` must run the prepack script's full build
 * (scripts/build.mjs --for-pack) and the tarball still ships every CommonJS file and declaration.
 * That one tarball is installed (with the embedded store's optional peer, better-sqlite3) into an
 * empty project outside the repository, then every subpath is `import()`ed and `require()`d and its
 * main function called both ways, the service answering over HTTP included; a TypeScript file is
 * compiled against its types (node16 resolution, ESM and CJS) and the `verifield` bin run.
 * Dependencies come from the npm cache when it has them; better-sqlite3 (a native module whose build
 * takes over a minute) is copied, built, from this repository's node_modules, as `npm install
 * better-sqlite3` would leave it.
 */
import { FIELD_CATALOG, FIELD_NAMES } from '../../src/fields/catalog.js';
import { FIELD_EXAMPLES } from '../../src/fields/generated/examples.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, packageTargets } from '../../scripts/build-freshness.mjs';
import { PACKAGE_NAME, packageEntries } from '../../scripts/package-entries.js';
import { repoRoot } from '../support/repo-root.js';
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const specifiers = packageEntries.map((entry) => entry.specifier);
// An official example (the German IBAN of the SWIFT IBAN registry), to see a validator work end to end.
const exampleIban = 'DE89 3704 0044 0532 0130 00';

/** One value each subpath's main function must accept (official examples or the documentation's samples), and one IBAN it must refuse. */
const acceptedValues = {
  iban: exampleIban,
  // The same IBAN with its last digit changed: the check digits no longer match.
  badIban: 'DE89 3704 0044 0532 0130 12',
  // 12345678 mod 23 = 14, the letter Z.
  nif: '12345678-Z',
  // The Government of Canada's example SIN.
  nas: '046 454 286',
  ssn: '536-90-4399',
  vat: 'BE 0986.375.479',
  email: 'jane.doe@northwind-traders.com',
  emailSyntax: 'Jane.Doe@Example.COM',
  phone: '+34 612 34 56 78',
};

/** A field added as a folder after the seven above: its subpath, main function and a value of its examples.ts. */
const folderFieldCalls = FIELD_NAMES.filter((field) => !['iban', 'nif', 'nas', 'ssn', 'vat', 'email', 'phone'].includes(field)).map((field) => [
  `verifield/${field}`,
  FIELD_CATALOG[field].operation,
  FIELD_EXAMPLES[field].valid[0] ?? '',
]);

/** The languages with a catalog subpath, `verifield/messages/<language>`. */
const languages = specifiers.filter((specifier) => specifier.startsWith('verifield/messages/')).map((specifier) => specifier.slice('verifield/messages/'.length));

/**
 * A script run once as ESM and once as CommonJS (only `load` differs): it calls the main function
 * of every subpath and prints every answer as one JSON object. A subpath that throws is reported
 * as `{ error }` so that one failure does not hide the others.
 */
const callEverySubpath = `
const languages = ${JSON.stringify(languages)};
const values = ${JSON.stringify(acceptedValues)};
const [dataDir, apiKey] = process.argv.slice(2);
const fields = [
  ['verifield/iban', 'validateIban', values.iban],
  ['verifield/nif', 'validateNif', values.nif],
  ['verifield/nas', 'validateNas', values.nas],
  ['verifield/ssn', 'validateSsn', values.ssn],
  ['verifield/vat', 'validateVat', values.vat],
  ['verifield/email', 'validateEmail', values.email],
  ['verifield/email-syntax', 'validateEmailSyntax', values.emailSyntax],
  ['verifield/phone', 'validatePhone', values.phone],
  ...${JSON.stringify(folderFieldCalls)},
];
async function callEverySubpath(load) {
  const out = {};
  const attempt = async (name, call) => {
    try {
      out[name] = JSON.parse(JSON.stringify(await call()));
    } catch (error) {
      out[name] = { error: String(error && error.message) };
    }
  };
  await attempt('verifield', async () => {
    const root = await load('verifield');
    return Object.fromEntries(fields.filter(([specifier]) => specifier !== 'verifield/email-syntax').map(([, name, value]) => [name, root[name](value)]));
  });
  for (const [specifier, name, value] of fields) await attempt(specifier, async () => (await load(specifier))[name](value));
  // A catalog is data: each is used the way a form uses it, on a result of another subpath.
  for (const language of languages) {
    await attempt('verifield/messages/' + language, async () => {
      const { localize } = await load('verifield/messages');
      const { validateIban } = await load('verifield/iban');
      // A rejection: its sentence differs in every language ('IBAN válido' is Spanish and Portuguese).
      return localize(validateIban(values.badIban), (await load('verifield/messages/' + language))[language]);
    });
  }
  await attempt('verifield/messages', async () => {
    const { localize } = await load('verifield/messages');
    const { validateNif } = await load('verifield/nif');
    return localize(validateNif(values.nif), (await load('verifield/messages/es')).es);
  });
  await attempt('verifield/standard-schema', async () => {
    const { ibanSchema } = await load('verifield/standard-schema');
    const { es } = await load('verifield/messages/es');
    const accepted = ibanSchema()['~standard'].validate(values.iban);
    const refused = ibanSchema(es)['~standard'].validate(values.badIban);
    return { valid: !('issues' in accepted), value: accepted.value, issues: refused.issues };
  });
  await attempt('verifield/adapters', async () => {
    const { memoryVatCache, viesSoapClient } = await load('verifield/adapters');
    return { cache: Object.keys(memoryVatCache()).sort(), vies: typeof viesSoapClient().check };
  });
  await attempt('verifield/client', async () => {
    const { createClient } = await load('verifield/client');
    return Object.keys(createClient({ baseUrl: 'http://127.0.0.1:8080' })).sort();
  });
  await attempt('verifield/server', async () => {
    const { startServer } = await load('verifield/server');
    const { createClient } = await load('verifield/client');
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, jobs: false, log: () => {} });
    try {
      const response = await fetch(server.url + '/api/v1/validate/iban', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-KEY': apiKey },
        body: JSON.stringify({ value: values.iban }),
      });
      const client = createClient({ baseUrl: server.url, apiKey });
      return { status: response.status, iban: await response.json(), phoneViaClient: await client.validatePhone(values.phone) };
    } finally {
      await server.close();
    }
  });
  console.log(JSON.stringify(out));
}
`;

let workDir = '';
let project = '';
/** What dist/ held after `npm start`'s build, before `npm pack`. */
let builtToRun: string[] = [];
let packedFiles: string[] = [];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

/** What a script printed as JSON on its last line. */
function lastJsonLine(output: string): unknown {
  return JSON.parse(output.trim().split('\n').at(-1) ?? 'null');
}

beforeAll(() => {
  workDir = realpathSync(mkdtempSync(join(tmpdir(), 'verifield-pack-')));
  // The copy holds the build's inputs and the packed files, node_modules linked: building there
  // leaves this repository's dist/, which other test files are reading, alone.
  const checkout = join(workDir, 'checkout');
  const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { files: string[] };
  const copied = new Set([...BUILD_INPUTS.map((path) => path.split('/')[0] as string), 'scripts', ...packageJson.files.filter((path) => path !== 'dist')]);
  for (const path of copied) if (existsSync(join(repoRoot, path))) cpSync(join(repoRoot, path), join(checkout, path), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  run(process.execPath, ['scripts/build.mjs', '--to-run'], checkout);
  builtToRun = readdirSync(join(checkout, 'dist'), { recursive: true, encoding: 'utf8' });

  const packed: unknown = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', workDir], checkout));
  const [tarball] = packed as { filename: string; files: { path: string }[] }[];
  if (tarball === undefined) throw new Error('npm pack reported no tarball');
  packedFiles = tarball.files.map((file) => file.path);

  project = join(workDir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'verifield-smoke', private: true }));
  run('npm', ['install', join(workDir, tarball.filename), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project);
  // The embedded store's engine and what it loads at run time.
  for (const name of ['better-sqlite3', 'bindings', 'file-uri-to-path']) {
    cpSync(join(repoRoot, 'node_modules', name), join(project, 'node_modules', name), { recursive: true });
  }
  // Generous: the full build alone takes two minutes or more on a loaded 2-core machine.
}, 600_000);

afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('was packed after a build for `npm start` only, which made neither CommonJS nor declarations', () => {
    expect(builtToRun.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
    expect(builtToRun.filter((file) => /\.(cjs|d\.ts|d\.cts)$/.test(file))).toEqual([]);
  });

  it('holds every file package.json names, CommonJS and declarations included, though packed after that build', () => {
    const targets = packageTargets(repoRoot);
    expect(targets.filter((file) => file.endsWith('.cjs')).length).toBe(packageEntries.length);
    expect(targets.filter((file) => file.endsWith('.d.ts') || file.endsWith('.d.cts')).length).toBe(2 * packageEntries.length);
    expect(targets.filter((file) => !packedFiles.includes(file))).toEqual([]);
  });

  it('holds every built file the exports name, and neither sources nor tests', () => {
    for (const entry of packageEntries) {
      for (const file of [entry.esm, entry.cjs, entry.dts, entry.dts.replace(/\.d\.ts$/, '.d.cts')]) {
        expect(packedFiles, file).toContain(file);
      }
    }
    expect(packedFiles).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']));
    expect(packedFiles.filter((file) => /^(src|test|scripts|bench|examples)\//.test(file))).toEqual([]);
  });

  it('is what Node resolves in the project, not this repository', () => {
    const script = `console.log(JSON.stringify(${JSON.stringify(specifiers)}.map((s) => require.resolve(s))))`;
    const resolved = lastJsonLine(run(process.execPath, ['-e', script], project)) as string[];
    for (const path of resolved) expect(path.startsWith(join(project, 'node_modules', PACKAGE_NAME))).toBe(true);
  });

  it('import()s and require()s every subpath, with the same exports both ways', () => {
    // Catalogs export data, the other subpaths functions: each export's name with its type.
    const listFunctions = 'Object.keys(m).sort().map((k) => k + ": " + typeof m[k])';
    const esm = `const out = {};\nfor (const s of ${JSON.stringify(specifiers)}) { const m = await import(s); out[s] = ${listFunctions}; }\nconsole.log(JSON.stringify(out));`;
    const cjs = `const out = {};\nfor (const s of ${JSON.stringify(specifiers)}) { const m = require(s); out[s] = ${listFunctions}; }\nconsole.log(JSON.stringify(out));`;
    writeFileSync(join(project, 'load.mjs'), esm);
    writeFileSync(join(project, 'load.cjs'), cjs);
    const fromEsm = lastJsonLine(run(process.execPath, ['load.mjs'], project)) as Record<string, string[]>;
    const fromCjs = lastJsonLine(run(process.execPath, ['load.cjs'], project)) as Record<string, string[]>;
    expect(Object.keys(fromEsm)).toEqual(specifiers);
    for (const specifier of specifiers) expect(fromEsm[specifier]?.length, specifier).toBeGreaterThan(0);
    expect(fromCjs).toEqual(fromEsm);
  });

  it('calls the main function of every subpath with a value it must accept, with the same answers under import and require', () => {
    // An account and a key for the service, made with the bin as an operator would.
    const dataDir = join(workDir, 'store');
    const bin = join(project, 'node_modules/.bin/verifield');
    const accountId = run(bin, ['accounts', 'create', '--name', 'smoke', '--plan', 'FREE', '--data-dir', dataDir, '--create'], project).trim();
    const apiKey = run(bin, ['keys', 'create', '--account', accountId, '--name', 'smoke', '--data-dir', dataDir], project).trim();
    writeFileSync(join(project, 'call.mjs'), `${callEverySubpath}\nawait callEverySubpath((specifier) => import(specifier));\n`);
    writeFileSync(join(project, 'call.cjs'), `${callEverySubpath}\ncallEverySubpath(async (specifier) => require(specifier));\n`);
    const fromEsm = lastJsonLine(run(process.execPath, ['call.mjs', dataDir, apiKey], project)) as Record<string, unknown>;
    const fromCjs = lastJsonLine(run(process.execPath, ['call.cjs', dataDir, apiKey], project)) as Record<string, unknown>;

    // Soft: one run reports every subpath that fails, not only the first.
    expect(Object.keys(fromEsm).sort()).toEqual([...specifiers].sort());
    for (const specifier of specifiers) expect.soft(fromCjs[specifier], `${specifier}: require() answers as import() does`).toEqual(fromEsm[specifier]);
    const accepted = (answer: unknown) => (answer as { valid?: unknown }).valid;
    for (const [specifier, answer] of Object.entries(fromEsm)) {
      if (specifier === 'verifield') {
        for (const [name, result] of Object.entries(answer as Record<string, unknown>)) expect.soft(accepted(result), `verifield ${name}`).toBe(true);
      } else if (specifier.startsWith('verifield/messages/')) {
        expect.soft(answer, specifier).toMatchObject({ valid: false, reason: 'IBAN_BAD_CHECKSUM' });
      } else if (!['verifield/adapters', 'verifield/client', 'verifield/server'].includes(specifier)) {
        expect.soft(accepted(answer), `${specifier}: ${JSON.stringify(answer)}`).toBe(true);
      }
    }
    const localized = languages.map((language) => (fromEsm[`verifield/messages/${language}`] as { message?: string }).message);
    // Seven languages, seven different sentences, none of them the English one.
    expect.soft(new Set(localized).size, JSON.stringify(localized)).toBe(languages.length);
    expect.soft(localized).not.toContain('IBAN check digits do not match, please check the number');
    expect.soft(fromEsm['verifield/standard-schema']).toMatchObject({
      value: 'DE89370400440532013000',
      issues: [{ reason: 'IBAN_BAD_CHECKSUM', message: expect.not.stringContaining('IBAN check digits do not match') }],
    });
    expect.soft(fromEsm['verifield/adapters']).toEqual({ cache: expect.arrayContaining(['get', 'set']), vies: 'function' });
    expect.soft(fromEsm['verifield/client']).toEqual(expect.arrayContaining(['validateIban', 'validatePhone', 'vatRatesFor']));
    expect.soft(fromEsm['verifield/server']).toMatchObject({
      status: 200,
      iban: { valid: true, normalizedValue: 'DE89370400440532013000' },
      phoneViaClient: { valid: true, normalizedValue: '+34612345678' },
    });
  }, 180_000);

  it('type-checks an ESM and a CJS file against every subpath (node16 resolution)', () => {
    const imports = specifiers.map((specifier, index) => ({ name: `entry${index}`, specifier }));
    writeFileSync(
      join(project, 'types.mts'),
      [
        ...imports.map(({ name, specifier }) => `import * as ${name} from '${specifier}';`),
        "import { validateIban } from 'verifield/iban';",
        `export const loaded = [${imports.map(({ name }) => name).join(', ')}];`,
        `export const valid: boolean = validateIban(${JSON.stringify(exampleIban)}).ibanDetails.checksum_valid;`,
        '// @ts-expect-error validators take a string: the declarations are not `any`',
        'validateIban(42);',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'types.cts'),
      [
        ...imports.map(({ name, specifier }) => `import ${name} = require('${specifier}');`),
        "import root = require('verifield');",
        `export const loaded = [${imports.map(({ name }) => name).join(', ')}];`,
        `export const normalized: string | null = root.validateIban(${JSON.stringify(exampleIban)}).normalizedValue;`,
        '// @ts-expect-error validators take a string: the declarations are not `any`',
        'root.validateIban(42);',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'node16',
          moduleResolution: 'node16',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['types.mts', 'types.cts'],
      }),
    );
    const check = spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 60_000);

  it('runs the verifield bin', () => {
    const bin = spawnSync(join(project, 'node_modules/.bin/verifield'), ['check', 'iban', exampleIban], { cwd: project, encoding: 'utf8' });
    expect(bin.stderr).toBe('');
    expect(bin.status).toBe(0);
    expect(JSON.parse(bin.stdout)).toMatchObject({ valid: true, normalizedValue: 'DE89370400440532013000' });
  });
});
