/**
 * The EMAIL field's reason codes (docs/fields/email.md#reasons): a const tuple, so that the union
 * type and the runtime list are one piece of code. Codes are a contract: added, never renamed or removed.
 */

/** Reasons of `validateEmail`, `validateEmailSyntax` and `verifyEmail`: the syntax failures, then the DNS and blocklist ones. */
export const EMAIL_REASONS = [
  'EMAIL_EMPTY',
  'EMAIL_MISSING_AT_SIGN',
  'EMAIL_INVALID_LOCAL_PART',
  'EMAIL_QUOTED_LOCAL_PART',
  'EMAIL_LOCAL_PART_TOO_LONG',
  'EMAIL_UNSAFE_CHARACTER',
  'EMAIL_INVALID_DOMAIN',
  'EMAIL_DOMAIN_LITERAL',
  'EMAIL_DOMAIN_NEEDS_DOT',
  'EMAIL_LABEL_TOO_LONG',
  'EMAIL_INVALID_TLD',
  'EMAIL_RESERVED_DOMAIN',
  'EMAIL_TOO_LONG',
  'EMAIL_NO_MX',
  'EMAIL_BLOCKED',
] as const;

/** Why the email validators rejected a value: a code of `EMAIL_REASONS`. */
export type EmailReason = (typeof EMAIL_REASONS)[number];
