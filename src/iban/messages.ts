/**
 * What `validateIban` tells the person filling in the form. The forms of the unknown-country and
 * wrong-length messages are fixed by the contract (docs/fields/iban.md#messages); the others are ours.
 */
import type { BbanGroup } from './countries.js';

export const VALID = 'Valid IBAN';
export const EMPTY = 'IBAN cannot be empty';
export const TOO_SHORT = 'Too short to be an IBAN';
export const BAD_CHARACTERS = 'An IBAN contains only letters and digits (spaces and dashes between groups are fine)';
export const NO_COUNTRY_CODE = 'An IBAN starts with a two-letter country code, such as DE or FR';
export const CHECK_DIGITS_NOT_DIGITS = 'Characters 3 and 4 of an IBAN are its check digits and must be digits';
export const CHECKSUM_MISMATCH = 'IBAN check digits do not match, please check the number';
export const NATIONAL_CHECK_FAILED = 'The account number inside this IBAN fails its national check digits, so the bank would refuse it';

/**
 * docs/fields/iban.md#messages: "<CC> is not an IBAN country".
 * @example
 * ```ts
 * unknownCountry('XK'); // 'XK is not an IBAN country'
 * ```
 */
export function unknownCountry(countryCode: string): string {
  return `${countryCode} is not an IBAN country`;
}

/**
 * docs/fields/iban.md#messages: "A FR IBAN is 27 characters long".
 * @example
 * ```ts
 * wrongLength('FR', 27); // 'A FR IBAN is 27 characters long'
 * ```
 */
export function wrongLength(countryCode: string, length: number): string {
  return `A ${countryCode} IBAN is ${length} characters long`;
}

const PLURAL: Record<BbanGroup['kind'], string> = { n: 'digits', a: 'letters', c: 'letters or digits' };
const SINGULAR: Record<BbanGroup['kind'], string> = { n: 'a digit', a: 'a letter', c: 'a letter or digit' };

/**
 * Names the group of the BBAN that breaks the layout, in 1-based positions of the compact IBAN.
 * @example
 * ```ts
 * wrongLayout('GB', { start: 4, end: 8, kind: 'a' }); // 'In GB IBANs, characters 5 to 8 must be letters (counting without spaces)'
 * wrongLayout('DE', { start: 12, end: 13, kind: 'n' }); // 'In DE IBANs, character 13 must be a digit (counting without spaces)'
 * ```
 */
export function wrongLayout(countryCode: string, group: BbanGroup): string {
  const size = group.end - group.start;
  const where =
    size === 1
      ? `character ${group.end} must be ${SINGULAR[group.kind]}`
      : `characters ${group.start + 1} ${size === 2 ? 'and' : 'to'} ${group.end} must be ${PLURAL[group.kind]}`;
  return `In ${countryCode} IBANs, ${where} (counting without spaces)`;
}

/**
 * ISO 13616 check digits run from 02 to 98; 00, 01 and 99 are mod-97 aliases never issued.
 * @example
 * ```ts
 * reservedCheckDigits('01'); // 'IBAN check digits are never 01, please check the number'
 * ```
 */
export function reservedCheckDigits(checkDigits: string): string {
  return `IBAN check digits are never ${checkDigits}, please check the number`;
}

/**
 * A rejection's message with the IBANs it was probably meant to be (docs/fields/iban.md#suggestions).
 * @example
 * ```ts
 * withSuggestions('IBAN check digits do not match, please check the number', ['DE89 3704 0044 0532 0130 00']); // 'IBAN check digits do not match, please check the number. Did you mean DE89 3704 0044 0532 0130 00?'
 * withSuggestions('Too short to be an IBAN', []); // 'Too short to be an IBAN'
 * ```
 */
export function withSuggestions(message: string, suggestions: readonly string[]): string {
  const count = suggestions.length;
  if (count === 0) return message;
  const last = suggestions[count - 1] as string;
  const listed = count === 1 ? last : `${suggestions.slice(0, -1).join(', ')} or ${last}`;
  return `${message}. Did you mean ${listed}?`;
}
