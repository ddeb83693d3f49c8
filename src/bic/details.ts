/**
 * The BIC field's details object and result type (docs/fields/bic.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `bicDetails` to `ValidationResult`.
 */
import type { ValidationEnvelope } from '../envelope.js';
import type { BicReason } from './reasons.js';

/** Details of a BIC validation (docs/fields/bic.md#details), present when the value reads as a BIC. */
export interface BicDetails {
  /**
   * Characters 1 to 4: the institution (business party prefix), four letters.
   * @pattern ^[A-Z]{4}$
   */
  institutionCode: string;
  /**
   * Characters 5 and 6: ISO 3166-1 alpha-2, or `XK` (Kosovo) as SWIFT uses it; as typed when the country is unknown.
   * @pattern ^[A-Z]{2}$
   */
  countryCode: string;
  /**
   * Characters 7 and 8: the location, letters or digits.
   * @pattern ^[A-Z0-9]{2}$
   */
  locationCode: string;
  /**
   * Characters 9 to 11: the branch; null for an 8-character BIC.
   * @pattern ^[A-Z0-9]{3}$
   */
  branchCode: string | null;
  /** The BIC names the institution's primary office: no branch, or the branch `XXX`. */
  primaryOffice: boolean;
  /** A test BIC: the second character of the location code is `0`. */
  testCode: boolean;
  /**
   * Whether the IBAN given beside the BIC (`options.iban`, the request's `iban`) starts with the BIC's country code;
   * null when none was given, or one that does not start with two letters.
   */
  ibanCountryMatches: boolean | null;
}

/** Result of `validateBic`: `bicDetails` is present when the value reads as a BIC (valid, or an unknown country). */
export type BicValidationResult = ValidationEnvelope & { reason: BicReason | null; bicDetails?: BicDetails };

/** Options of `validateBic`. */
export interface BicOptions {
  /** The IBAN typed beside the BIC: its country is compared with the BIC's, never enforced. */
  iban?: string;
}
