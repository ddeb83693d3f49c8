/**
 * The NAS field's reason codes (docs/fields/nas.md#reasons): a const tuple, so that the union
 * type and the runtime list are one piece of code. Codes are a contract: added, never renamed or removed.
 */

/** Reasons of `validateNas`. */
export const NAS_REASONS = ['NAS_EMPTY', 'NAS_NOT_NINE_DIGITS', 'NAS_BAD_CHECK_DIGIT'] as const;

/** Why validateNas rejected a value: a code of `NAS_REASONS`. */
export type NasReason = (typeof NAS_REASONS)[number];
