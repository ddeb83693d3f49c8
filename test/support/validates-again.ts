/** The round trip the field property tests check: a value's normalized value validates again to the same answer. */
import fc from 'fast-check';
import { expect } from 'vitest';

interface Answer {
  valid: boolean;
  message: string;
  normalizedValue: string | null;
}

/**
 * Validates `input`, then its normalized value: the same verdict, message, normalized value and
 * details (read by `details`). Returns both answers, or null when `input` has no normalized value.
 */
export function expectSameAnswerAgain<R extends Answer>(validate: (value: string) => R, input: string, details: (answer: R) => unknown): { first: R; again: R } | null {
  const first = validate(input);
  if (first.normalizedValue === null) return null;
  const again = validate(first.normalizedValue);
  expect(again.valid).toBe(first.valid);
  expect(again.message).toBe(first.message);
  expect(again.normalizedValue).toBe(first.normalizedValue);
  expect(details(again)).toEqual(details(first));
  return { first, again };
}

/** {@link expectSameAnswerAgain} on every value `values` draws, `numRuns` of them (fast-check's default when not given). */
export function assertSameAnswerAgain<R extends Answer>(values: fc.Arbitrary<string>, validate: (value: string) => R, details: (answer: R) => unknown, numRuns?: number): void {
  fc.assert(
    fc.property(values, (input) => {
      expectSameAnswerAgain(validate, input, details);
    }),
    numRuns === undefined ? {} : { numRuns },
  );
}
