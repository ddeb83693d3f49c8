/**
 * HR: the 11-digit OIB; the last digit is the ISO 7064 MOD 11,10 check digit of the first ten.
 *
 * @example
 * ```ts
 * validateVat('HR02574432339').valid; // true
 * validateVat('HR33392005962').message; // "This Croatian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, mod11_10CheckDigit } from '../../../checksum.js';
import { isDigitBody, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** HR: see the file comment. */
export function checkCroatia(body: string): Verdict {
  if (!isDigitBody(body, 11, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 10)) return ALL_ZEROS;
  return verdictOf(mod11_10CheckDigit(body.slice(0, 10)) === digitAt(body, 10));
}
