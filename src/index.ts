/**
 * verifield: the offline validators of every field, and the envelope types. Each is also its own
 * subpath (`verifield/iban`, …) so a bundler keeps only what a form uses.
 * @example
 * ```ts
 * import { validateIban, validateVat, type ValidationResult } from 'verifield';
 * const checked: ValidationResult = validateIban('DE89 3704 0044 0532 0130 00');
 * checked.valid; // true
 * validateVat('BE 986.375.479').normalizedValue; // 'BE0986375479'
 * validateIban('DE89 3704 0044 0532 0130 01').reason; // 'IBAN_BAD_CHECKSUM'
 * ```
 */
export type {
  ValidationResult,
  ValidationLevel,
  ErrorCode,
  EmailDetails,
  EmailSignals,
  Deliverability,
  RiskLevel,
  VatDetails,
  VatSource,
  TraderNameMatch,
  PhoneDetails,
  PhoneLineType,
  IbanDetails,
  NasDetails,
  NifDetails,
  NifType,
  SsnDetails,
  IbanValidationResult,
  NifValidationResult,
  NasValidationResult,
  SsnValidationResult,
  VatValidationResult,
  EmailValidationResult,
  PhoneValidationResult,
} from './result.js';
export {
  REASONS,
  IBAN_REASONS,
  NIF_REASONS,
  NAS_REASONS,
  SSN_REASONS,
  PHONE_REASONS,
  VAT_REASONS,
  EMAIL_REASONS,
  type ReasonCode,
  type IbanReason,
  type NifReason,
  type NasReason,
  type SsnReason,
  type PhoneReason,
  type VatReason,
  type EmailReason,
} from './reasons.js';
export { validateIban } from './iban/index.js';
export { validateNif } from './nif/index.js';
export { validateNas } from './nas/index.js';
export { validateSsn } from './ssn/index.js';
export { validateVat } from './vat/index.js';
export { validateEmail } from './email/index.js';
export { validateEmailSyntax } from './email/validate-syntax.js';
export { validatePhone, type PhoneOptions } from './phone/index.js';
