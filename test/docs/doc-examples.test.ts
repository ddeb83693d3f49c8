/**
 * Every code example of README.md and of the manual in docs/ works as written against the built
 * package (npm test builds first):
 * - ```js blocks run, and each `console.log(...) // → text` line prints exactly that text;
 * - ```ts blocks are type-checked together with `tsc --strict` (node16 resolution: `verifield/…`
 *   goes through package.json exports to the built declarations), then run the same way with their
 *   types stripped. They run against loopback fakes of VIES and TEDB and a service started here,
 *   whose addresses and key they read from VERIFIELD_VIES_URL, VERIFIELD_TEDB_URL, VERIFIELD_URL
 *   and VERIFIELD_API_KEY (test/support/examples/world.ts, shared with the @example blocks of src).
 *   A block whose first line is `// not run: <why>` is only type-checked.
 * - each row of README's field table (one per field) prints what its last cell says.
 * The VAT numbers docs/fields/vat.md cites in its table and prose are accepted or rejected as it says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASONS } from '../../src/reasons.js';
import { validateVat } from '../../src/vat/index.js';
import { notRunReason, runNode, scratchFolder, typeCheck } from '../support/examples/run.js';
import { repoRoot } from '../support/repo-root.js';
import { startExampleWorld, type ExampleWorld } from '../support/examples/world.js';

/** The documents whose examples run: README and the manual's pages that hold runnable examples. */
const DOCUMENTS = [
  'README.md',
  'docs/library.md',
  'docs/api.md',
  'docs/service.md',
  'docs/operations.md',
  'docs/envelope.md',
  'docs/standard-schema.md',
  ...Object.keys(REASONS).map((field) => `docs/fields/${field}.md`),
];
const read = (document: string): string => readFileSync(join(repoRoot, document), 'utf8');
const scratch = scratchFolder('doc-examples');

interface Example {
  document: string;
  language: 'js' | 'ts';
  code: string;
  /** 1-based, counting every example of its document in order. */
  number: number;
  firstLine: string;
}

const examples: Example[] = DOCUMENTS.flatMap((document) =>
  [...read(document).matchAll(/```(js|ts)\n([\s\S]*?)```/g)].map((match, index) => ({
    document,
    language: match[1] as 'js' | 'ts',
    code: match[2] as string,
    number: index + 1,
    firstLine: (match[2] as string).split('\n')[0] ?? '',
  })),
);
const typescript = examples.filter((example) => example.language === 'ts');

function label(example: Example): string {
  return `${example.document} example ${example.number} (${example.firstLine.slice(0, 60)})`;
}

/** A scratch file name unique to the example: its document's path and its number. */
function fileName(example: Example, extension: string): string {
  return `${example.document.replace(/[/.]/g, '-')}-${example.number}.${extension}`;
}

/** What the `// → text` comments say the example prints, one line each. */
function expectedOutput(code: string): string[] {
  return [...code.matchAll(/\/\/ → (.*)$/gm)].map((match) => (match[1] as string).trim());
}

function printedLines(stdout: string): string[] {
  return stdout.trim() === '' ? [] : stdout.trim().split('\n').map((line) => line.trim());
}

/** The rows after the header line `header` of a markdown table, each as its cells without the outer pipes. */
function tableRows(text: string, header: string): string[][] {
  const start = text.indexOf(header);
  expect(start, `a table headed ${header}`).toBeGreaterThan(-1);
  const rows = text.slice(start).split('\n').slice(2);
  return rows.slice(0, rows.findIndex((row) => !row.startsWith('|'))).map((row) => row.split('|').slice(1, -1).map((cell) => cell.trim()));
}

const unquoted = (cell: string): string => cell.replace(/^`|`$/g, '');

