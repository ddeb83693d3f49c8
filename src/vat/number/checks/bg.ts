/**
 * BG: 9 digits for a legal entity (BULSTAT), 10 digits for a person or other payer. A 10-digit
 * number is valid when any of the three schemes issued as 10 digits accepts it: the EGN of a
 * Bulgarian citizen, the PNF of a foreigner, or the number of an "other" payer.
 *
 * @example
 * ```ts
 * validateVat('BG130544585').valid; // true
 * validateVat('BG7111042925').valid; // true
 * validateVat('BG 200940556').message; // "This Bulgarian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { digitsBetween, isRealDate, numberBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

const EGN_WEIGHTS = [2, 4, 8, 5, 10, 9, 7, 3, 6] as const;
const PNF_WEIGHTS = [21, 19, 17, 13, 11, 9, 7, 3, 1] as const;
const OTHER_WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Legal entity: weights 1..8 mod 11, or weights 3..10 when that gives 10; then mod 10. */
function isValidLegalEntity(body: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (i + 1) * digitAt(body, i);
  let check = sum % 11;
  if (check === 10) {
    sum = 0;
    for (let i = 0; i < 8; i++) sum += (i + 3) * digitAt(body, i);
    check = sum % 11;
  }
  return check % 10 === digitAt(body, 8);
}

/** EGN: YYMMDD (month + 20 for the 1800s, + 40 for the 2000s) must be a real date. */
function isValidEgn(body: string): boolean {
  let year = 1900 + numberBetween(body, 0, 2);
  let month = numberBetween(body, 2, 4);
  if (month > 40) {
    year += 100;
    month -= 40;
  } else if (month > 20) {
    year -= 100;
    month -= 20;
  }
  if (!isRealDate(year, month, numberBetween(body, 4, 6))) return false;
  return (weightedSum(body, EGN_WEIGHTS) % 11) % 10 === digitAt(body, 9);
}

function isValidForeigner(body: string): boolean {
  return weightedSum(body, PNF_WEIGHTS) % 10 === digitAt(body, 9);
}

/** "Other" payers: (11 − sum mod 11) mod 11, where a 10 cannot be written and so never matches. */
function isValidOther(body: string): boolean {
  return (11 - (weightedSum(body, OTHER_WEIGHTS) % 11)) % 11 === digitAt(body, 9);
}

/** BG: see the file comment. */
export function checkBulgaria(body: string): Verdict {
  const length = body.length;
  if ((length !== 9 && length !== 10) || !digitsBetween(body, 0, length)) return BAD_FORMAT;
  if (zerosBetween(body, 0, length - 1)) return ALL_ZEROS;
  const ok = length === 9 ? isValidLegalEntity(body) : isValidEgn(body) || isValidForeigner(body) || isValidOther(body);
  return ok ? VALID : BAD_CHECK;
}
