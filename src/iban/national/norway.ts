/**
 * Norway: Σ weights · digits over the 11-digit kontonummer, weights 5, 4, 3, 2, 7, 6, 5, 4, 3, 2
 * and 1 for the check digit, is a multiple of 11 (a remainder that would need check digit 10 is
 * never issued). When digits 5 and 6 are 00, the check covers digits 7 to 11 only
 * (docs/fields/iban.md#national-check-digits).
 */
import { weightedSumHolds } from './weighted.js';

const WEIGHTS: readonly number[] = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2, 1];
const SHORT_WEIGHTS: readonly number[] = [5, 4, 3, 2, 1];

/**
 * Whether the check digit of a Norwegian BBAN holds.
 *
 * @example
 * ```ts
 * norway('86011117947'); // true
 * norway('86011117948'); // false
 * ```
 */
export function norway(bban: string): boolean {
  return bban.charCodeAt(4) === 48 && bban.charCodeAt(5) === 48
    ? weightedSumHolds(bban, 6, SHORT_WEIGHTS, 11)
    : weightedSumHolds(bban, 0, WEIGHTS, 11);
}
