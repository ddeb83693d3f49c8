/**
 * SI: 8 digits (the davčna številka), not starting with 0; the last is 11 − (weighted sum (8..2)
 * mod 11), where 10 is written 0 and 11 is never issued.
 *
 * @example
 * ```ts
 * validateVat('SI10693661').valid; // true
 * validateVat('SI 5022 3053').message; // "This Slovenian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { isDigitBody } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;

/** SI: see the file comment. */
export function checkSlovenia(body: string): Verdict {
  if (!isDigitBody(body, 8, true)) return BAD_FORMAT;
  const check = 11 - (weightedSum(body, WEIGHTS) % 11);
  return verdictOf(check !== 11 && check % 10 === digitAt(body, 7));
}
