/**
 * What an example module (test/support/examples/module.ts) calls for each `expression; // value`
 * line, so that a failure names the source line and shows the expected and the actual value.
 */
import { expect } from 'vitest';

export function checkExampleLine(location: string, expression: string, actual: unknown, expected: unknown): void {
  expect(actual, `${location}: ${expression}`).toStrictEqual(expected);
}
