import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mod97, mod97Range } from '../../src/checksum.js';
import { validateIban } from '../../src/iban/index.js';
import type { IbanValidationResult } from '../../src/result.js';
import { inGroupsOfFour, validIbanArbitrary } from '../support/generators/iban.js';
import { expectSameAnswerAgain } from '../support/validates-again.js';

const CONTROL_CHARACTERS =
  '\u0000\u0001\u0007\b\t\n\u000b\f\r\u001b\u007f\u0085\u00a0\u200b\u200e\u2028\u2029\ufeff\ufffd\ud800\udfff';
const CONTROL = fc.constantFrom(...CONTROL_CHARACTERS.split(''));
const IBANISH = fc.constantFrom(...'DEGBFRXX0123456789 -.'.split(''));

/** Any string a form could send: graphemes, raw UTF-16 units, control characters, IBAN-like noise. */
const anyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.oneof(CONTROL, IBANISH), maxLength: 40 }),
  fc.string({ unit: IBANISH, minLength: 15, maxLength: 34 }),
);

/** What must hold for every answer, whatever the input. */
function expectConsistent(result: IbanValidationResult, input: string): void {
  const details = result.ibanDetails;
  expect(result.originalValue).toBe(input);
  expect(result.validationLevel).toBe('STANDARD');
  expect(typeof result.message).toBe('string');
  expect(result.message.length).toBeGreaterThan(0);
  expect(details.length).toBe(result.normalizedValue?.length);
  expect(result.valid).toBe(details.structure_valid && details.checksum_valid && details.nationalCheck !== 'FAIL');
  if (details.nationalCheck !== 'NOT_APPLICABLE') expect(details.structure_valid).toBe(true);
  if (result.valid) expect(details.suggestions).toEqual([]);
  expect('formatted' in details).toBe(result.valid);
  if (details.structure_valid) expect(details.expected_length).toBe(details.length);
  if (details.expected_length === null) expect(details.sepa).toBe(false);
}

describe('validateIban properties', () => {
  it('never throws on any string and answers consistently', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        expectConsistent(validateIban(input), input);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on huge strings', () => {
    for (const huge of [
      'DE89' + '3'.repeat(1_000_000),
      ' '.repeat(1_000_000),
      'x'.repeat(500_000) + '😅'.repeat(100_000),
      '\u0000'.repeat(200_000),
      'DE89 3704 0044 0532 0130 00 '.repeat(40_000),
    ]) {
      const result = validateIban(huge);
      expect(result.valid).toBe(false);
      expectConsistent(result, huge);
    }
  });

  it('normalizedValue validates again to the same verdict', () => {
    fc.assert(
      fc.property(fc.oneof(anyString, validIbanArbitrary().map(inGroupsOfFour)), (input) => {
        expect(validateIban(input).normalizedValue).not.toBeNull();
        expectSameAnswerAgain(validateIban, input, (answer) => answer.ibanDetails);
      }),
      { numRuns: 2000 },
    );
  });

  it('every generated valid IBAN passes, however it is spaced and cased', () => {
    const separator = fc.constantFrom('', ' ', '-', '  ', '\u00a0');
    fc.assert(
      fc.property(
        validIbanArbitrary(),
        fc.array(separator, { minLength: 40, maxLength: 40 }),
        fc.boolean(),
        (iban, seps, lower) => {
          let typed = '';
          for (let i = 0; i < iban.length; i++) typed += iban.charAt(i) + (seps[i] ?? '');
          if (lower) typed = typed.toLowerCase();
          const result = validateIban(typed);
          expect(result.valid).toBe(true);
          expect(result.normalizedValue).toBe(iban);
          expect(result.ibanDetails.formatted).toBe(inGroupsOfFour(iban));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('mod97Range (the in-place IBAN checksum) agrees with BigInt arithmetic and with mod97', () => {
    const alphanumeric = fc.string({
      unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')),
      maxLength: 120,
    });
    fc.assert(
      fc.property(alphanumeric, fc.nat({ max: 200 }), (value, start) => {
        const digits = value.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
        const expected = digits === '' ? 0 : Number(BigInt(digits) % 97n);
        expect(mod97Range(value, 0, value.length)).toBe(expected);
        expect(mod97Range(value, 0, value.length)).toBe(mod97(value));
        // Chaining two ranges is the same as one pass over the rearranged string.
        const cut = start % (value.length + 1);
        const rotated = value.slice(cut) + value.slice(0, cut);
        expect(mod97Range(value, 0, cut, mod97Range(value, cut, value.length))).toBe(mod97(rotated));
      }),
      { numRuns: 2000 },
    );
  });

  it('a single changed digit is always caught', () => {
    fc.assert(
      fc.property(validIbanArbitrary(), fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const digitPositions = [...iban].flatMap((char, i) => (i >= 2 && char >= '0' && char <= '9' ? [i] : []));
        const position = digitPositions[at % digitPositions.length] as number;
        const changed = String((Number(iban.charAt(position)) + shift) % 10);
        const typo = iban.slice(0, position) + changed + iban.slice(position + 1);
        const result = validateIban(typo);
        expect(result.valid).toBe(false);
        expect(result.ibanDetails.checksum_valid).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('a single changed letter in the BBAN is always caught', () => {
    fc.assert(
      fc.property(validIbanArbitrary(), fc.nat(), fc.integer({ min: 1, max: 25 }), (iban, at, shift) => {
        const letterPositions = [...iban].flatMap((char, i) => (i >= 4 && char >= 'A' && char <= 'Z' ? [i] : []));
        fc.pre(letterPositions.length > 0);
        const position = letterPositions[at % letterPositions.length] as number;
        const changed = String.fromCharCode(65 + ((iban.charCodeAt(position) - 65 + shift) % 26));
        const typo = iban.slice(0, position) + changed + iban.slice(position + 1);
        expect(validateIban(typo).ibanDetails.checksum_valid).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('swapping two different neighbouring digits is always caught', () => {
    fc.assert(
      fc.property(validIbanArbitrary(), fc.nat(), (iban, at) => {
        const swappable = [...iban].flatMap((char, i) => {
          const next = iban.charAt(i + 1);
          const digits = /\d/.test(char) && /\d/.test(next);
          return i >= 4 && digits && char !== next ? [i] : [];
        });
        fc.pre(swappable.length > 0);
        const i = swappable[at % swappable.length] as number;
        const typo = iban.slice(0, i) + iban.charAt(i + 1) + iban.charAt(i) + iban.slice(i + 2);
        expect(validateIban(typo).valid).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