describe('documentation examples', () => {
  it('has JavaScript and TypeScript examples to check', () => {
    expect(examples.filter((example) => example.language === 'js').length).toBeGreaterThan(3);
    expect(typescript.length).toBeGreaterThan(3);
  });

  for (const example of examples.filter((candidate) => candidate.language === 'js')) {
    it(`${label(example)} prints what its comments say`, async () => {
      const run = await runNode([scratch.file(fileName(example, 'mjs'), example.code)]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(printedLines(run.stdout)).toEqual(expectedOutput(example.code));
    });
  }
});

describe("README's field table", () => {
  const rows = tableRows(read('README.md'), '| field | import from | call | prints |');

  it('has one row per field', () => {
    expect(rows.map((row) => unquoted(row[1] ?? '')).sort()).toEqual(Object.keys(REASONS).map((field) => `verifield/${field}`).sort());
  });

  for (const [field, subpath, call, prints] of rows) {
    it(`${field}: ${call} prints ${prints}`, async () => {
      const expression = unquoted(call ?? '');
      const validator = /^(\w+)\(/.exec(expression)?.[1];
      expect(validator, 'the call starts with the validator').toBeDefined();
      const code = `import { ${validator} } from '${unquoted(subpath ?? '')}';\nconsole.log(${expression});\n`;
      const run = await runNode([scratch.file(`readme-field-${validator}.mjs`, code)]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(printedLines(run.stdout)).toEqual([unquoted(prints ?? '')]);
    });
  }
});

describe('documentation TypeScript examples', () => {
  let world: ExampleWorld;

  beforeAll(async () => {
    world = await startExampleWorld();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it('type-check with tsc --strict against the built declarations', async () => {
    const files = typescript.map((example) => scratch.file(fileName(example, 'mts'), example.code));
    const check = await typeCheck(scratch, {
      compilerOptions: {
        strict: true,
        module: 'node16',
        moduleResolution: 'node16',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: ['node'],
        noEmit: true,
        skipLibCheck: true,
      },
      files,
    });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
    // tsc is never killed (test/support/examples/run.ts); this bounds it, generously for a loaded machine.
  }, 300_000);

  for (const example of typescript) {
    const reason = notRunReason(example.firstLine);
    if (reason !== null) {
      it(`${label(example)} is marked as not run: ${reason}`, () => {
        expect(reason.length).toBeGreaterThan(10);
      });
      continue;
    }
    it(`${label(example)} runs with its types stripped and prints what its comments say`, async () => {
      const { code } = transformSync(example.code, { loader: 'ts', format: 'esm', target: 'es2022' });
      const run = await runNode([scratch.file(fileName(example, 'mjs'), code)], world.env);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(printedLines(run.stdout)).toEqual(expectedOutput(example.code));
    }, 40_000);
  }
});

describe('the VAT numbers the documentation cites', () => {
  const vatPage = read('docs/fields/vat.md');

  it('are valid in the table of VAT structures, for every prefix', () => {
    const cited = tableRows(vatPage, '| Prefix | Structure after the prefix | Check | Example |').flatMap((row) => (row.at(-1) ?? '').split(',').map((cell) => cell.trim()));
    expect(cited.length).toBeGreaterThan(30);
    for (const number of cited) {
      const { valid, message } = validateVat(number);
      expect({ number, valid, message }).toEqual({ number, valid: true, message: expect.any(String) });
    }
  });

  it('are accepted or rejected as the prose says', () => {
    expect(read('docs/service.md')).toContain('--vat-number DE136695976');
    expect(read('docs/library.md')).toContain("requester: 'BE0123456749'");
    expect(read('docs/api.md')).toContain("validateVat('LU 242 317 59'");
    for (const number of ['DE136695976', 'BE0123456749', 'LU 242 317 59']) expect(validateVat(number).valid, number).toBe(true);
    expect(vatPage).toContain('`BE 986.375.479` → `BE0986375479`');
    expect(validateVat('BE 986.375.479')).toMatchObject({ valid: true, normalizedValue: 'BE0986375479' });
    expect(vatPage).toContain('(`PL0000000000` and `XI000000000` are rejected)');
    for (const number of ['PL0000000000', 'XI000000000']) expect(validateVat(number).valid, number).toBe(false);
  });
});
