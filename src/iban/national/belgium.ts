/**
 * Belgium: the last two digits of the 12-digit BBAN are the first ten modulo 97, with 97 for a
 * remainder of 0 (docs/fields/iban.md#national-check-digits).
 */
import { mod97Range } from '../../checksum.js';

/**
 * Whether the check digits of a Belgian BBAN hold.
 *
 * @example
 * ```ts
 * belgium('539007547034'); // true
 * belgium('539007547043'); // false
 * ```
 */
export function belgium(bban: string): boolean {
  const expected = mod97Range(bban, 0, 10) || 97;
  return Number(bban.slice(10, 12)) === expected;
}
