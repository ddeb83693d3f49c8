import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { alphanumerics, bbanOf, digits, range, singleDigitChanges, twoDigits } from './support.js';

/** The RIB table: A and J are 1, B K S are 2, … I R Z are 9. */
function ribDigits(account: string): string {
  const table: Record<string, string> = {};
  ['AJ', 'BKS', 'CLT', 'DMU', 'ENV', 'FOW', 'GPX', 'HQY', 'IRZ'].forEach((letters, i) => {
    for (const letter of letters) table[letter] = String(i + 1);
  });
  return [...account].map((c) => table[c] ?? c).join('');
}

/** Clé RIB = 97 − ((89 · bank + 15 · branch + 3 · account) mod 97). */
function cleRib(bank: string, branch: string, account: string): string {
  const sum = 89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(ribDigits(account));
  return twoDigits(97 - Number(sum % 97n));
}

describe.each(['FR', 'MC'])('%s: the clé RIB', (country) => {
  const check = nationalCheckOf(country);

  it('accepts every BBAN whose key is computed by the formula, letters in the account included', () => {
    fc.assert(
      fc.property(digits(5), digits(5), alphanumerics(11), (bank, branch, account) => {
        expect(check?.(bank + branch + account + cleRib(bank, branch, account))).toBe(true);
      }),
    );
  });

  it('refuses every single-digit change of an all-digit BBAN', () => {
    fc.assert(
      fc.property(digits(5), digits(5), digits(11), (bank, branch, account) => {
        const bban = bank + branch + account + cleRib(bank, branch, account);
        for (const changed of singleDigitChanges(bban, range(0, 23))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses key 00, an alias of 97', () => {
    expect(check?.('0'.repeat(21) + '97')).toBe(true);
    expect(check?.('0'.repeat(23))).toBe(false);
  });
});

describe('published French and Monegasque accounts', () => {
  it('accepts them and refuses a corrupted one', () => {
    for (const iban of [
      'FR1420041010050500013M02606',
      'FR22200410100505QZABCMGEF65',
      'FR7630006000011234567890189',
      'FR3330002005500000157841Z25',
    ]) {
      expect(nationalCheckOf('FR')?.(bbanOf(iban)), iban).toBe(true);
    }
    for (const iban of ['MC5811222000010123456789030', 'MC1112739000700011111000H79', 'MC5810096180790123456789085']) {
      expect(nationalCheckOf('MC')?.(bbanOf(iban)), iban).toBe(true);
    }
    expect(nationalCheckOf('FR')?.(bbanOf('FR1420041010050500013N02606'))).toBe(false);
    expect(nationalCheckOf('MC')?.(bbanOf('MC5811222000010123456789003'))).toBe(false);
  });
});
