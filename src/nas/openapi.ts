/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the NAS endpoint; its
 * `NasDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a Canadian Social Insurance Number (NAS)',
  description:
    'Exactly nine digits and the Luhn check digit; temporary_resident and individual_series are reported, not enforced. ' +
    'A key created without the nas scope gets 403. The usage log stores the value as ***.',
  example: { value: '046 454 286' },
  declaresForbidden: true,
  resultDescription: 'Answer of POST /api/v1/validate/nas; nasDetails is present when the input was nine digits.',
  detailsAlwaysPresent: false,
};
