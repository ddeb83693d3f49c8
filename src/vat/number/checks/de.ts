/**
 * DE: 9 digits (the USt-IdNr), not starting with 0; the last is the ISO 7064 MOD 11,10 check
 * digit of the first eight.
 *
 * @example
 * ```ts
 * validateVat('DE136695976').valid; // true
 * validateVat('DE 125014855').message; // "This German VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, mod11_10CheckDigit } from '../../../checksum.js';
import { isDigitBody } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

/** DE: see the file comment. */
export function checkGermany(body: string): Verdict {
  if (!isDigitBody(body, 9, true)) return BAD_FORMAT;
  return verdictOf(mod11_10CheckDigit(body.slice(0, 8)) === digitAt(body, 8));
}
