/**
 * IBAN validation (docs/fields/iban.md): structure against the SWIFT registry entry of the country, then
 * the ISO 7064 mod-97 check digits, both reported. Shape and checksum only: a valid IBAN does not
 * prove that the account exists.
 */
import type { IbanReason } from '../reasons.js';
import { envelope, requireString, type IbanDetails, type IbanValidationResult } from '../result.js';
import { compactIban, isCompactAlphabet } from './characters.js';
import { checksumHolds, firstLayoutBreak, isDigitCode, isLetterCode, printFormat } from './checks.js';
import { countryRuleOf, type CountryRule } from './countries.js';
import {
  BAD_CHARACTERS,
  CHECK_DIGITS_NOT_DIGITS,
  CHECKSUM_MISMATCH,
  EMPTY,
  NATIONAL_CHECK_FAILED,
  NO_COUNTRY_CODE,
  TOO_SHORT,
  VALID,
  reservedCheckDigits,
  unknownCountry,
  withSuggestions,
  wrongLayout,
  wrongLength,
} from './messages.js';
import { nationalCheckOf } from './national/index.js';
import { suggestionsFor } from './suggestions.js';

export { IBAN_REGISTRY, IBAN_REGISTRY_RELEASE, SEPA_COUNTRIES } from './registry.js';

/** Options of {@link validateIban}. */
export interface IbanOptions {
  /**
   * What a BBAN whose national check digits fail does (docs/fields/iban.md#national-check-digits):
   * `'enforce'` (the default) rejects the IBAN with `IBAN_NATIONAL_CHECK_FAILED`; `'report'` only
   * says so in `ibanDetails.nationalCheck`.
   */
  readonly nationalCheck?: 'enforce' | 'report';
}

type NationalVerdict = IbanDetails['nationalCheck'];

/**
 * The first two characters, counted in code points so that an emoji is never cut in half
 * (country_code is shown even for junk): the string iterator pairs surrogates, and leaves a lone
 * one alone. Four code units hold two code points at most.
 */
function leadingCharacters(value: string): string {
  return [...value.slice(0, 4)].slice(0, 2).join('');
}

/** The details of an answer: everything but `formatted`, which only a valid IBAN gets. */
function detailsOf(
  iban: string,
  rule: CountryRule | undefined,
  structureValid: boolean,
  checksumValid: boolean,
  nationalCheck: NationalVerdict,
  suggestions: string[],
): IbanDetails {
  return {
    country_code: rule?.code ?? leadingCharacters(iban),
    sepa: rule?.sepa === true,
    structure_valid: structureValid,
    checksum_valid: checksumValid,
    nationalCheck,
    length: iban.length,
    expected_length: rule?.length ?? null,
    suggestions,
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
  nationalCheck: NationalVerdict = 'NOT_APPLICABLE',
): IbanValidationResult {
  const suggestions = suggestionsFor(iban);
  const ibanDetails = detailsOf(iban, rule, structureValid, checksumValid, nationalCheck, suggestions);
  // Object.assign rather than a spread: the spread costs more than the whole validation.
  return Object.assign(envelope(originalValue, false, withSuggestions(message, suggestions), iban, undefined, reason), { ibanDetails });
}

/** Whether a failing national check rejects the IBAN; a TypeError for an option that is neither mode. */
function enforcesNationalCheck(options: IbanOptions | undefined): boolean {
  const mode: unknown = options?.nationalCheck;
  if (mode === undefined || mode === 'enforce') return true;
  if (mode === 'report') return false;
  throw new TypeError("validateIban: nationalCheck must be 'enforce' or 'report'");
}

/**
 * Validates an IBAN as a user typed it.
 *
 * Spaces and dashes are removed and letters upper-cased (`normalizedValue`); any other character,
 * such as a dot, makes the value invalid. The country must be one of the 89 of the SWIFT IBAN
 * Registry (release 101) and the value must have its length and BBAN layout (`structure_valid`);
 * the ISO 7064 mod-97 check digits are checked separately (`checksum_valid`), and 00, 01 and 99
 * are refused. `valid` needs both, and the BBAN's national check digits where verifield knows the
 * country's scheme (`nationalCheck`), unless `options.nationalCheck` is `'report'`. `sepa` reports
 * the SEPA scope and never changes `valid`. An invalid IBAN one typo away from valid ones names up
 * to three of them in `suggestions` and in its message.
 *
 * @param value - the IBAN, with or without spaces, in any case
 * @param options - `nationalCheck`: `'enforce'` (default) or `'report'`
 * @returns the envelope with `ibanDetails`; never throws for a string
 * @throws TypeError when `value` is not a string, or `options.nationalCheck` is neither `'enforce'` nor `'report'`
 * @example
 * ```ts
 * validateIban('de89 3704 0044 0532 0130 00').normalizedValue; // 'DE89370400440532013000'
 * validateIban('DE89370400440532013000').ibanDetails.formatted; // 'DE89 3704 0044 0532 0130 00'
 * validateIban('DE89 3704 0044 0532 0130 0').message; // 'A DE IBAN is 22 characters long'
 * validateIban('GB82 1234 1234 5698 7654 32').message; // 'In GB IBANs, characters 5 to 8 must be letters (counting without spaces)'
 * validateIban('BE41 5390 0754 7035').reason; // 'IBAN_NATIONAL_CHECK_FAILED'
 * validateIban('BE41 5390 0754 7035', { nationalCheck: 'report' }).ibanDetails.nationalCheck; // 'FAIL'
 * ```
 */
export function validateIban(value: string, options?: IbanOptions): IbanValidationResult {
  requireString(value, 'validateIban');
  const enforced = enforcesNationalCheck(options);
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
  // Length and layout hold: the national scheme can read the BBAN.
  // A scheme that gives this bank no rule (null) checks nothing: NOT_APPLICABLE, never a PASS.
  const holds = nationalCheckOf(rule.code)?.(iban.slice(4));
  const nationalCheck: NationalVerdict = holds == null ? 'NOT_APPLICABLE' : holds ? 'PASS' : 'FAIL';
  if (!checksumValid) {
    const checkDigits = iban.slice(2, 4);
    return checkDigits === '00' || checkDigits === '01' || checkDigits === '99'
      ? reject(value, iban, rule, reservedCheckDigits(checkDigits), 'IBAN_RESERVED_CHECK_DIGITS', true, false, nationalCheck)
      : reject(value, iban, rule, CHECKSUM_MISMATCH, 'IBAN_BAD_CHECKSUM', true, false, nationalCheck);
  }
  if (nationalCheck === 'FAIL' && enforced) {
    return reject(value, iban, rule, NATIONAL_CHECK_FAILED, 'IBAN_NATIONAL_CHECK_FAILED', true, true, nationalCheck);
  }
  const ibanDetails = detailsOf(iban, rule, true, true, nationalCheck, []);
  ibanDetails.formatted = printFormat(iban);
  return Object.assign(envelope<IbanReason>(value, true, VALID, iban), { ibanDetails });
}
