/**
 * Estonia (the 7-3-1 method): over the 14-digit account number after the 2-digit bank code,
 * weights 7, 3, 1 counted from the right of the digits before the check digit, and 1 for the
 * check digit, sum to a multiple of 10 (docs/fields/iban.md#national-check-digits).
 */
import { weightedSumHolds } from './weighted.js';

// Read from the left: 14 digits, the last (the check digit) weighing 1.
const WEIGHTS: readonly number[] = [7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1];

/**
 * Whether the check digit of an Estonian BBAN holds.
 *
 * @example
 * ```ts
 * estonia('2200221020145685'); // true
 * estonia('2200221020145658'); // false
 * ```
 */
export function estonia(bban: string): boolean {
  return weightedSumHolds(bban, 2, WEIGHTS, 10);
}
