import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateEmail } from '../../src/email/index.js';
import { NO_RISK_SIGNALS } from '../support/email-signals.js';

describe('validateEmail: the messages of docs/fields/email.md#verdict', () => {
  it('says "Email cannot be empty" for empty or blank input', () => {
    for (const value of ['', ' ', '\t\n ']) {
      const result = validateEmail(value);
      expect(result).toMatchObject({ valid: false, message: 'Email cannot be empty', normalizedValue: null, originalValue: value });
    }
  });

  it('says "Invalid email format" for every syntax failure', () => {
    for (const value of ['jane', 'jane@', '@example.com', 'jane@example', 'ja..ne@example.com', '"jane"@example.com', 'jane@[192.0.2.1]', 'jane@example.test', 'jane\u200b@example.com', 'Jane <jane@example.com>']) {
      const result = validateEmail(value);
      expect(result.valid, value).toBe(false);
      expect(result.message, value).toBe('Invalid email format');
      expect(result.normalizedValue, value).toBeNull();
    }
  });
});

describe('validateEmail: the offline envelope (docs/envelope.md#validation-levels)', () => {
  it('answers a valid address with BASIC depth, mx_valid null and UNKNOWN deliverability', () => {
    const result = validateEmail('Jane.Doe@Example.COM');
    const emailDetails = {
      signals: { syntax_valid: true, mx_valid: null, ...NO_RISK_SIGNALS },
      risk_score: 0,
      deliverability: 'UNKNOWN',
      applied_level: 'BASIC',
    };
    expect(result).toEqual({ valid: true, message: 'Valid email address', reason: null, normalizedValue: 'Jane.Doe@example.com', originalValue: 'Jane.Doe@Example.COM', validationLevel: 'BASIC', emailDetails });
  });

  it('keeps the exact input in originalValue and stores the trimmed, punycode form', () => {
    const result = validateEmail('  jeff@bücher.example ');
    expect(result.originalValue).toBe('  jeff@bücher.example ');
    expect(result.normalizedValue).toBe('jeff@xn--bcher-kva.example');
  });

  it('answers an invalid address as UNDELIVERABLE with the highest risk', () => {
    const details = validateEmail('jane@@example.com').emailDetails;
    expect(details).toMatchObject({ risk_score: 100, deliverability: 'UNDELIVERABLE', applied_level: 'BASIC' });
    expect(details.signals).toMatchObject({ syntax_valid: false, mx_valid: null, disposable: false, role_based: false });
  });

  it('adds free_provider, risk_level and null DNS fields at ADVANCED and PREMIUM only', () => {
    for (const level of ['ADVANCED', 'PREMIUM'] as const) {
      const result = validateEmail('jane@gmail.com', { level });
      expect(result.validationLevel).toBe('BASIC');
      expect(result.emailDetails).toMatchObject({ risk_level: 'LOW', applied_level: 'BASIC', deliverability: 'UNKNOWN' });
      expect(result.emailDetails.signals).toMatchObject({
        free_provider: true,
        mx_valid: null,
        domain_age_days: null,
        mx_provider: null,
        mx_quality_score: null,
      });
      expect(validateEmail('jane@acme-corp.de', { level }).emailDetails.signals.free_provider).toBe(false);
    }
    for (const options of [undefined, {}, { level: 'BASIC' as const }, { level: 'STANDARD' as const }]) {
      const details = validateEmail('jane@gmail.com', options).emailDetails;
      expect(details.risk_level).toBeUndefined();
      expect(details.signals).not.toHaveProperty('free_provider');
      expect(details.signals).not.toHaveProperty('domain_age_days');
    }
  });

  it('gives the same verdict at every level (docs/fields/email.md#verdict)', () => {
    for (const value of ['jane@gmail.com', 'x@mailinator.com', 'bad@', 'info@gmial.com']) {
      const verdicts = (['BASIC', 'STANDARD', 'ADVANCED', 'PREMIUM'] as const).map((level) => validateEmail(value, { level }));
      for (const result of verdicts) {
        expect(result.valid).toBe(verdicts[0]?.valid);
        expect(result.emailDetails.risk_score).toBe(verdicts[0]?.emailDetails.risk_score);
      }
    }
  });

  it('throws a TypeError for anything but a string', () => {
    for (const value of [null, undefined, 42, {}, ['a@b.co'], new String('a@b.co')]) {
      expect(() => validateEmail(value as unknown as string)).toThrow(TypeError);
    }
  });
});

