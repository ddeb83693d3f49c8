/**
 * Finland: the 14-digit account number in its electronic form ends with a Luhn check digit. The
 * rule is the Federation of Finnish Financial Services' for bank groups 1-6 and 8; accounts of
 * group 7 (payment institutions coded later) and 9 are not checked, because that specification
 * gives them no rule and published group-7 accounts fail it (docs/fields/iban.md#national-check-digits).
 */
import { isLuhnValid } from '../../checksum.js';

/**
 * Whether the check digit of a Finnish BBAN holds; null when the BBAN's bank group has no rule.
 *
 * @example
 * ```ts
 * finland('12345600000785'); // true
 * finland('12345600000786'); // false
 * // Bank group 7 has no rule, so it is not checked:
 * finland('79826661004681'); // null
 * ```
 */
export function finland(bban: string): boolean | null {
  const group = bban.charCodeAt(0);
  return group === 55 || group === 57 ? null : isLuhnValid(bban);
}
