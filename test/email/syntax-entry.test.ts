/**
 * `validateEmailSyntax` (verifield/email-syntax): the envelope of `validateEmail` from the syntax
 * and the typo check alone. What it checked matches `validateEmail`; what it did not check has
 * the "not checked" value the types allow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as emailModule from '../../src/email/index.js';
import { assessEmailRisk } from '../../src/email/risk.js';
import * as syntaxEntry from '../../src/email/syntax-entry.js';
import * as root from '../../src/index.js';

const { validateEmailSyntax } = syntaxEntry;
const { validateEmail } = emailModule;

const ADDRESSES = [
  'jane.doe@example.com',
  'Jane.DOE@Example.COM',
  '  jane@example.com\t',
  'jane.doe@gmial.com',
  'info@hotmail.co',
  'someone@acme-corp.con',
  'user@mailinator.com',
  'info@example.com',
  'admin@gmail.com',
  'jane@duck.com',
  'josé@example.com',
  'jane@bücher.example',
  '',
  '   ',
  'jane',
  'jane@',
  '@example.com',
  'jane@@example.com',
  'jane@#gmail.com',
  'jane..doe@example.com',
  'jane@example',
  'a'.repeat(65) + '@example.com',
];

describe('validateEmailSyntax', () => {
  it('answers the envelope with the syntax and the typo, and nothing it did not check', () => {
    expect(validateEmailSyntax('Jane.Doe@Gmial.com')).toEqual({
      valid: true,
      message: 'Valid email address. Did you mean Jane.Doe@gmail.com?',
      reason: null,
      normalizedValue: 'Jane.Doe@gmial.com',
      originalValue: 'Jane.Doe@Gmial.com',
      validationLevel: 'BASIC',
      emailDetails: {
        signals: {
          syntax_valid: true,
          mx_valid: null,
          typo_detected: true,
          suggested_domain: 'gmail.com',
          disposable: false,
          role_based: false,
        },
        risk_score: 40,
        deliverability: 'UNKNOWN',
        applied_level: 'BASIC',
      },
    });
  });

  it('says what validateEmail says about the syntax and the typo of the same address', () => {
    for (const address of ADDRESSES) {
      const full = validateEmail(address);
      const syntaxOnly = validateEmailSyntax(address);
      expect(syntaxOnly.valid, address).toBe(full.valid);
      expect(syntaxOnly.reason, address).toBe(full.reason);
      expect(syntaxOnly.normalizedValue, address).toBe(full.normalizedValue);
      expect(syntaxOnly.originalValue, address).toBe(address);
      const { signals } = syntaxOnly.emailDetails;
      expect(signals.syntax_valid, address).toBe(full.emailDetails.signals.syntax_valid);
      expect(signals.typo_detected, address).toBe(full.emailDetails.signals.typo_detected);
      expect(signals.suggested_domain, address).toBe(full.emailDetails.signals.suggested_domain);
      // The one message that needs a list: validateEmail names a disposable domain.
      if (!full.emailDetails.signals.disposable) expect(syntaxOnly.message, address).toBe(full.message);
    }
  });

  it('does not name a disposable domain or a role mailbox: no list was consulted', () => {
    expect(validateEmail('user@mailinator.com').message).toBe(
      'Valid email address, but it belongs to a disposable email service',
    );
    const disposable = validateEmailSyntax('user@mailinator.com');
    expect(disposable.message).toBe('Valid email address');
    expect(disposable.emailDetails.signals).toMatchObject({ disposable: false, role_based: false });
    expect(validateEmailSyntax('info@example.com').emailDetails.signals.role_based).toBe(false);
    for (const address of ADDRESSES) {
      const { signals } = validateEmailSyntax(address).emailDetails;
      expect(signals.mx_valid).toBeNull();
      expect(Object.keys(signals)).not.toContain('relay');
      expect(Object.keys(signals)).not.toContain('free_provider');
    }
  });

  it('gives the empty and the invalid messages of validateEmail', () => {
    expect(validateEmailSyntax('   ')).toMatchObject({ valid: false, message: 'Email cannot be empty', normalizedValue: null });
    expect(validateEmailSyntax('jane@@example.com')).toMatchObject({ valid: false, message: 'Invalid email format' });
  });

  it("scores as the risk model does when the syntax and the typo are all it knows", () => {
    for (const address of ADDRESSES) {
      const result = validateEmailSyntax(address);
      const { signals } = result.emailDetails;
      const expected = assessEmailRisk({
        syntaxValid: signals.syntax_valid,
        disposable: false,
        typoDetected: signals.typo_detected,
        roleBased: false,
        relay: false,
      });
      expect(result.emailDetails.risk_score, address).toBe(expected.risk_score);
      expect(result.emailDetails.deliverability, address).toBe(expected.deliverability);
    }
    expect(validateEmailSyntax('jane@example').emailDetails).toMatchObject({ risk_score: 100, deliverability: 'UNDELIVERABLE' });
  });

  it('never throws on a string, and throws a TypeError on anything else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (value) => {
        const result = validateEmailSyntax(value);
        expect(result.originalValue).toBe(value);
        expect(typeof result.message).toBe('string');
        expect(result.reason === null).toBe(result.valid);
      }),
      { numRuns: 500 },
    );
    expect(() => validateEmailSyntax(undefined as unknown as string)).toThrow(TypeError);
    expect(() => validateEmailSyntax(42 as unknown as string)).toThrow('validateEmailSyntax expects a string, got number');
  });

  it('is the same function from verifield/email-syntax, verifield/email and verifield', () => {
    expect(root.validateEmailSyntax).toBe(validateEmailSyntax);
    expect(emailModule.validateEmailSyntax).toBe(validateEmailSyntax);
    expect(typeof syntaxEntry.checkEmailSyntax).toBe('function');
    expect(typeof syntaxEntry.suggestEmailDomain).toBe('function');
  });
});
