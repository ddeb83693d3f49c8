/**
 * `verifield/vat`: VAT numbers of the 27 EU member states (Greece as EL) and Northern Ireland
 * (XI), plus GB, CH and NO. `validateVat` checks structure and check digits offline; whether a
 * number is registered is a question for the registry (VIES), which it does not ask.
 */
import { requireString, type VatValidationResult } from '../result.js';
import { checkVatStructure } from './number/structure.js';
import { vatResult } from './result.js';

/**
 * Checks a VAT number offline: the country prefix, then that country's structure and check
 * digits. Spaces, dots, dashes, slashes and colons are removed and letters upper-cased in
 * `normalizedValue`; old short forms are rewritten in full (`BE 986.375.479` → `BE0986375479`).
 *
 * `valid` equals `vatDetails.format_valid`: `registered` is null (never asked) and `source` is
 * `UNVERIFIED` for the 28 prefixes VIES covers, `NOT_APPLICABLE` for GB, CH, NO and any other
 * prefix. A well-formed number is not proof that it was issued or is still registered. A Czech or
 * Slovak number that is a person's birth number must hold a real date that is not after today by
 * the system clock (`CZ5103192743`, born 19 March 2051, is not valid); `verifyVat` takes today from
 * its `now` option instead.
 *
 * Each prefix's rule and examples are in its file under number/checks/ (`at.ts`, `be.ts`, …).
 *
 * @throws TypeError when `value` is not a string.
 * @example
 * ```ts
 * validateVat('nl 3225.18.131 b50').normalizedValue; // 'NL322518131B50'
 * validateVat('DE 136 695 976').vatDetails; // { format_valid: true, registered: null, country_code: 'DE', source: 'UNVERIFIED', vies_available: false }
 * validateVat('GB 980 7806 84').vatDetails.source; // 'NOT_APPLICABLE'
 * validateVat('GR094501040').message; // 'Greek VAT numbers start with EL, not GR: please write EL followed by the 9 digits'
 * ```
 */
export function validateVat(value: string): VatValidationResult {
  requireString(value, 'validateVat');
  return vatResult(value, checkVatStructure(value), 'BASIC');
}
export { verifyVat } from './registry/verify.js';
export { createAvailabilityTracker } from './reference/availability.js';
export { createRatesService } from './reference/rates.js';
export { EU_MEMBER_STATES } from './reference/member-states.js';
export type { RatesService, RatesServiceOptions, RatesRefreshOutcome, CountryRatesLookup } from './reference/rates.js';
export type { VerifyVatOptions } from './registry/verify.js';
export type { AvailabilityTracker, AvailabilityTrackerOptions, AvailabilityReportOptions, ViesStatusSample } from './reference/availability.js';
export type { CountryVatRates, VatRates, RegionalVatRate, RatesSource, SourceCountryVatRates } from '../ports.js';
