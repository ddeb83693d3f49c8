/**
 * FI: 8 digits (the Y-tunnus without its dash); the weighted sum (7, 9, 10, 5, 8, 4, 2, 1) is
 * divisible by 11.
 *
 * @example
 * ```ts
 * validateVat('FI18261444').valid; // true
 * validateVat('FI20774741').message; // "This Finnish VAT number's check digit does not match; please check it"
 * ```
 */
import { weightedSum } from '../../../checksum.js';
import { isDigitBody, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1] as const;

/** FI: see the file comment. */
export function checkFinland(body: string): Verdict {
  if (!isDigitBody(body, 8, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 7)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, WEIGHTS) % 11 === 0);
}
