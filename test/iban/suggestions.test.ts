/**
 * "Did you mean" for IBANs (docs/fields/iban.md#suggestions): an invalid IBAN one substituted
 * character or one swap of adjacent characters away from valid ones names up to three of them.
 * The property compares the answer with every neighbour of the input, each asked of validateIban
 * itself: not the running remainders that src/iban/suggestions.ts computes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateIban } from '../../src/iban/index.js';
import { ibanFrom, inGroupsOfFour, validIbanArbitrary } from '../support/generators/iban.js';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every string one substitution (of a letter or digit) or one swap of adjacent characters away from `iban`. */
function neighbours(iban: string): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i < iban.length; i++) {
    for (const character of ALPHANUMERIC) if (character !== iban[i]) found.add(iban.slice(0, i) + character + iban.slice(i + 1));
    if (i + 1 < iban.length && iban[i] !== iban[i + 1]) found.add(iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2));
  }
  return found;
}

/** One typo in `iban`: a character replaced, or two adjacent ones swapped. */
const typo = fc.tuple(fc.boolean(), fc.nat(), fc.constantFrom(...ALPHANUMERIC));
function withTypo(iban: string, [swap, at, character]: [boolean, number, string]): string {
  const i = at % (iban.length - 1);
  return swap ? iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2) : iban.slice(0, i) + character + iban.slice(i + 1);
}

describe('validateIban: suggestions', () => {
  it('one typo in a valid IBAN: every suggestion is a valid neighbour, none is left out when there are three or fewer, and the original is among them then', () => {
    fc.assert(
      fc.property(validIbanArbitrary(), typo, (original, change) => {
        const typed = withTypo(original, change);
        const result = validateIban(typed);
        if (result.valid) {
          expect(result.ibanDetails.suggestions).toEqual([]);
          return;
        }
        const valid = [...neighbours(typed)].filter((candidate) => validateIban(candidate).valid).map(inGroupsOfFour);
        const { suggestions } = result.ibanDetails;
        expect(suggestions.length).toBe(Math.min(3, valid.length));
        for (const suggestion of suggestions) expect(valid).toContain(suggestion);
        if (valid.length <= 3) {
          expect([...suggestions].sort()).toEqual([...valid].sort());
          expect(suggestions).toContain(inGroupsOfFour(original));
        }
        expect(new Set(suggestions).size).toBe(suggestions.length);
      }),
      { numRuns: 150 },
    );
  });

  it('never on a valid IBAN', () => {
    fc.assert(
      fc.property(validIbanArbitrary(), (iban) => {
        const result = validateIban(iban);
        expect(result.ibanDetails.suggestions).toEqual([]);
        expect(result.message).toBe('Valid IBAN');
      }),
      { numRuns: 300 },
    );
  });

  it('never for a value of another length, nor one with other characters than letters and digits', () => {
    expect(validateIban('DE89 3704 0044 0532 0130 0').ibanDetails.suggestions).toEqual([]);
    expect(validateIban('DE89 3704 0044 0532 0130 000').ibanDetails.suggestions).toEqual([]);
    expect(validateIban('DE89.3704.0044.0532.0130.00').ibanDetails.suggestions).toEqual([]);
    expect(validateIban('').ibanDetails.suggestions).toEqual([]);
  });

  it('names the suggestions in the message: one, two ("A or B") or three ("A, B or C")', () => {
    const one = validateIban('DE89 3704 0044 0532 0130 0O');
    expect(one.reason).toBe('IBAN_WRONG_LAYOUT');
    expect(one.ibanDetails.suggestions).toEqual(['DE89 3704 0044 0532 0130 00']);
    expect(one.message).toBe('In DE IBANs, characters 13 to 22 must be digits (counting without spaces). Did you mean DE89 3704 0044 0532 0130 00?');
    const two = validateIban('DE89 3704 0044 0532 0130 01');
    const [a, b] = two.ibanDetails.suggestions;
    expect(two.message).toBe(`IBAN check digits do not match, please check the number. Did you mean ${a} or ${b}?`);
    const three = validateIban('GB82 WEST 1234 5698 7654 23');
    const [x, y, z] = three.ibanDetails.suggestions;
    expect(z).toBeDefined();
    expect(three.message).toBe(`IBAN check digits do not match, please check the number. Did you mean ${x}, ${y} or ${z}?`);
  });

  it('puts a change in the account before one in the check digits, and before one in the country code', () => {
    // DE98…: the check digits swapped. A change in the BBAN that fits 98 comes first, the swap after it.
    const result = validateIban('DE98 3704 0044 0532 0130 00');
    expect(result.ibanDetails.suggestions.at(-1)).toBe('DE89 3704 0044 0532 0130 00');
    for (const suggestion of result.ibanDetails.suggestions.slice(0, -1)) expect(suggestion.startsWith('DE98')).toBe(true);
  });

  it('reads a typo in the country code, even one that makes no country', () => {
    expect(validateIban('ED89 3704 0044 0532 0130 00').ibanDetails.suggestions).toEqual(['DE89 3704 0044 0532 0130 00']);
    expect(validateIban('0E89 3704 0044 0532 0130 00').ibanDetails.suggestions).toEqual(['DE89 3704 0044 0532 0130 00']);
  });

  it('offers only IBANs whose national check holds', () => {
    // BE68 5390 0754 7034 with its last two digits swapped: mod-97 and the Belgian check both fail.
    const result = validateIban('BE68 5390 0754 7043');
    expect(result.ibanDetails.suggestions).toContain('BE68 5390 0754 7034');
    for (const suggestion of result.ibanDetails.suggestions) expect(validateIban(suggestion).ibanDetails.nationalCheck).toBe('PASS');
    // This account fails only its national check, and no neighbour passes both: no suggestion.
    expect(validateIban(ibanFrom('BE', '539007547035')).ibanDetails.suggestions).toEqual([]);
  });
});
