/**
 * The reason code of every way an address is rejected, with its English message
 * (docs/fields/email.md#reasons): the syntax failures from validateEmail and validateEmailSyntax
 * alike, then what only verifyEmail finds (test/email/verify.test.ts asks DNS; here the one result
 * builder is fed its findings directly to pin the order blocklist, no mail, syntax).
 */
import { describe, expect, it } from 'vitest';
import { validateEmail } from '../../src/email/index.js';
import { readEmail } from '../../src/email/reading.js';
import { emailResult, type EmailOnlineFindings } from '../../src/email/result.js';
import type { EmailDnsFinding } from '../../src/email/risk.js';
import { validateEmailSyntax } from '../../src/email/validate-syntax.js';
import { EMAIL_REASONS } from '../../src/reasons.js';

const INVALID = 'Invalid email format';

const SYNTAX_CASES = [
  ['', 'EMAIL_EMPTY', 'Email cannot be empty'],
  [' \t ', 'EMAIL_EMPTY', 'Email cannot be empty'],
  ['jane.example.com', 'EMAIL_MISSING_AT_SIGN', INVALID],
  ['ja..ne@example.com', 'EMAIL_INVALID_LOCAL_PART', INVALID],
  ['"jane doe"@example.com', 'EMAIL_QUOTED_LOCAL_PART', INVALID],
  [`${'a'.repeat(65)}@example.com`, 'EMAIL_LOCAL_PART_TOO_LONG', INVALID],
  ['jane\u200b@example.com', 'EMAIL_UNSAFE_CHARACTER', INVALID],
  ['jane@exa..mple.com', 'EMAIL_INVALID_DOMAIN', INVALID],
  ['jane@[192.0.2.1]', 'EMAIL_DOMAIN_LITERAL', INVALID],
  ['jane@localhost', 'EMAIL_DOMAIN_NEEDS_DOT', INVALID],
  [`me@${'a'.repeat(64)}.com`, 'EMAIL_LABEL_TOO_LONG', INVALID],
  ['jane@example.123', 'EMAIL_INVALID_TLD', INVALID],
  ['jane@example.test', 'EMAIL_RESERVED_DOMAIN', INVALID],
  [`a@${'abcdefghi.'.repeat(25)}com`, 'EMAIL_TOO_LONG', INVALID],
] as const;

describe('validateEmail and validateEmailSyntax: reason codes (docs/fields/email.md#reasons)', () => {
  it.each(SYNTAX_CASES)('%j is rejected with %s', (value, reason, message) => {
    expect(validateEmail(value)).toMatchObject({ valid: false, reason, message });
    expect(validateEmailSyntax(value)).toMatchObject({ valid: false, reason, message });
  });

  it('covers every syntax code of the field', () => {
    const syntaxCodes = EMAIL_REASONS.filter((code) => code !== 'EMAIL_NO_MX' && code !== 'EMAIL_BLOCKED');
    expect(new Set(SYNTAX_CASES.map(([, reason]) => reason))).toEqual(new Set(syntaxCodes));
  });

  it.each([
    ['jane.doe@example.com', 'Valid email address'],
    ['jane.doe@gmial.com', 'Valid email address. Did you mean jane.doe@gmail.com?'],
  ])('a valid %j has no reason, typo or not', (value, message) => {
    expect(validateEmail(value)).toMatchObject({ valid: true, reason: null, message });
    expect(validateEmailSyntax(value)).toMatchObject({ valid: true, reason: null, message });
  });

  it('a disposable domain is a signal, not a reason', () => {
    expect(validateEmail('user@mailinator.com')).toMatchObject({
      valid: true,
      reason: null,
      message: 'Valid email address, but it belongs to a disposable email service',
    });
  });
});

describe("verifyEmail's findings: reason codes in the order of the messages", () => {
  const found = (blocklisted: boolean, dns: EmailDnsFinding | null): EmailOnlineFindings => ({
    blocklisted,
    dns,
    domainAgeDays: null,
    mxProvider: null,
    mxQualityScore: null,
  });
  const answer = (value: string, online: EmailOnlineFindings) =>
    emailResult(value, readEmail(value), { level: 'STANDARD', advanced: false }, online);

  it.each(['NULL_MX', 'NO_DOMAIN', 'NO_RECORDS'] as const)('DNS %s: EMAIL_NO_MX', (dns) => {
    expect(answer('jane@example.com', found(false, dns))).toMatchObject({
      valid: false,
      reason: 'EMAIL_NO_MX',
      message: 'Domain has no valid MX or A records',
    });
  });

  it('blocklisted: EMAIL_BLOCKED, before what DNS says', () => {
    for (const dns of [null, 'NO_DOMAIN'] as const) {
      expect(answer('jane@example.com', found(true, dns))).toMatchObject({
        valid: false,
        reason: 'EMAIL_BLOCKED',
        message: 'Domain reputation is blocked',
      });
    }
  });

  it.each(['MX', 'A_FALLBACK', 'ERROR'] as const)('DNS %s: no reason', (dns) => {
    expect(answer('jane@example.com', found(false, dns))).toMatchObject({ valid: true, reason: null });
  });

  it('no mail is said before a typo, which is never a reason', () => {
    expect(answer('jane@gmial.com', found(false, 'NO_DOMAIN'))).toMatchObject({ reason: 'EMAIL_NO_MX' });
    expect(answer('jane@gmial.com', found(false, 'MX'))).toMatchObject({ valid: true, reason: null });
  });
});
