/**
 * PT: 9 digits (the NIF), not starting with 0; the last is (11 − weighted sum (9..2) mod 11)
 * mod 11 mod 10.
 *
 * @example
 * ```ts
 * validateVat('PT503038083').valid; // true
 * validateVat('PT 501 964 842').message; // "This Portuguese VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { isDigitBody } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2] as const;

/** PT: see the file comment. */
export function checkPortugal(body: string): Verdict {
  if (!isDigitBody(body, 9, true)) return BAD_FORMAT;
  return verdictOf(((11 - (weightedSum(body, WEIGHTS) % 11)) % 11) % 10 === digitAt(body, 8));
}
