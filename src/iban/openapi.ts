/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the IBAN endpoint; its
 * `IbanDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate an IBAN',
  description:
    'Spaces and dashes are stripped and letters upper-cased; structure against the IBAN registry entry of the country, then the mod-97 check digits, each reported. ' +
    'A valid IBAN does not prove that the account exists or is open.',
  example: { value: 'DE89 3704 0044 0532 0130 00' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/iban.',
  detailsAlwaysPresent: true,
};
