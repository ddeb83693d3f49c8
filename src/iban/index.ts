/**
 * IBAN validation (docs/fields/iban.md): structure against the SWIFT registry entry of the country, then
 * the ISO 7064 mod-97 check digits, both reported. Shape and checksum only: a valid IBAN does not
 * prove that the account exists.
 */
import { mod97Range } from '../checksum.js';
import type { IbanReason } from '../reasons.js';
import { envelope, requireString, type IbanDetails, type IbanValidationResult } from '../result.js';
import { ASCII_CLASS, compactIban, isCompactAlphabet } from './characters.js';
import { countryRuleOf, type CountryRule } from './countries.js';
import {
  BAD_CHARACTERS,
  CHECK_DIGITS_NOT_DIGITS,
  CHECKSUM_MISMATCH,
  EMPTY,
  NO_COUNTRY_CODE,
  TOO_SHORT,
  VALID,
  reservedCheckDigits,
  unknownCountry,
  wrongLayout,
  wrongLength,
} from './messages.js';

export { IBAN_REGISTRY, IBAN_REGISTRY_RELEASE, SEPA_COUNTRIES } from './registry.js';

const ZERO = 48;
const UPPER_A = 65;

function isDigitCode(code: number): boolean {
  return code >= ZERO && code <= ZERO + 9;
}

function isLetterCode(code: number): boolean {
  return code >= UPPER_A && code <= UPPER_A + 25;
}

/**
 * The first two characters, counted in code points so that an emoji is never cut in half
 * (country_code is shown even for junk).
 */
