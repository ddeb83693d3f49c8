/**
 * What the OpenAPI document (src/server/http/openapi.ts) says of each field's validation
 * endpoint. Data only, kept apart from ./catalog.ts so that the browser client, which reads the
 * catalog, does not carry these texts.
 */
import { EMAIL_REASONS, IBAN_REASONS, NAS_REASONS, NIF_REASONS, PHONE_REASONS, SSN_REASONS, VAT_REASONS, type ReasonCode } from '../reasons.js';
import type { FieldName } from './catalog.js';

/** The OpenAPI description of one field's endpoint. */
export interface FieldOperation {
  /** One line. */
  summary: string;
  /** What is checked and what a valid answer does not prove. */
  description: string;
  /** The schema of a 200 answer. */
  resultSchema: string;
  /** The schema of the request body: `VatValidationRequest` carries `traderName`, `PhoneValidationRequest` `defaultCountry`. */
  requestSchema: 'ValidationRequest' | 'VatValidationRequest' | 'PhoneValidationRequest';
  /** The body of the request example. */
  example: { value: string; traderName?: string; defaultCountry?: string };
  /** The field's reason codes (src/reasons.ts), the `enum` of `reason` in its answers. */
  reasons: readonly ReasonCode[];
  /** Declares the 403 of a key without the field's scope (docs/service.md#openapi-document: the NAS endpoint only). */
  declaresForbidden: boolean;
}

/** Field -> its endpoint's OpenAPI description. */
export const FIELD_OPERATIONS: { readonly [F in FieldName]: FieldOperation } = {
  vat: {
    summary: 'Validate an EU VAT number and check its registration in VIES',
    description:
      'Structure and check digits of the 27 member states, EL for Greece and XI for Northern Ireland (GB, CH and NO: structure only), then the registration in VIES. ' +
      'A VIES outage never becomes an error status or registered false: it shows as source STALE or UNVERIFIED with vies_available false, and valid then follows format_valid.',
    resultSchema: 'VatValidationResult',
    reasons: VAT_REASONS,
    requestSchema: 'VatValidationRequest',
    example: { value: 'DE 129273398', traderName: 'Example GmbH' },
    declaresForbidden: false,
  },
  iban: {
    summary: 'Validate an IBAN',
    description:
      'Spaces and dashes are stripped and letters upper-cased; structure against the IBAN registry entry of the country, then the mod-97 check digits, each reported. ' +
      'A valid IBAN does not prove that the account exists or is open.',
    resultSchema: 'IbanValidationResult',
    reasons: IBAN_REASONS,
    requestSchema: 'ValidationRequest',
    example: { value: 'DE89 3704 0044 0532 0130 00' },
    declaresForbidden: false,
  },
  email: {
    summary: 'Validate an email address',
    description:
      'valid is false only for an empty input, invalid syntax, a domain with neither MX nor A records, or a blocked domain. Every other finding is a signal that raises risk_score. ' +
      'The depth follows the plan: STANDARD on FREE and STARTER, ADVANCED on GROWTH, PREMIUM on PRO.',
    resultSchema: 'EmailValidationResult',
    reasons: EMAIL_REASONS,
    requestSchema: 'ValidationRequest',
    example: { value: 'jane.doe@example.com' },
    declaresForbidden: false,
  },
  phone: {
    summary: 'Validate a phone number in international form, or national with defaultCountry',
    description:
      'The number carries its country code with + or 00, or is read as a national number of defaultCountry when the request names one. ' +
      'Valid numbers are normalized to E.164. A valid number exists in the numbering plan; it is not proven to be a live line.',
    resultSchema: 'PhoneValidationResult',
    reasons: PHONE_REASONS,
    requestSchema: 'PhoneValidationRequest',
    example: { value: '+44 20 7946 0958' },
    declaresForbidden: false,
  },
  nif: {
    summary: 'Validate a Spanish NIF (DNI, NIE, K/L/M or entity)',
    description: 'Spaces, dots, dashes and a leading ES are accepted; normalizedValue is the bare NIF in upper case. The usage log stores the value as ***.',
    resultSchema: 'NifValidationResult',
    reasons: NIF_REASONS,
    requestSchema: 'ValidationRequest',
    example: { value: '12345678Z' },
    declaresForbidden: false,
  },
  nas: {
    summary: 'Validate a Canadian Social Insurance Number (NAS)',
    description:
      'Exactly nine digits and the Luhn check digit; temporary_resident and individual_series are reported, not enforced. ' +
      'A key created without the nas scope gets 403. The usage log stores the value as ***.',
    resultSchema: 'NasValidationResult',
    reasons: NAS_REASONS,
    requestSchema: 'ValidationRequest',
    example: { value: '046 454 286' },
    declaresForbidden: true,
  },
  ssn: {
    summary: 'Validate a US Social Security Number',
    description:
      'Rejects numbers never issued (area 000, 666, 900-999; group 00; serial 0000) and well-known sample numbers; an ITIN is reported with itin true and valid false. ' +
      'An SSN has no check digit, and issuance cannot be confirmed. The usage log stores the value as ***.',
    resultSchema: 'SsnValidationResult',
    reasons: SSN_REASONS,
    requestSchema: 'ValidationRequest',
    example: { value: '123-45-6789' },
    declaresForbidden: false,
  },
};
