/**
 * Which country a calling code names. libphonenumber gives no calling code when it refuses a number
 * as too short or too long (`+44`, eighteen digits), yet SPEC.md 4.4.4 wants the calling code in that
 * answer, so it is read here from the same metadata the parser uses (the bundler keeps one copy).
 */
import metadata from 'libphonenumber-js/max/metadata';

/** A calling code and, when it names one, the country behind it. */
export interface CallingCodeOwner {
  callingCode: number;
  /** ISO 3166-1 alpha-2; absent for a shared code (+1, +7, +44…) and a non-geographic one (+800…). */
  country?: string;
}

/**
 * The calling code that `digits` (written after `+`) start with. ITU-T E.164 codes are prefix-free,
 * so at most one of the first one, two or three digits is a code.
 */
export function callingCodeAt(digits: string): CallingCodeOwner | undefined {
  for (let length = 1; length <= 3 && length <= digits.length; length++) {
    const prefix = digits.slice(0, length);
    const regions = metadata.country_calling_codes[prefix];
    if (regions !== undefined) {
      const callingCode = Number(prefix);
      return regions.length === 1 ? { callingCode, country: regions[0] as string } : { callingCode };
    }
    if (metadata.nonGeographic[prefix] !== undefined) return { callingCode: Number(prefix) };
  }
  return undefined;
}

/**
 * The one country of a calling code that no other country shares, or undefined. libphonenumber
 * leaves `country` unset on some invalid numbers even when the code alone names the country.
 */
export function soleCountryOf(callingCode: string): string | undefined {
  const regions = metadata.country_calling_codes[callingCode];
  return regions !== undefined && regions.length === 1 ? regions[0] : undefined;
}
