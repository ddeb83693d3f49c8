/**
 * DK: 8 digits (the CVR number), not starting with 0; the weighted sum (2, 7, 6, 5, 4, 3, 2, 1) is
 * divisible by 11.
 *
 * @example
 * ```ts
 * validateVat('DK 10 15 08 17').valid; // true
 * validateVat('DK10159817').message; // "This Danish VAT number's check digit does not match; please check it"
 * ```
 */
import { weightedSum } from '../../../checksum.js';
import { isDigitBody } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** DK: see the file comment. */
export function checkDenmark(body: string): Verdict {
  if (!isDigitBody(body, 8, true)) return BAD_FORMAT;
  return verdictOf(weightedSum(body, WEIGHTS) % 11 === 0);
}
