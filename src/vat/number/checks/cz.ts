/**
 * CZ: 8 digits for a legal entity (not starting with 9), 9 digits starting with 6 for the
 * "special" individuals without a birth number, otherwise a person's 9- or 10-digit birth number
 * (birth-number.ts), whose date must not be after today.
 *
 * @example
 * ```ts
 * validateVat('CZ25123891').valid; // true
 * validateVat('CZ 7103192745').valid; // true
 * validateVat('CZ 25557481').message; // "This Czech VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import type { Clock } from '../../../ports.js';
import { checkBirthNumber } from './birth-number.js';
import { ZERO } from '../../../char-codes.js';
import { digitsBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;

/** CZ: see the file comment. */
export function checkCzechia(body: string, now: Clock): Verdict {
  const length = body.length;
  if (length < 8 || length > 10 || !digitsBetween(body, 0, length)) return BAD_FORMAT;
  if (length === 8) {
    if (body.charCodeAt(0) === ZERO + 9) return BAD_FORMAT;
    if (zerosBetween(body, 0, 7)) return ALL_ZEROS;
    // 11 − (sum mod 11), where 11 is written 1 and 10 is written 0.
    const check = (11 - (weightedSum(body, WEIGHTS) % 11)) % 11;
    return (check === 0 ? 1 : check % 10) === digitAt(body, 7) ? VALID : BAD_CHECK;
  }
  if (length === 9 && body.charCodeAt(0) === ZERO + 6) {
    const sum = weightedSum(body, WEIGHTS, 1) % 11;
    const check = (((8 - ((10 - sum) % 11)) % 10) + 10) % 10;
    return check === digitAt(body, 8) ? VALID : BAD_CHECK;
  }
  return checkBirthNumber(body, now);
}
