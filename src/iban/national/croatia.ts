/**
 * Croatia: the 7-digit bank code and the 10-digit account number each end with an ISO 7064
 * MOD 11,10 check digit (docs/fields/iban.md#national-check-digits).
 */
import { mod11_10CheckDigit } from '../../checksum.js';

/**
 * Whether both check digits of a Croatian BBAN hold.
 *
 * @example
 * ```ts
 * croatia('10010051863000160'); // true
 * croatia('10010061863000160'); // false
 * ```
 */
export function croatia(bban: string): boolean {
  return (
    mod11_10CheckDigit(bban.slice(0, 6)) === bban.charCodeAt(6) - 48 &&
    mod11_10CheckDigit(bban.slice(7, 16)) === bban.charCodeAt(16) - 48
  );
}
