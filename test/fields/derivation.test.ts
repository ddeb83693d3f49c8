/**
 * A field is one folder (docs/architecture.md, "How to add … A field"): a copy of src/ with one more
 * folder, `src/eori/` (test/support/field-folder.ts), and nothing else changed, generates aggregates
 * that carry the new field everywhere (the registry, the reasons, the envelope, each catalog, the
 * OpenAPI document, the client, Standard Schema, the dashboard, the package's subpaths and budgets)
 * and type-checks with the server, the CLI and the client as they are. A folder that misses a file
 * of the convention stops generation with a message naming that file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../src/fields/catalog.js';
import { CATALOG_LANGUAGE_FILES, eoriFolder } from '../support/field-folder.js';
import { repoRoot } from '../support/repo-root.js';

const tsx = createRequire(import.meta.url).resolve('tsx/cli');

/** A copy of the repository's src/ (without its generated modules), scripts/ and tsconfig.json beside a node_modules link, with `files` written into src/. */
function treeWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'verifield-fields-'));
  const generatedDirs = [join('src', 'fields', 'generated'), join('src', 'server', 'shapes', 'generated')];
  cpSync(join(repoRoot, 'src'), join(root, 'src'), { recursive: true, filter: (source) => !generatedDirs.some((dir) => source.includes(dir)) });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  cpSync(join(repoRoot, 'scripts'), join(root, 'scripts'), { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
  // scripts/generate-schemas.ts reads the compiler options of the tree it runs in.
  cpSync(join(repoRoot, 'tsconfig.json'), join(root, 'tsconfig.json'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'src', file)), { recursive: true });
    writeFileSync(join(root, 'src', file), text);
  }
  return root;
}

const withPrefix = (prefix: string, files: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(files).map(([file, text]) => [`${prefix}/${file}`, text]));

