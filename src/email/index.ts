/**
 * verifield/email: `validateEmail`, the offline check of an email address (syntax, typo,
 * disposable, role, free provider and relay signals, risk score), and the pieces it is made of,
 * which `verifyEmail` combines with what DNS finds. Both answer through result.ts.
 */
import { requireString, type EmailValidationResult, type ValidationLevel } from '../result.js';
import { readEmail } from './reading.js';
import { emailResult } from './result.js';

export { checkEmailSyntax, type EmailSyntax, type EmailSyntaxFailure } from './syntax.js';
export { suggestEmailDomain } from './typo.js';
export { validateEmailSyntax } from './validate-syntax.js';
export { isDisposableDomain, isFreeProviderDomain, isRelayDomain, isRoleLocalPart } from './lists.js';
export {
  assessEmailRisk,
  emailRiskWeights,
  riskLevelOf,
  type EmailDnsFinding,
  type EmailRiskAssessment,
  type EmailRiskInput,
} from './risk.js';
export { emailDataVersions } from './data/versions.generated.js';
export { verifyEmail, type VerifyEmailOptions, type EmailVerificationLevel } from './verify.js';
export { createEmailBlocklist, type EmailBlocklist } from './blocklist.js';
export {
  mxProviderOf,
  detectMxProvider,
  mxQualityScore,
  mxQualityWeights,
  isGloballyRoutable,
  type MxProvider,
  type MxProviderCategory,
  type MxQualityInput,
} from './mx-provider.js';

/** Options of {@link validateEmail}. */
export interface ValidateEmailOptions {
  /**
   * Depth of the signals: `ADVANCED` and `PREMIUM` add `free_provider` and `risk_level` (and the
   * DNS-dependent fields, null offline). Default `BASIC`.
   */
  level?: ValidationLevel;
}

/**
 * Checks an email address offline. `valid` comes from the syntax alone: a typo,
 * a disposable domain or a role mailbox are signals that raise `risk_score` but never make it
 * false. DNS is not consulted, so `mx_valid` is null and `deliverability` is `UNKNOWN` for a
 * valid address (`UNDELIVERABLE` for an invalid one). Never throws on a string; throws a
 * TypeError for anything else.
 *
 * @example
 * ```ts
 * const result = validateEmail('jane.doe@gmial.com');
 * result.valid; // true
 * result.message; // 'Valid email address. Did you mean jane.doe@gmail.com?'
 * result.emailDetails.signals.suggested_domain; // 'gmail.com'
 * ```
 */
export function validateEmail(value: string, options?: ValidateEmailOptions): EmailValidationResult {
  requireString(value, 'validateEmail');
  const level = options?.level;
  return emailResult(value, readEmail(value), { level: 'BASIC', advanced: level === 'ADVANCED' || level === 'PREMIUM' });
}
