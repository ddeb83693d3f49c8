/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the NIF endpoint; its
 * `NifDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate a Spanish NIF (DNI, NIE, K/L/M or entity)',
  description: 'Spaces, dots, dashes and a leading ES are accepted; normalizedValue is the bare NIF in upper case. The usage log stores the value as ***.',
  example: { value: '12345678Z' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/nif; nifDetails is present when the shape was recognised.',
  detailsAlwaysPresent: false,
};