/** Runs scripts/generate-fields.ts on `root`'s src/: its exit status and what it printed. */
function generate(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [tsx, join(repoRoot, 'scripts/generate-fields.ts'), '--src', join(root, 'src')], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Runs the copy's scripts/generate-schemas.ts, which derives the schemas of the copy's src/ (the new
 * field's details among them): its exit status and what it printed.
 */
function generateSchemas(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [tsx, join(root, 'scripts/generate-schemas.ts')], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Runs `code` (an ES module) with tsx inside `root`: what it printed. */
function runIn(root: string, code: string): string {
  const file = join(root, 'probe.ts');
  writeFileSync(file, code);
  const run = spawnSync(process.execPath, [tsx, file], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout;
}

describe('a new field folder', () => {
  let root = '';
  const generated = (file: string): string => readFileSync(join(root, 'src/fields/generated', file), 'utf8');

  beforeAll(() => {
    root = treeWith(withPrefix('eori', eoriFolder()));
    const run = generate(root);
    expect(run.output).toContain(`from ${FIELD_NAMES.length + 1} field folders`);
    expect(run.status).toBe(0);
    const schemas = generateSchemas(root);
    expect(schemas.output).toContain('generate-schemas:');
    expect(schemas.status).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is in the registry, its reason list and the envelope, and in each order', () => {
    expect(generated('catalog.ts')).toContain("eori: { operation: 'validateEori', requestMembers: {} },");
    expect(generated('catalog.ts')).toContain('eori: EoriValidationResult;');
    expect(generated('catalog.ts')).toMatch(/SCOPE_ORDER = \[[^\]]*'eori'\]/);
    expect(generated('reasons.ts')).toContain('eori: EORI_REASONS,');
    expect(generated('reasons.ts')).toContain('| EoriReason;');
    expect(generated('details.ts')).toContain('eoriDetails?: EoriDetails;');
    // The fuzz and soak runs take a field without a generator of its own from its examples.
    expect(generated('examples.ts')).toContain("import { examples as eori } from '../../eori/examples.js';");
  });

  it('answers through every aggregate: validators, usage log, OpenAPI, dashboard, package, catalogs, client, schema', () => {
    const printed = runIn(
      root,
      `import { VALIDATORS } from './src/fields/validators.js';
import { usageLogValue } from './src/fields/usage-log.js';
import { openApiDocument } from './src/server/http/openapi.js';
import { FIELD_LABELS } from './src/server/dashboard/views/fields.js';
import { browserEntryPoints } from './scripts/entry-points.js';
import { readBudgets } from './scripts/size-checks.js';
import { REASONS } from './src/reasons.js';
import { localize } from './src/messages/index.js';
import { CATALOGS_BY_LANGUAGE } from './src/messages/catalogs.js';
import { eoriSchema } from './src/standard-schema/index.js';
import { createClient } from './src/client/index.js';
const result = VALIDATORS.eori.offline('de 1234');
console.log(JSON.stringify({
  valid: result.valid,
  usageLog: usageLogValue('eori', 'DE1234'),
  path: Object.keys(openApiDocument.paths).includes('/api/v1/validate/eori'),
  schemas: ['EoriValidationResult', 'EoriDetails'].every((name) => name in openApiDocument.components.schemas),
  label: FIELD_LABELS.eori,
  entry: browserEntryPoints['eori/index'],
  budget: readBudgets().budgets['verifield/eori'],
  reasons: REASONS.eori,
  messages: Object.values(CATALOGS_BY_LANGUAGE).map((catalog) => localize(result, catalog).message),
  schema: eoriSchema()['~standard'].validate('DE1234'),
  method: typeof createClient({ baseUrl: 'http://localhost' }).validateEori,
}));
`,
    );
    expect(JSON.parse(printed)).toEqual({
      valid: true,
      usageLog: 'DE1234',
      path: true,
      schemas: true,
      label: 'EORI',
      entry: 'src/eori/index.ts',
      budget: { measuredBytes: 500, limitBytes: 550 },
      reasons: ['EORI_EMPTY', 'EORI_BAD_FORMAT'],
      messages: CATALOG_LANGUAGE_FILES.map((language) => `(${language}) EORI ok`),
      schema: { value: 'DE1234' },
      method: 'function',
    });
  }, 120_000);

  it('type-checks with the server, the CLI, the client and the published entries as they are', () => {
    const config = ts.getParsedCommandLineOfConfigFile(join(repoRoot, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (config === undefined) throw new Error('tsconfig.json could not be read');
    const entries = ['index.ts', 'server/index.ts', 'cli/index.ts', 'client/index.ts', 'standard-schema/index.ts', 'messages/es.ts', 'eori/index.ts'];
    const program = ts.createProgram(entries.map((entry) => join(root, 'src', entry)), { ...config.options, noEmit: true });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 240_000);
});

describe('a field folder that breaks the convention', () => {
  /** Generation from a tree with `folder` as src/eori/ stops with status 1 and `message`. */
  function expectRefused(folder: Record<string, string>, message: string): void {
    const root = treeWith(withPrefix('eori', folder));
    try {
      const run = generate(root);
      expect(run.status).toBe(1);
      expect(run.output).toContain(message);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it.each([
    ['a catalog language', 'messages/pl.ts', 'src/eori/messages/pl.ts: missing'],
    ['its OpenAPI text', 'openapi.ts', 'src/eori/openapi.ts: missing'],
  ])('without %s stops generation, naming the file', (_what, file, message) => {
    const folder = eoriFolder();
    delete folder[file];
    expectRefused(folder, message);
  }, 120_000);

  it('with a template missing in one language stops generation, naming the file and the key', () => {
    const folder = eoriFolder();
    folder['messages/de.ts'] = (folder['messages/de.ts'] ?? '').replace(" EORI_VALID: '(de) EORI ok' ", ' ');
    expectRefused(folder, 'src/eori/messages/de.ts: no template for EORI_VALID');
  }, 120_000);

  it('with a request member its openapi.ts does not describe stops generation, naming the file and the member', () => {
    const folder = eoriFolder();
    folder['field.ts'] = (folder['field.ts'] ?? '').replace('requestMembers: {},', "requestMembers: { customsOffice: 'offline' },");
    expectRefused(folder, 'src/eori/openapi.ts: requestMembers describes no customsOffice');
  }, 120_000);
});

