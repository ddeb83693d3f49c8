/**
 * RO: 2 to 10 digits (the CUI), not starting with 0; the last is (10 · weighted sum) mod 11 mod 10,
 * the weights (7, 5, 3, 2, 1, 7, 5, 3, 2) aligned to the right of the digits before it: a short CUI
 * is the same number left-padded with zeros. A 13-digit CNP (a person's number) is not a VAT
 * number.
 *
 * @example
 * ```ts
 * validateVat('RO16241790').valid; // true
 * validateVat('RO 185 472 91').message; // "This Romanian VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt } from '../../../checksum.js';
import { ZERO } from '../../../char-codes.js';
import { digitsBetween } from './digits.js';
import { BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2] as const;

/** RO: see the file comment. */
export function checkRomania(body: string): Verdict {
  const length = body.length;
  if (length < 2 || length > 10 || !digitsBetween(body, 0, length) || body.charCodeAt(0) === ZERO) return BAD_FORMAT;
  const offset = 10 - length;
  let sum = 0;
  for (let i = 0; i < length - 1; i++) sum += (WEIGHTS[offset + i] as number) * digitAt(body, i);
  return verdictOf(((10 * sum) % 11) % 10 === digitAt(body, length - 1));
}
