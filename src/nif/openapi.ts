/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the NIF endpoint, and its
 * `NifDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { always, enumOf, flag, objectOf, sometimes, text } from '../fields/json-schema.js';
import type { NifDetails } from './details.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a Spanish NIF (DNI, NIE, K/L/M or entity)',
  description: 'Spaces, dots, dashes and a leading ES are accepted; normalizedValue is the bare NIF in upper case. The usage log stores the value as ***.',
  example: { value: '12345678Z' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/nif; nifDetails is present when the shape was recognised.',
  detailsAlwaysPresent: false,
  detailsSchema: objectOf<NifDetails>('Details of a Spanish NIF validation.', {
    type: always(enumOf(['DNI', 'NIE', 'NIF_K', 'NIF_L', 'NIF_M', 'ENTITY'], 'Kind of number.')),
    natural_person: always(flag('Belongs to a person rather than an entity.')),
    checksum_valid: always(flag('The control character is correct.')),
    entity_letter: sometimes(text('For an entity, the legal-form letter.', { pattern: '^[A-Z]$' })),
    entity_type: sometimes(text('For an entity, the legal form in words.')),
  }),
};
