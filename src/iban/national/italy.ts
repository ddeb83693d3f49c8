/**
 * Italy and San Marino (the CIN): the letter before ABI, CAB and account is A + (S mod 26), where S
 * sums, over those 22 characters, the odd-position table below for the 1st, 3rd, … character and
 * the plain value (0-9, A = 0 … Z = 25) for the 2nd, 4th, … (docs/fields/iban.md#national-check-digits).
 */

// Value of 0-9 and A-Z (0-25) at an odd position; digits and letters of the same rank share it.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/**
 * Whether the CIN of an Italian or Sammarinese BBAN holds.
 *
 * @example
 * ```ts
 * italy('X0542811101000000123456'); // true
 * italy('S0542811101000000123456'); // false
 * ```
 */
export function italy(bban: string): boolean {
  let sum = 0;
  for (let i = 1; i < 23; i++) {
    const code = bban.charCodeAt(i);
    const value = code < 65 ? code - 48 : code - 65;
    // i = 1 is the first character after the CIN: an odd position.
    sum += i % 2 === 1 ? (ODD[value] as number) : value;
  }
  return bban.charCodeAt(0) - 65 === sum % 26;
}
