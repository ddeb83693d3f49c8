/**
 * Why a number that fits no range of its plan is refused, when its length alone says so: what
 * libphonenumber-js's `validatePhoneNumberLength()` answers (helpers/checkNumberLength.js), read
 * from the number already parsed. The library's function parses `phone.number` again, which costs
 * as much as the first parse and, on a number typed with its national prefix twice, strips the
 * second one too and judges digits the user did not send.
 */
import type { PhoneNumber } from 'libphonenumber-js/max';
import { compiledPlanOf } from './compiled-plans.js';

/** A length no number of the plan has; undefined when the length is possible. */
export type LengthProblem = 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH' | undefined;

/** The length problem of a parsed number, judged on the plan of its country (else of its calling code). */
export function lengthProblemOf(phone: PhoneNumber): LengthProblem {
  const lengths = compiledPlanOf(phone).possibleLengths;
  if (lengths === undefined) return undefined;
  const length = phone.nationalNumber.length;
  // As the library compares them, also for a plan whose list would be empty (INVALID_LENGTH).
  const shortest = lengths[0];
  if (length === shortest) return undefined;
  if (shortest !== undefined && length < shortest) return 'TOO_SHORT';
  const longest = lengths[lengths.length - 1];
  if (longest !== undefined && length > longest) return 'TOO_LONG';
  return lengths.includes(length) ? undefined : 'INVALID_LENGTH';
}
