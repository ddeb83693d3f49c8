/**
 * Phone numbers: an international number (`+` or `00`), or a national one read for the caller's
 * `defaultCountry`, that exists in the numbering plan of its country, per libphonenumber-js with its
 * `max` metadata (the only flavour that tells line types apart everywhere). A valid number is one the
 * plan allows, not a line that is live. Only the exports libphonenumber-js documents in its README
 * are used, so that `require` and `import` (whose builds export different internals) and every 1.x
 * release answer alike.
 */
import { ParseError, parsePhoneNumberWithError, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { envelope, requireString, type PhoneDetails, type PhoneValidationResult } from '../result.js';
import { callingCodeAt, countryOwner, defaultCountryOf, soleCountryOf } from './calling-codes.js';
import { readPhoneInput } from './input.js';
import { lengthProblemOf, type LengthProblem } from './length-check.js';
import { lineTypeOf } from './line-type.js';
import * as messages from './messages.js';

export type { PhoneDetails, PhoneLineType, PhoneValidationResult } from '../result.js';

/** Strict parsing: the whole value must be the number, not a sentence that contains one. */
const PARSE_OPTIONS = { extract: false } as const;

/** What {@link validatePhone} may be told besides the value (docs/fields/phone.md#default-country). */
export interface PhoneOptions {
  /**
   * The country a number typed without its country code belongs to, ISO 3166-1 alpha-2 in any case
   * (`'GB'`, `'fr'`): with it, `020 7946 0123` is read as `+44 20 7946 0123`. A number typed with
   * `+` or `00` keeps its own country code. A code libphonenumber has no plan for (`'UK'`, `'XX'`,
   * `''`) is treated as absent: national digits are then asked for their country code, as without
   * the option.
   */
  readonly defaultCountry?: string;
}

/**
 * Validates a phone number as a user typed it, with its country code, or without it when
 * `options.defaultCountry` names the country it belongs to.
 *
 * The number starts with `+` or `00` and its calling code, which always wins over
 * `defaultCountry`; without either it is read as a national number of `defaultCountry` (its trunk
 * prefix such as the `0` of `020` allowed), and without that option it is asked for its country
 * code. Spaces, dashes, dots, slashes and brackets are ignored, and full-width characters are read
 * as their ASCII forms. A valid number gets its E.164 form in `normalizedValue` and `phoneDetails`
 * with the country, calling code, line type and both display formats. An invalid number that could
 * be read (international, or national for the default country) still gets `phoneDetails` with its
 * calling code (and country, when the code names one). `PREMIUM_RATE` and `VOIP` numbers are valid:
 * filter on `line_type` to refuse them.
 *
 * @example
 * ```ts
 * validatePhone('+44 20 7946 0958').normalizedValue; // '+442079460958'
 * validatePhone('0033 6 12 34 56 78').phoneDetails; // { country_code: 'FR', calling_code: 33, line_type: 'MOBILE', international_format: '+33 6 12 34 56 78', national_format: '06 12 34 56 78' }
 * validatePhone('+33 6 12').message; // 'Phone number is too short for France (+33)'
 * // Without its country code, a number could be anyone's:
 * validatePhone('020 7946 0958').message; // 'Add the country code, starting with + or 00 (for example +44 20 7946 0958)'
 * // unless the form says whose it is:
 * validatePhone('020 7946 0958', { defaultCountry: 'GB' }).normalizedValue; // '+442079460958'
 * validatePhone('+33 6 12 34 56 78', { defaultCountry: 'GB' }).phoneDetails?.country_code; // 'FR'
 * ```
 * @throws TypeError when `value` is not a string (never for `options`: see {@link PhoneOptions}).
 */
export function validatePhone(value: string, options?: PhoneOptions): PhoneValidationResult {
  requireString(value, 'validatePhone');
  const input = readPhoneInput(value);
  // Looked up only for a national number: international input never pays for the option.
  let defaultCountry: CountryCode | undefined;
  switch (input.kind) {
    case 'empty':
      return envelope(value, false, messages.EMPTY, null, 'STANDARD', 'PHONE_EMPTY');
    case 'too-long':
      return envelope(value, false, messages.TOO_LONG_INPUT, null, 'STANDARD', 'PHONE_INPUT_TOO_LONG');
    case 'not-a-number':
      return envelope(value, false, messages.NOT_A_NUMBER, null, 'STANDARD', 'PHONE_NOT_A_NUMBER');
    case 'national':
      defaultCountry = defaultCountryOf(options?.defaultCountry);
      if (defaultCountry === undefined) {
        return envelope(value, false, messages.NO_COUNTRY_CODE, null, 'STANDARD', 'PHONE_MISSING_COUNTRY_CODE');
      }
      break;
    case 'international':
      break;
  }

  let phone: PhoneNumber;
  try {
    phone = parsePhoneNumberWithError(input.text, defaultCountry === undefined ? PARSE_OPTIONS : { defaultCountry, extract: false });
  } catch (error) {
    // A ParseError is libphonenumber's verdict on the input; anything else is a bug to surface.
    if (!(error instanceof ParseError)) throw error;
    return refused(value, error.message, input.digits, defaultCountry);
  }

  const callingCode = Number(phone.countryCallingCode);
  const country = phone.country ?? soleCountryOf(phone.countryCallingCode);
  // libphonenumber-js's README documents getType() as undefined for an invalid number, and its max
  // metadata as holding the type patterns of every country, so getType() finds a type exactly when
  // isValid() is true: asking it alone halves the pattern matching. test/phone/library.test.ts pins
  // that on numbers of every calling code, so an upgrade that breaks it fails there.
  const type = phone.getType();
  if (type === undefined) {
    const where = messages.place(callingCode, country);
    const problem = lengthProblemOf(phone, input.text, defaultCountry);
    const result = problem === undefined
      ? envelope(value, false, messages.notValid(where), null, 'STANDARD', 'PHONE_NOT_VALID')
      : lengthAnswer(value, problem, where);
    return withDetails(result, readDetails(callingCode, country));
  }
  if (phone.ext !== undefined) {
    // E.164 has no room for an extension; keeping the number and dropping what the user typed
    // after it would store less than they gave, so they are asked to remove it themselves.
    return withDetails(
      envelope(value, false, messages.EXTENSION, null, 'STANDARD', 'PHONE_HAS_EXTENSION'),
      readDetails(callingCode, country),
    );
  }

  const lineType = lineTypeOf(type);
  const international = phone.formatInternational();
  const national = phone.formatNational();
  const details: PhoneDetails =
    country === undefined
      ? {
          calling_code: callingCode,
          line_type: lineType,
          international_format: international,
          national_format: national,
        }
      : {
          country_code: country,
          calling_code: callingCode,
          line_type: lineType,
          international_format: international,
          national_format: national,
        };
  return withDetails(envelope(value, true, messages.VALID, phone.number), details);
}

/**
 * The answer when libphonenumber refuses to read the number at all (its ParseError codes). A
 * national number belongs to the default country it was read for; an international one to the
 * calling code its digits start with.
 */
function refused(value: string, reason: string, digits: string, country: CountryCode | undefined): PhoneValidationResult {
  if (reason === 'INVALID_COUNTRY') return unknownCallingCode(value);
  if (reason !== 'TOO_SHORT' && reason !== 'TOO_LONG') {
    return envelope(value, false, messages.NOT_A_NUMBER, null, 'STANDARD', 'PHONE_NOT_A_NUMBER');
  }
  const owner = country === undefined ? callingCodeAt(digits) : countryOwner(country);
  if (owner === undefined) {
    // Three digits that start no calling code cannot become a number by adding more.
    if (digits.length >= 3) return unknownCallingCode(value);
    return envelope(value, false, messages.TOO_SHORT_UNNAMED, null, 'STANDARD', 'PHONE_TOO_SHORT');
  }
  const where = messages.place(owner.callingCode, owner.country);
  return withDetails(lengthAnswer(value, reason, where), readDetails(owner.callingCode, owner.country));
}

function unknownCallingCode(value: string): PhoneValidationResult {
  return envelope(value, false, messages.UNKNOWN_CALLING_CODE, null, 'STANDARD', 'PHONE_UNKNOWN_CALLING_CODE');
}

/** The answer for a length that no number of the country has. */
function lengthAnswer(value: string, problem: Exclude<LengthProblem, undefined>, where: string): PhoneValidationResult {
  switch (problem) {
    case 'TOO_SHORT':
      return envelope(value, false, messages.tooShort(where), null, 'STANDARD', 'PHONE_TOO_SHORT');
    case 'TOO_LONG':
      return envelope(value, false, messages.tooLong(where), null, 'STANDARD', 'PHONE_TOO_LONG');
    case 'INVALID_LENGTH':
      return envelope(value, false, messages.wrongLength(where), null, 'STANDARD', 'PHONE_WRONG_LENGTH');
  }
}

/** An invalid number that was read still names where it belongs. */
function readDetails(callingCode: number, country: string | undefined): PhoneDetails {
  return country === undefined ? { calling_code: callingCode } : { country_code: country, calling_code: callingCode };
}

function withDetails(result: PhoneValidationResult, phoneDetails: PhoneDetails): PhoneValidationResult {
  result.phoneDetails = phoneDetails;
  return result;
}
