/**
 * Every message key of the IBAN field and the facts its templates name (docs/messages.md): a
 * catalog's template names exactly these, so a translation never drops one.
 */
import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = {
  IBAN_EMPTY: [],
  IBAN_TOO_SHORT: [],
  IBAN_BAD_CHARACTERS: [],
  IBAN_MISSING_COUNTRY_CODE: [],
  IBAN_CHECK_DIGITS_NOT_DIGITS: [],
  IBAN_UNKNOWN_COUNTRY: ['code'],
  IBAN_WRONG_LENGTH: ['country', 'length'],
  IBAN_WRONG_LAYOUT: ['country'],
  IBAN_RESERVED_CHECK_DIGITS: ['digits'],
  IBAN_BAD_CHECKSUM: [],
  IBAN_NATIONAL_CHECK_FAILED: [],
  // Not a reason: the sentence a rejection's message ends with when ibanDetails.suggestions names IBANs (./key.ts).
  IBAN_SUGGESTIONS: ['suggestion'],
  IBAN_VALID: [],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages. */
export const validMessageKeys = ['IBAN_VALID'] as const;
