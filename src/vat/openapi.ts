/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the VAT endpoint; its
 * `VatDetails` schema is generated from ./details.ts. Data only, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { outsideViesList } from './outside-vies.js';

export const openapi: FieldOpenApi = {
  summary: 'Validate an EU VAT number and check its registration in VIES',
  description:
    `Structure and check digits of the 27 member states, EL for Greece and XI for Northern Ireland (${outsideViesList('and')}: structure only), then the registration in VIES. ` +
    'A VIES outage never becomes an error status or registered false: it shows as source STALE or UNVERIFIED with vies_available false, and valid then follows format_valid.',
  valueDescription: 'The VAT number, country prefix included.',
  requestMembers: { traderName: { description: 'Company name expected to hold the number; adds trader_name_match to the answer.' } },
  example: { value: 'DE 129273398', traderName: 'Example GmbH' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/vat.',
  detailsAlwaysPresent: true,
};
