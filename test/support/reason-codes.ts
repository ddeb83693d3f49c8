/**
 * The reason-code block of a field's unit tests (docs/fields/<field>.md#reasons): each refusal of a
 * table with its reason and English message, the table naming every code of the field, and values
 * that are valid with reason null. Called inside the field's `describe`.
 */
import { expect, it } from 'vitest';

/** What these checks read of a validator's answer. */
interface Verdict {
  valid: boolean;
  reason: string | null;
  message: string;
}

/** [input, reason, the English message that reason stands for] */
export type ReasonRow = readonly [input: string, reason: string, message: string];

/**
 * One test a row, refused with its reason and message (`title` as vitest's `it.each` reads it), and
 * one that the rows name every code of `codes`.
 */
export function itRefusesEveryReason(validate: (input: string) => Verdict, rows: readonly ReasonRow[], codes: readonly string[], title = '%j is refused with %s'): void {
  it.each(rows)(title, (input, reason, message) => {
    const result = validate(input);
    expect(result.valid).toBe(false);
    expect(result.reason).toBe(reason);
    expect(result.message).toBe(message);
  });

  it('names every code of the field at least once', () => {
    expect(new Set(rows.map(([, reason]) => reason))).toEqual(new Set(codes));
  });
}

/** One test an input, valid with reason null (`title` as vitest's `it.each` reads it). */
export function itAcceptsWithReasonNull(validate: (input: string) => Verdict, inputs: readonly string[], title = '%j is valid with reason null'): void {
  it.each(inputs)(title, (input) => {
    const result = validate(input);
    expect(result.valid).toBe(true);
    expect(result.reason).toBeNull();
  });
}
