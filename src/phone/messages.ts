/**
 * What `validatePhone` tells the person filling in the form. "Unknown country calling code" is
 * fixed word for word (clients compare it); for the others only what they must say is fixed.
 */

const EXAMPLE = '(for example +44 20 7946 0958)';

export const VALID = 'Valid phone number';
export const EMPTY = 'Enter a phone number';
export const NOT_A_NUMBER = `Enter the phone number in digits, starting with the country code ${EXAMPLE}`;
export const TOO_LONG_INPUT = 'This is too long to be a phone number';
/** Asks for the country code, and says how to write it. */
export const NO_COUNTRY_CODE = `Add the country code, starting with + or 00 ${EXAMPLE}`;
/** Exact: clients compare this text. */
export const UNKNOWN_CALLING_CODE = 'Unknown country calling code';
export const EXTENSION = `Enter the phone number without its extension ${EXAMPLE}`;
/** A number too short to hold even a whole calling code (`+4`). */
export const TOO_SHORT_UNNAMED = 'Phone number is too short';

/**
 * Says the number is too short, and for which country.
 * @example
 * ```ts
 * tooShort('France (+33)'); // 'Phone number is too short for France (+33)'
 * ```
 */
export function tooShort(place: string): string {
  return `Phone number is too short for ${place}`;
}

/**
 * Says the number is too long, and for which country.
 * @example
 * ```ts
 * tooLong('France (+33)'); // 'Phone number is too long for France (+33)'
 * ```
 */
export function tooLong(place: string): string {
  return `Phone number is too long for ${place}`;
}

/**
 * Between the possible lengths of the country, but none of them (e.g. 9 digits where 8 or 10 are used).
 * @example
 * ```ts
 * wrongLength('France (+33)'); // 'Phone number has the wrong number of digits for France (+33)'
 * ```
 */
export function wrongLength(place: string): string {
  return `Phone number has the wrong number of digits for ${place}`;
}

/**
 * The right length, but outside every range of the country's numbering plan.
 * @example
 * ```ts
 * notValid('France (+33)'); // 'Not a valid phone number for France (+33)'
 * ```
 */
export function notValid(place: string): string {
  return `Not a valid phone number for ${place}`;
}

// Built on first use: most answers never name a country, and creating it costs more than a lookup.
let regionNames: Intl.DisplayNames | null | undefined;
// Intl.DisplayNames#of costs about a microsecond a call; there are fewer than 250 regions to keep.
const namesByCountry = new Map<string, string>();

function nameOf(country: string): string {
  let name = namesByCountry.get(country);
  if (name === undefined) {
    if (regionNames === undefined) {
      regionNames = typeof Intl === 'object' && typeof Intl.DisplayNames === 'function'
        ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
        : null;
    }
    name = regionNames?.of(country) ?? country;
    namesByCountry.set(country, name);
  }
  return name;
}

/**
 * How a message names where the number belongs: "United Kingdom (+44)", or "country calling code
 * +44" when the calling code is shared and the number does not say which country it is.
 * @example
 * ```ts
 * place(44, 'GB'); // 'United Kingdom (+44)'
 * place(44, undefined); // 'country calling code +44'
 * ```
 */
export function place(callingCode: number, country: string | undefined): string {
  return country === undefined ? `country calling code +${callingCode}` : `${nameOf(country)} (+${callingCode})`;
}
