/**
 * Canadian Social Insurance Number (SIN; NAS in French), docs/fields/nas.md: nine digits whose last one is
 * a Luhn check digit. The first digit names a series; the 0 and 8 series are not issued to
 * individuals and the 9 series marks a temporary resident. Both are reported, never enforced.
 */
import { digitAt, isDigits, isLuhnValid } from '../checksum.js';
import { compact, envelope, requireString, type NasDetails, type NasValidationResult } from '../result.js';

/**
 * What users type between the groups: spaces (any kind, as copied from a PDF or a web page) and
 * dashes (the ASCII one and its Unicode look-alikes), anywhere in the number.
 */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g;

const NOT_NINE_DIGITS = 'A SIN is exactly 9 digits';
const WRONG_CHECK_DIGIT = 'SIN check digit does not match, please check the number';

/** The message of a SIN whose check digit holds, indexed by its first digit (docs/fields/nas.md#messages). */
const VALID_MESSAGE_BY_SERIES: readonly string[] = [
  'Valid SIN format, but numbers starting with 0 are not issued to individuals',
  'Valid SIN',
  'Valid SIN',
  'Valid SIN',
  'Valid SIN',
  'Valid SIN',
  'Valid SIN',
  'Valid SIN',
  'Valid SIN format, but numbers starting with 8 are not issued to individuals',
  "Valid SIN, temporary resident: it expires with the holder's permit",
];

/**
 * Validates a Canadian Social Insurance Number as a user typed it.
 *
 * Spaces and dashes are ignored; what remains must be exactly nine digits whose Luhn check digit
 * holds. `normalizedValue` is the nine digits whenever nine digits were typed (even with a wrong
 * check digit, so the caller can show what was read), and `nasDetails` is present in that case.
 * A valid result does not prove that the number was issued.
 *
 * @example
 * ```ts
 * validateNas('123-456-782').normalizedValue; // '123456782'
 * validateNas('123-456-782').nasDetails; // { checksum_valid: true, temporary_resident: false, individual_series: true, formatted: '123 456 782' }
 * validateNas('123 456 789').message; // 'SIN check digit does not match, please check the number'
 * // Valid, yet the 0 series is not issued to individuals:
 * validateNas('046 454 286').message; // 'Valid SIN format, but numbers starting with 0 are not issued to individuals'
 * ```
 * @throws TypeError when `value` is not a string.
 */
export function validateNas(value: string): NasValidationResult {
  requireString(value, 'validateNas');
  const digits = compact(value, SEPARATORS);
  if (digits.length !== 9 || !isDigits(digits)) {
    // An empty field gets the same words as a short one; only the code tells them apart.
    return envelope(value, false, NOT_NINE_DIGITS, null, 'STANDARD', digits === '' ? 'NAS_EMPTY' : 'NAS_NOT_NINE_DIGITS');
  }
  const series = digitAt(digits, 0);
  const checksumValid = isLuhnValid(digits);
  const nasDetails: NasDetails = {
    checksum_valid: checksumValid,
    temporary_resident: series === 9,
    individual_series: series !== 0 && series !== 8,
    formatted: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
  };
  const message = checksumValid ? (VALID_MESSAGE_BY_SERIES[series] as string) : WRONG_CHECK_DIGIT;
  const result: NasValidationResult = envelope(value, checksumValid, message, digits, 'STANDARD', checksumValid ? null : 'NAS_BAD_CHECK_DIGIT');
  result.nasDetails = nasDetails;
  return result;
}
