/**
 * Nine-digit numbers as people type them, the odd strings a validator of them must survive, and the
 * envelope it must keep whatever the input (test/nas, test/ssn).
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/** Separators as people type or paste them: none, spaces, dashes, no-break spaces, en dashes, tabs. */
const separator = fc.constantFrom('', '', '', ' ', '-', '  ', ' - ', '\u00a0', '\u2013', '\t');

/** `digits` with a separator (possibly none) before, between and after every digit. */
export const typedWithSeparators = (digits: string): fc.Arbitrary<string> =>
  fc
    .array(separator, { minLength: digits.length + 1, maxLength: digits.length + 1 })
    .map((gaps) => gaps.map((gap, i) => gap + (digits[i] ?? '')).join(''));

/** A value of `digits` beside the way a person typed it. */
export const withTypedForm = (digits: fc.Arbitrary<string>): fc.Arbitrary<readonly [digits: string, typed: string]> =>
  digits.chain((value) => typedWithSeparators(value).map((typed) => [value, typed] as const));

/** Binary strings, graphemes, lone surrogates and control characters, digits among separators, then `more`. */
export const oddDigitStrings = (...more: fc.Arbitrary<string>[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    // Lone surrogates and control characters, which 'binary' leaves out or rarely draws.
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 30 }),
    fc.stringMatching(/^[0-9 \-\t\u0000-\u001f]{0,20}$/),
    ...more,
  );

/** A million-character input of each kind a nine-digit validator must answer without throwing; only the third, `valid` padded with spaces and dashes, is valid. */
export const hugeInputs = (valid: string, loneSurrogate: string): string[] => [
  '1'.repeat(1_000_000),
  ' '.repeat(1_000_000),
  `${' '.repeat(500_000)}${valid}${'-'.repeat(500_000)}`,
  '\u0000'.repeat(1_000_000),
  loneSurrogate.repeat(100_000),
];

/**
 * Expects the envelope a nine-digit validator answers `input` with: the input as originalValue,
 * STANDARD, a message, and `details` exactly when there is a normalized value, which is nine digits.
 */
export function expectNineDigitEnvelope(result: { originalValue: string; validationLevel: string; message: string; normalizedValue: string | null }, input: string, details: unknown): void {
  expect(result.originalValue).toBe(input);
  expect(result.validationLevel).toBe('STANDARD');
  expect(result.message.length).toBeGreaterThan(0);
  expect(details !== undefined).toBe(result.normalizedValue !== null);
  if (result.normalizedValue !== null) expect(result.normalizedValue).toMatch(/^\d{9}$/);
}
