/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the IBAN endpoint; its
 * `IbanDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate an IBAN',
  description:
    'Spaces and dashes are stripped and letters upper-cased; structure against the IBAN registry entry of the country, then the mod-97 check digits, then the national check digits of the BBAN where verifield knows the scheme, each reported. ' +
    'An invalid IBAN one typo away from valid ones names up to three of them in ibanDetails.suggestions and in its message. ' +
    'A valid IBAN does not prove that the account exists or is open.',
  valueDescription: 'The IBAN as a user typed it (spaces and dashes allowed, any case).',
  requestMembers: {
    nationalCheck: {
      description:
        "What a failing national check does: 'enforce' (the default) rejects the IBAN with IBAN_NATIONAL_CHECK_FAILED; 'report' keeps it valid and only sets ibanDetails.nationalCheck to FAIL. Any other string is read as 'enforce'.",
      examples: ['report'],
    },
  },
  example: { value: 'DE89 3704 0044 0532 0130 00' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/iban.',
  detailsAlwaysPresent: true,
};
