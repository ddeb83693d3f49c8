/**
 * Every message key of the NIF field and the facts its templates name (docs/messages.md): a
 * catalog's template names exactly these, so a translation never drops one.
 */
import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = {
  NIF_EMPTY: [],
  NIF_BAD_FORMAT: [],
  NIF_WRONG_CONTROL_LETTER: [],
  NIF_WRONG_CONTROL_CHARACTER: [],
  NIF_CONTROL_MUST_BE_DIGIT: ['letter'],
  NIF_CONTROL_MUST_BE_LETTER: ['letter'],
  NIF_VALID: [],
  NIE_VALID: [],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages. */
export const validMessageKeys = ['NIF_VALID', 'NIE_VALID'] as const;
