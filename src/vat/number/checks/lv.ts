/**
 * LV: 11 digits. A first digit above 3 is a legal entity; otherwise it is a personal code, either
 * DDMMYY + century digit (0 = 1800s, 1 = 1900s, 2 = 2000s) + serial + check, or, since 2017,
 * `32` + 9 digits with no date in it.
 *
 * @example
 * ```ts
 * validateVat('LV40003009497').valid; // true
 * validateVat('LV 40003189715').message; // "This Latvian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { ZERO } from '../../../char-codes.js';
import { digitsBetween, isRealDate, numberBetween } from './digits.js';
import { BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';
const LEGAL_WEIGHTS = [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1] as const;
const PERSONAL_WEIGHTS = [10, 5, 8, 4, 2, 1, 6, 3, 7, 9] as const;

/** LV: see the file comment. */
export function checkLatvia(body: string): Verdict {
  if (body.length !== 11 || !digitsBetween(body, 0, 11)) return BAD_FORMAT;
  const first = body.charCodeAt(0);
  if (first > ZERO + 3) return weightedSum(body, LEGAL_WEIGHTS) % 11 === 3 ? VALID : BAD_CHECK;
  const isDateless = first === ZERO + 3 && body.charCodeAt(1) === ZERO + 2;
  if (!isDateless) {
    const year = 1800 + 100 * digitAt(body, 6) + numberBetween(body, 4, 6);
    if (!isRealDate(year, numberBetween(body, 2, 4), numberBetween(body, 0, 2))) return BAD_FORMAT;
  }
  return ((1 + weightedSum(body, PERSONAL_WEIGHTS)) % 11) % 10 === digitAt(body, 10) ? VALID : BAD_CHECK;
}
