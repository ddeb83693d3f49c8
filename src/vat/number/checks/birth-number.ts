/**
 * Czech and Slovak VAT numbers. Both countries let individuals use their birth number (rodné
 * číslo, RČ) as DIČ/IČ DPH, so the birth-number rules live here with the two country checks.
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import type { Clock } from '../../../ports.js';
import { ZERO } from './char-codes.js';
import { digitsBetween, isAfterToday, isRealDate, numberBetween, remainderBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/**
 * Birth number (RČ) of 9 or 10 digits: YYMMDD (women add 50 to the month, and since 2004 either
 * may add 20 when a day's serials run out) then a serial. Nine digits were issued until 1953 and
 * carry no check digit; ten digits have (first nine mod 11) as the check, where a remainder of 10
 * was written 0 before 1985 and never issued afterwards. The date must be a real one and not after
 * today by `now`: `5103192743` reads as 19 March 2051, so no one holds it yet.
 */
export function checkBirthNumber(body: string, now: Clock): Verdict {
  const length = body.length;
  if ((length !== 9 && length !== 10) || !digitsBetween(body, 0, length)) return BAD_FORMAT;
  let year = 1900 + numberBetween(body, 0, 2);
  const month = (numberBetween(body, 2, 4) % 50) % 20;
  const day = numberBetween(body, 4, 6);
  if (length === 9) {
    // 9-digit numbers ended in 1953: 00–53 are 1900s, 80–99 are 1880s and 1890s, 54–79 never existed.
    if (year >= 1980) year -= 100;
    if (year >= 1954) return BAD_FORMAT;
    return isRealDate(year, month, day) ? VALID : BAD_FORMAT;
  }
  if (year < 1954) year += 100;
  if (!isRealDate(year, month, day) || isAfterToday(year, month, day, now)) return BAD_FORMAT;
  let check = remainderBetween(body, 0, 9, 11);
  if (year < 1985) check %= 10;
  return check === digitAt(body, 9) ? VALID : BAD_CHECK;
}

const CZECH_WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;

/**
 * CZ: 8 digits for a legal entity (not starting with 9), 9 digits starting with 6 for the
 * "special" individuals without a birth number, otherwise a 9- or 10-digit birth number.
 */
export function checkCzechia(body: string, now: Clock): Verdict {
  const length = body.length;
  if (length < 8 || length > 10 || !digitsBetween(body, 0, length)) return BAD_FORMAT;
  if (length === 8) {
    if (body.charCodeAt(0) === ZERO + 9) return BAD_FORMAT;
    if (zerosBetween(body, 0, 7)) return ALL_ZEROS;
    // 11 − (sum mod 11), where 11 is written 1 and 10 is written 0.
    const check = (11 - (weightedSum(body, CZECH_WEIGHTS) % 11)) % 11;
    return (check === 0 ? 1 : check % 10) === digitAt(body, 7) ? VALID : BAD_CHECK;
  }
  if (length === 9 && body.charCodeAt(0) === ZERO + 6) {
    const sum = weightedSum(body, CZECH_WEIGHTS, 1) % 11;
    const check = (((8 - ((10 - sum) % 11)) % 10) + 10) % 10;
    return check === digitAt(body, 8) ? VALID : BAD_CHECK;
  }
  return checkBirthNumber(body, now);
}

/** Third digits a Slovak legal entity's IČ DPH may have. */
const SLOVAK_THIRD_DIGITS = '234789';

/**
 * SK: 10 digits; a valid birth number, or otherwise an IČ DPH not starting with 0, with 2, 3, 4,
 * 7, 8 or 9 as the third digit, divisible by 11.
 */
export function checkSlovakia(body: string, now: Clock): Verdict {
  if (body.length !== 10 || !digitsBetween(body, 0, 10)) return BAD_FORMAT;
  if (checkBirthNumber(body, now) === VALID) return VALID;
  if (body.charCodeAt(0) === ZERO || !SLOVAK_THIRD_DIGITS.includes(body.charAt(2))) return BAD_FORMAT;
  return remainderBetween(body, 0, 10, 11) === 0 ? VALID : BAD_CHECK;
}
