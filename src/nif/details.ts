/**
 * The NIF field's details object and result type (docs/fields/nif.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `nifDetails` to `ValidationResult`.
 */
import type { ValidationEnvelope } from '../envelope.js';
import type { NifReason } from './reasons.js';

/** Kinds of Spanish NIF (docs/fields/nif.md#kinds). */
export type NifType = 'DNI' | 'NIE' | 'NIF_K' | 'NIF_L' | 'NIF_M' | 'ENTITY';

/** Details of a Spanish NIF validation (docs/fields/nif.md#details). */
export interface NifDetails {
  /** Kind of NIF: DNI, NIE, NIF_K/L/M or ENTITY. */
  type: NifType;
  /** Belongs to a person rather than an entity. */
  natural_person: boolean;
  /** The control character is correct. */
  checksum_valid: boolean;
  /**
   * For an entity, the legal-form letter.
   * @pattern ^[A-Z]$
   */
  entity_letter?: string;
  /** For an entity, the legal form in words. */
  entity_type?: string;
}

/** Result of `validateNif`: `nifDetails` is present when the shape was recognised. */
export type NifValidationResult = ValidationEnvelope & { reason: NifReason | null; nifDetails?: NifDetails };
