/**
 * What a user installs is the tarball, not this repository: `npm pack` (npm test builds first),
 * install the tarball into an empty project outside the repository, then `import()` and
 * `require()` every subpath, compile a TypeScript file against its types (node16 resolution, ESM
 * and CJS) and run the `verifield` bin. Dependencies come from the npm cache when it has them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_NAME, packageEntries } from '../scripts/package-entries.js';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const specifiers = packageEntries.map((entry) => entry.specifier);
// An official example (the German IBAN of the SWIFT IBAN registry), to see a validator work end to end.
const exampleIban = 'DE89 3704 0044 0532 0130 00';

let workDir = '';
let project = '';
let packedFiles: string[] = [];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** What a script printed as JSON on its last line. */
function lastJsonLine(output: string): unknown {
  return JSON.parse(output.trim().split('\n').at(-1) ?? 'null');
}

beforeAll(() => {
  workDir = realpathSync(mkdtempSync(join(tmpdir(), 'verifield-pack-')));
  const packed: unknown = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', workDir], repoRoot));
  const [tarball] = packed as { filename: string; files: { path: string }[] }[];
  if (tarball === undefined) throw new Error('npm pack reported no tarball');
  packedFiles = tarball.files.map((file) => file.path);

  project = join(workDir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'verifield-smoke', private: true }));
  run('npm', ['install', join(workDir, tarball.filename), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project);
}, 180_000);

afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

describe('the packed tarball', () => {
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

  it('import()s and require()s every subpath, with the same functions both ways', () => {
    const listFunctions = 'Object.keys(m).filter((k) => typeof m[k] === "function").sort()';
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

  it('validates through the installed package in ESM and CJS', () => {
    const expected = { valid: true, normalizedValue: 'DE89370400440532013000' };
    const call = `const { valid, normalizedValue } = validateIban(${JSON.stringify(exampleIban)}); console.log(JSON.stringify({ valid, normalizedValue }));`;
    writeFileSync(join(project, 'iban.mjs'), `import { validateIban } from 'verifield/iban';\n${call}`);
    writeFileSync(join(project, 'iban.cjs'), `const { validateIban } = require('verifield');\n${call}`);
    expect(lastJsonLine(run(process.execPath, ['iban.mjs'], project))).toEqual(expected);
    expect(lastJsonLine(run(process.execPath, ['iban.cjs'], project))).toEqual(expected);
  });

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
