/**
 * The SSN field's reason codes (docs/fields/ssn.md#reasons): a const tuple, so that the union
 * type and the runtime list are one piece of code. Codes are a contract: added, never renamed or removed.
 */

/** Reasons of `validateSsn`. */
export const SSN_REASONS = [
  'SSN_EMPTY',
  'SSN_NOT_NINE_DIGITS',
  'SSN_SAMPLE_NUMBER',
  'SSN_ITIN',
  'SSN_AREA_NOT_ISSUED',
  'SSN_GROUP_NOT_ISSUED',
  'SSN_SERIAL_NOT_ISSUED',
] as const;

/** Why validateSsn rejected a value: a code of `SSN_REASONS`. */
export type SsnReason = (typeof SSN_REASONS)[number];
