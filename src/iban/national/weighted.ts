/**
 * Weighted sums for the schemes whose check digit makes Σ weight · digit a multiple of the modulus
 * over a group of the BBAN, the check digit itself included with its own weight
 * (docs/fields/iban.md#national-check-digits).
 */
import { weightedSum } from '../../checksum.js';

/**
 * Whether Σ weights[i] · digit(start + i) is a multiple of `modulus`.
 *
 * @example
 * ```ts
 * weightedSumHolds('10901014', 0, [3, 9, 7, 1, 3, 9, 7, 1], 10); // true
 * weightedSumHolds('10901015', 0, [3, 9, 7, 1, 3, 9, 7, 1], 10); // false
 * ```
 */
export function weightedSumHolds(bban: string, start: number, weights: readonly number[], modulus: number): boolean {
  return weightedSum(bban, weights, start) % modulus === 0;
}

/** 9, 7, 3, 1 repeated: the Hungarian and Albanian bank-and-branch weights. */
export const WEIGHTS_9731: readonly number[] = [9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3, 1];
