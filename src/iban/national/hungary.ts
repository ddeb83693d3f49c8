/**
 * Hungary: the 8-digit bank-and-branch code and the 16-digit account number each end with a check
 * digit that makes Σ weights · digits a multiple of 10, weights 9, 7, 3, 1 repeated. An account of
 * 8 digits padded with 8 zeros passes the same sum (docs/fields/iban.md#national-check-digits).
 */
import { WEIGHTS_9731, weightedSumHolds } from './weighted.js';

const BRANCH_WEIGHTS: readonly number[] = WEIGHTS_9731.slice(0, 8);

/**
 * Whether both check digits of a Hungarian BBAN hold.
 *
 * @example
 * ```ts
 * hungary('117730161111101800000000'); // true
 * hungary('117730171111101800000000'); // false
 * ```
 */
export function hungary(bban: string): boolean {
  return weightedSumHolds(bban, 0, BRANCH_WEIGHTS, 10) && weightedSumHolds(bban, 8, WEIGHTS_9731, 10);
}
