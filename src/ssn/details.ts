/**
 * The SSN field's details object and result type (docs/fields/ssn.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `ssnDetails` to `ValidationResult`.
 */
import type { ValidationEnvelope } from '../envelope.js';
import type { SsnReason } from './reasons.js';

/** Details of a US SSN validation (docs/fields/ssn.md#details). */
export interface SsnDetails {
  /** The number is an Individual Taxpayer Identification Number, not an SSN. */
  itin: boolean;
}

/** Result of `validateSsn`: `ssnDetails` is present when the input was nine digits. */
export type SsnValidationResult = ValidationEnvelope & { reason: SsnReason | null; ssnDetails?: SsnDetails };
