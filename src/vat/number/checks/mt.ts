/**
 * MT: 8 digits, not starting with 0; the weighted sum (3, 4, 6, 7, 8, 9, 10, 1) is divisible by 37.
 *
 * @example
 * ```ts
 * validateVat('MT10126313').valid; // true
 * validateVat('MT 1167-9113').message; // "This Maltese VAT number's check digits do not match; please check it"
 * ```
 */
import { weightedSum } from '../../../checksum.js';
import { isDigitBody } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [3, 4, 6, 7, 8, 9, 10, 1] as const;

/** MT: see the file comment. */
export function checkMalta(body: string): Verdict {
  if (!isDigitBody(body, 8, true)) return BAD_FORMAT;
  return verdictOf(weightedSum(body, WEIGHTS) % 37 === 0);
}
