/**
 * The PHONE field's reason codes (docs/fields/phone.md#reasons): a const tuple, so that the union
 * type and the runtime list are one piece of code. Codes are a contract: added, never renamed or removed.
 */

/** Reasons of `validatePhone`. */
export const PHONE_REASONS = [
  'PHONE_EMPTY',
  'PHONE_INPUT_TOO_LONG',
  'PHONE_NOT_A_NUMBER',
  'PHONE_MISSING_COUNTRY_CODE',
  'PHONE_UNKNOWN_CALLING_CODE',
  'PHONE_TOO_SHORT',
  'PHONE_TOO_LONG',
  'PHONE_WRONG_LENGTH',
  'PHONE_NOT_VALID',
  'PHONE_HAS_EXTENSION',
] as const;

/** Why validatePhone rejected a value: a code of `PHONE_REASONS`. */
export type PhoneReason = (typeof PHONE_REASONS)[number];
