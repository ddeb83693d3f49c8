/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the SSN endpoint, and its
 * `SsnDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { always, flag, objectOf } from '../fields/json-schema.js';
import type { SsnDetails } from './details.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a US Social Security Number',
  description:
    'Rejects numbers never issued (area 000, 666, 900-999; group 00; serial 0000) and well-known sample numbers; an ITIN is reported with itin true and valid false. ' +
    'An SSN has no check digit, and issuance cannot be confirmed. The usage log stores the value as ***.',
  example: { value: '123-45-6789' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/ssn; ssnDetails is present when the input was nine digits.',
  detailsAlwaysPresent: false,
  detailsSchema: objectOf<SsnDetails>('Details of a US SSN validation.', {
    itin: always(flag('The number is an Individual Taxpayer Identification Number, not an SSN.')),
  }),
};
