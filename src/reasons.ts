/**
 * Why a value was rejected: one stable upper-case code per failure, one list per field
 * (docs/envelope.md#reason-codes). A form shows its own text for a code, or hands the result to
 * `localize` (verifield/messages). Codes are a contract: added, never renamed or removed.
 *
 * Each list is a const tuple so that the union type and the runtime list are one piece of code; a
 * validator imports only the types (erased), so the lists cost its bundle nothing.
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
] as const;

/** Reasons of `validateNif`. */
export const NIF_REASONS = [
  'NIF_EMPTY',
  'NIF_BAD_FORMAT',
  'NIF_WRONG_CONTROL_LETTER',
  'NIF_WRONG_CONTROL_CHARACTER',
  'NIF_WRONG_CONTROL_FORM',
] as const;

/** Reasons of `validateNas`. */
export const NAS_REASONS = ['NAS_EMPTY', 'NAS_NOT_NINE_DIGITS', 'NAS_BAD_CHECK_DIGIT'] as const;

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

/** Why validateIban rejected a value: a code of `IBAN_REASONS`. */
export type IbanReason = (typeof IBAN_REASONS)[number];
/** Why validateNif rejected a value: a code of `NIF_REASONS`. */
export type NifReason = (typeof NIF_REASONS)[number];
/** Why validateNas rejected a value: a code of `NAS_REASONS`. */
export type NasReason = (typeof NAS_REASONS)[number];
/** Why validateSsn rejected a value: a code of `SSN_REASONS`. */
export type SsnReason = (typeof SSN_REASONS)[number];
/** Why validatePhone rejected a value: a code of `PHONE_REASONS`. */
export type PhoneReason = (typeof PHONE_REASONS)[number];
/** Why validateVat and verifyVat rejected a value: a code of `VAT_REASONS`. */
export type VatReason = (typeof VAT_REASONS)[number];
/** Why the email validators rejected a value: a code of `EMAIL_REASONS`. */
export type EmailReason = (typeof EMAIL_REASONS)[number];

/** Every reason code of every field. */
export type ReasonCode = IbanReason | NifReason | NasReason | SsnReason | PhoneReason | VatReason | EmailReason;

/**
 * The reason lists by field name (the names of the service's endpoints).
 * @example
 * ```ts
 * REASONS.iban.includes('IBAN_BAD_CHECKSUM'); // true
 * REASONS.nas.length; // 3
 * ```
 */
export const REASONS = {
  iban: IBAN_REASONS,
  nif: NIF_REASONS,
  nas: NAS_REASONS,
  ssn: SSN_REASONS,
  phone: PHONE_REASONS,
  vat: VAT_REASONS,
  email: EMAIL_REASONS,
} as const;
