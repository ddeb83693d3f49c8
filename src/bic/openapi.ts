/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the BIC endpoint; its
 * `BicDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

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
};
