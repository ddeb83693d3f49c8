/**
 * SE: 12 digits ending in 01: the 10-digit organisation number (for a sole trader, the owner's
 * personnummer), which passes Luhn, then 01.
 *
 * @example
 * ```ts
 * validateVat('SE556043606401').valid; // true
 * validateVat('SE123456789101').message; // "This Swedish VAT number's check digit does not match; please check it"
 * ```
 */
import { isLuhnValid } from '../../../checksum.js';
import { ZERO } from '../../../char-codes.js';
import { isDigitBody, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** SE: see the file comment. */
export function checkSweden(body: string): Verdict {
  if (!isDigitBody(body, 12, false) || body.charCodeAt(10) !== ZERO || body.charCodeAt(11) !== ZERO + 1) {
    return BAD_FORMAT;
  }
  if (zerosBetween(body, 0, 9)) return ALL_ZEROS;
  return verdictOf(isLuhnValid(body.slice(0, 10)));
}
