/**
 * The NIF field's reason codes (docs/fields/nif.md#reasons): a const tuple, so that the union
 * type and the runtime list are one piece of code. Codes are a contract: added, never renamed or removed.
 */

/** Reasons of `validateNif`. */
export const NIF_REASONS = [
  'NIF_EMPTY',
  'NIF_BAD_FORMAT',
  'NIF_WRONG_CONTROL_LETTER',
  'NIF_WRONG_CONTROL_CHARACTER',
  'NIF_WRONG_CONTROL_FORM',
] as const;

/** Why validateNif rejected a value: a code of `NIF_REASONS`. */
export type NifReason = (typeof NIF_REASONS)[number];
