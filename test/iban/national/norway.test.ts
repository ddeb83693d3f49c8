import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { bbanOf, digits, range, singleDigitChanges, weighted } from './support.js';

/**
 * 11 − (Σ mod 11) with weights 5 4 3 2 7 6 5 4 3 2, 0 for a remainder of 0; null when it would be
 * 10 (never issued).
 */
function kontonrCheckDigit(first10: string): string | null {
  const remainder = weighted(first10, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11;
  if (remainder === 1) return null;
  return String(remainder === 0 ? 0 : 11 - remainder);
}

describe('NO: the kontonummer check digit (modulus 11)', () => {
  const check = nationalCheckOf('NO');

  it('accepts published accounts and refuses corrupted ones', () => {
    const valid = ['NO9386011117947', 'NO8330001234567', 'NO4418500514562', 'NO0783800806006', 'NO0215037577003'];
    for (const iban of valid) expect(check?.(bbanOf(iban)), iban).toBe(true);
    expect(check?.('86011117948')).toBe(false);
    expect(check?.('86011117974')).toBe(false);
  });

  it('accepts the formula’s check digit and refuses every single-digit change', () => {
    fc.assert(
      fc.property(digits(10), (first10) => {
        const digit = kontonrCheckDigit(first10);
        fc.pre(digit !== null && first10.slice(4, 6) !== '00');
        const bban = first10 + digit;
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(0, 11))) {
          // A change that makes digits 5 and 6 read 00 switches to the rule below.
          if (changed.slice(4, 6) !== '00') expect(check?.(changed), changed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses the accounts whose check digit would be 10', () => {
    fc.assert(
      fc.property(digits(10), fc.constantFrom(...'0123456789'.split('')), (first10, last) => {
        fc.pre(kontonrCheckDigit(first10) === null && first10.slice(4, 6) !== '00');
        expect(check?.(first10 + last)).toBe(false);
      }),
    );
  });

  // With 00 as digits 5 and 6 the check covers digits 7 to 11 only: the bank code (digits 1 to 4) is not covered.
  it('checks digits 7 to 11 alone when digits 5 and 6 are 00', () => {
    fc.assert(
      fc.property(digits(4), digits(4), (bank, account) => {
        const digit = kontonrCheckDigit('000000' + account);
        fc.pre(digit !== null);
        const bban = bank + '00' + account + digit;
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(6, 11))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
