/**
 * What a country's check says about a VAT number body. Plain numbers rather than strings so the
 * hot path compares small integers, and ../structure.ts picks a country's message by indexing its
 * messages with the verdict: keep the values 0 to 3 in this order.
 */
import type { Clock } from '../../../ports.js';

/** Structure and check digits are right. */
export const VALID = 0;
/** Wrong length, wrong characters, or a part that cannot occur (a date, an office code, a series). */
export const BAD_FORMAT = 1;
/** The structure is right but the check digits (or letter) do not match. */
export const BAD_CHECK = 2;
/** The structure and arithmetic pass, but the number is all zeros: never issued. */
export const ALL_ZEROS = 3;

export type Verdict = typeof VALID | typeof BAD_FORMAT | typeof BAD_CHECK | typeof ALL_ZEROS;

/** The verdict of a body whose structure is right: whether its check digits (or letter) match. */
export const verdictOf = (checkMatches: boolean): Verdict => (checkMatches ? VALID : BAD_CHECK);

/**
 * A country's check of a compact body (prefix removed, canonical form). `now` is the caller's
 * clock, read only by the checks of numbers that hold a birth date. Never throws.
 */
export type BodyCheck = (body: string, now: Clock) => Verdict;