describe('validateEmail: signals never change the verdict (docs/fields/email.md#verdict)', () => {
  it('reports a typo with its suggestion, in the message too, and stays valid', () => {
    const result = validateEmail('jane.doe@gmial.com');
    expect(result.valid).toBe(true);
    expect(result.message).toBe('Valid email address. Did you mean jane.doe@gmail.com?');
    expect(result.emailDetails.signals).toMatchObject({ typo_detected: true, suggested_domain: 'gmail.com' });
    expect(result.emailDetails.risk_score).toBeGreaterThanOrEqual(40);
  });

  it('offers the suggestion for an address that fails the syntax too', () => {
    const result = validateEmail('jane@gmail..com');
    expect(result).toMatchObject({ valid: false, message: 'Invalid email format' });
    expect(result.emailDetails.signals.suggested_domain).toBe('gmail.com');
  });

  it('reports a disposable domain: valid, risk 60, and says so', () => {
    const result = validateEmail('jane@mailinator.com');
    expect(result).toMatchObject({ valid: true, message: 'Valid email address, but it belongs to a disposable email service' });
    expect(result.emailDetails.signals.disposable).toBe(true);
    expect(result.emailDetails.risk_score).toBe(60);
  });

  it('reports role mailboxes and relays with their small weights', () => {
    const role = validateEmail('postmaster@acme-corp.de');
    expect(role.valid).toBe(true);
    expect(role.emailDetails.signals.role_based).toBe(true);
    expect(role.emailDetails.risk_score).toBe(10);
    const relay = validateEmail('x7f3k@duck.com');
    expect(relay.valid).toBe(true);
    expect(relay.emailDetails.signals).toMatchObject({ relay: true, disposable: false });
    expect(relay.emailDetails.risk_score).toBe(5);
  });
});

describe('validateEmail: properties', () => {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...'aAzZ09.-_+@ "\t\n()[]<>\\,;:é＠。ß\u200b\u0301'), maxLength: 40 }),
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('gmail.com', 'gmial.com', 'hotmail.co', 'mailinator.com', 'duck.com', 'bücher.example'))
      .map(([local, domain]) => `${local}@${domain}`),
  );

  it('never throws on a string, and always answers the envelope', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const result = validateEmail(value);
        expect(result.originalValue).toBe(value);
        expect(typeof result.message).toBe('string');
        expect(result.valid).toBe(result.normalizedValue !== null);
        expect(result.emailDetails.risk_score).toBeGreaterThanOrEqual(0);
        expect(result.emailDetails.risk_score).toBeLessThanOrEqual(100);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the normalized value the same verdict and the same normalized value again', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const result = validateEmail(value);
        if (result.normalizedValue === null) return;
        const again = validateEmail(result.normalizedValue);
        expect(again.valid).toBe(true);
        expect(again.normalizedValue).toBe(result.normalizedValue);
        expect(again.emailDetails).toEqual(result.emailDetails);
      }),
      { numRuns: 2000 },
    );
  });

  it('never suggests the domain the address already has', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const result = validateEmail(value);
        const suggestion = result.emailDetails.signals.suggested_domain;
        expect(result.emailDetails.signals.typo_detected).toBe(suggestion !== null);
        if (suggestion !== null && result.normalizedValue !== null) {
          expect(suggestion).not.toBe(result.normalizedValue.slice(result.normalizedValue.lastIndexOf('@') + 1));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('src/email runs in a browser', () => {
  it('imports nothing from Node built-ins', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const folder = new URL('../../src/email/', import.meta.url);
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    expect(files).toContain('index.ts');
    for (const file of files) {
      const source = readFileSync(new URL(file, folder), 'utf8');
      expect(source, file).not.toMatch(/from '(node:|fs'|path'|url'|crypto'|dns')/);
      expect(source, file).not.toMatch(/\b(process|Buffer|require)\b[.(]/);
    }
  });
});
