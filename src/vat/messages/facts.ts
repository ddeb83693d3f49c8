/**
 * Every message key of the VAT field and the facts its templates name (docs/messages.md): a
 * catalog's template names exactly these, so a translation never drops one.
 */
import type { FieldMessageFacts } from '../../fields/manifest.js';

export const messageFacts = {
  VAT_EMPTY: [],
  VAT_MISSING_PREFIX: [],
  VAT_GREEK_PREFIX: [],
  VAT_UNKNOWN_PREFIX: ['code'],
  VAT_WRONG_FORMAT: ['country'],
  VAT_BAD_CHECKSUM: ['country'],
  VAT_ALL_ZEROS: ['country'],
  VAT_NOT_REGISTERED: ['country'],
  VAT_NOT_REGISTERED_STALE: ['country', 'date'],
  VAT_WELL_FORMED: ['country'],
  VAT_OUTSIDE_VIES: ['country'],
  VAT_REGISTERED: [],
  VAT_REGISTERED_STALE: ['date'],
  VAT_UNVERIFIED: [],
  VAT_REGISTRY_REGISTERED: ['registry'],
  VAT_REGISTRY_REGISTERED_STALE: ['registry', 'date'],
  VAT_REGISTRY_NOT_REGISTERED: ['registry'],
  VAT_REGISTRY_NOT_REGISTERED_STALE: ['registry', 'date'],
  VAT_REGISTRY_NOT_VAT_REGISTERED: ['registry'],
  VAT_REGISTRY_UNVERIFIED: ['registry'],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages. */
export const validMessageKeys = [
  'VAT_WELL_FORMED',
  'VAT_OUTSIDE_VIES',
  'VAT_REGISTERED',
  'VAT_REGISTERED_STALE',
  'VAT_UNVERIFIED',
  'VAT_REGISTRY_REGISTERED',
  'VAT_REGISTRY_REGISTERED_STALE',
  'VAT_REGISTRY_UNVERIFIED',
] as const;
