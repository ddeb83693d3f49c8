/**
 * IT: 11 digits (the partita IVA): a non-zero company serial (digits 1–7), a provincial office
 * code (digits 8–10) of 001–100, 120, 121, 888 or 999, and a check digit that makes the whole
 * number pass Luhn.
 *
 * @example
 * ```ts
 * validateVat('IT00743110157').valid; // true
 * validateVat('IT00743110158').message; // "This Italian VAT number's check digit does not match; please check it"
 * ```
 */
import { isLuhnValid } from '../../../checksum.js';
import { isDigitBody, numberBetween, zerosBetween } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** IT: see the file comment. */
export function checkItaly(body: string): Verdict {
  if (!isDigitBody(body, 11, false) || zerosBetween(body, 0, 7)) return BAD_FORMAT;
  const office = numberBetween(body, 7, 10);
  if (!((office >= 1 && office <= 100) || office === 120 || office === 121 || office === 888 || office === 999)) {
    return BAD_FORMAT;
  }
  return verdictOf(isLuhnValid(body));
}
