/**
 * Conformance of validatePhone with the phone corpora in ../shared/fixtures/phone, read in place:
 * example-numbers.tsv (every <exampleNumber> of Google's PhoneNumberMetadata.xml, with the verdicts of
 * Google's reference implementation and of libphonenumber-js) and parse-cases.tsv (edge cases from
 * libphonenumber-js's tests and issues). Both were observed with one libphonenumber-js release;
 * metadata changes every few weeks, so the exception lists below belong to that release.
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { validatePhone } from '../../src/phone/index.js';
import type { PhoneValidationResult } from '../../src/result.js';
import { readFixture, readFixtureRows, runConformance } from '../support/shared-fixtures.js';

type Row = Record<string, string>;

/** Rows of a fixture as objects keyed by its column-name line. */
function readTable(relativePath: string): Row[] {
  const [header, ...rows] = readFixtureRows(relativePath);
  if (header === undefined) throw new Error(`${relativePath} has no column-name line`);
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

/** The verdict the way the fixture writes it: validity, type, country ('' when absent). */
function verdictOf(result: PhoneValidationResult): string {
  return `${result.valid} ${result.phoneDetails?.line_type ?? ''} ${result.phoneDetails?.country_code ?? ''}`;
}

const NON_GEOGRAPHIC = '(non-geo)';

/**
 * Where our verdict (libphonenumber-js 1.13.16, metadata 9.0.43) differs from Google's reference
 * (google-libphonenumber 3.2.47 on the v9.0.35 example numbers), and why. Keyed by E.164.
 */
const DIFFERENCES_FROM_GOOGLE: Readonly<Record<string, string>> = {
  '+22985751234': 'BJ VOIP example: Benin moved to 10-digit numbers; metadata 9.0.43 no longer has this 8-digit range',
  '+22981123456': 'BJ UAN example: same Benin renumbering, newer metadata than the example',
  '+2631312345': 'ZW fixed-line example: range changed again in metadata 9.0.43 (metadata version skew)',
  '+26779101234': 'BW: metadata 9.0.43 lists this range as MOBILE, the v9.0.35 example calls it VOIP',
  '+2908999': 'TA: a region without a mobile pattern gives FIXED_LINE_OR_MOBILE in libphonenumber-js (Google: FIXED_LINE)',
};

/**
 * Where we deliberately differ from libphonenumber-js's strict parse of parse-cases.tsv (rows without
 * a default country; a default country is something validatePhone never has). Keyed by the input.
 */
const DIFFERENCES_FROM_STRICT_PARSE: Readonly<Record<string, string>> = {
  '0049 30 1234567': 'docs/fields/phone.md#input: 00 is read as +; libphonenumber only strips the IDD of a default country',
  '＋44 20 7946 0958': 'the full-width plus is NFKC-normalised first; libphonenumber reads no country code',
  '+44 20 7946 0958 ext. 123': 'E.164 has no extension: we ask for the number without it instead of dropping it',
};

describe.runIf(runConformance)('conformance: phone fixtures', () => {
  // Read in beforeAll, not here: vitest runs this body while collecting even when the suite is
  // skipped, and without the fixtures (docs/architecture.md#tests) that read would fail the file.
  let examples: Row[] = [];
  beforeAll(() => {
    examples = readTable('phone/example-numbers.tsv');
  });

  it('were observed with the installed libphonenumber-js (else re-check both exception lists)', () => {
    const installed = (createRequire(import.meta.url)('libphonenumber-js/package.json') as { version: string }).version;
    const header = readFixture('phone/example-numbers.tsv').split('\n', 1)[0] ?? '';
    expect(header).toContain(`libphonenumber-js@${installed}`);
  });

  it('example-numbers.tsv: every official example number has Google\'s validity, type and country, bar the listed differences', () => {
    expect(examples.length).toBe(1144);
    const unexpected: string[] = [];
    const stale: string[] = [];
    let agreed = 0;
    for (const row of examples) {
      const e164 = row.e164 ?? '';
      const country = row.expected_country === NON_GEOGRAPHIC ? '' : row.expected_country;
      const google = `${row.expected_valid} ${row.expected_type} ${country}`;
      const ours = verdictOf(validatePhone(e164));
      const known = DIFFERENCES_FROM_GOOGLE[e164];
      if (ours === google) {
        agreed++;
        if (known !== undefined) stale.push(`${e164} now agrees (${known})`);
      } else if (known === undefined) {
        unexpected.push(`${row.region} ${row.metadata_type} ${e164}: ours "${ours}", Google "${google}"`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(stale).toEqual([]);
    expect(agreed).toBe(examples.length - Object.keys(DIFFERENCES_FROM_GOOGLE).length);
  });

  it('example-numbers.tsv: matches the libphonenumber-js/max columns on every row, formats included', () => {
    const mismatches: string[] = [];
    for (const row of examples) {
      const result = validatePhone(row.e164 ?? '');
      const country = row.ljs_max_country === NON_GEOGRAPHIC ? '' : row.ljs_max_country;
      const expected = `${row.ljs_max_valid} ${row.ljs_max_type} ${country}`;
      if (verdictOf(result) !== expected) mismatches.push(`${row.e164}: ours "${verdictOf(result)}", recorded "${expected}"`);
      // Formats are part of the answer only for a valid number (docs/fields/phone.md#details).
      const formats = result.valid ? `${row.ljs_intl} | ${row.ljs_national}` : ' | ';
      const ours = `${result.phoneDetails?.international_format ?? ''} | ${result.phoneDetails?.national_format ?? ''}`;
      if (ours !== formats) mismatches.push(`${row.e164}: formats "${ours}", recorded "${formats}"`);
    }
    expect(mismatches).toEqual([]);
  });

  it("example-numbers.tsv: reads each number alike as E.164, with Google's grouping (hyphens and all), and after 00", () => {
    const mismatches: string[] = [];
    for (const row of examples) {
      const e164 = row.e164 ?? '';
      const reference = validatePhone(e164);
      const grouped = row.google_intl ?? '';
      for (const typed of [grouped, `00${grouped.slice(1)}`]) {
        const result = validatePhone(typed);
        if (result.normalizedValue !== reference.normalizedValue || verdictOf(result) !== verdictOf(reference)) {
          mismatches.push(`${typed}: "${verdictOf(result)}" vs "${verdictOf(reference)}" for ${e164}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('parse-cases.tsv: agrees with the strict parse (extract: false) on validity and reason, bar the listed differences', () => {
    const rows = readTable('phone/parse-cases.tsv').filter((row) => row.default_country === '');
    expect(rows.length).toBeGreaterThan(40);
    const unexpected: string[] = [];
    const stale: string[] = [];
    for (const row of rows) {
      const input = JSON.parse(row.input_json ?? '""') as string;
      const result = validatePhone(input);
      const strictValid = row.ljs_strict_parse_extract_false !== 'undefined' && row.ljs_max_valid === 'true';
      const known = DIFFERENCES_FROM_STRICT_PARSE[input];
      if (result.valid === strictValid) {
        if (known !== undefined) stale.push(`${input} now agrees (${known})`);
        const reason = reasonOf(input, row.ljs_validatePhoneNumberLength ?? '');
        if (!result.valid && !reason.test(result.message)) unexpected.push(`${input}: "${result.message}" does not match ${reason}`);
      } else if (known === undefined) {
        unexpected.push(`${input}: ours ${result.valid}, strict parse ${strictValid}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(stale).toEqual([]);
  });
});

/** What our message must say for libphonenumber's length reason of an invalid input. */
function reasonOf(input: string, lengthReason: string): RegExp {
  switch (lengthReason) {
    case 'TOO_SHORT':
      return /too short/;
    case 'TOO_LONG':
      return /too long/;
    case 'INVALID_LENGTH':
      return /wrong number of digits/;
    case 'NOT_A_NUMBER':
      return /^Enter the phone number in digits/;
    case 'INVALID_COUNTRY':
      // Without + or 00 the country code is missing; with it, the code is unknown (docs/fields/phone.md#messages).
      return /^\s*\+/.test(input) ? /^Unknown country calling code$/ : /^Add the country code/;
    default:
      return /^Not a valid phone number for /;
  }
}
