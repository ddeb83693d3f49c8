/**
 * US Social Security Number, docs/fields/ssn.md: `AAA-GG-SSSS` (area, group, serial). There is no check
 * digit, so only the parts the Social Security Administration never issues can be rejected, along
 * with well-known sample numbers and ITINs (docs/fields/ssn.md#itin: an ITIN is not an SSN).
 */
import { digitAt, isDigits } from '../checksum.js';
import type { SsnReason } from '../reasons.js';
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

/** A part the Social Security Administration never issues: the message and its code, shared by every answer. */
interface NeverIssued {
  readonly message: string;
  readonly reason: SsnReason;
}
const AREA_000: NeverIssued = { message: 'An SSN never starts with 000: area number 000 is never issued', reason: 'SSN_AREA_NOT_ISSUED' };
const AREA_666: NeverIssued = { message: 'An SSN never starts with 666: area number 666 is never issued', reason: 'SSN_AREA_NOT_ISSUED' };
const AREA_900_999: NeverIssued = { message: 'An SSN never starts with 9: area numbers 900 to 999 are never issued', reason: 'SSN_AREA_NOT_ISSUED' };
const GROUP_00: NeverIssued = { message: 'An SSN never has 00 as its middle two digits: group number 00 is never issued', reason: 'SSN_GROUP_NOT_ISSUED' };
const SERIAL_0000: NeverIssued = { message: 'An SSN never ends in 0000: serial number 0000 is never issued', reason: 'SSN_SERIAL_NOT_ISSUED' };
// Honest about docs/fields/ssn.md#no-check-digit: no check digit, so a typo that lands on another possible number passes.
const VALID = 'Valid SSN format; an SSN has no check digit, so please double-check the digits';

/** Numeric value of the digits from `start` to `end` (exclusive). */
function partValue(digits: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + digitAt(digits, i);
  return value;
}

/** Why nine digits are not an SSN that could have been issued, or null when nothing rules it out. */
function neverIssuedReason(digits: string): NeverIssued | null {
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
    // An empty field gets the same words as a short one; only the code tells them apart.
    return envelope(value, false, NOT_NINE_DIGITS, null, 'STANDARD', digits === '' ? 'SSN_EMPTY' : 'SSN_NOT_NINE_DIGITS');
  }
  let result: SsnValidationResult;
  let itin = false;
  // Samples first: the advertising block 987-65-432x is also shaped as an ITIN and as area 9xx.
  if (isWellKnownSample(digits)) {
    const printed = `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
    const message = `${printed} is a well-known sample number, not a real SSN`;
    result = envelope(value, false, message, digits, 'STANDARD', 'SSN_SAMPLE_NUMBER');
  } else if (isItin(digits)) {
    itin = true;
    result = envelope(value, false, ITIN, digits, 'STANDARD', 'SSN_ITIN');
  } else {
    const never = neverIssuedReason(digits);
    result = never === null
      ? envelope(value, true, VALID, digits)
      : envelope(value, false, never.message, digits, 'STANDARD', never.reason);
  }
  result.ssnDetails = { itin };
  return result;
}
