import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { bbanOf, digits, range, singleDigitChanges, weighted } from './support.js';

const WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** A dígito de control of a 10-digit group: 11 − (Σ mod 11), with 11 written 0 and 10 written 1. */
function dc(group: string): string {
  const digit = 11 - (weighted(group, WEIGHTS) % 11);
  return String(digit === 11 ? 0 : digit === 10 ? 1 : digit);
}

function spanishBban(bank: string, branch: string, account: string): string {
  return bank + branch + dc('00' + bank + branch) + dc(account) + account;
}

describe('ES: the two dígitos de control of the CCC', () => {
  const check = nationalCheckOf('ES');

  it('accepts published accounts and refuses corrupted ones', () => {
    for (const iban of [
      'ES9121000418450200051332',
      'ES6000491500051234567892',
      'ES7921000813610123456789',
      'ES0400750078060500050355',
      'ES1500491806912111869374',
    ]) {
      expect(check?.(bbanOf(iban)), iban).toBe(true);
    }
    // The two control digits swapped, then the account's last digit changed.
    expect(check?.(bbanOf('ES9121000418540200051332'))).toBe(false);
    expect(check?.(bbanOf('ES9121000418450200051333'))).toBe(false);
  });

  it('accepts every BBAN whose control digits are computed by the formula', () => {
    fc.assert(
      fc.property(digits(4), digits(4), digits(10), (bank, branch, account) => {
        expect(check?.(spanishBban(bank, branch, account))).toBe(true);
      }),
    );
  });

  // Remainders 1 and 10 both give control digit 1: a change inside a group whose digit is 1 can go unnoticed.
  it('refuses every single-digit change, except inside a group whose control digit is 1', () => {
    fc.assert(
      fc.property(digits(4), digits(4), digits(10), (bank, branch, account) => {
        const bban = spanishBban(bank, branch, account);
        const positions = [8, 9];
        if (bban[8] !== '1') positions.push(...range(0, 8));
        if (bban[9] !== '1') positions.push(...range(10, 20));
        for (const changed of singleDigitChanges(bban, positions)) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
