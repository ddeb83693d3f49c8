/**
 * LU: 8 digits; the last two are the first six mod 89.
 *
 * @example
 * ```ts
 * validateVat('LU 242 317 59').valid; // true
 * validateVat('LU 150 274 43').message; // "This Luxembourg VAT number's check digits do not match; please check it"
 * ```
 */
import { isDigitBody, numberBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** LU: see the file comment. */
export function checkLuxembourg(body: string): Verdict {
  if (!isDigitBody(body, 8, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 6)) return ALL_ZEROS;
  return verdictOf(numberBetween(body, 0, 6) % 89 === numberBetween(body, 6, 8));
}
