/**
 * CY: 8 digits (not starting with 12) and a check letter: A + (sum mod 26), where the digits in
 * odd positions (1st, 3rd, …) count by a table and the others by their value.
 *
 * @example
 * ```ts
 * validateVat('CY00632993F').valid; // true
 * validateVat('CY00632893F').message; // "This Cypriot VAT number's check letter does not match; please check it"
 * ```
 */
import { digitAt } from '../../../checksum.js';
import { UPPER_A, UPPER_Z, ZERO } from '../../../char-codes.js';
import { digitsBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** Values of a digit in an odd position (1st, 3rd, …) in the check-letter sum. */
const ODD_POSITION_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21] as const;

/** CY: see the file comment. */
export function checkCyprus(body: string): Verdict {
  if (body.length !== 9 || !digitsBetween(body, 0, 8)) return BAD_FORMAT;
  const letter = body.charCodeAt(8);
  if (letter < UPPER_A || letter > UPPER_Z) return BAD_FORMAT;
  if (body.charCodeAt(0) === ZERO + 1 && body.charCodeAt(1) === ZERO + 2) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const d = digitAt(body, i);
    sum += i % 2 === 0 ? (ODD_POSITION_VALUES[d] as number) : d;
  }
  return verdictOf(UPPER_A + (sum % 26) === letter);
}
