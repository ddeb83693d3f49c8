/**
 * Why a number that fits no range of its plan is refused, when its length alone says so, in
 * libphonenumber-js's words (`validatePhoneNumberLength()`).
 */
import { validatePhoneNumberLength, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

/** A length no number of the plan has; undefined when the length is possible. */
export type LengthProblem = 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH' | undefined;

/**
 * The length problem of `phone`, parsed from `text` (for `defaultCountry` when it is national). The
 * library's function parses its input again (strictly, as `phone` was), so it is given the text and
 * the country that were parsed: `phone.number` would be read anew, and a national prefix typed twice
 * (`+31 00 45…`) would lose its second `0` as well. Most numbers refused here have a possible
 * length, which `isPossible()` answers without a parse.
 * @example
 * ```ts
 * import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
 * lengthProblemOf(parsePhoneNumberWithError('+4420794', { extract: false }), '+4420794'); // 'TOO_SHORT'
 * lengthProblemOf(parsePhoneNumberWithError('+442079460958', { extract: false }), '+442079460958'); // undefined
 * ```
 */
export function lengthProblemOf(phone: PhoneNumber, text: string, defaultCountry?: CountryCode): LengthProblem {
  if (phone.isPossible()) return undefined;
  const problem = validatePhoneNumberLength(text, defaultCountry);
  return problem === 'TOO_SHORT' || problem === 'TOO_LONG' || problem === 'INVALID_LENGTH' ? problem : undefined;
}
