/**
 * CH (outside VIES): `E` and 9 digits, the UID (CHE-123.456.789), optionally followed by the
 * language suffix MWST, TVA, IVA or TPV, which names the same number and is dropped. The last
 * digit is (11 − weighted sum (5, 4, 3, 2, 7, 6, 5, 4) mod 11) mod 11; 10 is never issued.
 *
 * @example
 * ```ts
 * validateVat('CHE-107.787.577 IVA').normalizedValue; // 'CHE107787577'
 * validateVat('CHE-107.787.578').message; // "This Swiss VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { digitsBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4] as const;
const LANGUAGE_SUFFIX = /(?:MWST|TVA|IVA|TPV)$/;

/** CH: see the file comment. */
export function checkSwitzerland(body: string): Verdict {
  if (body.length !== 10 || body.charCodeAt(0) !== 69 /* E */ || !digitsBetween(body, 1, 10)) return BAD_FORMAT;
  if (zerosBetween(body, 1, 9)) return ALL_ZEROS;
  const check = (11 - (weightedSum(body, WEIGHTS, 1) % 11)) % 11;
  return verdictOf(check === digitAt(body, 9));
}

/** The number without its language suffix. */
export function canonicalSwitzerland(body: string): string {
  return body.length > 10 ? body.replace(LANGUAGE_SUFFIX, '') : body;
}
