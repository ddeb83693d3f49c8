/**
 * EE: 9 digits (the KMKR number); the weighted sum (3, 7, 1 repeated) is divisible by 10.
 *
 * @example
 * ```ts
 * validateVat('EE101256753').valid; // true
 * validateVat('EE101256754').message; // "This Estonian VAT number's check digit does not match; please check it"
 * ```
 */
import { weightedSum } from '../../../checksum.js';
import { isDigitBody, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** EE: see the file comment. */
export function checkEstonia(body: string): Verdict {
  if (!isDigitBody(body, 9, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, WEIGHTS) % 10 === 0);
}
