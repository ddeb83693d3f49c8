/**
 * The prefixes whose numbers verifield checks although VIES does not cover them: the one list that
 * `OTHER_RULES` (./number/countries.ts), the unknown-prefix message in English and in every catalog
 * (./messages/<lang>.ts) and the OpenAPI description name. Data only, so a catalog carries just this.
 */

/** GB, CH and NO, in the order the messages name them. */
export const OUTSIDE_VIES_PREFIXES = ['GB', 'CH', 'NO'] as const;

/** A prefix outside VIES. */
export type OutsideViesPrefix = (typeof OUTSIDE_VIES_PREFIXES)[number];

/**
 * The prefixes as a sentence names them, with the language's word before the last.
 * @example
 * ```ts
 * outsideViesList('or'); // 'GB, CH or NO'
 * outsideViesList('oder'); // 'GB, CH oder NO'
 * ```
 */
export const outsideViesList = (lastWord: string): string =>
  `${OUTSIDE_VIES_PREFIXES.slice(0, -1).join(', ')} ${lastWord} ${OUTSIDE_VIES_PREFIXES[OUTSIDE_VIES_PREFIXES.length - 1]}`;
