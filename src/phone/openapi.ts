/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the PHONE endpoint; its
 * `PhoneDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a phone number in international form, or national with defaultCountry',
  description:
    'The number carries its country code with + or 00, or is read as a national number of defaultCountry when the request names one. ' +
    'Valid numbers are normalized to E.164. A valid number exists in the numbering plan; it is not proven to be a live line.',
  valueDescription: 'The phone number as a user typed it: international (+ or 00), or national when defaultCountry is given.',
  requestMembers: {
    defaultCountry: {
      description:
        'ISO 3166-1 alpha-2 code of the country a number written without its country code belongs to (its trunk prefix is read as there). A code the service does not know is answered as a validation (200, valid false), not refused.',
      examples: ['GB'],
    },
  },
  example: { value: '+44 20 7946 0958' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/phone; phoneDetails is present when the number could be read as international.',
  detailsAlwaysPresent: false,
};
