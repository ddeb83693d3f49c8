/**
 * The BIC's country against the IBAN typed beside it (docs/fields/bic.md#details): a detail for the
 * form, never a rejection. Fields never import each other, so the IBAN is read here only as far as
 * its first two letters.
 */
import { compactCode, isLettersBetween } from './characters.js';

/** What users type between an IBAN's groups: spaces (any kind) and dashes (the ASCII one and its Unicode look-alikes). */
const IBAN_SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g;

/**
 * Whether `iban` starts with `countryCode` once spaces and dashes are removed and letters
 * upper-cased; null when no IBAN was given or it does not start with two letters (an IBAN field
 * still empty says nothing about the country).
 * @example
 * ```ts
 * ibanCountryMatches('de89 3704 0044 0532 0130 00', 'DE'); // true
 * ibanCountryMatches('FR76 3000 6000 0112 3456 7890 189', 'DE'); // false
 * ibanCountryMatches(undefined, 'DE'); // null
 * ibanCountryMatches('', 'DE'); // null
 * ```
 */
export function ibanCountryMatches(iban: string | undefined, countryCode: string): boolean | null {
  if (iban === undefined) return null;
  const compact = compactCode(iban, IBAN_SEPARATORS);
  if (compact.length < 2 || !isLettersBetween(compact, 0, 2)) return null;
  return compact.slice(0, 2) === countryCode;
}
