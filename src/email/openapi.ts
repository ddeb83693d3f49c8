/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the EMAIL endpoint; its
 * `EmailDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate an email address',
  description:
    'valid is false only for an empty input, invalid syntax, a domain with neither MX nor A records, or a blocked domain. Every other finding is a signal that raises risk_score. ' +
    'The depth follows the plan: STANDARD on FREE and STARTER, ADVANCED on GROWTH, PREMIUM on PRO.',
  example: { value: 'jane.doe@example.com' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/email.',
  detailsAlwaysPresent: true,
};
