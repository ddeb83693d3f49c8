/**
 * US Social Security Number, docs/fields/ssn.md: `AAA-GG-SSSS` (area, group, serial). There is no check
 * digit, so only the parts the Social Security Administration never issues can be rejected, along
 * with well-known sample numbers and ITINs (docs/fields/ssn.md#itin: an ITIN is not an SSN).
 */
import { digitAt, isDigits } from '../checksum.js';
import { compact, envelope, requireString, type SsnValidationResult } from '../result.js';
import { isItin } from './itin.js';
import { isWellKnownSample } from './samples.js';

/**
 * What users type between the parts: spaces (any kind, as copied from a PDF or a web page) and
 * dashes (the ASCII one and its Unicode look-alikes), anywhere in the number.
 */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g;

const NOT_NINE_DIGITS = 'An SSN is exactly 9 digits';
const ITIN = 'This is an ITIN (Individual Taxpayer Identification Number), not an SSN';
const AREA_000 = 'An SSN never starts with 000: area number 000 is never issued';
const AREA_666 = 'An SSN never starts with 666: area number 666 is never issued';
const AREA_900_999 = 'An SSN never starts with 9: area numbers 900 to 999 are never issued';
const GROUP_00 = 'An SSN never has 00 as its middle two digits: group number 00 is never issued';
const SERIAL_0000 = 'An SSN never ends in 0000: serial number 0000 is never issued';
// Honest about docs/fields/ssn.md#no-check-digit: no check digit, so a typo that lands on another possible number passes.
const VALID = 'Valid SSN format; an SSN has no check digit, so please double-check the digits';

/** Numeric value of the digits from `start` to `end` (exclusive). */
function partValue(digits: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + digitAt(digits, i);
  return value;
}

/** Why nine digits are not an SSN that could have been issued, or null when nothing rules it out. */
function neverIssuedReason(digits: string): string | null {
  const area = partValue(digits, 0, 3);
  if (area === 0) return AREA_000;
  if (area === 666) return AREA_666;
  if (area >= 900) return AREA_900_999;
  if (partValue(digits, 3, 5) === 0) return GROUP_00;
  if (partValue(digits, 5, 9) === 0) return SERIAL_0000;
  return null;
}

/**
 * Validates a US Social Security Number as a user typed it.
 *
 * Spaces and dashes are ignored; what remains must be exactly nine digits. Rejected: area 000, 666
 * and 900-999, group 00, serial 0000, well-known sample numbers (078-05-1120, 219-09-9999,
 * 457-55-5462, 987-65-4320 to 4329) and ITINs (`ssnDetails.itin` true). `normalizedValue` is the
 * nine digits, the form to store, whenever nine digits were typed; `ssnDetails` is present then.
 * A valid result means the number could have been issued, not that it was: an SSN has no check
 * digit.
 *
 * @example
 * ```ts
 * validateSsn('536-90-4399').valid; // true
 * validateSsn('536 90 4399').normalizedValue; // '536904399'
 * validateSsn('078-05-1120').message; // '078-05-1120 is a well-known sample number, not a real SSN'
 * validateSsn('912-70-1234').ssnDetails; // { itin: true }
 * ```
 * @throws TypeError when `value` is not a string.
 */
export function validateSsn(value: string): SsnValidationResult {
  requireString(value, 'validateSsn');
  const digits = compact(value, SEPARATORS);
  if (digits.length !== 9 || !isDigits(digits)) {
    return envelope(value, false, NOT_NINE_DIGITS, null);
  }
  let result: SsnValidationResult;
  let itin = false;
  // Samples first: the advertising block 987-65-432x is also shaped as an ITIN and as area 9xx.
  if (isWellKnownSample(digits)) {
    const printed = `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
    result = envelope(value, false, `${printed} is a well-known sample number, not a real SSN`, digits);
  } else if (isItin(digits)) {
    itin = true;
    result = envelope(value, false, ITIN, digits);
  } else {
    const reason = neverIssuedReason(digits);
    result = envelope(value, reason === null, reason ?? VALID, digits);
  }
  result.ssnDetails = { itin };
  return result;
}
