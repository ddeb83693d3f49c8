import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { alphanumerics, bbanOf, digits, range } from './support.js';

// The published CIN tables: the value of a character at an odd position (1st, 3rd, …), and at an even one.
const ODD_VALUES = '1 0 5 7 9 13 15 17 19 21 2 4 18 20 11 3 6 8 12 14 16 10 22 25 24 23'.split(' ').map(Number);
const SYMBOLS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function rank(c: string): number {
  return SYMBOLS.includes(c) ? SYMBOLS.indexOf(c) : LETTERS.indexOf(c);
}

/** The CIN letter of ABI + CAB + account (22 characters). */
function cin(rest: string): string {
  let sum = 0;
  [...rest].forEach((c, i) => {
    sum += i % 2 === 0 ? (ODD_VALUES[rank(c)] as number) : rank(c);
  });
  return LETTERS[sum % 26] as string;
}

describe.each(['IT', 'SM'])('%s: the CIN', (country) => {
  const check = nationalCheckOf(country);

  it('accepts every BBAN whose CIN is computed from the tables, letters in the account included', () => {
    fc.assert(
      fc.property(digits(10), alphanumerics(12), (abiCab, account) => {
        expect(check?.(cin(abiCab + account) + abiCab + account)).toBe(true);
      }),
    );
  });

  it('refuses every other CIN letter and every single-digit change of ABI, CAB and an all-digit account', () => {
    fc.assert(
      fc.property(digits(22), (rest) => {
        const letter = cin(rest);
        for (const other of LETTERS) if (other !== letter) expect(check?.(other + rest)).toBe(false);
        for (const position of range(0, 22)) {
          for (const digit of SYMBOLS) {
            if (digit === rest[position]) continue;
            const changed = rest.slice(0, position) + digit + rest.slice(position + 1);
            expect(check?.(letter + changed), changed).toBe(false);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('published Italian and Sammarinese accounts', () => {
  it('accepts them and refuses the same account under another CIN', () => {
    for (const iban of ['IT60X0542811101000000123456', 'IT43K0310412701000000820420']) {
      expect(nationalCheckOf('IT')?.(bbanOf(iban)), iban).toBe(true);
    }
    for (const iban of ['SM86U0322509800000000270100', 'SM76P0854009812123456789123']) {
      expect(nationalCheckOf('SM')?.(bbanOf(iban)), iban).toBe(true);
    }
    // A widely copied example: the registry's account with CIN S instead of X (its IBAN check digits match it).
    expect(nationalCheckOf('IT')?.(bbanOf('IT40S0542811101000000123456'))).toBe(false);
  });
});
