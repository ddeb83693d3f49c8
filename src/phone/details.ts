/**
 * The PHONE field's details object and result type (docs/fields/phone.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `phoneDetails` to `ValidationResult`.
 */
import type { ValidationEnvelope } from '../envelope.js';
import type { PhoneReason } from './reasons.js';

/** Line types of the numbering plan (docs/fields/phone.md#line-types). */
export type PhoneLineType =
  | 'MOBILE'
  | 'FIXED_LINE'
  | 'FIXED_LINE_OR_MOBILE'
  | 'TOLL_FREE'
  | 'PREMIUM_RATE'
  | 'SHARED_COST'
  | 'VOIP'
  | 'PERSONAL_NUMBER'
  | 'PAGER'
  | 'UAN'
  | 'VOICEMAIL'
  | 'UNKNOWN';

/** Details of a phone validation (docs/fields/phone.md#details). */
export interface PhoneDetails {
  /**
   * ISO 3166-1 alpha-2; absent when a shared calling code does not identify one country.
   * @pattern ^[A-Z]{2}$
   */
  country_code?: string;
  /**
   * International calling code without the plus sign.
   * @asType integer
   * @format int32
   * @minimum 1
   */
  calling_code: number;
  /** Line type in the numbering plan; absent when the number is invalid. */
  line_type?: PhoneLineType;
  /** Human-readable international format; absent when the number is invalid. */
  international_format?: string;
  /** As dialled inside the country; absent when the number is invalid. */
  national_format?: string;
}

/** Result of `validatePhone`: `phoneDetails` is present when the number could be read as international. */
export type PhoneValidationResult = ValidationEnvelope & { reason: PhoneReason | null; phoneDetails?: PhoneDetails };
