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
export type { ValidationResult, ValidationLevel, ErrorCode } from './result.js';
export * from './reasons.js';
// Each field's validator and its details and result types, derived from the field folders (src/<field>/details.ts).
export * from './fields/generated/root.js';
export { validateEmailSyntax } from './email/validate-syntax.js';
export type { IbanOptions } from './iban/index.js';
export type { PhoneOptions } from './phone/index.js';
