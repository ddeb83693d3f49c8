import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDigits, isLuhnValid, luhnCheckDigit, mod11_10CheckDigit, mod97, weightedSum } from '../src/checksum.js';

const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** Reference mod 97 through BigInt, letters expanded to two digits as ISO 7064 says. */
function bigMod97(value: string): number {
  const expanded = value.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return Number(BigInt(expanded) % 97n);
}

describe('Luhn', () => {
  it('accepts the published examples and rejects their typos', () => {
    // The Canadian SIN example of the Government of Canada and a well-known card test number.
    expect(isLuhnValid('046454286')).toBe(true);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('046454287')).toBe(false);
    expect(isLuhnValid('4111111111111112')).toBe(false);
  });

  it('the computed check digit always completes a valid number, and any other digit fails', () => {
    fc.assert(
      fc.property(digitString(1, 30), fc.integer({ min: 1, max: 9 }), (payload, shift) => {
        const check = luhnCheckDigit(payload);
        expect(isLuhnValid(payload + check)).toBe(true);
        expect(isLuhnValid(payload + ((check + shift) % 10))).toBe(false);
      }),
    );
  });
});

describe('ISO 7064 MOD 97-10', () => {
  it('agrees with big-integer arithmetic for digits and letters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,40}$/), (value) => {
        expect(mod97(value)).toBe(bigMod97(value));
      }),
    );
  });

  it('gives 1 for the rearranged example IBAN DE89 3704 0044 0532 0130 00', () => {
    expect(mod97('370400440532013000DE89')).toBe(1);
    expect(mod97('370400440532013000DE88')).not.toBe(1);
  });
});

describe('ISO 7064 MOD 11,10', () => {
  it('is satisfied by the check digit it computes, and by no other digit', () => {
    fc.assert(
      fc.property(digitString(1, 12), fc.integer({ min: 1, max: 9 }), (payload, shift) => {
        const check = mod11_10CheckDigit(payload);
        expect(check).toBeGreaterThanOrEqual(0);
        expect(check).toBeLessThanOrEqual(9);
        expect(mod11_10CheckDigit(payload) === (check + shift) % 10).toBe(false);
      }),
    );
  });

  it('reproduces the check digit of the Croatian OIB example 94577403194', () => {
    expect(mod11_10CheckDigit('9457740319')).toBe(4);
  });
});

describe('helpers', () => {
  it('weightedSum multiplies digit by weight from the start position', () => {
    expect(weightedSum('x123', [1, 10, 100], 1)).toBe(321);
  });

  it('isDigits accepts only non-empty ASCII digit strings', () => {
    expect(isDigits('0123456789')).toBe(true);
    expect(isDigits('')).toBe(false);
    expect(isDigits('12a')).toBe(false);
    expect(isDigits('１２')).toBe(false);
  });
});
