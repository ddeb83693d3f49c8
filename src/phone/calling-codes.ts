/**
 * Which country a calling code names, and which country a caller's `defaultCountry` names, from
 * libphonenumber-js's documented exports only. The library gives no calling code when it refuses a
 * number as too short or too long (`+44`, eighteen digits), yet that answer still names the calling
 * code, so it is found here by asking the library itself.
 */
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  ParseError,
  parsePhoneNumberWithError,
  type CountryCode,
} from 'libphonenumber-js/max';

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

/**
 * The country a national number is read for: `defaultCountry` upper-cased when libphonenumber has
 * its numbering plan, else undefined. Anything else (a typo, `UK`, a three-letter code, a value that
 * is not a string at all from untyped code) is treated as absent rather than thrown at: the caller's
 * setting is not what the person typed, and without a known country the right answer to national
 * digits is today's, which asks for the country code (docs/fields/phone.md#default-country).
 * @example
 * ```ts
 * defaultCountryOf('GB'); // 'GB'
 * defaultCountryOf('fr'); // 'FR'
 * defaultCountryOf('UK'); // undefined
 * defaultCountryOf(undefined); // undefined
 * ```
 */
export function defaultCountryOf(defaultCountry: unknown): CountryCode | undefined {
  if (typeof defaultCountry !== 'string' || defaultCountry.length !== 2) return undefined;
  const country = defaultCountry.toUpperCase();
  return isSupportedCountry(country) ? country : undefined;
}

/**
 * The calling code of a country libphonenumber knows, with the country: where a national number
 * read for that country belongs, also when the library refuses it as too short or too long.
 * @example
 * ```ts
 * countryOwner('FR'); // { callingCode: 33, country: 'FR' }
 * ```
 */
export function countryOwner(country: CountryCode): CallingCodeOwner {
  return { callingCode: Number(getCountryCallingCode(country)), country };
}
