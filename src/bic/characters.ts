/**
 * The compact form of a typed code and the character kinds of a BIC's parts. Only ASCII letters
 * are upper-cased, on purpose: `'ß'.toUpperCase()` is `'SS'` and `'ﬀ'.toUpperCase()` is `'FF'`, and
 * such a rewrite would turn junk into letters that then pass as a BIC.
 */
import { NINE, UPPER_A, UPPER_Z, ZERO } from '../char-codes.js';

const LOWER_CASE_RUNS = /[a-z]+/g;

/**
 * `value` with every match of `separators` removed and its ASCII letters upper-cased; any other
 * character is kept, so that the checks reject it.
 * @example
 * ```ts
 * compactCode('deut de ff', /\s/g); // 'DEUTDEFF'
 * compactCode('de89-3704', /[\s-]/g); // 'DE893704'
 * compactCode('deutdeﬀ', /\s/g); // 'DEUTDEﬀ'
 * ```
 */
export function compactCode(value: string, separators: RegExp): string {
  return value.replace(separators, '').replace(LOWER_CASE_RUNS, (run) => run.toUpperCase());
}

function isLetterCode(code: number): boolean {
  return code >= UPPER_A && code <= UPPER_Z;
}

/**
 * Whether the characters of `value` from `start` to `end` (exclusive) are upper-case ASCII letters.
 * @example
 * ```ts
 * isLettersBetween('DEUTDEFF', 0, 4); // true
 * isLettersBetween('DEU1DEFF', 0, 4); // false
 * ```
 */
export function isLettersBetween(value: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    if (!isLetterCode(value.charCodeAt(i))) return false;
  }
  return true;
}

/**
 * Whether the characters of `value` from `start` to `end` (exclusive) are upper-case ASCII letters or digits.
 * @example
 * ```ts
 * isAlphanumericBetween('DEUTDEFF500', 8, 11); // true
 * isAlphanumericBetween('DEUTDEFF5.0', 8, 11); // false
 * ```
 */
export function isAlphanumericBetween(value: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = value.charCodeAt(i);
    if (!isLetterCode(code) && (code < ZERO || code > NINE)) return false;
  }
  return true;
}
