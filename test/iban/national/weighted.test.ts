import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { bbanOf, digits, range, singleDigitChanges, weighted } from './support.js';

/** The digit that brings Σ weights · digits (the check digit weighing 1) to a multiple of 10. */
function mod10Digit(payload: string, weights: readonly number[]): string {
  return String((10 - (weighted(payload, weights) % 10)) % 10);
}

/** The digit that brings Σ weights · digits (the check digit weighing 1) to a multiple of 11; null for 10. */
function mod11Digit(payload: string, weights: readonly number[]): string | null {
  const digit = (11 - (weighted(payload, weights) % 11)) % 11;
  return digit === 10 ? null : String(digit);
}

describe('EE: the 7-3-1 check digit of the account number', () => {
  const check = nationalCheckOf('EE');
  // 7, 3, 1 from the right of the 13 digits before the check digit.
  const weights = [7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7];

  it('accepts published accounts and refuses a corrupted one', () => {
    for (const iban of [
      'EE382200221020145685',
      'EE443300338400100007',
      'EE901700017000000006',
      'EE975500000550008329',
      'EE471000001020145685',
    ]) {
      expect(check?.(bbanOf(iban)), iban).toBe(true);
    }
    expect(check?.(bbanOf('EE382200221020145658'))).toBe(false);
  });

  it('accepts the formula’s digit and refuses every single-digit change of the account number', () => {
    fc.assert(
      fc.property(digits(2), digits(13), (bank, account) => {
        const bban = bank + account + mod10Digit(account, weights);
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(2, 16))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('HU: the check digits of the bank-and-branch code and of the account number', () => {
  const check = nationalCheckOf('HU');
  const weights = [9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3];

  it('accepts published accounts (8- and 16-digit account numbers) and refuses corrupted ones', () => {
    for (const iban of [
      'HU42117730161111101800000000',
      'HU51100320000122013950000249',
      'HU43100320000122032850002447',
      'HU90100320000160120200000000',
      'HU93116000060000000012345676',
    ]) {
      expect(check?.(bbanOf(iban)), iban).toBe(true);
    }
    expect(check?.(bbanOf('HU42117730171111101800000000'))).toBe(false);
    expect(check?.(bbanOf('HU42117730161111101900000000'))).toBe(false);
  });

  it('accepts the formula’s digits for 16-digit and 8-digit accounts and refuses every single-digit change', () => {
    fc.assert(
      fc.property(digits(7), digits(15), fc.boolean(), (branch, account, short) => {
        const first = branch + mod10Digit(branch, weights);
        const second = short
          ? account.slice(0, 7) + mod10Digit(account.slice(0, 7), weights) + '00000000'
          : account + mod10Digit(account, weights);
        const bban = first + second;
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(0, 24))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('PL: the check digit of the numer rozliczeniowy', () => {
  const check = nationalCheckOf('PL');

  it('accepts published accounts and refuses a corrupted one', () => {
    for (const iban of ['PL61109010140000071219812874', 'PL10105000997603123456789123']) {
      expect(check?.(bbanOf(iban)), iban).toBe(true);
    }
    expect(check?.(bbanOf('PL61109010150000071219812874'))).toBe(false);
  });

  it('accepts the formula’s digit and refuses every single-digit change of the bank-and-branch number', () => {
    fc.assert(
      fc.property(digits(7), digits(16), (branch, account) => {
        const bban = branch + mod10Digit(branch, [3, 9, 7, 1, 3, 9, 7]) + account;
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(0, 8))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  // The account number carries no check digit: a change there is the IBAN check digits' to catch.
  it('does not look at the account number', () => {
    expect(check?.(bbanOf('PL61109010140000071219812875'))).toBe(true);
  });
});

describe.each([
  [
    'CZ',
    ['CZ6508000000192000145399', 'CZ9455000000001011038930', 'CZ5508000000001234567899'],
    'CZ6508000000182000145399',
  ],
  ['SK', ['SK3112000000198742637541', 'SK8975000000000012345671'], 'SK3112000000198742637514'],
])('%s: the modulus-11 checks of the prefix and the account number', (country, valid, corrupted) => {
  const check = nationalCheckOf(country);

  it('accepts published accounts and refuses a corrupted one', () => {
    for (const iban of valid) expect(check?.(bbanOf(iban)), iban).toBe(true);
    expect(check?.(bbanOf(corrupted))).toBe(false);
  });

  it('accepts numbers built by the formula and refuses every single-digit change of prefix and account', () => {
    fc.assert(
      fc.property(digits(4), digits(5), digits(9), (bank, prefix, account) => {
        const prefixDigit = mod11Digit(prefix, [10, 5, 8, 4, 2]);
        const accountDigit = mod11Digit(account, [6, 3, 7, 9, 10, 5, 8, 4, 2]);
        fc.pre(prefixDigit !== null && accountDigit !== null);
        const bban = bank + prefix + prefixDigit + account + accountDigit;
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(4, 20))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
