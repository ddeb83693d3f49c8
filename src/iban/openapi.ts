/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the IBAN endpoint, and its
 * `IbanDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { always, flag, int32, objectOf, sometimes, text } from '../fields/json-schema.js';
import type { IbanDetails } from './details.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate an IBAN',
  description:
    'Spaces and dashes are stripped and letters upper-cased; structure against the IBAN registry entry of the country, then the mod-97 check digits, each reported. ' +
    'A valid IBAN does not prove that the account exists or is open.',
  example: { value: 'DE89 3704 0044 0532 0130 00' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/iban.',
  detailsAlwaysPresent: true,
  detailsSchema: objectOf<IbanDetails>('Details of an IBAN validation.', {
    country_code: always(text('First two characters of the IBAN, present even when the country is unknown to the registry.')),
    sepa: always(flag('The country is inside the geographical scope of the SEPA schemes; never changes valid.')),
    structure_valid: always(flag('Length and character layout match the registry entry for the country.')),
    checksum_valid: always(flag('The ISO 7064 mod-97 check digits are correct.')),
    length: always(int32('Length of the value as submitted, spaces removed.', { minimum: 0 })),
    expected_length: always({ type: ['integer', 'null'], format: 'int32', description: 'Length required for the country; null when the country is not in the registry.' }),
    formatted: sometimes(text('Print format in groups of four; only for a valid IBAN.')),
  }),
};
