import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SSN_REASONS, type SsnReason } from '../../src/reasons.js';
import { validateSsn } from '../../src/ssn/index.js';
import { refusedWithoutValue } from '../support/envelopes.js';
import { expectNineDigitEnvelope, hugeInputs, oddDigitStrings, typedWithSeparators, withTypedForm } from '../support/generators/typed-digits.js';
import { itAcceptsWithReasonNull, itRefusesEveryReason } from '../support/reason-codes.js';
import { assertSameAnswerAgain } from '../support/validates-again.js';

const NOT_NINE_DIGITS = 'An SSN is exactly 9 digits';
const ITIN = 'This is an ITIN (Individual Taxpayer Identification Number), not an SSN';
const AREA_000 = 'An SSN never starts with 000: area number 000 is never issued';
const AREA_666 = 'An SSN never starts with 666: area number 666 is never issued';
const AREA_900_999 = 'An SSN never starts with 9: area numbers 900 to 999 are never issued';
const GROUP_00 = 'An SSN never has 00 as its middle two digits: group number 00 is never issued';
const SERIAL_0000 = 'An SSN never ends in 0000: serial number 0000 is never issued';
const VALID = 'Valid SSN format; an SSN has no check digit, so please double-check the digits';
const sampleMessage = (printed: string) => `${printed} is a well-known sample number, not a real SSN`;

/** The well-known samples with their stories (docs/fields/ssn.md#sample-numbers; SSA's advertising block). */
const WELL_KNOWN_SAMPLES = [
  '078-05-1120', // Woolworth wallet card
  '219-09-9999', // SSA pamphlet
  '457-55-5462', // LifeLock advertisement
  ...Array.from({ length: 10 }, (_, i) => `987-65-432${i}`), // SSA's block for advertisements
];
const sampleDigits = new Set(WELL_KNOWN_SAMPLES.map((printed) => printed.replace(/-/g, '')));

