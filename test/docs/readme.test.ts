/**
 * Every code example of README.md works as written against the built package (npm test builds
 * first):
 * - ```js blocks run, and each `console.log(...) // → text` line prints exactly that text;
 * - ```ts blocks are type-checked together with `tsc --strict` (node16 resolution: `verifield/…`
 *   goes through package.json exports to the built declarations), then run the same way with their
 *   types stripped. They run against loopback fakes of VIES and TEDB and a service started here,
 *   whose addresses and key they read from VERIFIELD_VIES_URL, VERIFIELD_TEDB_URL, VERIFIELD_URL
 *   and VERIFIELD_API_KEY (test/support/examples/world.ts, shared with the @example blocks of src).
 *   A block whose first line is `// not run: <why>` is only type-checked.
 * The VAT numbers the README cites in its tables and prose are accepted or rejected as it says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateVat } from '../../src/vat/index.js';
import { notRunReason, runNode, scratchFolder, typeCheck } from '../support/examples/run.js';
import { repoRoot } from '../support/repo-root.js';
import { startExampleWorld, type ExampleWorld } from '../support/examples/world.js';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const scratch = scratchFolder('readme');

interface Example {
  language: 'js' | 'ts';
  code: string;
  /** 1-based, counting every example in README order. */
  number: number;
  firstLine: string;
}

const examples: Example[] = [...readme.matchAll(/```(js|ts)\n([\s\S]*?)```/g)].map((match, index) => ({
  language: match[1] as 'js' | 'ts',
  code: match[2] as string,
  number: index + 1,
  firstLine: (match[2] as string).split('\n')[0] ?? '',
}));
const typescript = examples.filter((example) => example.language === 'ts');

function label(example: Example): string {
  return `example ${example.number} (${example.firstLine.slice(0, 60)})`;
}

/** What the `// → text` comments say the example prints, one line each. */
function expectedOutput(code: string): string[] {
  return [...code.matchAll(/\/\/ → (.*)$/gm)].map((match) => (match[1] as string).trim());
}

function printedLines(stdout: string): string[] {
  return stdout.trim() === '' ? [] : stdout.trim().split('\n').map((line) => line.trim());
}

describe('README examples', () => {
  it('has JavaScript and TypeScript examples to check', () => {
    expect(examples.filter((example) => example.language === 'js').length).toBeGreaterThan(3);
    expect(typescript.length).toBeGreaterThan(3);
  });

  for (const example of examples.filter((candidate) => candidate.language === 'js')) {
    it(`${label(example)} prints what its comments say`, async () => {
      const run = await runNode([scratch.file(`example-${example.number}.mjs`, example.code)]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(printedLines(run.stdout)).toEqual(expectedOutput(example.code));
    });
  }
});

describe('README TypeScript examples', () => {
  let world: ExampleWorld;

  beforeAll(async () => {
    world = await startExampleWorld();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it('type-check with tsc --strict against the built declarations', async () => {
    const files = typescript.map((example) => scratch.file(`example-${example.number}.mts`, example.code));
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
      const run = await runNode([scratch.file(`example-${example.number}.mjs`, code)], world.env);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(printedLines(run.stdout)).toEqual(expectedOutput(example.code));
    }, 40_000);
  }
});

describe('the VAT numbers the README cites', () => {
  /** The example column of the table of VAT structures (the rows after its header). */
  function tableExamples(): string[] {
    const start = readme.indexOf('| prefix | structure after the prefix |');
    const rows = readme.slice(start).split('\n').slice(2);
    const table = rows.slice(0, rows.findIndex((row) => !row.startsWith('|')));
    return table.flatMap((row) => (row.split('|').at(-2) ?? '').split(',').map((cell) => cell.trim()));
  }

  it('are valid in the table of VAT structures, for every prefix', () => {
    const cited = tableExamples();
    expect(cited.length).toBeGreaterThan(30);
    for (const number of cited) {
      const { valid, message } = validateVat(number);
      expect({ number, valid, message }).toEqual({ number, valid: true, message: expect.any(String) });
    }
  });

  it('are accepted or rejected as the prose says', () => {
    for (const own of ['--vat-number DE136695976', "requester: 'BE0123456749'", "validateVat('LU 242 317 59'"]) expect(readme).toContain(own);
    for (const number of ['DE136695976', 'BE0123456749', 'LU 242 317 59']) expect(validateVat(number).valid, number).toBe(true);
    expect(readme).toContain('`BE 986.375.479` becomes `BE0986375479`');
    expect(validateVat('BE 986.375.479')).toMatchObject({ valid: true, normalizedValue: 'BE0986375479' });
    expect(readme).toContain('(`PL0000000000`, `XI000000000`) are rejected');
    for (const number of ['PL0000000000', 'XI000000000']) expect(validateVat(number).valid, number).toBe(false);
  });
});
