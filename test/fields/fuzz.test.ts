/**
 * Fuzzing of the seven validators in CI: 100,000 generated inputs per field (Unicode, raw UTF-16,
 * control and look-alike characters, huge strings, valid values as typed and near-valid mutations
 * of them), each answer checked against the envelope's invariants (test/support/fuzz/invariants.ts).
 * `npm run fuzz` runs the same properties with millions of inputs (scripts/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzInputs } from '../support/fuzz/inputs.js';
import { assertHolds, FUZZ_TARGETS } from '../support/fuzz/invariants.js';

/** Inputs per field in CI (the floor); VERIFIELD_FUZZ_RUNS may raise it, never lower it. */
const RUNS = Math.max(100_000, Number(process.env.VERIFIELD_FUZZ_RUNS ?? 0) || 0);

/**
 * Generated huge strings repeat their unit up to 20,000 times here (`npm run fuzz`: 200,000). Every
 * one is still far longer than any field accepts, the megabyte-sized strings below are checked on
 * every field, and at 200,000 the 1 % of inputs that are huge took about half of this file's time.
 */
const HUGE_UP_TO = 20_000;

/** Values that are not strings, as JavaScript callers pass them by mistake. */
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
  fc.constant(Symbol('value')),
  fc.constant(() => 'DE89370400440532013000'),
  fc.string().map((text) => new String(text)),
);

/** Megabyte-sized strings, each of them once per field. */
const GIANTS: readonly string[] = [
  '9'.repeat(2_000_000),
  ' '.repeat(2_000_000),
  '\u0000'.repeat(1_000_000),
  '😀'.repeat(500_000),
  '\ud800'.repeat(1_000_000),
  'a@'.repeat(500_000),
  '+'.repeat(1_000_000),
  'ES'.repeat(1_000_000),
  '-'.repeat(1_000_000) + '123456782',
];

describe.each(FUZZ_TARGETS)('fuzzing $field', (target) => {
  it(`keeps every invariant over ${RUNS.toLocaleString('en-US')} generated inputs`, () => {
    const details = fc.check(
      fc.property(fuzzInputs(target.inputs, HUGE_UP_TO), (input) => assertHolds(target, input)),
      { numRuns: RUNS },
    );
    // fast-check's report carries the shrunk input and the seed and path that replay it.
    if (details.failed) {
      const reason = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      expect.fail(`${reason}\n${fc.defaultReportMessage(details) ?? ''}`);
    }
    expect(details.numRuns).toBe(RUNS);
  }, 180_000);

  it('keeps them on megabyte-sized strings', () => {
    for (const giant of GIANTS) assertHolds(target, giant);
  }, 60_000);

  it('throws a TypeError, and nothing else, for a value that is not a string', () => {
    fc.assert(
      fc.property(notAString, (value) => {
        expect(() => target.validate(value as unknown as string)).toThrow(TypeError);
      }),
      { numRuns: 2_000 },
    );
  });
});
