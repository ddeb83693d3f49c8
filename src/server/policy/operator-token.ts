/**
 * What an operator token must be (docs/service.md#admin-api): the admin API's key to every account,
 * so one a person could guess, or type from memory, is refused when the service starts. The shape:
 * 32 or more printable ASCII characters without spaces. Visibly weak: one character repeated or a
 * handful cycled (`abab…`), or a run of neighbouring characters (`abcdef…`, `0123…`).
 */

const TOKEN_SHAPE = /^[\x21-\x7e]{32,}$/;
/** Fewer different characters than this cannot come from a random generator at 32 characters or more. */
const MIN_DISTINCT_CHARACTERS = 8;
/**
 * The share of neighbouring pairs one code point apart above which a token reads as a run. A random
 * hex token has about 1 in 8 such pairs; `abcdefgh…` has all of them.
 */
const MAX_STEP_SHARE = 0.5;

/** The advice every refusal ends with. */
const MAKE_ONE = 'make one with openssl rand -hex 32';

/**
 * Why `token` is no operator token, or null when it is one. The sentence never quotes the token: it
 * goes to a terminal and maybe a log.
 * @example
 * ```ts
 * operatorTokenProblem('f3a9c1d27be84e6a9d0c5b7e2f1a4c8d'); // null
 * operatorTokenProblem('a'.repeat(40)); // 'it repeats a few characters: make one with openssl rand -hex 32'
 * ```
 */
export function operatorTokenProblem(token: string): string | null {
  if (!TOKEN_SHAPE.test(token)) return `use 32 or more printable characters without spaces: ${MAKE_ONE}`;
  if (new Set(token).size < MIN_DISTINCT_CHARACTERS) return `it repeats a few characters: ${MAKE_ONE}`;
  let steps = 0;
  for (let i = 1; i < token.length; i++) if (Math.abs(token.charCodeAt(i) - token.charCodeAt(i - 1)) === 1) steps++;
  if (steps / (token.length - 1) > MAX_STEP_SHARE) return `it is a run of neighbouring characters: ${MAKE_ONE}`;
  return null;
}
