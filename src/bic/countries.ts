/**
 * The country codes a BIC may carry in its characters 5 and 6: ISO 3166-1 alpha-2 and `XK`, read
 * from ./data/countries.generated.ts (built from the iso-3166 package by ./data/generate.ts).
 */
import { bicCountryGroups } from './data/countries.generated.js';

/**
 * Whether `code`, two upper-case letters, is a country code of a BIC.
 * @example
 * ```ts
 * isBicCountry('DE'); // true
 * isBicCountry('XK'); // true
 * isBicCountry('XX'); // false
 * ```
 */
export function isBicCountry(code: string): boolean {
  // The group of the first letter runs from its space to the next space (or the end).
  const start = bicCountryGroups.indexOf(` ${code.charAt(0)}`);
  if (start < 0) return false;
  const next = bicCountryGroups.indexOf(' ', start + 1);
  return bicCountryGroups.slice(start + 2, next < 0 ? undefined : next).includes(code.charAt(1));
}
