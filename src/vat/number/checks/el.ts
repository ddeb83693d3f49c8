/**
 * EL (Greece, whose VIES prefix is not GR): 9 digits (the AFM); the check is the sum of the first
 * eight weighted by powers of two, mod 11, mod 10. Old 8-digit numbers are the same number with a
 * leading 0.
 *
 * @example
 * ```ts
 * validateVat('EL094501040').valid; // true
 * validateVat('EL94501040').normalizedValue; // 'EL094501040'
 * validateVat('EL094501140').message; // "This Greek VAT number's check digit does not match; please check it"
 * ```
 */
import { digitAt, weightedSum } from '../../../checksum.js';
import { digitsBetween, isDigitBody, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_FORMAT, verdictOf, type Verdict } from './verdict.js';

const WEIGHTS = [256, 128, 64, 32, 16, 8, 4, 2] as const;

/** EL: see the file comment. */
export function checkGreece(body: string): Verdict {
  if (!isDigitBody(body, 9, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf((weightedSum(body, WEIGHTS) % 11) % 10 === digitAt(body, 8));
}

/** The 9-digit form of an old 8-digit number. */
export function canonicalGreece(body: string): string {
  return body.length === 8 && digitsBetween(body, 0, 8) ? '0' + body : body;
}
