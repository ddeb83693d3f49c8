import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStamp, staleReason, unpackableReason, writeStamp } from '../../scripts/build-freshness.mjs';
import { binOnlyEntryPoints, browserEntryPoints, nodeEntryPoints } from '../../scripts/entry-points.js';
import { repoRoot } from '../support/repo-root.js';

const subpathEntries = [...Object.keys(browserEntryPoints), ...Object.keys(nodeEntryPoints)].filter(
  (entry) => !binOnlyEntryPoints.includes(entry),
);

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | Record<string, Record<string, string>>>;
  bin: Record<string, string>;
  sideEffects: boolean;
};

function subpathOf(entry: string): string {
  return entry === 'index' ? '.' : `./${entry.replace(/\/index$/, '')}`;
}

describe('package.json', () => {
  it('exports exactly the entry points tsup builds, each as ESM and CJS with types', () => {
    const exported = Object.keys(pkg.exports).filter((key) => key !== './package.json').sort();
    expect(exported).toEqual(subpathEntries.map(subpathOf).sort());
    for (const entry of subpathEntries) {
      const target = pkg.exports[subpathOf(entry)] as Record<string, Record<string, string>>;
      expect(target.import).toEqual({ types: `./dist/${entry}.d.ts`, default: `./dist/${entry}.js` });
      expect(target.require).toEqual({ types: `./dist/${entry}.d.cts`, default: `./dist/${entry}.cjs` });
    }
    expect(pkg.sideEffects).toBe(false);
  });

  it('built every file the exports and the bin point at (npm test builds first)', () => {
    const targets = Object.values(pkg.exports).flatMap((value) =>
      typeof value === 'string' ? [value] : Object.values(value).flatMap((cond) => Object.values(cond)),
    );
    for (const target of [...targets, ...Object.values(pkg.bin)]) {
      expect(existsSync(join(repoRoot, target)), target).toBe(true);
    }
  });

  it('loads every subpath through its own name in ESM and CJS', () => {
    for (const entry of subpathEntries) {
      const specifier = `verifield${subpathOf(entry).slice(1)}`;
      // Each export's name and type: a catalog exports data, the other subpaths functions.
      const list = "Object.keys(m).sort().map((k) => k + ':' + typeof m[k]).join(',')";
      const esm = execFileSync(process.execPath, ['--input-type=module', '-e', `import * as m from '${specifier}'; console.log(${list})`], { encoding: 'utf8' });
      const cjs = execFileSync(process.execPath, ['-e', `const m = require('${specifier}'); console.log(${list})`], { encoding: 'utf8' });
      expect(esm.trim(), specifier).not.toBe('');
      expect(cjs.trim()).toBe(esm.trim());
    }
    // Two Node processes per subpath, one after the other: on a loaded two-core machine they took over 20 s.
  }, 120_000);
});

describe('npm start builds only after a change (scripts/build-freshness.mjs)', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function emptyProject(): string {
    const root = mkdtempSync(join(tmpdir(), 'verifield-build-'));
    roots.push(root);
    return root;
  }

  /** A project whose every input was written at `inputsAt` and built from `builtAt` on (seconds since the epoch). */
  function builtProject(inputsAt: number, builtAt: number): string {
    const root = emptyProject();
    mkdirSync(join(root, 'src/iban'), { recursive: true });
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'src/iban/index.ts'), 'export {};\n');
    writeFileSync(join(root, 'src/index.ts'), 'export {};\n');
    writeFileSync(join(root, 'package.json'), '{}\n');
    for (const path of ['src/iban/index.ts', 'src/index.ts', 'src/iban', 'src', 'package.json']) utimesSync(join(root, path), inputsAt, inputsAt);
    writeStamp(root, { inputsReadAt: builtAt * 1000, full: false });
    return root;
  }

  it('needs a build when dist/ has never been built', () => {
    expect(staleReason(emptyProject())).toBe('no build yet');
  });

  it('is up to date when nothing changed since the build', () => {
    const project = builtProject(1_700_000_000, 1_700_000_100);
    expect(staleReason(project)).toBeNull();
    expect(readStamp(project)).toEqual({ inputsReadAt: 1_700_000_100_000, full: false });
  });

  it('names the input that changed after the build: an edited, added or deleted source, package.json', () => {
    const later = 1_700_000_200;
    let project = builtProject(1_700_000_000, 1_700_000_100);
    utimesSync(join(project, 'src/iban/index.ts'), later, later);
    expect(staleReason(project)).toBe('src/iban/index.ts changed');

    project = builtProject(1_700_000_000, 1_700_000_100);
    writeFileSync(join(project, 'src/iban/extra.ts'), 'export {};\n');
    expect(staleReason(project)).toMatch(/^src\/iban(\/extra\.ts)? changed$/);

    project = builtProject(1_700_000_000, 1_700_000_100);
    unlinkSync(join(project, 'src/index.ts'));
    expect(staleReason(project)).toBe('src changed');

    project = builtProject(1_700_000_000, 1_700_000_100);
    utimesSync(join(project, 'package.json'), later, later);
    expect(staleReason(project)).toBe('package.json changed');
  });

  it('packs dist/ as it is only when it is the full build, up to date, with every file package.json names (prepack)', () => {
    const project = builtProject(1_700_000_000, 1_700_000_100);
    expect(unpackableReason(project)).toMatch(/^dist\/ holds only what `npm start` runs/);
    writeStamp(project, { inputsReadAt: 1_700_000_100_000, full: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ exports: { '.': { import: './dist/index.js', require: './dist/index.cjs' } } }));
    expect(unpackableReason(project)).toBe('package.json changed');
    utimesSync(join(project, 'package.json'), 1_700_000_000, 1_700_000_000);
    writeFileSync(join(project, 'dist/index.js'), 'export {};\n');
    expect(unpackableReason(project)).toBe('dist/index.cjs is missing');
    writeFileSync(join(project, 'dist/index.cjs'), 'module.exports = {};\n');
    expect(unpackableReason(project)).toBeNull();
  });

  it('finds this checkout up to date after `npm run build`, the full build', () => {
    expect(readStamp(repoRoot)?.full).toBe(true);
    expect(staleReason(repoRoot)).toBeNull();
  });
});

describe('verifield check (CLI)', () => {
  const cli = new URL('../../dist/cli/index.js', import.meta.url).pathname;
  const run = (args: string[], input?: string) =>
    spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input });

  it('prints the envelope and exits 0 for a valid value, 1 for an invalid one', () => {
    const ok = run(['check', 'iban', 'DE89 3704 0044 0532 0130 00']);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ valid: true, normalizedValue: 'DE89370400440532013000' });
    const bad = run(['check', 'nas', '123 456 789']);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ valid: false, message: 'SIN check digit does not match, please check the number' });
  });

  it('validates one value per line from stdin into JSON lines, exiting 1 when one is invalid', () => {
    const out = run(['check', 'nif', '-'], '12345678Z\n12345678A\n');
    expect(out.status).toBe(1);
    const verdicts = out.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { valid: boolean }).valid);
    expect(verdicts).toEqual([true, false]);
  });

  it('exits 2 with the usage on an unknown field', () => {
    const out = run(['check', 'passport', 'X']);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('unknown field: passport');
  });
});
