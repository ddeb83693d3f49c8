/**
 * Every message key of the BIC field and the facts its templates name (docs/fields/bic.md#messages):
 * the reason codes, and `BIC_VALID` for the one valid message. Each language's templates are a file
 * of this folder, data only, so that a form ships the languages it imports.
 */
import type { FieldMessageFacts, FieldMessages } from '../../fields/manifest.js';

/**
 * The key -> facts table. `code` (a fact of src/messages/catalog.ts) is the two letters of an
 * unknown country, characters 5 and 6, which `localize` reads from `bicDetails.countryCode`.
 */
export const messageFacts = {
  BIC_EMPTY: [],
  BIC_WRONG_LENGTH: [],
  BIC_INSTITUTION_NOT_LETTERS: [],
  BIC_COUNTRY_NOT_LETTERS: [],
  BIC_LOCATION_NOT_ALPHANUMERIC: [],
  BIC_BRANCH_NOT_ALPHANUMERIC: [],
  BIC_UNKNOWN_COUNTRY: ['code'],
  BIC_VALID: [],
} as const satisfies FieldMessageFacts;

/** The keys of valid answers' messages: one, whatever the details say. */
export const validMessageKeys = ['BIC_VALID'] as const;

/** Every key a BIC template answers. */
export type BicMessageKey = keyof typeof messageFacts;

/** One language's templates: one per key. */
export type BicMessages = FieldMessages<typeof messageFacts>;
