/**
 * The EMAIL field's details object and result type (docs/fields/email.md#details), types only:
 * src/result.ts re-exports them, and the generated registry adds `emailDetails` to `ValidationResult`.
 */
import type { ValidationLevel, ValidationEnvelope } from '../envelope.js';
import type { EmailReason } from './reasons.js';

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
  /** The local part is a role mailbox (info, admin, support, noreply, …). */
  role_based: boolean;
  /** The domain is a known free email provider (ADVANCED and PREMIUM only). */
  free_provider?: boolean | null;
  /** The domain is a forwarding (relay) service such as duck.com (extra signal). */
  relay?: boolean;
  // `@asType` replaces the whole type, null included: `@nullable` adds null back.
  /**
   * Estimated age of the domain in days, when available (ADVANCED and PREMIUM only).
   * @asType integer
   * @nullable
   * @format int64
   * @minimum 0
   */
  domain_age_days?: number | null;
  /** Detected mail provider from the MX hosts (ADVANCED and PREMIUM only). */
  mx_provider?: string | null;
  /**
   * Quality of the mail setup from 0.0 to 1.0 (ADVANCED and PREMIUM only).
   * @format double
   * @minimum 0
   * @maximum 1
   */
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
  /**
   * 0 (low risk) to 100 (high risk).
   * @asType integer
   * @format int32
   * @minimum 0
   * @maximum 100
   */
  risk_score: number;
  /** Derived from risk_score; only at ADVANCED depth or higher. */
  risk_level?: RiskLevel;
  /** Whether mail to the address is expected to arrive; UNKNOWN when no DNS was asked (the offline check: the service does not return it today). */
  deliverability: Deliverability;
  /** Depth effectively applied; the service's follows the plan: STANDARD on FREE and STARTER, ADVANCED on GROWTH, PREMIUM on PRO. */
  applied_level: ValidationLevel;
}

/** Result of `validateEmail` / `verifyEmail`: `emailDetails` is always present. */
export type EmailValidationResult = ValidationEnvelope & { emailDetails: EmailDetails; reason: EmailReason | null };
