/**
 * Conformance with the VAT corpus in ../shared/fixtures/vectors (numbers collected from the tests
 * of python-stdnum, stdnum-js, jsvat and validator.js, each confirmed by python-stdnum 2.2+). Read
 * in place, never copied. Every row must agree, except the deliberate differences listed below.
 */
import { describe, expect, it } from 'vitest';
import { validateVat } from '../../src/vat/index.js';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';

/** Inputs where verifield deliberately answers otherwise than the corpus, and why. */
const DELIBERATE_DIFFERENCES: Readonly<Record<string, string>> = {
  'RO 1630615123457':
    'a 13-digit CNP (personal number): a Romanian VAT number is the 2–10 digit CUI/CIF (issue 3), ' +
    'python-stdnum also accepts a CNP "though not all sources agree"',
  RO1630615123457: 'a 13-digit CNP, as above',
  IE0000000W: 'all-zero number: passes the arithmetic but is never issued',
  LU00000000: 'all-zero number: passes the arithmetic but is never issued',
  ESA0011012B:
    'an A (public limited company) NIF ends with a digit (docs/fields/nif.md#control-form), so the letter form B of ' +
    'control digit 1 is rejected; python-stdnum accepts either form',
};

interface Row {
  input: string;
  compact: string | undefined;
  expected: boolean;
}

function rows(): Row[] {
  const valid = readFixtureRows('vectors/vat-valid.txt').map(([input, compact]) => ({
    input: input ?? '',
    compact,
    expected: true,
  }));
  const invalid = readFixtureRows('vectors/vat-invalid.txt').map(([input]) => ({
    input: input ?? '',
    compact: undefined,
    expected: false,
  }));
  return [...valid, ...invalid];
}

describe.runIf(runConformance)('VAT conformance (vat-valid.txt, vat-invalid.txt)', () => {
  const all = runConformance ? rows() : [];

  it('reads the whole corpus', () => {
    expect(all.length).toBe(2943);
  });

  it('agrees on every row except the deliberate differences', () => {
    const disagreements = all
      .filter((row) => !(row.input in DELIBERATE_DIFFERENCES))
      .filter((row) => validateVat(row.input).valid !== row.expected)
      .map((row) => `${row.input} (corpus: ${row.expected ? 'valid' : 'invalid'}): ${validateVat(row.input).message}`);
    expect(disagreements).toEqual([]);
  });

  it('still differs on every listed difference (the list cannot go stale)', () => {
    for (const input of Object.keys(DELIBERATE_DIFFERENCES)) {
      const row = all.find((r) => r.input === input);
      expect(row, `${input} is no longer in the corpus`).toBeDefined();
      expect(validateVat(input).valid, input).toBe(!row?.expected);
    }
  });

  it('normalises every valid row to the compact form of the corpus', () => {
    const mismatches = all
      .filter((row) => row.expected && !(row.input in DELIBERATE_DIFFERENCES))
      .filter((row) => validateVat(row.input).normalizedValue !== row.compact)
      .map((row) => `${row.input}: ${validateVat(row.input).normalizedValue} != ${row.compact}`);
    expect(mismatches).toEqual([]);
  });

  it('reports the agreement figure', () => {
    const agreed = all.filter((row) => validateVat(row.input).valid === row.expected).length;
    expect(agreed).toBe(all.length - Object.keys(DELIBERATE_DIFFERENCES).length);
  });
});
