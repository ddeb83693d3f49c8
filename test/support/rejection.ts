/** The error a promise rejects with, checked to be of the class a test expects. */
import { expect } from 'vitest';

/** The rejection of `promise`, which must be an instance of `type`. */
export async function rejectionOf<E>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
