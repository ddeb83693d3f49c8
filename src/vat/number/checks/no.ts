/**
 * NO (outside VIES): the 9-digit organisation number and `MVA`. The 9th digit is
 * (11 − weighted sum (3, 2, 7, 6, 5, 4, 3, 2) mod 11) mod 11; 10 is never issued.
 *
 * @example
 * ```ts
 * validateVat('NO 995 525 828 MVA').valid; // true
 * validateVat('NO 995 525 829 MVA').message; // "This Norwegian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { digitsBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** NO: see the file comment. */
export function checkNorway(body: string): Verdict {
  if (
    body.length !== 12 ||
    !digitsBetween(body, 0, 9) ||
    body.charCodeAt(9) !== 77 /* M */ ||
    body.charCodeAt(10) !== 86 /* V */ ||
    body.charCodeAt(11) !== 65 /* A */
  ) {
    return BAD_FORMAT;
  }
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf((11 - (weightedSum(body, WEIGHTS) % 11)) % 11 === digitAt(body, 8));
}
