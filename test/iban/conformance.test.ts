/**
 * validateIban against ../shared/fixtures/vectors/iban-*.{txt,tsv}, read in place.
 *
 * - iban-valid.txt / iban-invalid.txt: each row's claim (valid, or python-stdnum's error class).
 * - iban-disagreements.tsv: rows on which the anchors disagree. The reference there is
 *   python-stdnum 2.2+, the one anchor that follows registry release 101 (our 89 countries).
 * - iban-registry.tsv: every country's length, BBAN layout and SEPA scope (column sepa42).
 */
import { describe, expect, it } from 'vitest';
import { validateIban } from '../../src/iban/index.js';
import { IBAN_REGISTRY, SEPA_COUNTRIES } from '../../src/iban/registry.js';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';

const VALID = 'vectors/iban-valid.txt';
const INVALID = 'vectors/iban-invalid.txt';
const DISAGREEMENTS = 'vectors/iban-disagreements.tsv';
const REGISTRY = 'vectors/iban-registry.tsv';

const DOTS =
  'docs/fields/iban.md#normalisation strips spaces and dashes only; a dot makes the value invalid (python-stdnum also strips dots)';
const RESERVED =
  'ISO 13616 check digits run 02 to 98; 00, 01 and 99 pass mod 97 but are never issued (python-stdnum accepts them)';

/** Rows of iban-valid.txt that we reject on purpose. */
const VALID_ROWS_WE_REJECT: ReadonlyMap<string, string> = new Map([
  ['NO 44 1850.05.14562', DOTS],
  ['NO07.8380.08.06006', DOTS],
  ['NO71.4202.47.14777', DOTS],
]);

/** Rows of iban-disagreements.tsv where our verdict differs from python-stdnum 2.2+. */
const DIFFERENT_FROM_PYTHON_STDNUM: ReadonlyMap<string, string> = new Map([
  ['NO 44 1850.05.14562', DOTS],
  ['NO07.8380.08.06006', DOTS],
  ['NO71.4202.47.14777', DOTS],
  [
    'BE68539007547034',
    'the SWIFT registry example: python-stdnum rejects it only because its Belgian bank list lacks the bank code',
  ],
  ['GB2LABBY09012857201707', 'check digits must be two digits (ISO 13616); python-stdnum lets letters through'],
  ['GB00HLFX11016111455365', RESERVED],
  ['DE00370400440001000033', RESERVED],
  ['DE01370400440001000015', RESERVED],
]);

function isAlphanumeric(value: string): boolean {
  return /^[A-Za-z0-9]+$/.test(value);
}

/** The still-differing check shared by every exception list. */
function expectStillDiffers(
  exceptions: ReadonlyMap<string, string>,
  rows: readonly string[][],
  referenceValid: (row: readonly string[]) => boolean,
): void {
  const rowsByInput = new Map(rows.map((row) => [row[0] ?? '', row]));
  for (const [input, reason] of exceptions) {
    const row = rowsByInput.get(input);
    expect(row, `${input} is no longer in the fixture`).toBeDefined();
    if (row === undefined) continue;
    expect(validateIban(input).valid, `${input}: ${reason}`).not.toBe(referenceValid(row));
  }
}

describe.runIf(runConformance)(`validateIban conformance: ${VALID}`, () => {
  // Columns: input, compact form, source.
  it('accepts every row, in the compact form given, except the deliberate differences', () => {
    const rows = readFixtureRows(VALID);
    expect(rows.length).toBeGreaterThan(200);
    const wrong = rows
      .filter(([input = '']) => !VALID_ROWS_WE_REJECT.has(input))
      .filter(([input = '', compact]) => {
        const result = validateIban(input);
        return !result.valid || result.normalizedValue !== compact || result.ibanDetails.formatted === undefined;
      })
      .map((row) => row.join(' | '));
    expect(wrong).toEqual([]);
  });

  it('still rejects every listed row', () => {
    expectStillDiffers(VALID_ROWS_WE_REJECT, readFixtureRows(VALID), () => true);
  });
});

