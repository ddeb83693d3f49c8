/**
 * Poland: the 8-digit numer rozliczeniowy (bank and branch) ends with a check digit that makes
 * Σ weights · digits a multiple of 10, weights 3, 9, 7, 1, 3, 9, 7, 1. The 16-digit account
 * number has no check digit of its own (docs/fields/iban.md#national-check-digits).
 */
import { weightedSumHolds } from './weighted.js';

const WEIGHTS: readonly number[] = [3, 9, 7, 1, 3, 9, 7, 1];

/**
 * Whether the check digit of a Polish BBAN's bank-and-branch number holds.
 *
 * @example
 * ```ts
 * poland('109010140000071219812874'); // true
 * poland('109010150000071219812874'); // false
 * ```
 */
export function poland(bban: string): boolean {
  return weightedSumHolds(bban, 0, WEIGHTS, 10);
}
