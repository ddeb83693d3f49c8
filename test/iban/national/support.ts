/**
 * Shared pieces of the national-check tests: digit-string generators and the single-digit
 * substitutions a property feeds to a scheme. The check digits themselves are computed in each
 * test file with the scheme's published formula, never with the code under test.
 */
import fc from 'fast-check';

const DIGIT = fc.constantFrom(...'0123456789'.split(''));
const ALPHANUMERIC = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));

/** Strings of exactly `length` ASCII digits. */
export function digits(length: number): fc.Arbitrary<string> {
  return fc.string({ unit: DIGIT, minLength: length, maxLength: length });
}

/** Strings of exactly `length` digits and upper-case letters. */
export function alphanumerics(length: number): fc.Arbitrary<string> {
  return fc.string({ unit: ALPHANUMERIC, minLength: length, maxLength: length });
}

/** A two-digit number as the two characters a BBAN carries. */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Every string that differs from `value` in exactly one digit at one of `positions`. */
export function singleDigitChanges(value: string, positions: Iterable<number>): string[] {
  const changed: string[] = [];
  for (const position of positions) {
    for (const digit of '0123456789') {
      if (digit !== value[position]) changed.push(value.slice(0, position) + digit + value.slice(position + 1));
    }
  }
  return changed;
}

/** The integers from `start` to `end` (exclusive). */
export function range(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, i) => start + i);
}

/** Σ weights[i] · digit[i] over the digits of `value`. */
export function weighted(value: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < value.length; i++) sum += Number(value[i]) * (weights[i] ?? 0);
  return sum;
}

/** The BBAN of an IBAN: everything after the country code and the check digits. */
export function bbanOf(iban: string): string {
  return iban.slice(4);
}
