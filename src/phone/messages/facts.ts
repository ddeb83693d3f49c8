/**
 * Every message key of the PHONE field and the facts its templates name (docs/messages.md): a
 * catalog's template names exactly these, so a translation never drops one.
 */
import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = {
  PHONE_EMPTY: [],
  PHONE_INPUT_TOO_LONG: [],
  PHONE_NOT_A_NUMBER: [],
  PHONE_MISSING_COUNTRY_CODE: [],
  PHONE_UNKNOWN_CALLING_CODE: [],
  PHONE_TOO_SHORT: ['place'],
  PHONE_TOO_SHORT_UNNAMED: [],
  PHONE_TOO_LONG: ['place'],
  PHONE_WRONG_LENGTH: ['place'],
  PHONE_NOT_VALID: ['place'],
  PHONE_HAS_EXTENSION: [],
  PHONE_VALID: [],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages. */
export const validMessageKeys = ['PHONE_VALID'] as const;
