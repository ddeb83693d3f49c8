/**
 * HU: 8 digits (the first part of the adószám); the weighted sum (9, 7, 3, 1 repeated) is
 * divisible by 10.
 *
 * @example
 * ```ts
 * validateVat('HU11377304').valid; // true
 * validateVat('HU-12892313').message; // "This Hungarian VAT number's check digit does not match; please check it"
 * ```
 */
import { weightedSum } from '../../../checksum.js';
import { isDigitBody, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [9, 7, 3, 1, 9, 7, 3, 1] as const;

/** HU: see the file comment. */
export function checkHungary(body: string): Verdict {
  if (!isDigitBody(body, 8, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 7)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, WEIGHTS) % 10 === 0);
}
