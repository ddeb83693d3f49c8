/**
 * PL: 10 digits (the NIP); the last is the weighted sum (6, 5, 7, 2, 3, 4, 5, 6, 7) of the first
 * nine mod 11, where 10 cannot be written and so is never issued.
 *
 * @example
 * ```ts
 * validateVat('PL5261025421').valid; // true
 * validateVat('PL 8567346216').message; // "This Polish VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { isDigitBody, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** PL: see the file comment. */
export function checkPoland(body: string): Verdict {
  if (!isDigitBody(body, 10, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 9)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, WEIGHTS) % 11 === digitAt(body, 9));
}
