/**
 * `validateEmailSyntax`: the envelope of `validateEmail` from the syntax and the typo check alone,
 * for a form that cannot carry the disposable, free-provider and role lists. It writes its own
 * answer rather than going through result.ts, whose list lookups and risk model are what this
 * entry leaves out; the reading and its message are the shared ones (reading.ts).
 */
import { envelope, requireString, type EmailDetails, type EmailValidationResult } from '../result.js';
import { offlineEmailMessage, readEmail, syntaxReason } from './reading.js';
import { emailRiskWeights } from './risk.js';

/**
 * Checks an email address's syntax and looks for a domain typo, offline and without any list.
 * `valid`, `message` and `normalizedValue` are those of `validateEmail` for the same address,
 * except that a disposable domain is not named in the message (no list says so here).
 *
 * `emailDetails` holds what was checked: `syntax_valid`, `typo_detected` and `suggested_domain`.
 * What was not checked has the value the envelope's type allows for it: `mx_valid` is null (no
 * DNS), `deliverability` is `UNKNOWN` (`UNDELIVERABLE` for an invalid address), `relay` and
 * `free_provider` are absent, and `disposable` and `role_based` are false because they are
 * required booleans, not because a list cleared the address: use `validateEmail` for them.
 * `risk_score` weighs the syntax and the typo only. `validationLevel` and `applied_level` are
 * `BASIC`. Never throws on a string; throws a TypeError for anything else.
 *
 * @example
 * ```ts
 * const result = validateEmailSyntax('jane.doe@gmial.com');
 * result.valid; // true
 * result.message; // 'Valid email address. Did you mean jane.doe@gmail.com?'
 * result.emailDetails.signals.suggested_domain; // 'gmail.com'
 * ```
 */
export function validateEmailSyntax(value: string): EmailValidationResult {
  requireString(value, 'validateEmailSyntax');
  const reading = readEmail(value);
  const { syntax, suggestedDomain } = reading;
  const typoDetected = suggestedDomain !== null;
  // assessEmailRisk with nothing but the syntax and the typo to weigh, and no DNS: an invalid
  // address is a hard failure, otherwise the typo's points and an UNKNOWN deliverability. Not
  // calling it keeps its DNS and list branches out of the bundle; test/email/syntax-entry.test.ts
  // checks that both agree.
  const riskScore = !syntax.valid ? emailRiskWeights.hardFailure : typoDetected ? emailRiskWeights.typo : 0;
  const emailDetails: EmailDetails = {
    signals: {
      syntax_valid: syntax.valid,
      mx_valid: null,
      typo_detected: typoDetected,
      suggested_domain: suggestedDomain,
      disposable: false,
      role_based: false,
    },
    risk_score: riskScore,
    deliverability: syntax.valid ? 'UNKNOWN' : 'UNDELIVERABLE',
    applied_level: 'BASIC',
  };
  const result = envelope(value, syntax.valid, offlineEmailMessage(reading, false), syntax.normalized, 'BASIC', syntaxReason(syntax));
  return Object.assign(result, { emailDetails });
}
