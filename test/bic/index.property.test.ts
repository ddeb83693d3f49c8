import fc from 'fast-check';
import { iso31661 } from 'iso-3166';
import { describe, expect, it } from 'vitest';
import { validateBic } from '../../src/bic/index.js';
import type { BicValidationResult } from '../../src/bic/details.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
// The countries from the iso-3166 package itself and Kosovo's XK, never from src.
const COUNTRIES = [...iso31661.filter((entry) => entry.state === 'assigned').map((entry) => entry.alpha2), 'XK'];

const letter = fc.constantFrom(...LETTERS.split(''));
const alphanumeric = fc.constantFrom(...(LETTERS + DIGITS).split(''));
const chars = (unit: fc.Arbitrary<string>, length: number) => fc.string({ unit, minLength: length, maxLength: length });

/** The parts of a valid BIC, built here: institution, country, location, and a branch or none. */
const validParts = fc.record({
  institution: chars(letter, 4),
  country: fc.constantFrom(...COUNTRIES),
  location: chars(alphanumeric, 2),
  branch: fc.option(chars(alphanumeric, 3), { nil: null }),
});
type Parts = typeof validParts extends fc.Arbitrary<infer T> ? T : never;
const joined = (parts: Parts): string => parts.institution + parts.country + parts.location + (parts.branch ?? '');

/** Spaces as people type or paste them: none, a space, several, no-break, narrow no-break, a tab. */
const space = fc.constantFrom('', '', '', ' ', '  ', '\u00a0', '\u202f', '\t');

/** `bic` as a user might type it: any case, a space (or none) before, between and after every character. */
const typed = (bic: string) =>
  fc
    .tuple(fc.array(space, { minLength: bic.length + 1, maxLength: bic.length + 1 }), fc.array(fc.boolean(), { minLength: bic.length, maxLength: bic.length }))
    .map(([gaps, lower]) => gaps.map((gap, i) => gap + (lower[i] === true ? (bic[i] ?? '').toLowerCase() : (bic[i] ?? ''))).join(''));

const CONTROL = fc.constantFrom(...'\u0000\u0007\b\t\n\r\u007f\u00a0\u200b\u2028\ufeff\ud800\udfff'.split(''));
const BICISH = fc.constantFrom(...'DEUTFFXK0123 -.ßıａ'.split(''));

/** Any string a form could send: graphemes, raw UTF-16 units, control characters, BIC-like noise. */
const anyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.oneof(CONTROL, BICISH), maxLength: 20 }),
  fc.string({ unit: BICISH, minLength: 8, maxLength: 11 }),
);

/** What must hold for every answer, whatever the input. */
function expectConsistent(result: BicValidationResult, input: string): void {
  expect(result.originalValue).toBe(input);
  expect(result.validationLevel).toBe('STANDARD');
  expect(result.message.length).toBeGreaterThan(0);
  expect(result.reason === null).toBe(result.valid);
  expect(result.bicDetails !== undefined).toBe(result.valid || result.reason === 'BIC_UNKNOWN_COUNTRY');
  if (result.valid) expect(result.normalizedValue).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
}

describe('validateBic properties', () => {
  it('finds every BIC built from valid parts valid, however it is typed, and names its parts', () => {
    fc.assert(
      fc.property(validParts.chain((parts) => fc.tuple(fc.constant(parts), typed(joined(parts)))), ([parts, input]) => {
        const result = validateBic(input);
        expect(result).toMatchObject({ valid: true, reason: null, normalizedValue: joined(parts) });
        expect(result.bicDetails).toEqual({
          institutionCode: parts.institution,
          countryCode: parts.country,
          locationCode: parts.location,
          branchCode: parts.branch,
          primaryOffice: parts.branch === null || parts.branch === 'XXX',
          testCode: parts.location[1] === '0',
          ibanCountryMatches: null,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('matches the IBAN country exactly when the IBAN starts with the BIC country', () => {
    fc.assert(
      fc.property(validParts, fc.constantFrom(...COUNTRIES), chars(alphanumeric, 20), (parts, ibanCountry, rest) => {
        const matches = validateBic(joined(parts), { iban: `${ibanCountry.toLowerCase()} ${rest}` }).bicDetails?.ibanCountryMatches;
        expect(matches).toBe(ibanCountry === parts.country);
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects a BIC with a digit in its institution or country code', () => {
    fc.assert(
      fc.property(validParts, fc.integer({ min: 0, max: 5 }), fc.constantFrom(...DIGITS.split('')), (parts, at, digit) => {
        const bic = joined(parts);
        const result = validateBic(bic.slice(0, at) + digit + bic.slice(at + 1));
        expect(result.reason).toBe(at < 4 ? 'BIC_INSTITUTION_NOT_LETTERS' : 'BIC_COUNTRY_NOT_LETTERS');
      }),
      { numRuns: 500 },
    );
  });

  it('rejects any length but 8 and 11', () => {
    fc.assert(
      fc.property(fc.string({ unit: alphanumeric, maxLength: 40 }).filter((value) => value.length !== 8 && value.length !== 11), (value) => {
        expect(validateBic(value).reason).toBe(value === '' ? 'BIC_EMPTY' : 'BIC_WRONG_LENGTH');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on any string and answers consistently', () => {
    fc.assert(
      fc.property(anyString, fc.option(anyString, { nil: undefined }), (input, iban) => {
        expectConsistent(validateBic(input, { iban }), input);
      }),
      { numRuns: 3000 },
    );
  });
});
