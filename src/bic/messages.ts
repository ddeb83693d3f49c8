/**
 * What `validateBic` tells the person filling in the form, in English (docs/fields/bic.md#reasons).
 * The catalogs' templates are in ./messages/, one file per language.
 */
import type { BicReason } from './reasons.js';

export const VALID = 'Valid BIC';

/** The message of every rejection but an unknown country's, which names the two letters. */
export const REJECTIONS: Readonly<Record<Exclude<BicReason, 'BIC_UNKNOWN_COUNTRY'>, string>> = {
  BIC_EMPTY: 'BIC cannot be empty',
  BIC_WRONG_LENGTH: 'A BIC is 8 or 11 characters long (counting without spaces)',
  BIC_INSTITUTION_NOT_LETTERS: 'Characters 1 to 4 of a BIC are the institution code and must be letters',
  BIC_COUNTRY_NOT_LETTERS: 'Characters 5 and 6 of a BIC are the country code and must be letters',
  BIC_LOCATION_NOT_ALPHANUMERIC: 'Characters 7 and 8 of a BIC are the location code and must be letters or digits',
  BIC_BRANCH_NOT_ALPHANUMERIC: 'Characters 9 to 11 of a BIC are the branch code and must be letters or digits',
};

/**
 * The message of a BIC whose characters 5 and 6 are no country.
 * @example
 * ```ts
 * unknownCountry('UK'); // 'UK is not a country code (characters 5 and 6 of a BIC name the country)'
 * ```
 */
export function unknownCountry(code: string): string {
  return `${code} is not a country code (characters 5 and 6 of a BIC name the country)`;
}
