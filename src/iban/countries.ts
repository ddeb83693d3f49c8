/**
 * The registry compiled once, at module load, into what the hot path needs: a lookup by the two
 * letters' char codes (no string is built to find a country) and, per country, the accepted
 * character classes of every IBAN position.
 */
import { DIGIT, LETTER } from './characters.js';
import { IBAN_REGISTRY, SEPA_COUNTRIES } from './registry.js';

/** What a BBAN layout group accepts: `n` digits, `a` upper-case letters, `c` either. */
export type BbanKind = 'n' | 'a' | 'c';

/** One group of a BBAN layout, in 0-based positions of the whole IBAN (`end` exclusive). */
export interface BbanGroup {
  readonly start: number;
  readonly end: number;
  readonly kind: BbanKind;
}

/** A registry country, ready for validation. */
export interface CountryRule {
  readonly code: string;
  readonly length: number;
  readonly sepa: boolean;
  /** Per IBAN position, the class bits (DIGIT, LETTER) a character there may have. */
  readonly accepts: Uint8Array;
  readonly groups: readonly BbanGroup[];
}

const UPPER_A = 65;
const KIND_MASK: Record<BbanKind, number> = { n: DIGIT, a: LETTER, c: DIGIT | LETTER };
const LAYOUT_GROUP = /^(\d+)([nac])$/;

function compile(code: string, length: number, layout: string): CountryRule {
  const accepts = new Uint8Array(length);
  // Country code and check digits are checked on their own; the BBAN starts at position 4.
  const groups: BbanGroup[] = [];
  let position = 4;
  for (const part of layout.split(',')) {
    // The layouts are the registry's, checked by test/iban/registry.test.ts, not here (the budget is 4.5 kB).
    const match = LAYOUT_GROUP.exec(part) as RegExpExecArray;
    const kind = match[2] as BbanKind;
    const end = position + Number(match[1]);
    accepts.fill(KIND_MASK[kind], position, end);
    groups.push({ start: position, end, kind });
    position = end;
  }
  return { code, length, sepa: SEPA_COUNTRIES.has(code), accepts, groups };
}

/** Index of a two-letter code in the lookup table: 26 * first + second. */
function slot(first: number, second: number): number {
  return (first - UPPER_A) * 26 + (second - UPPER_A);
}

const RULES: (CountryRule | undefined)[] = new Array<CountryRule | undefined>(26 * 26).fill(undefined);
for (const [code, [length, layout]] of Object.entries(IBAN_REGISTRY)) {
  RULES[slot(code.charCodeAt(0), code.charCodeAt(1))] = compile(code, length, layout);
}

/**
 * The registry country whose code starts `iban` (upper-case letters), or undefined.
 * @example
 * ```ts
 * countryRuleOf('DE89370400440532013000')?.length; // 22
 * countryRuleOf('DE89370400440532013000')?.groups; // [{ start: 4, end: 12, kind: 'n' }, { start: 12, end: 22, kind: 'n' }]
 * countryRuleOf('XX00'); // undefined
 * ```
 */
export function countryRuleOf(iban: string): CountryRule | undefined {
  if (iban.length < 2) return undefined;
  const first = iban.charCodeAt(0);
  const second = iban.charCodeAt(1);
  if (first < UPPER_A || first > UPPER_A + 25 || second < UPPER_A || second > UPPER_A + 25) return undefined;
  return RULES[slot(first, second)];
}
