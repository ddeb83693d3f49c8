/**
 * verifield/email: `validateEmail`, the offline check of an email address (syntax, typo,
 * disposable, role, free provider and relay signals, risk score), and the pieces it is made of,
 * which `verifyEmail` combines with what DNS finds.
 */
import {
  requireString,
  type EmailDetails,
  type EmailSignals,
  type EmailValidationResult,
  type ValidationLevel,
} from '../result.js';
import { isDisposableDomain, isFreeProviderDomain, isRelayDomain, isRoleLocalPart } from './lists.js';
import { offlineEmailResult, readEmail } from './offline-result.js';
import { assessEmailRisk } from './risk.js';

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
 * const result = validateEmail('jane.doe@gmial.com');
 * result.valid;                                 // true
 * result.message;                               // 'Valid email address. Did you mean jane.doe@gmail.com?'
 * result.emailDetails.signals.suggested_domain; // 'gmail.com'
 */
export function validateEmail(value: string, options?: ValidateEmailOptions): EmailValidationResult {
  requireString(value, 'validateEmail');
  const level = options?.level;
  const advanced = level === 'ADVANCED' || level === 'PREMIUM';
  const reading = readEmail(value);
  const { syntax, suggestedDomain } = reading;
  const valid = syntax.valid;
  // The list lookups only make sense for a real domain.
  const disposable = valid && isDisposableDomain(syntax.domain);
  const roleBased = valid && isRoleLocalPart(syntax.localPart);
  const relay = valid && isRelayDomain(syntax.domain);

  const signals: EmailSignals = {
    syntax_valid: valid,
    mx_valid: null,
    typo_detected: suggestedDomain !== null,
    suggested_domain: suggestedDomain,
    disposable,
    role_based: roleBased,
  };
  if (advanced) signals.free_provider = valid && isFreeProviderDomain(syntax.domain);
  signals.relay = relay;
  if (advanced) {
    signals.domain_age_days = null;
    signals.mx_provider = null;
    signals.mx_quality_score = null;
  }

  const risk = assessEmailRisk({ syntaxValid: valid, disposable, typoDetected: suggestedDomain !== null, roleBased, relay });
  const emailDetails: EmailDetails = advanced
    ? {
        signals,
        risk_score: risk.risk_score,
        risk_level: risk.risk_level,
        deliverability: risk.deliverability,
        applied_level: 'BASIC',
      }
    : { signals, risk_score: risk.risk_score, deliverability: risk.deliverability, applied_level: 'BASIC' };

  return offlineEmailResult(value, reading, disposable, emailDetails);
}
