/**
 * National BBAN check digits (docs/fields/iban.md#national-check-digits): for each country whose
 * scheme is public and confirmed by an independent implementation, the function that says whether
 * a BBAN's own check digits hold. A country without an entry has no scheme verifield checks
 * (`nationalCheck: 'NOT_APPLICABLE'`). Each scheme lives in its own file of this folder.
 */
import { belgium } from './belgium.js';
import { croatia } from './croatia.js';
import { czechia } from './czechia.js';
import { estonia } from './estonia.js';
import { finland } from './finland.js';
import { france } from './france.js';
import { hungary } from './hungary.js';
import { italy } from './italy.js';
import { isMod97_10, mod97_10Except } from './mod97.js';
import { norway } from './norway.js';
import { poland } from './poland.js';
import { spain } from './spain.js';

/**
 * Whether a BBAN's national check digits hold; null when the scheme gives the BBAN's bank no rule
 * (`nationalCheck: 'NOT_APPLICABLE'` for it, never a PASS that was not checked). It is only called
 * on a BBAN that already has its country's length and layout (src/iban/index.ts checks them first).
 */
export type NationalCheck = (bban: string) => boolean | null;

/** The national checks by IBAN country code. */
// `__proto__: null` gives the literal no prototype: no key but a country's is found in it.
const NATIONAL_CHECKS = {
  __proto__: null,
  BA: isMod97_10,
  BE: belgium,
  CZ: czechia,
  EE: estonia,
  ES: spain,
  FI: finland,
  FR: france,
  HR: croatia,
  HU: hungary,
  IT: italy,
  MC: france,
  ME: isMod97_10,
  NO: norway,
  PL: poland,
  PT: isMod97_10,
  // The National Bank of Serbia's own accounts (bank code 908) carry no valid control number.
  RS: mod97_10Except('908'),
  SK: czechia,
  SM: italy,
} as unknown as Readonly<Record<string, NationalCheck | undefined>>;

/**
 * The national check of an IBAN country, or undefined when verifield checks none for it.
 * @example
 * ```ts
 * nationalCheckOf('BE')?.('539007547034'); // true
 * nationalCheckOf('DE'); // undefined
 * ```
 */
export function nationalCheckOf(countryCode: string): NationalCheck | undefined {
  // Read straight from the table, which has no prototype: a code it does not hold is undefined,
  // whatever the string (and every byte here is in each bundle of validateIban).
  return NATIONAL_CHECKS[countryCode];
}
