/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the SSN endpoint; its
 * `SsnDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a US Social Security Number',
  description:
    'Rejects numbers never issued (area 000, 666, 900-999; group 00; serial 0000) and well-known sample numbers; an ITIN is reported with itin true and valid false. ' +
    'An SSN has no check digit, and issuance cannot be confirmed. The usage log stores the value as ***.',
  example: { value: '123-45-6789' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/ssn; ssnDetails is present when the input was nine digits.',
  detailsAlwaysPresent: false,
};
