import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { validateNif } from '../../src/nif/index.js';
import { arbDni, arbEntity, arbKlm, arbNie, arbTypedNif, arbValidNif } from '../support/generators/nif.js';
import { assertSameAnswerAgain } from '../support/validates-again.js';

/** Every string, including lone surrogates and control characters. */
const anyString = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(...'0123456789XYZKLMABPQSESJ -.\u0000\u00a0\u2013') }),
);

describe('validateNif properties', () => {
  it('never throws and always answers the envelope for any string', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const r = validateNif(value);
        expect(typeof r.valid).toBe('boolean');
        expect(typeof r.message).toBe('string');
        expect(r.message.length).toBeGreaterThan(0);
        expect(r.originalValue).toBe(value);
        expect(r.validationLevel).toBe('STANDARD');
        // Details exist exactly when the shape was recognised, which is also when there is a normalised value.
        expect(r.nifDetails === undefined).toBe(r.normalizedValue === null);
        if (r.valid) expect(r.nifDetails?.checksum_valid).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on huge inputs and control characters', () => {
    const huge = ['1'.repeat(2_000_000), ' '.repeat(2_000_000), '\u0000'.repeat(100_000), '\ud800'.repeat(10_000)];
    for (const value of huge) expect(validateNif(value).valid).toBe(false);
    expect(validateNif('\u0000\u0001\u001f\u007f').valid).toBe(false);
  });

  it('the normalised value validates again to the same verdict, message and details', () => {
    assertSameAnswerAgain(fc.oneof(anyString, arbTypedNif.map((t) => t.typed), arbValidNif), validateNif, (answer) => answer.nifDetails);
  });

  it('every generated valid NIF passes, typed with separators, case and prefix', () => {
    fc.assert(
      fc.property(arbTypedNif, ({ typed, bare }) => {
        const r = validateNif(typed);
        expect(r.valid).toBe(true);
        expect(r.normalizedValue).toBe(bare);
        expect(r.message).toBe(bare.startsWith('X') || bare.startsWith('Y') || bare.startsWith('Z') ? 'Valid NIE' : 'Valid NIF');
      }),
      { numRuns: 1000 },
    );
  });

  /** Every NIF obtained from `nif` by changing one digit to another digit. */
  function singleDigitChanges(nif: string): string[] {
    const out: string[] = [];
    for (let i = 0; i < nif.length; i++) {
      const ch = nif.charAt(i);
      if (ch < '0' || ch > '9') continue;
      for (let d = 0; d <= 9; d++) {
        if (String(d) !== ch) out.push(nif.slice(0, i) + String(d) + nif.slice(i + 1));
      }
    }
    return out;
  }

  // 10^k is never a multiple of 23 and 23 is prime, so changing one digit always moves the number
  // to another residue; the entity control is Luhn, which also catches every single-digit change.
  it.each([
    ['DNI', arbDni],
    ['NIE', arbNie],
    ['K/L/M', arbKlm],
    ['entity', arbEntity],
  ] as const)('a single changed digit in a valid %s is always caught', (_kind, arb) => {
    fc.assert(
      fc.property(arb, (nif) => {
        for (const changed of singleDigitChanges(nif)) expect(validateNif(changed).valid, changed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('swapping X, Y and Z in a valid NIE is always caught', () => {
    fc.assert(
      fc.property(arbNie, (nie) => {
        for (const p of 'XYZ') if (p !== nie[0]) expect(validateNif(p + nie.slice(1)).valid).toBe(false);
      }),
    );
  });
});
