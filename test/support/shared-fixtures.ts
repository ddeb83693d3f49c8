/**
 * Access to the corpora in ../shared/fixtures (collected from public projects). They are read in
 * place, never copied into this repository. Outside CI a missing folder turns the conformance
 * suites off; under CI=true they run regardless, so a missing folder fails loudly. A suite reads
 * its fixtures inside `beforeAll` or `it`, never in the `describe` body: vitest runs that body
 * while collecting even a skipped suite.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './repo-root.js';

/** The shared folder: $VERIFIELD_SHARED_DIR, or `shared` beside the repository. */
export const sharedDir = process.env.VERIFIELD_SHARED_DIR ?? resolve(repoRoot, '../shared');

const fixturesFound = existsSync(join(sharedDir, 'fixtures'));
const required = process.env.CI === 'true';

/** Whether the conformance suites run: the fixtures exist, or CI requires them. */
export const runConformance = fixturesFound || required;

/**
 * The one line a run prints when the fixtures are missing (test/support/conformance-notice.ts):
 * that the conformance layer is skipped, or, under CI=true, why its suites fail. Null when found.
 */
export function missingFixturesLine(): string | null {
  if (fixturesFound) return null;
  const where = `${process.env.VERIFIELD_SHARED_DIR === undefined ? '../shared' : sharedDir}/fixtures`;
  return required
    ? `conformance layer required (CI=true) but ${where} not found: its suites fail (set VERIFIELD_SHARED_DIR)`
    : `conformance layer skipped: ${where} not found (set VERIFIELD_SHARED_DIR)`;
}

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
