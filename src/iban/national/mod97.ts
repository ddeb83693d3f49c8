/**
 * The national schemes that are ISO 7064 MOD 97-10 over the whole BBAN, the last two digits
 * included: the remainder is 1, as for the IBAN itself (docs/fields/iban.md#national-check-digits).
 */
import { mod97Range } from '../../checksum.js';

/**
 * Whether the BBAN is 1 modulo 97 with check digits between 02 and 98: 00, 01 and 99 are aliases
 * of 97, 98 and 02 that MOD 97-10 never produces, as for IBAN check digits (src/iban/index.ts).
 *
 * @example
 * ```ts
 * isMod97_10('1290079401028494'); // true
 * isMod97_10('1290079401028495'); // false
 * ```
 */
export function isMod97_10(bban: string): boolean {
  const last = bban.length - 2;
  const check = (bban.charCodeAt(last) - 48) * 10 + bban.charCodeAt(last + 1) - 48;
  return check >= 2 && check <= 98 && mod97Range(bban, 0, bban.length) === 1;
}

/**
 * A MOD 97-10 scheme that a central bank does not apply to its own accounts: a BBAN that starts
 * with `exempt` is not checked (null).
 *
 * @example
 * ```ts
 * const serbia = mod97_10Except('908');
 * serbia('260005601001611379'); // true
 * serbia('260005601001611397'); // false
 * // The central bank's own accounts are not checked:
 * serbia('908000000000000000'); // null
 * ```
 */
export function mod97_10Except(exempt: string): (bban: string) => boolean | null {
  return (bban) => (bban.startsWith(exempt) ? null : isMod97_10(bban));
}
