/**
 * The conformance layer without its corpora (docs/architecture.md#tests): a clone without
 * ../shared/fixtures passes, the run saying once that the layer is skipped, and the same clone
 * fails under CI=true. Each case is a child vitest pointed at an empty folder by
 * VERIFIELD_SHARED_DIR; one thread without isolation keeps it to a few seconds of CPU, since every
 * suite is only collected.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNode } from './support/examples/run.js';
import { repoRoot } from './support/repo-root.js';

/** Every test file that reads the corpora, repository-relative. */
const suites = readdirSync(join(repoRoot, 'test'), { recursive: true, encoding: 'utf8' })
  .map((path) => `test/${path.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => /from '(\.\.\/)+support\/shared-fixtures\.js'/.test(readFileSync(join(repoRoot, file), 'utf8')))
  .sort();

const empty = mkdtempSync(join(tmpdir(), 'verifield-no-shared-'));
const vitest = join(repoRoot, 'node_modules/vitest/vitest.mjs');

/** vitest over `files` without the corpora; not killed, the test's timeout bounds it. */
function runWithoutFixtures(files: string[], ci: boolean) {
  return runNode([vitest, 'run', '--pool=threads', '--no-isolate', '--maxWorkers=1', ...files], { VERIFIELD_SHARED_DIR: empty, CI: String(ci), NO_COLOR: '1' }, 0);
}

afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
});

describe('the conformance layer without ../shared/fixtures', () => {
  it('is skipped outside CI, every suite of it, and one line says so', async () => {
    expect(suites.length).toBeGreaterThanOrEqual(10);
    const run = await runWithoutFixtures(suites, false);
    const output = run.stdout + run.stderr;
    expect(run.status, output).toBe(0);
    const line = `conformance layer skipped: ${empty}/fixtures not found (set VERIFIELD_SHARED_DIR)`;
    expect(output.split('\n').filter((text) => text.includes('conformance layer'))).toEqual([line]);
    expect(output).toMatch(new RegExp(`Test Files\\s+${suites.length} skipped \\(${suites.length}\\)`));
  }, 180_000);

  it('fails under CI=true', async () => {
    const run = await runWithoutFixtures(['test/nif/conformance.test.ts'], true);
    const output = run.stdout + run.stderr;
    expect(run.status, output).not.toBe(0);
    expect(output).toContain(`conformance layer required (CI=true) but ${empty}/fixtures not found`);
    expect(output).toContain('ENOENT');
  }, 180_000);
});