describe.runIf(runConformance)(`validateIban conformance: ${INVALID}`, () => {
  // Columns: input, python-stdnum error class, source. python-stdnum checks mod 97 first, then the
  // country (InvalidComponent), then the layout (InvalidFormat); so an alphanumeric InvalidFormat
  // row has a right checksum and a wrong structure, which is what our details must say. Its
  // InvalidChecksum also covers the national check digits of the BBAN (ibanDetails.nationalCheck).
  it('rejects every row, with details matching its error class, except the deliberate differences', () => {
    const rows = readFixtureRows(INVALID);
    expect(rows.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const row of rows) {
      const [input = '', errorClass] = row;
      const result = validateIban(input);
      const details = result.ibanDetails;
      const compact = input.replace(/[ -]/g, '');
      const agrees =
        !result.valid &&
        (errorClass === 'InvalidComponent'
          ? details.expected_length === null
          : errorClass === 'InvalidChecksum'
          ? !details.checksum_valid || details.nationalCheck === 'FAIL'
          : errorClass === 'InvalidFormat'
          ? !details.structure_valid && (details.checksum_valid || !isAlphanumeric(compact))
          : false);
      if (!agrees) wrong.push(`${row.join(' | ')} -> ${result.message}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe.runIf(runConformance)(`validateIban conformance: ${DISAGREEMENTS}`, () => {
  // Columns: input, source claim, python-stdnum 2.2+, python3-stdnum 1.18, ibantools, validator.js, source.
  const pythonStdnumValid = (row: readonly string[]): boolean => row[2] === 'valid';

  it('agrees with python-stdnum 2.2+ on every row except the deliberate differences', () => {
    const rows = readFixtureRows(DISAGREEMENTS);
    expect(rows.length).toBeGreaterThan(50);
    const wrong = rows
      .filter(([input = '']) => !DIFFERENT_FROM_PYTHON_STDNUM.has(input))
      .filter((row) => validateIban(row[0] ?? '').valid !== pythonStdnumValid(row))
      .map((row) => row.join(' | '));
    expect(wrong).toEqual([]);
  });

  it('still differs on every listed row', () => {
    expectStillDiffers(DIFFERENT_FROM_PYTHON_STDNUM, readFixtureRows(DISAGREEMENTS), pythonStdnumValid);
  });

  it('answers a country outside the registry with the fixed message of docs/fields/iban.md#messages', () => {
    for (const [input = '', , pythonStdnum] of readFixtureRows(DISAGREEMENTS)) {
      if (pythonStdnum !== 'InvalidComponent' || DIFFERENT_FROM_PYTHON_STDNUM.has(input)) continue;
      const result = validateIban(input);
      expect(result.message).toBe(`${input.slice(0, 2)} is not an IBAN country`);
      expect(result.ibanDetails.expected_length).toBeNull();
    }
  });
});

describe.runIf(runConformance)(`validateIban conformance: ${REGISTRY}`, () => {
  // Columns: cc, iban_length, bban_structure, name, sepa42, ibantools_sepa, registry2023_sepa.
  it('has exactly the registry countries, with the same length, layout and SEPA scope', () => {
    const rows = readFixtureRows(REGISTRY);
    expect(rows).toHaveLength(89);
    const theirs = rows.map(([code = '', length = '', layout = '', , sepa42]) => ({
      code,
      length: Number(length),
      layout,
      sepa: sepa42 === 'yes',
    }));
    const ours = Object.entries(IBAN_REGISTRY).map(([code, [length, layout]]) => ({
      code,
      length,
      layout,
      sepa: SEPA_COUNTRIES.has(code),
    }));
    const byCode = (a: { code: string }, b: { code: string }): number => a.code.localeCompare(b.code);
    expect(ours.sort(byCode)).toEqual(theirs.sort(byCode));
  });
});
