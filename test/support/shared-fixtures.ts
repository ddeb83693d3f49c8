/**
 * Access to the corpora in ../shared/fixtures (collected from public projects). They are read in
 * place, never copied into this repository. Outside CI a missing folder turns the conformance
 * suites off; under CI=true they run regardless, so a missing folder fails loudly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './repo-root.js';

/** The shared folder: $VERIFIELD_SHARED_DIR, or `shared` beside the repository. */
export const sharedDir = process.env.VERIFIELD_SHARED_DIR ?? resolve(repoRoot, '../shared');

/** Whether the conformance suites run: the fixtures exist, or CI requires them. */
export const runConformance = existsSync(join(sharedDir, 'fixtures')) || process.env.CI === 'true';

/** Absolute path of a file under shared/fixtures. */
export function fixturePath(relativePath: string): string {
  return join(sharedDir, 'fixtures', relativePath);
}

/** Text of a file under shared/fixtures; throws (failing the suite) when it is missing. */
export function readFixture(relativePath: string): string {
  return readFileSync(fixturePath(relativePath), 'utf8');
}

/** The TAB-separated rows of a fixture, without `#` comment lines and blank lines. */
export function readFixtureRows(relativePath: string): string[][] {
  return readFixture(relativePath)
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/\r$/, '').split('\t'));
}
