/**
 * The IBAN field's details object and result type (docs/fields/iban.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `ibanDetails` to `ValidationResult`.
 */
import type { ValidationEnvelope } from '../envelope.js';
import type { IbanReason } from './reasons.js';

/** Details of an IBAN validation (docs/fields/iban.md#details). */
export interface IbanDetails {
  /** First two characters of the IBAN, present even when the country is unknown to the registry. */
  country_code: string;
  /** The country is inside the geographical scope of the SEPA schemes; never changes valid. */
  sepa: boolean;
  /** Length and character layout match the registry entry for the country. */
  structure_valid: boolean;
  /** The ISO 7064 mod-97 check digits are correct. */
  checksum_valid: boolean;
  /**
   * Length of the value as submitted, separators (spaces and dashes) removed.
   * @asType integer
   * @format int32
   * @minimum 0
   */
  length: number;
  // `@asType` replaces the whole type, null included: `@nullable` adds null back.
  /**
   * Length required for the country; null when the country is not in the registry.
   * @asType integer
   * @nullable
   * @format int32
   */
  expected_length: number | null;
  /**
   * The BBAN's own check digits (docs/fields/iban.md#national-check-digits): `NOT_APPLICABLE` when
   * verifield checks no national scheme for the country, or when length and layout do not hold.
   */
  nationalCheck: 'PASS' | 'FAIL' | 'NOT_APPLICABLE';
  /**
   * For an invalid IBAN, the valid IBANs one substituted character or one swap of adjacent
   * characters away, in print format, likeliest first (at most 3); empty otherwise.
   * @maxItems 3
   */
  suggestions: string[];
  /** Print format in groups of four; only for a valid IBAN. */
  formatted?: string;
}

/** Result of `validateIban`: `ibanDetails` is always present. */
export type IbanValidationResult = ValidationEnvelope & { ibanDetails: IbanDetails; reason: IbanReason | null };
