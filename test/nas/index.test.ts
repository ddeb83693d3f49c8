import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateNas } from '../../src/nas/index.js';
import { NAS_REASONS } from '../../src/reasons.js';
import { refusedWithoutValue } from '../support/envelopes.js';
import { sinCheckDigit } from '../support/generators/nas.js';
import { expectNineDigitEnvelope, hugeInputs, oddDigitStrings, typedWithSeparators, withTypedForm } from '../support/generators/typed-digits.js';
import { itAcceptsWithReasonNull, itRefusesEveryReason } from '../support/reason-codes.js';
import { assertSameAnswerAgain } from '../support/validates-again.js';

// Messages of docs/fields/nas.md#messages, verbatim.
const SERIES_0 = 'Valid SIN format, but numbers starting with 0 are not issued to individuals';
const SERIES_8 = 'Valid SIN format, but numbers starting with 8 are not issued to individuals';
const VALID = 'Valid SIN';
const TEMPORARY = "Valid SIN, temporary resident: it expires with the holder's permit";
const WRONG_CHECK_DIGIT = 'SIN check digit does not match, please check the number';
const NOT_NINE_DIGITS = 'A SIN is exactly 9 digits';

const messageOfSeries = (series: number): string =>
  series === 0 ? SERIES_0 : series === 8 ? SERIES_8 : series === 9 ? TEMPORARY : VALID;

const digit = fc.integer({ min: 0, max: 9 });

/** A SIN of the given series with a correct check digit. */
const sinOfSeries = (series: number) =>
  fc.array(digit, { minLength: 7, maxLength: 7 }).map((rest) => {
    const firstEight = `${series}${rest.join('')}`;
    return firstEight + sinCheckDigit(firstEight);
  });

const anySin = digit.chain(sinOfSeries);

