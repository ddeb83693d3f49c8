/**
 * IE: 8 or 9 characters. The current form is 7 digits, a check letter and, since 2013, an
 * optional 9th letter (A or H on company numbers, W on older personal ones). The old form is a
 * digit, a letter or `+`/`*`, 5 digits and the check letter; it is checked by rewriting it as
 * 0 + digits 3–7 + digit 1.
 *
 * @example
 * ```ts
 * validateVat('IE 6433435 IH').valid; // true
 * validateVat('IE 5339273F').message; // "This Irish VAT number's check letter does not match; please check it"
 * ```
 */
import { digitAt } from '../../../checksum.js';
import { PLUS, STAR, UPPER_A, UPPER_Z } from '../../../char-codes.js';
import { digitsBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/** Check letters by value: W stands for 0, A to V for 1 to 22 (X, Y and Z are not used). */
const ALPHABET = 'WABCDEFGHIJKLMNOPQRSTUV';

/** IE: see the file comment. */
export function checkIreland(body: string): Verdict {
  const length = body.length;
  if ((length !== 8 && length !== 9) || !digitsBetween(body, 0, 1) || !digitsBetween(body, 2, 7)) return BAD_FORMAT;
  const checkLetter = body.charCodeAt(7);
  if (!ALPHABET.includes(body.charAt(7))) return BAD_FORMAT;
  const ninth = length === 9 ? ALPHABET.indexOf(body.charAt(8)) : 0;
  if (ninth < 0) return BAD_FORMAT;

  let sum: number;
  const second = body.charCodeAt(1);
  if (second >= 48 && second <= 57) {
    sum = 9 * ninth;
    for (let i = 0; i < 7; i++) sum += (8 - i) * digitAt(body, i);
  } else if ((second >= UPPER_A && second <= UPPER_Z) || second === PLUS || second === STAR) {
    // Old form: as the new one written 0, digits 3–7, digit 1 (the 9th letter does not count).
    sum = 2 * digitAt(body, 0);
    for (let i = 2; i < 7; i++) sum += (9 - i) * digitAt(body, i);
  } else {
    return BAD_FORMAT;
  }
  // The number is 0 when its digits are (in the old form the second character is not one).
  if (zerosBetween(body, 0, 1) && zerosBetween(body, 2, 7) && !(second >= 49 && second <= 57)) return ALL_ZEROS;
  return ALPHABET.charCodeAt(sum % 23) === checkLetter ? VALID : BAD_CHECK;
}
