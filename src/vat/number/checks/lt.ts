/**
 * LT: 9 digits with 1 as the 8th (legal entities) or 12 digits with 1 as the 11th (temporary
 * payers). The check is the sum weighted 1..9, 1, 2 mod 11; when that is 10, the sum weighted
 * 3..9, 1..4 mod 11; then mod 10.
 *
 * @example
 * ```ts
 * validateVat('LT100001251914').valid; // true
 * validateVat('LT100001919018').message; // "This Lithuanian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt } from '../../../checksum.js';
import { ZERO } from '../../../char-codes.js';
import { digitsBetween } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** LT: see the file comment. */
export function checkLithuania(body: string): Verdict {
  const length = body.length;
  if ((length !== 9 && length !== 12) || !digitsBetween(body, 0, length)) return BAD_FORMAT;
  if (body.charCodeAt(length - 2) !== ZERO + 1) return BAD_FORMAT;
  let sum = 0;
  for (let i = 0; i < length - 1; i++) sum += (1 + (i % 9)) * digitAt(body, i);
  let check = sum % 11;
  if (check === 10) {
    sum = 0;
    for (let i = 0; i < length - 1; i++) sum += (1 + ((i + 2) % 9)) * digitAt(body, i);
    check = sum % 11;
  }
  return verdictOf(check % 10 === digitAt(body, length - 1));
}