function leadingCharacters(value: string): string {
  let end = 0;
  for (let taken = 0; taken < 2 && end < value.length; taken++) {
    const code = value.charCodeAt(end);
    const pairs = code >= 0xd800 && code <= 0xdbff && end + 1 < value.length;
    end += pairs && (value.charCodeAt(end + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return value.slice(0, end);
}

/**
 * Whether the mod-97 check digits of a compact, alphanumeric `iban` are right: letters, two
 * digits, at least one BBAN character, the digits not 00, 01 or 99, and the rearranged number
 * (BBAN, then the first four characters) is 1 modulo 97.
 */
function checksumHolds(iban: string): boolean {
  if (iban.length < 5) return false;
  if (!isLetterCode(iban.charCodeAt(0)) || !isLetterCode(iban.charCodeAt(1))) return false;
  const tens = iban.charCodeAt(2);
  const units = iban.charCodeAt(3);
  if (!isDigitCode(tens) || !isDigitCode(units)) return false;
  const checkDigits = (tens - ZERO) * 10 + (units - ZERO);
  if (checkDigits < 2 || checkDigits > 98) return false;
  return mod97Range(iban, 0, 4, mod97Range(iban, 4, iban.length)) === 1;
}

/** Index of the first BBAN position whose character the country's layout does not accept, or -1. */
function firstLayoutBreak(iban: string, rule: CountryRule): number {
  const accepts = rule.accepts;
  for (let i = 4; i < rule.length; i++) {
    // The caller has checked the alphabet, so every code is ASCII.
    if (((ASCII_CLASS[iban.charCodeAt(i)] as number) & (accepts[i] as number)) === 0) return i;
  }
  return -1;
}

/** The print format: groups of four separated by spaces. */
function printFormat(iban: string): string {
  let out = iban.slice(0, 4);
  for (let i = 4; i < iban.length; i += 4) out += ' ' + iban.slice(i, i + 4);
  return out;
}

/** The details of an answer: everything but `formatted`, which only a valid IBAN gets. */
function detailsOf(
  iban: string,
  rule: CountryRule | undefined,
  structureValid: boolean,
  checksumValid: boolean,
): IbanDetails {
  return {
    country_code: rule === undefined ? leadingCharacters(iban) : rule.code,
    sepa: rule === undefined ? false : rule.sepa,
    structure_valid: structureValid,
    checksum_valid: checksumValid,
    length: iban.length,
    expected_length: rule === undefined ? null : rule.length,
  };
}

function reject(
  originalValue: string,
  iban: string,
  rule: CountryRule | undefined,
  message: string,
  reason: IbanReason,
  structureValid: boolean,
  checksumValid: boolean,
): IbanValidationResult {
  const ibanDetails = detailsOf(iban, rule, structureValid, checksumValid);
  // Object.assign rather than a spread: the spread costs more than the whole validation.
  return Object.assign(envelope(originalValue, false, message, iban, 'STANDARD', reason), { ibanDetails });
}

/**
 * Validates an IBAN as a user typed it.
 *
 * Spaces and dashes are removed and letters upper-cased (`normalizedValue`); any other character,
 * such as a dot, makes the value invalid. The country must be one of the 89 of the SWIFT IBAN
 * Registry (release 101) and the value must have its length and BBAN layout (`structure_valid`);
 * the ISO 7064 mod-97 check digits are checked separately (`checksum_valid`), and 00, 01 and 99
 * are refused. `valid` needs both. `sepa` reports the SEPA scope and never changes `valid`.
 *
 * @param value - the IBAN, with or without spaces, in any case
 * @returns the envelope with `ibanDetails`; never throws for a string
 * @throws TypeError when `value` is not a string
 * @example
 * ```ts
 * validateIban('de89 3704 0044 0532 0130 00').normalizedValue; // 'DE89370400440532013000'
 * validateIban('DE89370400440532013000').ibanDetails.formatted; // 'DE89 3704 0044 0532 0130 00'
 * validateIban('DE89 3704 0044 0532 0130 01').message; // 'IBAN check digits do not match, please check the number'
 * validateIban('GB82 1234 1234 5698 7654 32').message; // 'In GB IBANs, characters 5 to 8 must be letters (counting without spaces)'
 * ```
 */
export function validateIban(value: string): IbanValidationResult {
  requireString(value, 'validateIban');
  const iban = compactIban(value);
  const length = iban.length;
  const rule = countryRuleOf(iban);

  if (length === 0) return reject(value, iban, rule, EMPTY, 'IBAN_EMPTY', false, false);
  if (!isCompactAlphabet(iban)) return reject(value, iban, rule, BAD_CHARACTERS, 'IBAN_BAD_CHARACTERS', false, false);

  const checksumValid = checksumHolds(iban);
  if (rule === undefined) {
    if (length >= 2 && isLetterCode(iban.charCodeAt(0)) && isLetterCode(iban.charCodeAt(1))) {
      return reject(value, iban, rule, unknownCountry(iban.slice(0, 2)), 'IBAN_UNKNOWN_COUNTRY', false, checksumValid);
    }
    return length < 4
      ? reject(value, iban, rule, TOO_SHORT, 'IBAN_TOO_SHORT', false, checksumValid)
      : reject(value, iban, rule, NO_COUNTRY_CODE, 'IBAN_MISSING_COUNTRY_CODE', false, checksumValid);
  }
  if (length !== rule.length) {
    return reject(value, iban, rule, wrongLength(rule.code, rule.length), 'IBAN_WRONG_LENGTH', false, checksumValid);
  }
  if (!isDigitCode(iban.charCodeAt(2)) || !isDigitCode(iban.charCodeAt(3))) {
    return reject(value, iban, rule, CHECK_DIGITS_NOT_DIGITS, 'IBAN_CHECK_DIGITS_NOT_DIGITS', false, false);
  }
  const broken = firstLayoutBreak(iban, rule);
  if (broken >= 0) {
    const group = rule.groups.find((candidate) => broken < candidate.end);
    // A break always lies inside a group: the groups cover positions 4 to the end.
    return group === undefined
      ? reject(value, iban, rule, BAD_CHARACTERS, 'IBAN_BAD_CHARACTERS', false, checksumValid)
      : reject(value, iban, rule, wrongLayout(rule.code, group), 'IBAN_WRONG_LAYOUT', false, checksumValid);
  }
  if (!checksumValid) {
    const checkDigits = iban.slice(2, 4);
    return checkDigits === '00' || checkDigits === '01' || checkDigits === '99'
      ? reject(value, iban, rule, reservedCheckDigits(checkDigits), 'IBAN_RESERVED_CHECK_DIGITS', true, false)
      : reject(value, iban, rule, CHECKSUM_MISMATCH, 'IBAN_BAD_CHECKSUM', true, false);
  }
  const ibanDetails = detailsOf(iban, rule, true, true);
  ibanDetails.formatted = printFormat(iban);
  return Object.assign(envelope<IbanReason>(value, true, VALID, iban, 'STANDARD'), { ibanDetails });
}
