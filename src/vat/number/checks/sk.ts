/**
 * SK: 10 digits; a person's valid birth number (birth-number.ts), or otherwise a company's IČ DPH:
 * not starting with 0, with 2, 3, 4, 7, 8 or 9 as the third digit, divisible by 11.
 *
 * @example
 * ```ts
 * validateVat('SK2022749619').valid; // true
 * validateVat('SK 2020457679').message; // "This Slovak VAT number's check digit does not match; please check it"
 * ```
 */
import type { Clock } from '../../../ports.js';
import { checkBirthNumber } from './birth-number.js';
import { ZERO } from '../../../char-codes.js';
import { digitsBetween, remainderBetween } from './digits.js';
import { BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/** Third digits a company's IČ DPH may have. */
const COMPANY_THIRD_DIGITS = '234789';

/** SK: see the file comment. */
export function checkSlovakia(body: string, now: Clock): Verdict {
  if (body.length !== 10 || !digitsBetween(body, 0, 10)) return BAD_FORMAT;
  if (checkBirthNumber(body, now) === VALID) return VALID;
  if (body.charCodeAt(0) === ZERO || !COMPANY_THIRD_DIGITS.includes(body.charAt(2))) return BAD_FORMAT;
  return remainderBetween(body, 0, 10, 11) === 0 ? VALID : BAD_CHECK;
}
