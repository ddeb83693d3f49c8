import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { bbanOf, digits, range, singleDigitChanges } from './support.js';

/** The Luhn digit of a payload: double every second digit from the right, subtract 9 above 9. */
function luhnDigit(payload: string): string {
  let sum = 0;
  [...payload].reverse().forEach((c, i) => {
    const doubled = i % 2 === 0 ? Number(c) * 2 : Number(c);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return String((10 - (sum % 10)) % 10);
}

const CHECKED_GROUPS = fc.constantFrom('1', '2', '3', '4', '5', '6', '8');

describe('FI: the Luhn check digit of the account number', () => {
  const check = nationalCheckOf('FI');

  it('accepts published accounts and refuses a corrupted one', () => {
    for (const iban of ['FI2112345600000785', 'FI5542345670000081', 'FI0488000710574083', 'FI1410093000123458']) {
      expect(check?.(bbanOf(iban)), iban).toBe(true);
    }
    expect(check?.(bbanOf('FI2112345600000786'))).toBe(false);
  });

  it('accepts the formula’s digit and refuses every single-digit change in bank groups 1-6 and 8', () => {
    fc.assert(
      fc.property(CHECKED_GROUPS, digits(12), (group, rest) => {
        const bban = group + rest + luhnDigit(group + rest);
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(0, 14))) {
          if (changed[0] !== '7' && changed[0] !== '9') expect(check?.(changed), changed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not check bank groups 7 and 9, which the specification gives no rule', () => {
    expect(check?.(bbanOf('FI6879826661004681'))).toBeNull();
    fc.assert(
      fc.property(fc.constantFrom('7', '9'), digits(13), (group, rest) => {
        expect(check?.(group + rest)).toBeNull();
      }),
    );
  });
});
