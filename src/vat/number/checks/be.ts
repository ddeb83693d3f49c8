/**
 * BE: 10 digits starting with 0 or 1 (the 1-series opened in 2023); the last two are
 * 97 − (the first eight mod 97). Old 9-digit numbers are the same number with a leading 0, which
 * some write as `(0)`: both are rewritten to the 10 digits.
 *
 * @example
 * ```ts
 * validateVat('BE 0428.759.497').normalizedValue; // 'BE0428759497'
 * validateVat('BE 986.375.479').normalizedValue; // 'BE0986375479'
 * validateVat('BE697449982').message; // "This Belgian VAT number's check digits do not match; please check it"
 * ```
 */
import { ZERO } from '../../../char-codes.js';
import { digitsBetween, isDigitBody, numberBetween, remainderBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** BE: see the file comment. */
export function checkBelgium(body: string): Verdict {
  if (!isDigitBody(body, 10, false)) return BAD_FORMAT;
  const first = body.charCodeAt(0);
  if (first !== ZERO && first !== ZERO + 1) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf(97 - remainderBetween(body, 0, 8, 97) === numberBetween(body, 8, 10));
}

/** The 10-digit form of an old 9-digit number, with or without its `(0)`. */
export function canonicalBelgium(body: string): string {
  if (body.charCodeAt(0) === 40 /* ( */ && body.charCodeAt(1) === ZERO && body.charCodeAt(2) === 41 /* ) */) {
    return '0' + body.slice(3);
  }
  return body.length === 9 && digitsBetween(body, 0, 9) ? '0' + body : body;
}