const grouped = (digits: string) => `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;

describe('validateNas: verdicts and messages', () => {
  for (const series of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    it(`a ${series}-series SIN with a correct check digit is valid, with its series message and details`, () => {
      fc.assert(
        fc.property(sinOfSeries(series), (sin) => {
          expect(validateNas(sin)).toEqual({
            valid: true,
            message: messageOfSeries(series),
            reason: null,
            normalizedValue: sin,
            originalValue: sin,
            validationLevel: 'STANDARD',
            nasDetails: {
              checksum_valid: true,
              temporary_resident: series === 9,
              individual_series: series !== 0 && series !== 8,
              formatted: grouped(sin),
            },
          });
        }),
      );
    });
  }

  it("accepts the Government of Canada's fictitious example 046 454 286 with the 0-series message", () => {
    const result = validateNas('046 454 286');
    expect(result.valid).toBe(true);
    expect(result.message).toBe(SERIES_0);
    expect(result.normalizedValue).toBe('046454286');
    expect(result.nasDetails?.individual_series).toBe(false);
  });

  it('reports 000 000 000 valid with the 0-series message (docs/fields/nas.md#messages)', () => {
    const result = validateNas('000 000 000');
    expect(result.valid).toBe(true);
    expect(result.message).toBe(SERIES_0);
    expect(result.nasDetails).toEqual({
      checksum_valid: true,
      temporary_resident: false,
      individual_series: false,
      formatted: '000 000 000',
    });
  });

  it('formats 123-456-782 as three groups of three', () => {
    const result = validateNas('123-456-782');
    expect(result.valid).toBe(true);
    expect(result.message).toBe(VALID);
    expect(result.nasDetails?.formatted).toBe('123 456 782');
  });

  it('rejects a wrong check digit, still reading the nine digits and the series', () => {
    const result = validateNas('946-454-280');
    expect(result).toEqual({
      valid: false,
      message: WRONG_CHECK_DIGIT,
      reason: 'NAS_BAD_CHECK_DIGIT',
      normalizedValue: '946454280',
      originalValue: '946-454-280',
      validationLevel: 'STANDARD',
      nasDetails: {
        checksum_valid: false,
        temporary_resident: true,
        individual_series: true,
        formatted: '946 454 280',
      },
    });
  });

  it.each([
    ['empty', '', 'NAS_EMPTY'],
    ['blank', '   ', 'NAS_EMPTY'],
    ['separators only', ' - - ', 'NAS_EMPTY'],
    ['eight digits', '12345678', 'NAS_NOT_NINE_DIGITS'],
    ['ten digits', '1234567890', 'NAS_NOT_NINE_DIGITS'],
    ['a letter in place of a digit', '12345678Z', 'NAS_NOT_NINE_DIGITS'],
    ['a letter o for a zero', '2675o0713', 'NAS_NOT_NINE_DIGITS'],
    ['words', 'my SIN', 'NAS_NOT_NINE_DIGITS'],
    ['a dot as separator', '046.454.286', 'NAS_NOT_NINE_DIGITS'],
    ['full-width digits', '０４６４５４２８６', 'NAS_NOT_NINE_DIGITS'],
    ['Arabic-Indic digits', '٠٤٦٤٥٤٢٨٦', 'NAS_NOT_NINE_DIGITS'],
    ['a plus sign', '+046454286', 'NAS_NOT_NINE_DIGITS'],
  ])('rejects %s (%j) as not 9 digits, without details, reason %s', (_case, input, reason) => {
    expect(validateNas(input)).toEqual(refusedWithoutValue(input, NOT_NINE_DIGITS, reason));
  });

  // [input, reason, the English message that reason stands for]
  const REASONS: [string, string, string][] = [
    ['', 'NAS_EMPTY', NOT_NINE_DIGITS],
    ['12345678', 'NAS_NOT_NINE_DIGITS', NOT_NINE_DIGITS],
    ['123 456 789', 'NAS_BAD_CHECK_DIGIT', WRONG_CHECK_DIGIT],
  ];

  itRefusesEveryReason(validateNas, REASONS, NAS_REASONS, 'reason codes (docs/fields/nas.md#reasons): %j is refused with %s');

  itAcceptsWithReasonNull(validateNas, ['046 454 286', '123-456-782', '946 454 287', '800 000 002']);

  it.each(['046454286', '046 454 286', '046-454-286', ' 046 454 286 ', '046\u00a0454\u00a0286', '046\u2013454\u2013286', '0-4-6 4-5-4 2-8-6', '046454286\n'])(
    'reads %j as the nine digits 046454286',
    (input) => {
      const result = validateNas(input);
      expect(result.valid).toBe(true);
      expect(result.normalizedValue).toBe('046454286');
      expect(result.originalValue).toBe(input);
    },
  );

  it('throws a TypeError for a value that is not a string', () => {
    for (const value of [46454286, null, undefined, { value: '046454286' }, ['046454286']]) {
      expect(() => validateNas(value as unknown as string)).toThrow(TypeError);
    }
  });
});

describe('validateNas: properties', () => {
  const oddStrings = oddDigitStrings(anySin.chain(typedWithSeparators));

  it('never throws on any string, and keeps the envelope consistent', () => {
    fc.assert(
      fc.property(oddStrings, (input) => {
        const result = validateNas(input);
        expectNineDigitEnvelope(result, input, result.nasDetails);
        if (result.valid) expect(result.nasDetails?.checksum_valid).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers huge inputs without throwing', () => {
    expect(hugeInputs('046454286', '\ud800').map((input) => validateNas(input).valid)).toEqual([false, false, true, false, false]);
  });

  it('the normalized value validates again to the same verdict, message and details', () => {
    assertSameAnswerAgain(fc.oneof(oddStrings, fc.stringMatching(/^[0-9]{9}$/)), validateNas, (answer) => answer.nasDetails, 2000);
  });

  it('generated valid SINs pass however they are typed with spaces and dashes', () => {
    fc.assert(
      fc.property(
        withTypedForm(anySin),
        ([sin, typed]) => {
          const result = validateNas(typed);
          expect(result.valid).toBe(true);
          expect(result.normalizedValue).toBe(sin);
          expect(result.nasDetails?.formatted).toBe(grouped(sin));
        },
      ),
    );
  });

  it('catches any single changed digit of a valid SIN', () => {
    fc.assert(
      fc.property(anySin, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (sin, position, shift) => {
        const changed = (Number(sin[position]) + shift) % 10;
        const typo = sin.slice(0, position) + changed + sin.slice(position + 1);
        const result = validateNas(typo);
        expect(result.valid).toBe(false);
        expect(result.message).toBe(WRONG_CHECK_DIGIT);
        expect(result.nasDetails?.checksum_valid).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
