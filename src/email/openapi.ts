/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of the EMAIL endpoint, and its
 * `EmailDetails` schema. Data only, apart from the validator, so that no library bundle carries it.
 */
import type { FieldOpenApi } from '../fields/manifest.js';
import { LEVELS, always, enumOf, flag, int32, objectOf, orNull, ref, sometimes, text } from '../fields/json-schema.js';
import type { EmailDetails, EmailSignals } from './details.js';

/** The `EmailSignals` schema, which `EmailDetails` refers to. */
export const emailSignalsSchema = objectOf<EmailSignals>('What the email checks found.', {
  syntax_valid: always(flag('The address passes the syntax checks.')),
  mx_valid: always(orNull(flag('The domain has MX records, or falls back to an A record; null when DNS was not consulted.'))),
  typo_detected: always(flag('A likely domain typo was found.')),
  suggested_domain: always(orNull(text('The corrected domain when a typo is detected; null otherwise.'))),
  disposable: always(flag('The domain is a known disposable provider.')),
  role_based: always(flag('The local part is a role mailbox (info, admin, support, noreply, ...).')),
  free_provider: sometimes(orNull(flag('The domain is a known free email provider (ADVANCED and PREMIUM only).'))),
  relay: sometimes(flag('The domain is a forwarding (relay) service.')),
  domain_age_days: sometimes({
    type: ['integer', 'null'],
    format: 'int64',
    minimum: 0,
    description: 'Estimated domain age in days, when available (ADVANCED and PREMIUM only).',
  }),
  mx_provider: sometimes(orNull(text('Detected mail provider (ADVANCED and PREMIUM only).'))),
  mx_quality_score: sometimes({
    type: ['number', 'null'],
    format: 'double',
    minimum: 0,
    maximum: 1,
    description: 'Quality of the mail setup, 0.0 to 1.0 (ADVANCED and PREMIUM only).',
  }),
});

export const openapi: FieldOpenApi = {
  summary: 'Validate an email address',
  description:
    'valid is false only for an empty input, invalid syntax, a domain with neither MX nor A records, or a blocked domain. Every other finding is a signal that raises risk_score. ' +
    'The depth follows the plan: STANDARD on FREE and STARTER, ADVANCED on GROWTH, PREMIUM on PRO.',
  example: { value: 'jane.doe@example.com' },
  declaresForbidden: false,
  resultDescription: 'Answer of POST /api/v1/validate/email.',
  detailsAlwaysPresent: true,
  componentSchemas: { EmailSignals: emailSignalsSchema },
  detailsSchema: objectOf<EmailDetails>('Details of an email validation.', {
    signals: always(ref('EmailSignals')),
    risk_score: always(int32('0 (low risk) to 100 (high risk).', { minimum: 0, maximum: 100 })),
    risk_level: sometimes(enumOf(['LOW', 'MEDIUM', 'HIGH'], 'Derived from risk_score; only at ADVANCED depth or higher.')),
    deliverability: always(
      enumOf(['DELIVERABLE', 'RISKY', 'UNDELIVERABLE', 'UNKNOWN'], 'Whether mail to the address is expected to arrive; UNKNOWN is not returned by the service today.'),
    ),
    applied_level: always(enumOf(LEVELS, 'Depth effectively applied: STANDARD on FREE and STARTER, ADVANCED on GROWTH, PREMIUM on PRO.')),
  }),
};
