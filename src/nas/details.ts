/**
 * The NAS field's details object and result type (docs/fields/nas.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `nasDetails` to `ValidationResult`.
 */
import type { ValidationEnvelope } from '../envelope.js';
import type { NasReason } from './reasons.js';

/** Details of a Canadian SIN validation (docs/fields/nas.md#details). */
export interface NasDetails {
  /** The Luhn check digit is correct. */
  checksum_valid: boolean;
  /** The number starts with 9. */
  temporary_resident: boolean;
  /** The first digit is 1 to 7 or 9; false for 0 or 8. */
  individual_series: boolean;
  /**
   * Three groups of three digits.
   * @pattern ^[0-9]{3} [0-9]{3} [0-9]{3}$
   */
  formatted: string;
}

/** Result of `validateNas`: `nasDetails` is present when the input was nine digits. */
export type NasValidationResult = ValidationEnvelope & { reason: NasReason | null; nasDetails?: NasDetails };
