/**
 * A validator's verdicts against a corpus of ../shared/fixtures (test/support/shared-fixtures.ts)
 * whose rows carry a reference verdict, with the rows where the validator deliberately differs
 * listed apart, each with its reason.
 */
import { expect, it } from 'vitest';
import { readFixtureRows } from './shared-fixtures.js';

/**
 * The reference verdict of a row whose column 1 is its source's own claim: that claim, or for a row
 * without one (a derived probe) the verdict in column `column`.
 */
export const claimOr =
  (column: number) =>
  (row: readonly string[]): boolean => {
    const claim = row[1] ?? '';
    return claim !== '' ? claim === 'valid' : row[column] === 'valid';
  };

/** Rows whose verdict differs from the reference, outside the listed differences. */
export function unexpectedDisagreements(
  rows: readonly string[][],
  differences: ReadonlyMap<string, string>,
  ours: (input: string) => boolean,
  reference: (row: readonly string[]) => boolean,
): string[] {
  return rows
    .filter((row) => !differences.has(row[0] ?? ''))
    .filter((row) => ours(row[0] ?? '') !== reference(row))
    .map((row) => row.join(' | '));
}

/** Asserts every listed difference is still a row of the fixture on which we still differ. */
export function expectStillDiffering(
  fixture: string,
  differences: ReadonlyMap<string, string>,
  ours: (input: string) => boolean,
  reference: (row: readonly string[]) => boolean,
): void {
  const rowsByInput = new Map(readFixtureRows(fixture).map((row) => [row[0] ?? '', row]));
  for (const [input, reason] of differences) {
    const row = rowsByInput.get(input);
    expect(row, `${input} is no longer in ${fixture}`).toBeDefined();
    if (row === undefined) continue;
    expect(ours(input), `${input}: ${reason}`).not.toBe(reference(row));
  }
}

/**
 * The two tests of a corpus with deliberate differences: `ours` agrees with the reference on every
 * other row (`title` names that test), and still differs on every listed one, so that the list
 * cannot go stale.
 */
export function itAgreesSaveTheDifferences(
  fixture: string,
  differences: ReadonlyMap<string, string>,
  ours: (input: string) => boolean,
  reference: (row: readonly string[]) => boolean,
  title = 'agrees with every row except the deliberate differences',
): void {
  it(title, () => {
    const rows = readFixtureRows(fixture);
    expect(rows.length).toBeGreaterThan(0);
    expect(unexpectedDisagreements(rows, differences, ours, reference)).toEqual([]);
  });

  it('still differs on every listed row (the list cannot go stale)', () => {
    expectStillDiffering(fixture, differences, ours, reference);
  });
}
