/**
 * The Czech and Slovak birth number (rodné číslo, RČ), which both countries let individuals use
 * as their VAT number: cz.ts and sk.ts accept it, and ../personal-number.ts tells it from a
 * company's number.
 */
import { digitAt } from '../../../checksum.js';
import type { Clock } from '../../../ports.js';
import { digitsBetween, isAfterToday, isRealDate, numberBetween, remainderBetween } from './digits.js';
import { BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

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
