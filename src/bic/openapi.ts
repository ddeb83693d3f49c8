/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the BIC endpoint, and its
 * `BicDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { always, flag, objectOf, orNull, text } from '../fields/json-schema.js';
import type { BicDetails } from './details.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a BIC (SWIFT code)',
  description:
    'Spaces are removed and letters upper-cased; 8 or 11 characters: four letters of the institution, an ISO 3166-1 country (or XK, Kosovo, as SWIFT uses it), ' +
    'two letters or digits of the location and an optional branch of three. Test BICs (location ending in 0) are reported, not rejected. ' +
    'A valid BIC does not prove that the institution exists or is connected to SWIFT.',
  valueDescription: 'The BIC as a user typed it (spaces allowed).',
  requestMembers: {
    iban: {
      description:
        "The IBAN given in the same form, as typed: bicDetails.ibanCountryMatches then says whether its first two letters are the BIC's country (null when it does not start with two letters). Only the country is compared, and a mismatch never rejects the BIC.",
      examples: ['DE89 3704 0044 0532 0130 00'],
    },
  },
  example: { value: 'DEUTDEFF500', iban: 'DE89 3704 0044 0532 0130 00' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/bic; bicDetails is present when the value reads as a BIC (valid, or an unknown country).',
  detailsAlwaysPresent: false,
  detailsSchema: objectOf<BicDetails>('Details of a BIC validation.', {
    institutionCode: always(text('Characters 1 to 4: the institution.', { pattern: '^[A-Z]{4}$' })),
    countryCode: always(text('Characters 5 and 6: ISO 3166-1 alpha-2, or XK; as typed when the country is unknown.', { pattern: '^[A-Z]{2}$' })),
    locationCode: always(text('Characters 7 and 8: the location.', { pattern: '^[A-Z0-9]{2}$' })),
    branchCode: always(orNull(text('Characters 9 to 11: the branch; null for an 8-character BIC.', { pattern: '^[A-Z0-9]{3}$' }))),
    primaryOffice: always(flag('The BIC names the primary office: no branch, or the branch XXX.')),
    testCode: always(flag('A test BIC: the location code ends in 0.')),
    ibanCountryMatches: always(orNull(flag('Whether the IBAN given beside the BIC has its country; null when the request gave none, or one that does not start with two letters.'))),
  }),
};
