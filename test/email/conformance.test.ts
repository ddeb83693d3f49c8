/**
 * validateEmail against ../shared/fixtures/email/, read in place.
 *
 * - syntax-tricky-cases.tsv: the cases a form validator must get right; `expected` and
 *   `normalized` are python email-validator 2.3.0 in strict mode (the rule set we follow).
 * - typo-suggestions.tsv: typed address -> expected suggestion (`-` = none), including the
 *   false positives reported against mailcheck and @zootools/email-spell-checker.
 */
import { describe, expect, it } from 'vitest';
import { checkEmailSyntax, validateEmail } from '../../src/email/index.js';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';

const TRICKY = 'email/syntax-tricky-cases.tsv';
const TYPOS = 'email/typo-suggestions.tsv';

const TRIMMED =
  'surrounding ASCII whitespace is ignored, as an <input type=email> does, and left out of normalizedValue';
const A_LABEL =
  'normalizedValue keeps the domain in its ASCII (punycode) form, the form DNS and SMTP use; python gives the Unicode form';

/** Rows of syntax-tricky-cases.tsv whose verdict we decide otherwise. */
const VERDICT_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  [' user@example.com', TRIMMED],
  ['user@example.com\n', TRIMMED],
]);

/** Valid rows of syntax-tricky-cases.tsv whose normalized form we write otherwise. */
const NORMALIZED_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  ['伊昭傑@郵件.商務', A_LABEL],
  ['jeff@臺網中心.tw', A_LABEL],
  ['example@xn--bdk.life', A_LABEL],
]);

/** Rows of typo-suggestions.tsv whose suggestion we decide otherwise. */
const SUGGESTION_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  [
    'test@emaildomain.co',
    "the row runs mailcheck with a custom target list holding emaildomain.com; ours does not, and .co is a real TLD",
  ],
  [
    'test@mail.randomsmallcompany.cmo',
    'we repair a TLD that does not exist on subdomains too (-> mail.randomsmallcompany.com); the row records a limitation of mailcheck',
  ],
  [
    'jorge@iclid.com',
    'two edits in the name (iclid -> icloud): we allow one, because two "corrected" foxmail.com, bitmail.com and some twenty other real providers',
  ],
]);

interface TrickyRow {
  address: string;
  expected: string;
  normalized: string;
}

function trickyRows(): TrickyRow[] {
  // Columns: address_json, expected, case, reason_if_invalid, normalized, if_ascii_only, validatorjs, whatwg, hapi, source.
  return readFixtureRows(TRICKY)
    .slice(1)
    .map(([json = '', expected = '', , , normalized = '']) => ({ address: JSON.parse(json) as string, expected, normalized }));
}

interface TypoRow {
  address: string;
  expected: string | null;
  lists: string;
}

function typoRows(): TypoRow[] {
  // Columns: email_json, expected_domain, source, lists, note, then observed outputs of other tools.
  return readFixtureRows(TYPOS)
    .slice(1)
    .map(([json = '', expected = '', , lists = '']) => ({
      address: JSON.parse(json) as string,
      expected: expected === '-' ? null : expected,
      lists,
    }));
}

function suggestionFor(address: string): string | null {
  return validateEmail(address).emailDetails.signals.suggested_domain;
}

describe.runIf(runConformance)(`validateEmail conformance: ${TRICKY}`, () => {
  it('has the verdict of every row, except the deliberate differences', () => {
    const rows = trickyRows();
    expect(rows.length).toBeGreaterThan(50);
    const wrong = rows
      .filter((row) => !VERDICT_DIFFERENCES.has(row.address))
      .filter((row) => validateEmail(row.address).valid !== (row.expected === 'valid'))
      .map((row) => `${JSON.stringify(row.address)} expected ${row.expected}`);
    expect(wrong).toEqual([]);
  });

  it('answers every invalid row with the fixed message of docs/fields/email.md#verdict', () => {
    for (const row of trickyRows()) {
      if (row.expected !== 'invalid' || VERDICT_DIFFERENCES.has(row.address)) continue;
      expect(validateEmail(row.address).message, JSON.stringify(row.address)).toBe('Invalid email format');
    }
  });

  it('normalizes every valid row as the fixture does, except for the A-label form', () => {
    const wrong: string[] = [];
    for (const row of trickyRows()) {
      if (row.expected !== 'valid' || NORMALIZED_DIFFERENCES.has(row.address)) continue;
      const normalized = validateEmail(row.address).normalizedValue;
      if (normalized !== row.normalized) wrong.push(`${JSON.stringify(row.address)}: ${normalized} vs ${row.normalized}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still differs on every listed row', () => {
    const rows = new Map(trickyRows().map((row) => [row.address, row]));
    for (const [address, reason] of VERDICT_DIFFERENCES) {
      const row = rows.get(address);
      expect(row, `${JSON.stringify(address)} is no longer in the fixture`).toBeDefined();
      expect(validateEmail(address).valid, reason).not.toBe(row?.expected === 'valid');
    }
    for (const [address, reason] of NORMALIZED_DIFFERENCES) {
      const row = rows.get(address);
      expect(row, `${JSON.stringify(address)} is no longer in the fixture`).toBeDefined();
      const ours = validateEmail(address).normalizedValue;
      expect(ours, reason).not.toBe(row?.normalized);
      // The same address all the same: the fixture's Unicode form maps to our ASCII form.
      expect(checkEmailSyntax(row?.normalized ?? '').normalized, reason).toBe(ours);
    }
  });
});

describe.runIf(runConformance)(`validateEmail conformance: ${TYPOS}`, () => {
  it('gives the expected suggestion (or none) on every row, except the deliberate differences', () => {
    const rows = typoRows();
    expect(rows.length).toBeGreaterThan(60);
    const wrong = rows
      .filter((row) => !SUGGESTION_DIFFERENCES.has(row.address))
      .filter((row) => suggestionFor(row.address) !== row.expected)
      .map((row) => `${JSON.stringify(row.address)}: ${suggestionFor(row.address)} instead of ${row.expected ?? '-'}`);
    expect(wrong).toEqual([]);
  });

  it('makes no false suggestion on the must-not-suggest rows run with default lists', () => {
    const falsePositives = typoRows()
      .filter((row) => row.expected === null && row.lists === 'default')
      .filter((row) => suggestionFor(row.address) !== null)
      .map((row) => row.address);
    expect(falsePositives).toEqual([]);
  });

  it('keeps a well-formed address with a typo valid, with typo_detected set', () => {
    let checked = 0;
    for (const row of typoRows()) {
      if (row.expected === null || SUGGESTION_DIFFERENCES.has(row.address) || !checkEmailSyntax(row.address).valid) continue;
      const result = validateEmail(row.address);
      expect(result.valid, row.address).toBe(true);
      expect(result.emailDetails.signals.typo_detected, row.address).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(25);
  });

  it('still differs on every listed row', () => {
    const rows = new Map(typoRows().map((row) => [row.address, row]));
    for (const [address, reason] of SUGGESTION_DIFFERENCES) {
      const row = rows.get(address);
      expect(row, `${address} is no longer in the fixture`).toBeDefined();
      expect(suggestionFor(address), reason).not.toBe(row?.expected);
    }
  });
});
