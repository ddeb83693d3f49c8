/**
 * AT: `U` and 8 digits (the UID-Nummer, `ATU13585627`). The 8th digit is the check: the 2nd, 4th
 * and 6th digits are doubled as in Luhn, the sum offset by 4, and the check is 10 − that mod 10.
 *
 * @example
 * ```ts
 * validateVat('ATU 142 43 102').valid; // true
 * validateVat('ATU 143 43 102').message; // "This Austrian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt } from '../../../checksum.js';
import { digitsBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** AT: see the file comment. */
export function checkAustria(body: string): Verdict {
  if (body.length !== 9 || body.charCodeAt(0) !== 85 /* U */ || !digitsBetween(body, 1, 9)) return BAD_FORMAT;
  if (zerosBetween(body, 1, 8)) return ALL_ZEROS;
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    let d = digitAt(body, 1 + i);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return verdictOf((10 - ((sum + 4) % 10)) % 10 === digitAt(body, 8));
}
