/**
 * The one envelope every validator returns (docs/envelope.md), with the details object of each field
 * (docs/envelope.md#details-objects). Later modules fill these types; they are declared here once so that the
 * envelope, the server and the client all speak of the same shapes.
 */

import type { EmailReason, IbanReason, NasReason, NifReason, PhoneReason, ReasonCode, SsnReason, VatReason } from './reasons.js';

/** Depth of the checks that were applied. */
export type ValidationLevel = 'BASIC' | 'STANDARD' | 'ADVANCED' | 'PREMIUM';

/** Signals found by the email checks (docs/fields/email.md#details, EmailSignals). */
export interface EmailSignals {
  /** The address passes the syntax checks. */
  syntax_valid: boolean;
  /** The domain has MX records, or falls back to an A record; null when DNS was not consulted. */
  mx_valid: boolean | null;
  /** A likely domain typo was found. */
  typo_detected: boolean;
  /** The corrected domain when a typo is detected; null otherwise. */
  suggested_domain: string | null;
  /** The domain is a known disposable provider. */
  disposable: boolean;
  /** The local part is a role mailbox (info, admin, support, …). */
  role_based: boolean;
  /** The domain is a known free provider (ADVANCED and PREMIUM only). */
  free_provider?: boolean | null;
  /** The domain is a forwarding (relay) service such as duck.com (extra signal). */
  relay?: boolean;
  /** Estimated age of the domain in days, when available (ADVANCED and PREMIUM only). */
  domain_age_days?: number | null;
  /** Detected mail provider from the MX hosts (ADVANCED and PREMIUM only). */
  mx_provider?: string | null;
  /** Quality of the mail setup from 0.0 to 1.0 (ADVANCED and PREMIUM only). */
  mx_quality_score?: number | null;
}

/** Risk level derived from the risk score. */
export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

/** Whether mail to the address is expected to arrive. */
export type Deliverability = 'DELIVERABLE' | 'RISKY' | 'UNDELIVERABLE' | 'UNKNOWN';

/** Details of an email validation (docs/fields/email.md#details). */
export interface EmailDetails {
  /** The individual signals behind the score. */
  signals: EmailSignals;
  /** 0 (low risk) to 100 (high risk). */
  risk_score: number;
  /** Only at ADVANCED depth or higher. */
  risk_level?: RiskLevel;
  /** Whether mail is expected to arrive; UNKNOWN when no DNS was asked. */
  deliverability: Deliverability;
  /** Depth effectively applied. */
  applied_level: ValidationLevel;
}

/** Origin of a VAT registration verdict (docs/fields/vat.md#registration-verdict). */
export type VatSource = 'LIVE' | 'CACHE' | 'STALE' | 'UNVERIFIED' | 'NOT_APPLICABLE';

/** Outcome of a trader name comparison. */
export type TraderNameMatch = 'MATCH' | 'MISMATCH' | 'NOT_AVAILABLE';

/** Details of a VAT validation (docs/fields/vat.md#details). */
export interface VatDetails {
  /** The number matches its member state's structure and check digits. */
  format_valid: boolean;
  /** Present in the registry; null means unknown, never unregistered. */
  registered: boolean | null;
  /** Prefix of the number (EL for Greece, XI for Northern Ireland); null when none could be read. */
  country_code: string | null;
  /** Where the registration verdict came from. */
  source: VatSource;
  /** When the registration was last confirmed against VIES (ISO date-time). */
  checked_at?: string | null;
  /** Registered name, only where the member state discloses it. */
  trader_name?: string | null;
  /** Registered address, only where the member state discloses it. */
  trader_address?: string | null;
  /** Whether VIES could answer for this country during the request. */
  vies_available: boolean;
  /** VIES receipt for the lookup, only when a requester VAT number is configured. */
  consultation_number?: string | null;
  /** Only when a trader name was sent. */
  trader_name_match?: TraderNameMatch;
  /** Who compared the names; absent when no comparison was possible. */
  trader_name_match_source?: 'VIES' | 'SERVICE';
}

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
  /** ISO 3166-1 alpha-2; absent when a shared calling code does not identify one country. */
  country_code?: string;
  /** International calling code without the plus sign. */
  calling_code: number;
  /** Absent when the number is invalid. */
  line_type?: PhoneLineType;
  /** Absent when the number is invalid. */
  international_format?: string;
  /** Absent when the number is invalid. */
  national_format?: string;
}

/** Details of an IBAN validation (docs/fields/iban.md#details). */
export interface IbanDetails {
  /** First two characters of the IBAN, even when the country is unknown to the registry. */
  country_code: string;
  /** The country is inside the geographical scope of the SEPA schemes. */
  sepa: boolean;
  /** Length and character layout match the registry entry for the country. */
  structure_valid: boolean;
  /** The ISO 7064 mod-97 check digits are correct. */
  checksum_valid: boolean;
  /** Length of the value as submitted, separators removed. */
  length: number;
  /** Length required for the country; null when the country is not in the registry. */
  expected_length: number | null;
  /** Print format in groups of four; only for a valid IBAN. */
  formatted?: string;
}

/** Details of a Canadian SIN validation (docs/fields/nas.md#details). */
export interface NasDetails {
  /** The Luhn check digit is correct. */
  checksum_valid: boolean;
  /** The number starts with 9. */
  temporary_resident: boolean;
  /** The first digit is 1 to 7 or 9; false for 0 or 8. */
  individual_series: boolean;
  /** Three groups of three digits. */
  formatted: string;
}

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
  /** For an entity, the legal-form letter. */
  entity_letter?: string;
  /** For an entity, the legal form in words. */
  entity_type?: string;
}

