/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the VAT endpoint, and its
 * `VatDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { always, enumOf, flag, objectOf, orNull, sometimes, text } from '../fields/json-schema.js';
import type { VatDetails } from './details.js';
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
  detailsSchema: objectOf<VatDetails>('Details of a VAT validation.', {
    format_valid: always(flag("The number matches its member state's structure and check digits.")),
    registered: always(orNull(flag("Present in the member state's registry; null means unknown, never unregistered."))),
    country_code: always(orNull(text('Prefix of the number (EL for Greece, XI for Northern Ireland); null when none could be read.'))),
    source: always(
      enumOf(['LIVE', 'CACHE', 'STALE', 'UNVERIFIED', 'NOT_APPLICABLE'], 'Origin of the registration verdict.'),
    ),
    checked_at: sometimes(orNull(text('When the registration was last confirmed against VIES.', { format: 'date-time' }))),
    trader_name: sometimes(orNull(text('Registered name; only where the member state discloses it.'))),
    trader_address: sometimes(orNull(text('Registered address; only where the member state discloses it.'))),
    vies_available: always(flag('Whether VIES could answer for this country during the request.')),
    consultation_number: sometimes(orNull(text('VIES receipt for the lookup; only when the account has its own VAT number configured.'))),
    trader_name_match: sometimes(enumOf(['MATCH', 'MISMATCH', 'NOT_AVAILABLE'], 'Only when traderName was sent.')),
    trader_name_match_source: sometimes(
      enumOf(['VIES', 'SERVICE'], 'Who compared the names: VIES itself (Spain), or the service against the name VIES publishes.'),
    ),
  }),
};
