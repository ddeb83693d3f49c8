/**
 * Individual Taxpayer Identification Numbers share the SSN layout but start with 9. The IRS names
 * the groups (fourth and fifth digits) it assigns to ITINs: 50-65, 70-88, 90-92 and 94-99 (IRS
 * Pub 1915 / 4757). python-stdnum leaves out 50-65; we follow the IRS.
 */
import { digitAt } from '../checksum.js';

const ITIN_GROUP_RANGES: readonly (readonly [number, number])[] = [
  [50, 65],
  [70, 88],
  [90, 92],
  [94, 99],
];

/** Index 0-99: 1 when that group number is an ITIN group. */
const IS_ITIN_GROUP = new Uint8Array(100);
for (const [from, to] of ITIN_GROUP_RANGES) IS_ITIN_GROUP.fill(1, from, to + 1);

/**
 * Whether nine digits are shaped as an ITIN: first digit 9 and an ITIN group.
 * @example
 * ```ts
 * isItin('912701234'); // true
 * isItin('912401234'); // false
 * ```
 */
export function isItin(digits: string): boolean {
  return digitAt(digits, 0) === 9 && IS_ITIN_GROUP[digitAt(digits, 3) * 10 + digitAt(digits, 4)] === 1;
}
