/**
 * The IBAN field's reason codes (docs/fields/iban.md#reasons): a const tuple, so that the union
 * type and the runtime list are one piece of code. Codes are a contract: added, never renamed or removed.
 */

/** Reasons of `validateIban`. */
export const IBAN_REASONS = [
  'IBAN_EMPTY',
  'IBAN_TOO_SHORT',
  'IBAN_BAD_CHARACTERS',
  'IBAN_MISSING_COUNTRY_CODE',
  'IBAN_CHECK_DIGITS_NOT_DIGITS',
  'IBAN_UNKNOWN_COUNTRY',
  'IBAN_WRONG_LENGTH',
  'IBAN_WRONG_LAYOUT',
  'IBAN_RESERVED_CHECK_DIGITS',
  'IBAN_BAD_CHECKSUM',
  'IBAN_NATIONAL_CHECK_FAILED',
] as const;

/** Why validateIban rejected a value: a code of `IBAN_REASONS`. */
export type IbanReason = (typeof IBAN_REASONS)[number];