/** Details of a US SSN validation (docs/fields/ssn.md#details). */
export interface SsnDetails {
  /** The number is an Individual Taxpayer Identification Number, not an SSN. */
  itin: boolean;
}

/** Machine-readable reasons of the service's error answers (docs/envelope.md#error-codes). */
export type ErrorCode =
  | 'INVALID_JSON'
  | 'MISSING_VALUE'
  | 'VALUE_NOT_STRING'
  | 'VALUE_TOO_LONG'
  | 'BODY_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNKNOWN_MEMBER'
  | 'MISSING_API_KEY'
  | 'INVALID_API_KEY'
  | 'EXPIRED_API_KEY'
  | 'ACCOUNT_SUSPENDED'
  | 'CONFLICTING_API_KEYS'
  | 'METHOD_NOT_ALLOWED'
  | 'FORBIDDEN'
  | 'CONCURRENCY_LIMIT'
  | 'QUOTA_EXCEEDED'
  | 'AUTH_RATE_LIMITED'
  | 'STORE_UNAVAILABLE'
  | 'INTERNAL';

/** The response envelope of every validation (docs/envelope.md#the-envelope). */
export interface ValidationResult {
  /** Whether the input passes the checks of that field. */
  valid: boolean;
  /** Human-readable summary, written to be shown to a user. */
  message: string;
  /** Why the value was rejected, a stable code of the field's list (docs/envelope.md#reason-codes); null when valid. */
  reason: ReasonCode | null;
  /** Canonical form of the input (the form to store); null when none could be derived. */
  normalizedValue: string | null;
  /** The exact input received. */
  originalValue: string;
  /** Depth applied. */
  validationLevel: ValidationLevel;
  /** Email findings; on results of validateEmail / verifyEmail. */
  emailDetails?: EmailDetails;
  /** VAT findings; on results of validateVat / verifyVat. */
  vatDetails?: VatDetails;
  /** Phone findings; present when the number could be read as international. */
  phoneDetails?: PhoneDetails;
  /** IBAN findings; always on results of validateIban. */
  ibanDetails?: IbanDetails;
  /** SIN findings; present when nine digits were typed. */
  nasDetails?: NasDetails;
  /** NIF findings; present when the NIF shape was recognised. */
  nifDetails?: NifDetails;
  /** SSN findings; present when nine digits were typed. */
  ssnDetails?: SsnDetails;
  /** Only on error answers of the HTTP service. */
  errorCode?: ErrorCode;
}

/** Result of `validateIban`: `ibanDetails` is always present. */
export type IbanValidationResult = ValidationResult & { ibanDetails: IbanDetails; reason: IbanReason | null };
/** Result of `validateNif`: `nifDetails` is present when the shape was recognised. */
export type NifValidationResult = ValidationResult & { reason: NifReason | null };
/** Result of `validateNas`: `nasDetails` is present when the input was nine digits. */
export type NasValidationResult = ValidationResult & { reason: NasReason | null };
/** Result of `validateSsn`: `ssnDetails` is present when the input was nine digits. */
export type SsnValidationResult = ValidationResult & { reason: SsnReason | null };
/** Result of `validateVat` / `verifyVat`: `vatDetails` is always present. */
export type VatValidationResult = ValidationResult & { vatDetails: VatDetails; reason: VatReason | null };
/** Result of `validateEmail` / `verifyEmail`: `emailDetails` is always present. */
export type EmailValidationResult = ValidationResult & { emailDetails: EmailDetails; reason: EmailReason | null };
/** Result of `validatePhone`: `phoneDetails` is present when the number could be read as international. */
export type PhoneValidationResult = ValidationResult & { reason: PhoneReason | null };

/**
 * Throws the TypeError that docs/envelope.md#non-string-input promises for a non-string input. Strings, however odd,
 * never throw: they get an envelope.
 * @example
 * ```ts
 * requireString('DE89 3704', 'validateIban'); // undefined
 * let thrown = '';
 * try { requireString(42, 'validateIban'); } catch (error) { thrown = String(error); }
 * thrown; // 'TypeError: validateIban expects a string, got number'
 * ```
 */
export function requireString(value: unknown, functionName: string): asserts value is string {
  if (typeof value !== 'string') {
    throw new TypeError(`${functionName} expects a string, got ${value === null ? 'null' : typeof value}`);
  }
}

/**
 * The fields every envelope shares, in the order they are serialised. `reason` is null exactly when
 * `valid` is true.
 * @example
 * ```ts
 * envelope('DE89', false, 'Too short to be an IBAN', 'DE89', 'STANDARD', 'IBAN_TOO_SHORT'); // { valid: false, message: 'Too short to be an IBAN', reason: 'IBAN_TOO_SHORT', normalizedValue: 'DE89', originalValue: 'DE89', validationLevel: 'STANDARD' }
 * ```
 */
export function envelope<Reason extends ReasonCode>(
  originalValue: string,
  valid: boolean,
  message: string,
  normalizedValue: string | null,
  validationLevel: ValidationLevel = 'STANDARD',
  reason: Reason | null = null,
): ValidationResult & { reason: Reason | null } {
  return { valid, message, reason, normalizedValue, originalValue, validationLevel };
}

/**
 * Removes every character of `separators` from `value` and upper-cases it: the compact form
 * that the number fields normalise to.
 * @example
 * ```ts
 * compact('046 454-286', /[\s-]/g); // '046454286'
 * compact('es b-64717838', /[\s-]/g); // 'ESB64717838'
 * ```
 */
export function compact(value: string, separators: RegExp): string {
  return value.replace(separators, '').toUpperCase();
}
