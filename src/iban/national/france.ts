/**
 * France and Monaco (the clé RIB): the 23-character BBAN, each letter of the account number read
 * as the digit of the RIB table (A-I and J-R are 1-9, S-Z are 2-9), is a multiple of 97; the key
 * runs from 01 to 97 (docs/fields/iban.md#national-check-digits).
 */

/**
 * Whether the clé RIB of a French or Monegasque BBAN holds.
 *
 * @example
 * ```ts
 * france('20041010050500013M02606'); // true
 * france('20041010050500013N02606'); // false
 * ```
 */
export function france(bban: string): boolean {
  if (bban.charCodeAt(21) === 48 && bban.charCodeAt(22) === 48) return false;
  let remainder = 0;
  for (let i = 0; i < 23; i++) {
    const code = bban.charCodeAt(i);
    // A (65) to I: 1-9; J (74) to R: 1-9; S (83) to Z: 2-9.
    const digit = code < 65 ? code - 48 : code < 74 ? code - 64 : code < 83 ? code - 73 : code - 81;
    remainder = (remainder * 10 + digit) % 97;
  }
  return remainder === 0;
}
