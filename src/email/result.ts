/**
 * The answer of `validateEmail` and `verifyEmail`, written in one place from what they found: the
 * reading of the address (reading.ts), the list signals looked up here (lists.ts), and what
 * `verifyEmail` adds (the blocklist, DNS, RDAP). Signals, risk (risk.ts), details and message
 * come out the same for the same findings on both paths; a new signal is added here once.
 * `validateEmailSyntax` writes its own smaller answer (validate-syntax.ts).
 */
import { envelope, type EmailDetails, type EmailSignals, type EmailValidationResult, type ValidationLevel } from '../result.js';
import type { EmailReason } from '../reasons.js';
import { isDisposableDomain, isFreeProviderDomain, isRelayDomain, isRoleLocalPart } from './lists.js';
import { offlineEmailMessage, syntaxReason, VALID_MESSAGE, type EmailReading } from './reading.js';
import { assessEmailRisk, type EmailDnsFinding } from './risk.js';

/** What `verifyEmail` found beyond the offline reading. */
export interface EmailOnlineFindings {
  /** The address is on the integrator's blocklist (DNS is then not asked). */
  blocklisted: boolean;
  /** What DNS said about the domain's mail; null when it was not asked. */
  dns: EmailDnsFinding | null;
  /** Days since the domain was registered; null when unknown or not looked up. */
  domainAgeDays: number | null;
  /** The mail provider of the MX hosts (ADVANCED); null when unknown or not looked up. */
  mxProvider: string | null;
  /** `mx_quality_score` (ADVANCED); null when DNS could not be asked or it was not looked up. */
  mxQualityScore: number | null;
}

/** Which fields the answer holds and the depth it reports. */
export interface EmailAnswerDepth {
  /** `validationLevel` and `applied_level`. */
  level: ValidationLevel;
  /** Adds free_provider, domain_age_days, mx_provider, mx_quality_score and risk_level. */
  advanced: boolean;
}

/** The findings of an offline check: nothing asked. */
const OFFLINE: EmailOnlineFindings = {
  blocklisted: false,
  dns: null,
  domainAgeDays: null,
  mxProvider: null,
  mxQualityScore: null,
};

const NO_MAIL_MESSAGE = 'Domain has no valid MX or A records';
const BLOCKED_MESSAGE = 'Domain reputation is blocked';
const UNCHECKED_MESSAGE = "Valid email address, but its domain's mail servers could not be checked right now";

/**
 * The answer for `value`. `valid` comes from the syntax, unless the address is blocklisted or its
 * domain takes no mail (null MX, no such domain, no MX and no A record); every other finding is a
 * signal that weighs on `risk_score`. The message is the offline one unless the blocklist or DNS
 * said more about a well-formed address.
 */
export function emailResult(
  value: string,
  reading: EmailReading,
  depth: EmailAnswerDepth,
  online: EmailOnlineFindings = OFFLINE,
): EmailValidationResult {
  const { syntax, suggestedDomain } = reading;
  const { valid, localPart, domain } = syntax;
  const { blocklisted, dns } = online;
  // The list lookups only make sense for a real domain.
  const disposable = valid && isDisposableDomain(domain);
  const roleBased = valid && isRoleLocalPart(localPart);
  const relay = valid && isRelayDomain(domain);
  const noMail = dns === 'NULL_MX' || dns === 'NO_DOMAIN' || dns === 'NO_RECORDS';

  const signals: EmailSignals = {
    syntax_valid: valid,
    mx_valid: dns === null || dns === 'ERROR' ? null : !noMail,
    typo_detected: suggestedDomain !== null,
    suggested_domain: suggestedDomain,
    disposable,
    role_based: roleBased,
  };
  if (depth.advanced) signals.free_provider = valid && isFreeProviderDomain(domain);
  signals.relay = relay;
  if (depth.advanced) {
    signals.domain_age_days = online.domainAgeDays;
    signals.mx_provider = online.mxProvider;
    signals.mx_quality_score = online.mxQualityScore;
  }

  const risk = assessEmailRisk({
    syntaxValid: valid,
    disposable,
    typoDetected: suggestedDomain !== null,
    roleBased,
    relay,
    dns,
    blocklisted,
    domainAgeDays: online.domainAgeDays,
  });
  const { level } = depth;
  const emailDetails: EmailDetails = depth.advanced
    ? { signals, risk_score: risk.risk_score, risk_level: risk.risk_level, deliverability: risk.deliverability, applied_level: level }
    : { signals, risk_score: risk.risk_score, deliverability: risk.deliverability, applied_level: level };

  let message = offlineEmailMessage(reading, disposable);
  let reason: EmailReason | null = syntaxReason(syntax);
  if (blocklisted) {
    message = BLOCKED_MESSAGE;
    reason = 'EMAIL_BLOCKED';
  } else if (noMail) {
    message = NO_MAIL_MESSAGE;
    reason = 'EMAIL_NO_MX';
  } else if (message === VALID_MESSAGE && dns === 'ERROR') message = UNCHECKED_MESSAGE;

  const result = envelope(value, valid && !blocklisted && !noMail, message, syntax.normalized, level, reason);
  return Object.assign(result, { emailDetails });
}
