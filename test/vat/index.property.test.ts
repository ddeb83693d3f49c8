import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VAT_REASONS } from '../../src/reasons.js';
import { validateVat } from '../../src/vat/index.js';
import { VALID_VAT_BUILDERS, anyValidVat, seededRng, typedLikeAPerson, withDigit } from '../support/generators/vat.js';
import { expectSameAnswerAgain } from '../support/validates-again.js';

const OFFLINE_REASONS = VAT_REASONS.filter((reason) => reason !== 'VAT_NOT_REGISTERED');
const PREFIXES = [...Object.keys(VALID_VAT_BUILDERS), 'GR', 'US', 'EU'];

/** Any string, often behind a known prefix so that the country checks run on it. */
const anyInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.tuple(fc.constantFrom(...PREFIXES), fc.string({ unit: 'binary-ascii', maxLength: 20 })).map(([p, s]) => p + s),
  fc.tuple(fc.constantFrom(...PREFIXES), fc.stringMatching(/^[0-9A-Za-z .\-/:()+*]{0,16}$/)).map(([p, s]) => p + s)
);

/** A valid number of any prefix and variant, built from a seed. */
const validNumber = fc.integer().map((seed) => anyValidVat(seededRng(seed)));

describe('validateVat properties', () => {
  it('never throws on a string and always returns the envelope', () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        const result = validateVat(value);
        expect(result.originalValue).toBe(value);
        expect(result.validationLevel).toBe('BASIC');
        expect(result.valid).toBe(result.vatDetails.format_valid);
        expect(result.vatDetails.registered).toBeNull();
        expect(result.vatDetails.vies_available).toBe(false);
        expect(typeof result.message).toBe('string');
        // A code exactly when rejected, and one of the offline codes (VAT_NOT_REGISTERED needs VIES).
        if (result.valid) expect(result.reason).toBeNull();
        else expect(OFFLINE_REASONS).toContain(result.reason);
      }),
      { numRuns: 3000 }
    );
  });

  it('normalizedValue round-trips: validating it again gives the same answer', () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        const answers = expectSameAnswerAgain(validateVat, value, (answer) => answer.vatDetails);
        if (answers !== null) expect(answers.again.reason).toBe(answers.first.reason);
      }),
      { numRuns: 3000 }
    );
  });

  it('a valid number typed with spaces, dots, dashes or a lower-case prefix normalises to itself', () => {
    fc.assert(
      fc.property(validNumber, fc.integer(), (number, seed) => {
        const typed = typedLikeAPerson(seededRng(seed), number);
        const result = validateVat(typed);
        expect(result.valid).toBe(true);
        expect(result.normalizedValue).toBe(number);
      }),
      { numRuns: 2000 }
    );
  });

  it('a separator or foreign character inside a valid number never makes it valid as something else', () => {
    fc.assert(
      fc.property(validNumber, fc.nat(), fc.constantFrom('\u0131', 'é', ',', '_', '\u0000', '#'), (number, at, ch) => {
        const index = 2 + (at % (number.length - 1));
        expect(validateVat(number.slice(0, index) + ch + number.slice(index)).valid).toBe(false);
      }),
      { numRuns: 1000 }
    );
  });
});

/**
 * Variants whose algorithm catches every single-digit substitution, anywhere in the number.
 * The others, and why they cannot:
 * - BG: check = sum mod 11 mod 10 (remainders 0 and 10 share a digit); 10 digits accept three schemes.
 * - CZ: legal numbers write 11 as 1 and 10 as 0; the special and pre-1985 birth numbers reduce mod 10;
 *   9-digit birth numbers have no check digit.
 * - EL, LT, LV (personal), PT, RO: mod 11 then mod 10, so two remainders share a check digit.
 * - LV (legal): a changed first digit moves the number to the personal-code rules.
 * - FR letter keys: the key equation is mod 11, so some changes of a key digit keep it.
 * - NL: a typo in a number of one scheme can be a valid number of the other.
 * - SK: a typo in a company number can be a valid birth number, and the reverse.
 * - XI/GB: three remainders are accepted (0, 42, 55); the 3-digit branch suffix and the GD/HA
 *   department serials are not checked at all.
 */
const SUBSTITUTION_PROOF: readonly (readonly [string, string])[] = [
  ['AT', 'standard'],
  ['BE', '0-series'],
  ['BE', '1-series'],
  ['CY', 'standard'],
  ['DE', 'standard'],
  ['DK', 'standard'],
  ['EE', 'standard'],
  ['ES', 'dni'],
  ['ES', 'nie'],
  ['ES', 'klm'],
  ['ES', 'entity'],
  ['FI', 'standard'],
  ['FR', 'numeric key'],
  ['FR', 'monaco'],
  ['HR', 'standard'],
  ['HU', 'standard'],
  ['IE', '8 characters'],
  ['IE', '9th letter A'],
  ['IE', '9th letter H'],
  ['IE', '9th letter W'],
  ['IE', 'old form'],
  ['IT', 'standard'],
  ['LU', 'standard'],
  ['MT', 'standard'],
  ['PL', 'standard'],
  ['SE', 'standard'],
  ['SI', 'standard'],
  ['XI', 'GD/HA EU form'],
  ['CH', 'standard'],
  ['NO', 'standard'],
];

describe('every single-digit substitution is rejected where the algorithm guarantees it', () => {
  it.each(SUBSTITUTION_PROOF)('%s %s', (prefix, variant) => {
    const build = VALID_VAT_BUILDERS[prefix]?.[variant];
    if (build === undefined) throw new Error(`no builder ${prefix} ${variant}`);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const number = build(seededRng(seed));
        expect(validateVat(number).valid).toBe(true);
        for (let i = 2; i < number.length; i++) {
          const current = number.charCodeAt(i) - 48;
          if (current < 0 || current > 9) continue;
          for (let d = 0; d <= 9; d++) {
            if (d === current) continue;
            const typo = withDigit(number, i, d);
            expect(validateVat(typo).valid, `${number} -> ${typo}`).toBe(false);
          }
        }
      }),
      { numRuns: 300 }
    );
  });

  it('lists a reason for every variant it leaves out', () => {
    const covered = new Set(SUBSTITUTION_PROOF.map(([p, v]) => `${p} ${v}`));
    const left = Object.entries(VALID_VAT_BUILDERS).flatMap(([p, variants]) =>
      Object.keys(variants)
        .map((v) => `${p} ${v}`)
        .filter((key) => !covered.has(key))
    );
    const explained = ['BG', 'CZ', 'EL', 'LT', 'LV', 'PT', 'RO', 'FR', 'NL', 'SK', 'XI', 'GB'];
    for (const key of left) expect(explained, key).toContain(key.slice(0, 2));
  });
});
