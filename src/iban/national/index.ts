/**
 * National BBAN check digits (docs/fields/iban.md#national-check-digits): for each country whose
 * scheme is public and confirmed by an independent implementation, the function that says whether
 * a BBAN's own check digits hold. A country without an entry has no scheme verifield checks
 * (`nationalCheck: 'NOT_APPLICABLE'`). Each scheme lives in its own file of this folder.
 */
import { belgium } from './belgium.js';

/**
 * Whether a BBAN's national check digits hold. It is only called on a BBAN that already has its
 * country's length and layout (src/iban/index.ts checks them first).
 */
export type NationalCheck = (bban: string) => boolean;

/** The national checks by IBAN country code. */
const NATIONAL_CHECKS: Readonly<Record<string, NationalCheck>> = {
  BE: belgium,
};

/**
 * The national check of an IBAN country, or undefined when verifield checks none for it.
 * @example
 * ```ts
 * nationalCheckOf('BE')?.('539007547034'); // true
 * nationalCheckOf('DE'); // undefined
 * ```
 */
export function nationalCheckOf(countryCode: string): NationalCheck | undefined {
  return Object.prototype.hasOwnProperty.call(NATIONAL_CHECKS, countryCode) ? NATIONAL_CHECKS[countryCode] : undefined;
}
