/**
 * Every message key of the EMAIL field and the facts its templates name (docs/messages.md): a
 * catalog's template names exactly these, so a translation never drops one.
 */
import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = {
  EMAIL_EMPTY: [],
  EMAIL_MISSING_AT_SIGN: [],
  EMAIL_INVALID_LOCAL_PART: [],
  EMAIL_QUOTED_LOCAL_PART: [],
  EMAIL_LOCAL_PART_TOO_LONG: [],
  EMAIL_UNSAFE_CHARACTER: [],
  EMAIL_INVALID_DOMAIN: [],
  EMAIL_DOMAIN_LITERAL: [],
  EMAIL_DOMAIN_NEEDS_DOT: [],
  EMAIL_LABEL_TOO_LONG: [],
  EMAIL_INVALID_TLD: [],
  EMAIL_RESERVED_DOMAIN: [],
  EMAIL_TOO_LONG: [],
  EMAIL_NO_MX: [],
  EMAIL_BLOCKED: [],
  EMAIL_VALID: [],
  EMAIL_TYPO: ['suggestion'],
  EMAIL_DISPOSABLE: [],
  EMAIL_UNCHECKED: [],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages. */
export const validMessageKeys = ['EMAIL_VALID', 'EMAIL_TYPO', 'EMAIL_DISPOSABLE', 'EMAIL_UNCHECKED'] as const;
