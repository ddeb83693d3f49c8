/**
 * Spain (the dígitos de control of the CCC): the first check digit covers "00" + bank + branch,
 * the second the 10-digit account, each with weights 1, 2, 4, 8, 5, 10, 9, 7, 3, 6 and
 * 11 − (sum mod 11), where 11 gives 0 and 10 gives 1 (docs/fields/iban.md#national-check-digits).
 */
import { weightedSum } from '../../checksum.js';

const WEIGHTS: readonly number[] = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
// The bank and branch are 8 digits; the two leading zeros they are padded with weigh nothing.
const BANK_WEIGHTS: readonly number[] = WEIGHTS.slice(2);

function checkDigit(sum: number): number {
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
}

/**
 * Whether both check digits of a Spanish BBAN hold.
 *
 * @example
 * ```ts
 * spain('21000418450200051332'); // true
 * spain('21000418540200051332'); // false
 * ```
 */
export function spain(bban: string): boolean {
  return (
    checkDigit(weightedSum(bban, BANK_WEIGHTS, 0)) === bban.charCodeAt(8) - 48 &&
    checkDigit(weightedSum(bban, WEIGHTS, 10)) === bban.charCodeAt(9) - 48
  );
}
