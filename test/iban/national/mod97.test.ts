import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { bbanOf, digits, range, singleDigitChanges, twoDigits } from './support.js';

/**
 * ISO 7064 MOD 97-10 check digits of a digit payload, as the central banks publish them:
 * 98 − (payload · 100 mod 97).
 */
function mod97_10CheckDigits(payload: string): string {
  return twoDigits(98 - Number((BigInt(payload) * 100n) % 97n));
}

/** Country, BBAN length, published IBANs that hold, and one of them with its control digits swapped. */
const COUNTRIES: readonly (readonly [string, number, readonly string[], string])[] = [
  ['BA', 16, ['BA391290079401028494', 'BA391990440001200279', 'BA393385804800211234'], 'BA391290079401028495'],
  ['ME', 18, ['ME25505000012345678951', 'ME25907000000005800138', 'ME25510260797324001246'], 'ME25505000012345678915'],
  [
    'PT',
    21,
    ['PT50000201231234567890154', 'PT50002600000524218600185', 'PT50000405010020500101441'],
    'PT50000201231234567890145',
  ],
  ['RS', 18, ['RS35260005601001611379', 'RS35105008123123123173'], 'RS35260005601001611397'],
];

describe.each(COUNTRIES)('%s: ISO 7064 MOD 97-10 over the whole BBAN', (country, length, valid, corrupted) => {
  const check = nationalCheckOf(country);

  it('accepts published accounts and refuses one with swapped control digits', () => {
    expect(check).toBeDefined();
    for (const iban of valid) expect(check?.(bbanOf(iban)), iban).toBe(true);
    expect(check?.(bbanOf(corrupted))).toBe(false);
  });

  it('accepts every BBAN whose control number is computed by the formula, and no single-digit change of it', () => {
    fc.assert(
      fc.property(digits(length - 2), (payload) => {
        fc.pre(!(country === 'RS' && payload.startsWith('908')));
        const bban = payload + mod97_10CheckDigits(payload);
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(0, length))) {
          if (!(country === 'RS' && changed.startsWith('908'))) expect(check?.(changed), changed).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('refuses the control numbers 00, 01 and 99, which the formula never gives', () => {
    fc.assert(
      fc.property(digits(length - 2), fc.constantFrom('00', '01', '99'), (payload, alias) => {
        fc.pre(!(country === 'RS' && payload.startsWith('908')));
        expect(check?.(payload + alias)).toBe(false);
      }),
    );
  });
});

describe('RS: the National Bank of Serbia’s own accounts', () => {
  it('are not checked (bank code 908), while the same number under another bank code is', () => {
    expect(nationalCheckOf('RS')?.('908000000000000000')).toBeNull();
    expect(nationalCheckOf('RS')?.('908000000000000099')).toBeNull();
    expect(nationalCheckOf('RS')?.('907000000000000000')).toBe(false);
  });
});

describe('BE: the last two digits are the first ten modulo 97 (97 for 0)', () => {
  const check = nationalCheckOf('BE');

  it('accepts published accounts and refuses a corrupted one', () => {
    for (const iban of ['BE68539007547034', 'BE71096123456769', 'BE45102000000089', 'BE31435411161155']) {
      expect(check?.(bbanOf(iban)), iban).toBe(true);
    }
    expect(check?.(bbanOf('BE68539007547043'))).toBe(false);
  });

  it('accepts the formula’s check digits, 97 for a multiple of 97, and no single-digit change', () => {
    fc.assert(
      fc.property(digits(10), (payload) => {
        const bban = payload + twoDigits(Number(BigInt(payload) % 97n) || 97);
        expect(check?.(bban)).toBe(true);
        for (const changed of singleDigitChanges(bban, range(0, 12))) expect(check?.(changed), changed).toBe(false);
      }),
      { numRuns: 300 },
    );
    expect(check?.('000000009797')).toBe(true);
    expect(check?.('000000009700')).toBe(false);
  });
});
