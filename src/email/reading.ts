/**
 * What every email check starts from: reading an address (its syntax, and the domain it likely
 * meant) and the message for what that reading found. `validateEmail`, `verifyEmail` (through
 * result.ts) and `validateEmailSyntax` all use it, so they answer the same words for the same
 * syntax and typo.
 */
import { checkEmailSyntax, type EmailSyntax, type EmailSyntaxFailure } from './syntax.js';
import { suggestEmailDomain } from './typo.js';

export const EMPTY_MESSAGE = 'Email cannot be empty';
export const INVALID_MESSAGE = 'Invalid email format';
export const VALID_MESSAGE = 'Valid email address';
export const DISPOSABLE_MESSAGE = 'Valid email address, but it belongs to a disposable email service';

/** An address as the offline checks read it. */
export interface EmailReading {
  syntax: EmailSyntax;
  /** The domain the user most likely meant; null when none is close or there is no domain. */
  suggestedDomain: string | null;
}

/**
 * Checks the syntax of `value` and looks for a domain typo. The typo check also runs on a domain
 * that failed the syntax (`#gmail.com`), so that a form can offer the fix.
 */
export function readEmail(value: string): EmailReading {
  const syntax = checkEmailSyntax(value);
  return { syntax, suggestedDomain: syntax.domain === '' ? null : suggestEmailDomain(syntax.domain) };
}

/**
 * The reason of a syntax failure: its name with the field's prefix. Typed as the template so that
 * a failure added to syntax.ts without its code in src/reasons.ts fails to compile where this
 * meets `EmailReason` (result.ts, validate-syntax.ts).
 */
export function syntaxReason({ failure }: EmailSyntax): `EMAIL_${EmailSyntaxFailure}` | null {
  return failure === null ? null : `EMAIL_${failure}`;
}

/**
 * The message of an offline check: empty, invalid, a typo to fix, a disposable domain (only when
 * the lists were consulted), or valid.
 */
export function offlineEmailMessage({ syntax, suggestedDomain }: EmailReading, disposable: boolean): string {
  if (syntax.failure === 'EMPTY') return EMPTY_MESSAGE;
  if (!syntax.valid) return INVALID_MESSAGE;
  if (suggestedDomain !== null) return `${VALID_MESSAGE}. Did you mean ${syntax.localPart}@${suggestedDomain}?`;
  return disposable ? DISPOSABLE_MESSAGE : VALID_MESSAGE;
}
