/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the PHONE endpoint, and its
 * `PhoneDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { always, enumOf, int32, objectOf, sometimes, text } from '../fields/json-schema.js';
import type { PhoneDetails } from './details.js';

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
  detailsSchema: objectOf<PhoneDetails>('Details of a phone validation.', {
    country_code: sometimes(text('ISO 3166-1 alpha-2; absent when a shared calling code does not identify one country.', { pattern: '^[A-Z]{2}$' })),
    calling_code: always(int32('International calling code without the plus sign.', { minimum: 1 })),
    line_type: sometimes(
      enumOf(
        ['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL', 'UNKNOWN'],
        'Line type in the numbering plan; absent when the number is invalid.',
      ),
    ),
    international_format: sometimes(text('Human-readable international format; absent when invalid.')),
    national_format: sometimes(text('As dialled inside the country; absent when invalid.')),
  }),
};
