/**
 * Why `validateBic` rejected a value (docs/fields/bic.md#reasons): one stable code per failure, in
 * the order the checks run. Codes are a contract: added, never renamed or removed. A const tuple,
 * so that the union type and the runtime list are one piece of code; the validator imports only
 * the type (erased), so the list costs its bundle nothing.
 */
export const BIC_REASONS = [
  'BIC_EMPTY',
  'BIC_WRONG_LENGTH',
  'BIC_INSTITUTION_NOT_LETTERS',
  'BIC_COUNTRY_NOT_LETTERS',
  'BIC_LOCATION_NOT_ALPHANUMERIC',
  'BIC_BRANCH_NOT_ALPHANUMERIC',
  'BIC_UNKNOWN_COUNTRY',
] as const;

/** Why validateBic rejected a value: a code of `BIC_REASONS`. */
export type BicReason = (typeof BIC_REASONS)[number];
