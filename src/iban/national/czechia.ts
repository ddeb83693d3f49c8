/**
 * Czechia and Slovakia: after the 4-digit bank code, the 6-digit prefix (předčíslí / predčíslie)
 * with weights 10, 5, 8, 4, 2, 1 and the 10-digit account number with weights 6, 3, 7, 9, 10, 5,
 * 8, 4, 2, 1 each sum to a multiple of 11 (docs/fields/iban.md#national-check-digits).
 */
import { weightedSumHolds } from './weighted.js';

const ACCOUNT_WEIGHTS: readonly number[] = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];
const PREFIX_WEIGHTS: readonly number[] = ACCOUNT_WEIGHTS.slice(4);

/**
 * Whether the prefix and account number of a Czech or Slovak BBAN pass their checks.
 *
 * @example
 * ```ts
 * czechia('08000000192000145399'); // true
 * czechia('08000000182000145399'); // false
 * ```
 */
export function czechia(bban: string): boolean {
  return weightedSumHolds(bban, 4, PREFIX_WEIGHTS, 11) && weightedSumHolds(bban, 10, ACCOUNT_WEIGHTS, 11);
}
