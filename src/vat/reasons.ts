/**
 * The VAT field's reason codes (docs/fields/vat.md#reasons): a const tuple, so that the union
 * type and the runtime list are one piece of code. Codes are a contract: added, never renamed or removed.
 */

/** Reasons of `validateVat` and `verifyVat`. */
export const VAT_REASONS = [
  'VAT_EMPTY',
  'VAT_MISSING_PREFIX',
  'VAT_GREEK_PREFIX',
  'VAT_UNKNOWN_PREFIX',
  'VAT_WRONG_FORMAT',
  'VAT_BAD_CHECKSUM',
  'VAT_ALL_ZEROS',
  'VAT_NOT_REGISTERED',
] as const;

/** Why validateVat and verifyVat rejected a value: a code of `VAT_REASONS`. */
export type VatReason = (typeof VAT_REASONS)[number];
