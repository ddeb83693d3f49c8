/**
 * Every message key of the NAS field and the facts its templates name (docs/messages.md): a
 * catalog's template names exactly these, so a translation never drops one.
 */
import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = {
  NAS_EMPTY: [],
  NAS_NOT_NINE_DIGITS: [],
  NAS_BAD_CHECK_DIGIT: [],
  NAS_VALID: [],
  NAS_VALID_NOT_INDIVIDUAL: ['digit'],
  NAS_VALID_TEMPORARY: [],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages. */
export const validMessageKeys = ['NAS_VALID', 'NAS_VALID_NOT_INDIVIDUAL', 'NAS_VALID_TEMPORARY'] as const;
