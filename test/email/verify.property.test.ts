/**
 * Properties of verifyEmail over generated input and generated DNS answers (a stub port: the
 * adapter is tested on its own in test/adapters/dns-node.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEmailSyntax } from '../../src/email/syntax.js';
import { verifyEmail } from '../../src/email/verify.js';
import type { DnsAnswer, DnsResolver, MxAnswer } from '../../src/ports.js';

const FAILURE_MESSAGES = [
  'Email cannot be empty',
  'Invalid email format',
  'Domain has no valid MX or A records',
  'Domain reputation is blocked',
];

const mxAnswer: fc.Arbitrary<MxAnswer> = fc.oneof(
  fc.constant<MxAnswer>({ kind: 'records', records: [{ exchange: 'mx1.mail-host.net', priority: 10 }], ttl: 60 }),
  fc.constant<MxAnswer>({ kind: 'null-mx', ttl: 60 }),
  fc.constant<MxAnswer>({ kind: 'nxdomain' }),
  fc.constant<MxAnswer>({ kind: 'nodata' }),
  fc.constantFrom('timeout', 'servfail', 'refused', 'other').map((reason): MxAnswer => ({ kind: 'error', reason })),
);

const addressAnswer: fc.Arbitrary<DnsAnswer<string>> = fc.oneof(
  fc.constant<DnsAnswer<string>>({ kind: 'records', records: ['81.2.69.142'], ttl: 60 }),
  fc.constant<DnsAnswer<string>>({ kind: 'nxdomain' }),
  fc.constant<DnsAnswer<string>>({ kind: 'nodata' }),
  fc.constant<DnsAnswer<string>>({ kind: 'error', reason: 'timeout' }),
);

function stub(mx: MxAnswer, a: DnsAnswer<string>): DnsResolver {
  return { mx: () => Promise.resolve(mx), a: () => Promise.resolve(a) };
}

/** Any text, with a bias toward things that look like addresses. */
const input = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.emailAddress(),
  fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 30 })).map(([local, domain]) => `${local}@${domain}`),
);

/** Addresses our syntax check accepts. */
const wellFormed = fc.emailAddress().filter((address) => checkEmailSyntax(address).valid);

const level = fc.constantFrom('STANDARD', 'ADVANCED', 'PREMIUM' as const);

describe('verifyEmail properties', () => {
  it('resolves for any string and any DNS answer, with a consistent envelope', async () => {
    await fc.assert(
      fc.asyncProperty(input, mxAnswer, addressAnswer, level, async (value, mx, a, depth) => {
        const result = await verifyEmail(value, { dns: stub(mx, a), level: depth });
        const details = result.emailDetails;
        expect(typeof result.valid).toBe('boolean');
        expect(result.originalValue).toBe(value);
        expect(result.validationLevel).toBe(depth);
        expect(Number.isInteger(details.risk_score) && details.risk_score >= 0 && details.risk_score <= 100).toBe(true);
        expect(['DELIVERABLE', 'RISKY', 'UNDELIVERABLE']).toContain(details.deliverability);
        if (result.valid) {
          expect(result.message.startsWith('Valid email address')).toBe(true);
          expect(details.signals.mx_valid).not.toBe(false);
        } else {
          expect(FAILURE_MESSAGES).toContain(result.message);
          expect(details.deliverability).toBe('UNDELIVERABLE');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('valid is false only for invalid syntax or a domain that takes no mail (no blocklist given)', async () => {
    await fc.assert(
      fc.asyncProperty(input, mxAnswer, addressAnswer, async (value, mx, a) => {
        const result = await verifyEmail(value, { dns: stub(mx, a) });
        const syntaxValid = checkEmailSyntax(value).valid;
        const noMail =
          mx.kind === 'null-mx' || mx.kind === 'nxdomain' || (mx.kind === 'nodata' && (a.kind === 'nxdomain' || a.kind === 'nodata'));
        expect(result.valid).toBe(syntaxValid && !noMail);
      }),
      { numRuns: 400 },
    );
  });

  it('a DNS failure never makes a well-formed address invalid, and alone never UNDELIVERABLE', async () => {
    await fc.assert(
      fc.asyncProperty(wellFormed, fc.constantFrom('timeout', 'servfail', 'refused', 'other' as const), async (address, reason) => {
        const result = await verifyEmail(address, { dns: stub({ kind: 'error', reason }, { kind: 'error', reason }) });
        expect(result.valid).toBe(true);
        expect(result.emailDetails.signals.mx_valid).toBeNull();
        const { disposable, typo_detected } = result.emailDetails.signals;
        if (!disposable && !typo_detected) expect(result.emailDetails.deliverability).toBe('RISKY');
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same verdict and message at every level', async () => {
    await fc.assert(
      fc.asyncProperty(input, mxAnswer, addressAnswer, async (value, mx, a) => {
        const dns = stub(mx, a);
        const results = await Promise.all(
          (['STANDARD', 'ADVANCED', 'PREMIUM'] as const).map((depth) => verifyEmail(value, { dns, level: depth })),
        );
        for (const result of results) {
          expect(result.valid).toBe(results[0]?.valid);
          expect(result.message).toBe(results[0]?.message);
          expect(result.emailDetails.deliverability).toBe(results[0]?.emailDetails.deliverability);
        }
      }),
      { numRuns: 200 },
    );
  });
});