/** The groups the IRS assigns to ITINs (Pub 1915 / 4757). */
const isIrsItinGroup = (group: number) =>
  (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const ssnOf = (area: number, group: number, serial: number) => `${pad(area, 3)}${pad(group, 2)}${pad(serial, 4)}`;

const area = fc.integer({ min: 1, max: 899 }).filter((a) => a !== 666);
const group = fc.integer({ min: 1, max: 99 });
const serial = fc.integer({ min: 1, max: 9999 });

/** Nine digits from allowed areas, groups and serials, the samples left out. */
const possibleSsn = fc
  .tuple(area, group, serial)
  .map(([a, g, s]) => ssnOf(a, g, s))
  .filter((ssn) => !sampleDigits.has(ssn));

/** An ITIN: 9xx, an IRS group, any serial. */
const itinOfGroup = (itinGroup: number) =>
  fc.tuple(fc.integer({ min: 900, max: 999 }), fc.integer({ min: 0, max: 9999 })).map(([a, s]) => ssnOf(a, itinGroup, s));

const dashed = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;

/** Asserts an invalid nine-digit answer with the message, reason and ITIN flag given. */
function expectRejected(input: string, message: string, reason: SsnReason, itin = false): void {
  expect(validateSsn(input)).toEqual({
    valid: false,
    message,
    reason,
    normalizedValue: input.replace(/[\s-]/g, ''),
    originalValue: input,
    validationLevel: 'STANDARD',
    ssnDetails: { itin },
  });
}

describe('validateSsn: verdicts and messages', () => {
  it('accepts numbers from allowed areas, groups and serials, with the nine digits as normalized value', () => {
    fc.assert(
      fc.property(possibleSsn, (ssn) => {
        expect(validateSsn(dashed(ssn))).toEqual({
          valid: true,
          message: VALID,
          reason: null,
          normalizedValue: ssn,
          originalValue: dashed(ssn),
          validationLevel: 'STANDARD',
          ssnDetails: { itin: false },
        });
      }),
    );
  });

  it('accepts the edges of the allowed ranges', () => {
    for (const ssn of ['001-01-0001', '665-99-9999', '667-01-0001', '899-99-9999', '772-12-3456']) {
      expect(validateSsn(ssn).valid).toBe(true);
    }
  });

  it('rejects area 000, 666 and 900-999, group 00 and serial 0000, naming the part', () => {
    fc.assert(
      fc.property(group, serial, (g, s) => {
        expectRejected(ssnOf(0, g, s), AREA_000, 'SSN_AREA_NOT_ISSUED');
        expectRejected(ssnOf(666, g, s), AREA_666, 'SSN_AREA_NOT_ISSUED');
      }),
    );
    fc.assert(
      fc.property(area, serial, (a, s) => {
        fc.pre(!sampleDigits.has(ssnOf(a, 0, s)));
        expectRejected(ssnOf(a, 0, s), GROUP_00, 'SSN_GROUP_NOT_ISSUED');
      }),
    );
    fc.assert(
      fc.property(area, group, (a, g) => {
        expectRejected(ssnOf(a, g, 0), SERIAL_0000, 'SSN_SERIAL_NOT_ISSUED');
      }),
    );
  });

  it('rejects every 9xx number outside the ITIN groups as area 900-999, not as an ITIN', () => {
    const nonItinGroups = Array.from({ length: 100 }, (_, g) => g).filter((g) => !isIrsItinGroup(g));
    expect(nonItinGroups).toContain(93); // ATINs are not ITINs
    fc.assert(
      fc.property(fc.integer({ min: 900, max: 999 }), fc.constantFrom(...nonItinGroups), serial, (a, g, s) => {
        expectRejected(ssnOf(a, g, s), AREA_900_999, 'SSN_AREA_NOT_ISSUED');
      }),
    );
  });

  it('names the area first when several parts are never issued', () => {
    expectRejected('000-00-0000', AREA_000, 'SSN_AREA_NOT_ISSUED');
    expectRejected('666-00-0000', AREA_666, 'SSN_AREA_NOT_ISSUED');
    expectRejected('123-00-0000', GROUP_00, 'SSN_GROUP_NOT_ISSUED');
  });

  it.each(WELL_KNOWN_SAMPLES)('rejects the well-known sample %s, typed with or without dashes', (printed) => {
    expectRejected(printed, sampleMessage(printed), 'SSN_SAMPLE_NUMBER');
    expectRejected(printed.replace(/-/g, ''), sampleMessage(printed), 'SSN_SAMPLE_NUMBER');
    expectRejected(printed.replace(/-/g, ' '), sampleMessage(printed), 'SSN_SAMPLE_NUMBER');
  });

  it('flags an ITIN in every IRS group, with valid false', () => {
    const itinGroups = Array.from({ length: 100 }, (_, g) => g).filter(isIrsItinGroup);
    expect(itinGroups).toHaveLength(16 + 19 + 3 + 6);
    for (const itinGroup of itinGroups) {
      fc.assert(
        fc.property(itinOfGroup(itinGroup), (itin) => {
          fc.pre(!sampleDigits.has(itin));
          expectRejected(itin, ITIN, 'SSN_ITIN', true);
          expectRejected(dashed(itin), ITIN, 'SSN_ITIN', true);
        }),
        { numRuns: 20 },
      );
    }
  });

  it('keeps itin false for a non-9 number in an ITIN group', () => {
    expect(validateSsn('812-70-3456').ssnDetails).toEqual({ itin: false });
    expect(validateSsn('812-70-3456').valid).toBe(true);
  });

  it.each([
    ['empty', '', 'SSN_EMPTY'],
    ['blank', '  ', 'SSN_EMPTY'],
    ['eight digits', '12345678', 'SSN_NOT_NINE_DIGITS'],
    ['ten digits', '1234567890', 'SSN_NOT_NINE_DIGITS'],
    ['thirteen digits', '1234567890123', 'SSN_NOT_NINE_DIGITS'],
    ['a letter', '123-45-678X', 'SSN_NOT_NINE_DIGITS'],
    ['a placeholder', 'XXX-XX-XXXX', 'SSN_NOT_NINE_DIGITS'],
    ['slashes', '123/45/6789', 'SSN_NOT_NINE_DIGITS'],
    ['full-width digits', '１２３４５６７８９', 'SSN_NOT_NINE_DIGITS'],
  ])('rejects %s (%j) as not 9 digits, without details, reason %s', (_case, input, reason) => {
    expect(validateSsn(input)).toEqual(refusedWithoutValue(input, NOT_NINE_DIGITS, reason));
  });

  it.each(['536904399', '536-90-4399', '536 90 4399', ' 536-90-4399 ', '536\u00a090\u00a04399', '536\u201390\u20134399', '5369-04399'])(
    'reads %j as the nine digits 536904399',
    (input) => {
      const result = validateSsn(input);
      expect(result.valid).toBe(true);
      expect(result.normalizedValue).toBe('536904399');
    },
  );

  it('throws a TypeError for a value that is not a string', () => {
    for (const value of [536904399, null, undefined, { value: '536-90-4399' }]) {
      expect(() => validateSsn(value as unknown as string)).toThrow(TypeError);
    }
  });
});

describe('validateSsn: reason codes (docs/fields/ssn.md#reasons)', () => {
  // [input, reason, the English message that reason stands for]
  const REASONS: [string, SsnReason, string][] = [
    ['', 'SSN_EMPTY', NOT_NINE_DIGITS],
    [' - ', 'SSN_EMPTY', NOT_NINE_DIGITS],
    ['123-45-678', 'SSN_NOT_NINE_DIGITS', NOT_NINE_DIGITS],
    ['078-05-1120', 'SSN_SAMPLE_NUMBER', sampleMessage('078-05-1120')],
    ['987654329', 'SSN_SAMPLE_NUMBER', sampleMessage('987-65-4329')],
    ['912-70-1234', 'SSN_ITIN', ITIN],
    ['000-12-3456', 'SSN_AREA_NOT_ISSUED', AREA_000],
    ['666-12-3456', 'SSN_AREA_NOT_ISSUED', AREA_666],
    ['934-12-3456', 'SSN_AREA_NOT_ISSUED', AREA_900_999],
    ['536-00-4399', 'SSN_GROUP_NOT_ISSUED', GROUP_00],
    ['536-90-0000', 'SSN_SERIAL_NOT_ISSUED', SERIAL_0000],
  ];

  itRefusesEveryReason(validateSsn, REASONS, SSN_REASONS);

  itAcceptsWithReasonNull(validateSsn, ['536-90-4399', '001-01-0001', '899-99-9999', '812-70-3456']);
});

describe('validateSsn: properties', () => {
  const oddStrings = oddDigitStrings(fc.stringMatching(/^[0-9]{9}$/), possibleSsn.chain(typedWithSeparators));

  it('never throws on any string, and keeps the envelope consistent', () => {
    fc.assert(
      fc.property(oddStrings, (input) => {
        const result = validateSsn(input);
        expectNineDigitEnvelope(result, input, result.ssnDetails);
        if (result.ssnDetails?.itin) expect(result.valid).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers huge inputs without throwing', () => {
    expect(hugeInputs('536904399', '\udfff').map((input) => validateSsn(input).valid)).toEqual([false, false, true, false, false]);
  });

  it('the normalized value validates again to the same verdict, message and details', () => {
    assertSameAnswerAgain(oddStrings, validateSsn, (answer) => answer.ssnDetails, 2000);
  });

  it('generated possible SSNs pass however they are typed with spaces and dashes', () => {
    fc.assert(
      fc.property(
        withTypedForm(possibleSsn),
        ([ssn, typed]) => {
          const result = validateSsn(typed);
          expect(result.valid).toBe(true);
          expect(result.normalizedValue).toBe(ssn);
          expect(result.ssnDetails).toEqual({ itin: false });
        },
      ),
    );
  });

  it('the verdict on any nine digits follows the rules, in their order', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{9}$/), (digits) => {
        const a = Number(digits.slice(0, 3));
        const g = Number(digits.slice(3, 5));
        const s = Number(digits.slice(5));
        const expected = sampleDigits.has(digits)
          ? sampleMessage(dashed(digits))
          : a >= 900 && isIrsItinGroup(g)
            ? ITIN
            : a === 0
              ? AREA_000
              : a === 666
                ? AREA_666
                : a >= 900
                  ? AREA_900_999
                  : g === 0
                    ? GROUP_00
                    : s === 0
                      ? SERIAL_0000
                      : VALID;
        const result = validateSsn(digits);
        expect(result.message).toBe(expected);
        expect(result.valid).toBe(expected === VALID);
        expect(result.ssnDetails?.itin).toBe(expected === ITIN);
      }),
      { numRuns: 5000 },
    );
  });
});
