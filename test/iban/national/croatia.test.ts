import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { bbanOf, digits, range, singleDigitChanges } from './support.js';

/** ISO 7064 MOD 11,10 (hybrid system): the check digit of a payload. */
function iso7064Mod11_10(payload: string): string {
  let product = 10;
  for (const c of payload) {
    const sum = (product + Number(c)) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return String((11 - product) % 10);
}

describe('HR: the MOD 11,10 check digits of the bank code and of the account number', () => {
  const check = nationalCheckOf('HR');

  it('accepts published accounts and refuses corrupted ones', () => {
    for (const iban of ['HR1210010051863000160', 'HR1723600001101234565']) {
      expect(check?.(bbanOf(iban)), iban).toBe(true);
    }
    expect(check?.(bbanOf('HR1210010061863000160'))).toBe(false);
    expect(check?.(bbanOf('HR1210010051863000106'))).toBe(false);
  });

  it('accepts the formula’s digits and refuses every single-digit change', () => {
    fc.assert(
      fc.property(digits(6), digits(9), (bank, account) => {
        const bban = bank + iso7064Mod11_10(bank) + account + iso7064Mod11_10(account);
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(0, 17))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
