/**
 * GB and XI (Northern Ireland uses the UK's numbers): 9 digits, or 12 with a 3-digit branch
 * suffix; `GD` + 3 digits below 500 (government departments); `HA` + 3 digits from 500
 * (health authorities); and their 11-character EU forms `GD8888nnncc` / `HAnnn…`.
 *
 * @example
 * ```ts
 * validateVat('GB 980 7806 84').valid; // true
 * validateVat('XI 260 3112 13').normalizedValue; // 'XI260311213'
 * validateVat('GB 802311781').message; // "This UK VAT number's check digits do not match; please check it"
 * ```
 */
import { weightedSum } from '../../../checksum.js';
import { digitsBetween, numberBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/** Weights of the 9-digit number; the last two digits are the check. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 1] as const;

/**
 * Whether `serial` (000–999) fits the two-letter series at the start of `body`: GD below 500,
 * HA from 500.
 */
function isDepartmentSerial(body: string, serial: number): boolean {
  return body.startsWith('GD') ? serial < 500 : body.startsWith('HA') && serial >= 500;
}

/** Standard number: weighted sum mod 97 is 0 (or 42 or 55 for the "97-55" series issued from 2009). */
function checkStandard(body: string): Verdict {
  if (zerosBetween(body, 0, 7)) return ALL_ZEROS;
  const remainder = weightedSum(body, WEIGHTS) % 97;
  if (remainder === 0) return VALID;
  // The 97-55 series starts at 100 0000 00, so it never applies below that.
  return (remainder === 42 || remainder === 55) && numberBetween(body, 0, 3) >= 100 ? VALID : BAD_CHECK;
}

/** GB and XI: see the file comment. */
export function checkUnitedKingdom(body: string): Verdict {
  const length = body.length;
  if (length === 9 || length === 12) return digitsBetween(body, 0, length) ? checkStandard(body) : BAD_FORMAT;
  if (length === 5) {
    if (!digitsBetween(body, 2, 5)) return BAD_FORMAT;
    return isDepartmentSerial(body, numberBetween(body, 2, 5)) ? VALID : BAD_FORMAT;
  }
  if (length === 11) {
    if (!digitsBetween(body, 2, 11) || !body.startsWith('8888', 2)) return BAD_FORMAT;
    const serial = numberBetween(body, 6, 9);
    if (!isDepartmentSerial(body, serial)) return BAD_FORMAT;
    return serial % 97 === numberBetween(body, 9, 11) ? VALID : BAD_CHECK;
  }
  return BAD_FORMAT;
}
