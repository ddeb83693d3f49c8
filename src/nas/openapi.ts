/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the NAS endpoint, and its
 * `NasDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { always, flag, objectOf, text } from '../fields/json-schema.js';
import type { NasDetails } from './details.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a Canadian Social Insurance Number (NAS)',
  description:
    'Exactly nine digits and the Luhn check digit; temporary_resident and individual_series are reported, not enforced. ' +
    'A key created without the nas scope gets 403. The usage log stores the value as ***.',
  example: { value: '046 454 286' },
  declaresForbidden: true,
  resultDescription: 'Answer of POST /api/v1/validate/nas; nasDetails is present when the input was nine digits.',
  detailsAlwaysPresent: false,
  detailsSchema: objectOf<NasDetails>('Details of a Canadian SIN validation.', {
    checksum_valid: always(flag('The Luhn check digit is correct.')),
    temporary_resident: always(flag('The number starts with 9.')),
    individual_series: always(flag('The first digit is 1 to 7 or 9; false for 0 or 8.')),
    formatted: always(text('Three groups of three digits.', { pattern: '^[0-9]{3} [0-9]{3} [0-9]{3}$' })),
  }),
};
