/**
 * Which country a calling code names, from libphonenumber-js's documented exports only. The library
 * gives no calling code when it refuses a number as too short or too long (`+44`, eighteen digits),
 * yet that answer still names the calling code, so it is found here by asking the library itself.
 */
import { getCountries, getCountryCallingCode, ParseError, parsePhoneNumberWithError } from 'libphonenumber-js/max';

/** A calling code and, when it names one, the country behind it. */
export interface CallingCodeOwner {
  callingCode: number;
  /** ISO 3166-1 alpha-2; absent for a shared code (+1, +7, +44…) and a non-geographic one (+800…). */
  country?: string;
}

/**
 * A national number long enough that no numbering plan refuses to parse it (the library parses
 * 2 to 17 digits) and that starts with no trunk prefix, appended to probe a calling code.
 */
const PROBE_NATIONAL_NUMBER = '23456789';
const STRICT = { extract: false } as const;

// Built on first use: most answers either parse or never need a country's name.
let countriesByCode: ReadonlyMap<string, readonly string[]> | undefined;

function countriesOf(callingCode: string): readonly string[] | undefined {
  if (countriesByCode === undefined) {
    const map = new Map<string, string[]>();
    for (const country of getCountries()) {
      const code = getCountryCallingCode(country);
      const list = map.get(code);
      if (list === undefined) map.set(code, [country]);
      else list.push(country);
    }
    countriesByCode = map;
  }
  return countriesByCode.get(callingCode);
}

/**
 * The one country of a calling code that no other country shares, or undefined. libphonenumber
 * leaves `country` unset on some invalid numbers even when the code alone names the country.
 * @example
 * ```ts
 * soleCountryOf('33'); // 'FR'
 * // +44 is shared by the United Kingdom, Guernsey, the Isle of Man and Jersey:
 * soleCountryOf('44'); // undefined
 * ```
 */
export function soleCountryOf(callingCode: string): string | undefined {
  const countries = countriesOf(callingCode);
  return countries !== undefined && countries.length === 1 ? countries[0] : undefined;
}

/**
 * The calling code that `digits` (written after `+`) start with. The library reads the calling
 * code of `+` and a plausible number the way it reads any international number, non-geographic
 * codes (+800…) included, and refuses one that starts no calling code (INVALID_COUNTRY). A code
 * longer than the digits typed takes some of the probe's digits, so those digits start none.
 * @example
 * ```ts
 * callingCodeAt('33612345678'); // { callingCode: 33, country: 'FR' }
 * callingCodeAt('12025550123'); // { callingCode: 1 }
 * callingCodeAt('80012345678'); // { callingCode: 800 }
 * callingCodeAt('999'); // undefined
 * ```
 */
export function callingCodeAt(digits: string): CallingCodeOwner | undefined {
  let callingCode: string;
  try {
    callingCode = parsePhoneNumberWithError(`+${digits.slice(0, 3)}${PROBE_NATIONAL_NUMBER}`, STRICT).countryCallingCode;
  } catch (error) {
    if (error instanceof ParseError) return undefined;
    throw error;
  }
  if (callingCode.length > digits.length) return undefined;
  const country = soleCountryOf(callingCode);
  return country === undefined ? { callingCode: Number(callingCode) } : { callingCode: Number(callingCode), country };
}
