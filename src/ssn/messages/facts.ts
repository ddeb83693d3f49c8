/**
 * Every message key of the SSN field and the facts its templates name (docs/messages.md): a
 * catalog's template names exactly these, so a translation never drops one.
 */
import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = {
  SSN_EMPTY: [],
  SSN_NOT_NINE_DIGITS: [],
  SSN_SAMPLE_NUMBER: ['number'],
  SSN_ITIN: [],
  SSN_AREA_NOT_ISSUED: ['digits'],
  SSN_GROUP_NOT_ISSUED: [],
  SSN_SERIAL_NOT_ISSUED: [],
  SSN_VALID: [],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages. */
export const validMessageKeys = ['SSN_VALID'] as const;
