/**
 * `verifield/vat`: VAT numbers of the 27 EU member states (Greece as EL) and Northern Ireland
 * (XI), plus GB, CH and NO. `validateVat` checks structure and check digits offline; whether a
 * number is registered is a question for the registry (VIES), which it does not ask.
 */
import { envelope, requireString, type VatDetails, type VatValidationResult } from '../result.js';
import { checkVatStructure } from './number/structure.js';

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
 * @throws TypeError when `value` is not a string.
 * @example validateVat('nl 3225.18.131 b50').normalizedValue // 'NL322518131B50'
 */
export function validateVat(value: string): VatValidationResult {
  requireString(value, 'validateVat');
  const structure = checkVatStructure(value);
  const vatDetails: VatDetails = {
    format_valid: structure.formatValid,
    registered: null,
    country_code: structure.countryCode,
    source: structure.inVies ? 'UNVERIFIED' : 'NOT_APPLICABLE',
    vies_available: false,
  };
  return Object.assign(envelope(value, structure.formatValid, structure.message, structure.normalized, 'BASIC'), {
    vatDetails,
  });
}
export { verifyVat } from './registry/verify.js';
export { createAvailabilityTracker } from './reference/availability.js';
export { createRatesService, EU_MEMBER_STATES } from './reference/rates.js';
export type { RatesService, RatesServiceOptions, RatesRefreshOutcome, CountryRatesLookup } from './reference/rates.js';
export type { VerifyVatOptions } from './registry/verify.js';
export type { AvailabilityTracker, AvailabilityTrackerOptions, AvailabilityReportOptions, ViesStatusSample } from './reference/availability.js';
export type { CountryVatRates, VatRates, RegionalVatRate, RatesSource, SourceCountryVatRates } from '../ports.js';
