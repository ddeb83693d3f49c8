/**
 * BIC (ISO 9362 business identifier code, "SWIFT code"), docs/fields/bic.md: four letters of the
 * institution, two of the country, two letters or digits of the location and an optional branch of
 * three. Shape and country only: a valid BIC does not prove that the institution exists or is
 * reachable through SWIFT.
 */
import { ZERO } from '../char-codes.js';
import { envelope, requireString } from '../result.js';
import { compactCode, isAlphanumericBetween, isLettersBetween } from './characters.js';
import { isBicCountry } from './countries.js';
import { ibanCountryMatches } from './iban-country.js';
import { REJECTIONS, VALID, unknownCountry } from './messages.js';
import type { BicReason } from './reasons.js';
import type { BicDetails, BicOptions, BicValidationResult } from './details.js';

export type { BicReason } from './reasons.js';
export type { BicDetails, BicOptions, BicValidationResult } from './details.js';

/** Spaces of any kind, as typed between the parts or copied from a PDF; a BIC holds no other separator. */
const SPACES = /\s/g;

/** The checks of the characters, in reading order: the parts and the kind each must be. */
const PARTS: readonly { start: number; end: number; letters: boolean; reason: keyof typeof REJECTIONS }[] = [
  { start: 0, end: 4, letters: true, reason: 'BIC_INSTITUTION_NOT_LETTERS' },
  { start: 4, end: 6, letters: true, reason: 'BIC_COUNTRY_NOT_LETTERS' },
  { start: 6, end: 8, letters: false, reason: 'BIC_LOCATION_NOT_ALPHANUMERIC' },
  { start: 8, end: 11, letters: false, reason: 'BIC_BRANCH_NOT_ALPHANUMERIC' },
];

function answer(originalValue: string, message: string, normalizedValue: string | null, reason: BicReason | null): BicValidationResult {
  return envelope(originalValue, reason === null, message, normalizedValue, 'STANDARD', reason);
}

function detailsOf(bic: string, iban: string | undefined): BicDetails {
  const countryCode = bic.slice(4, 6);
  const branchCode = bic.length === 11 ? bic.slice(8) : null;
  return {
    institutionCode: bic.slice(0, 4),
    countryCode,
    locationCode: bic.slice(6, 8),
    branchCode,
    primaryOffice: branchCode === null || branchCode === 'XXX',
    testCode: bic.charCodeAt(7) === ZERO,
    ibanCountryMatches: ibanCountryMatches(iban, countryCode),
  };
}

/**
 * Validates a BIC as a user typed it.
 *
 * Spaces are removed and letters upper-cased (`normalizedValue`). What remains must be 8 or 11
 * characters: four letters (institution), two letters naming a country of ISO 3166-1 or `XK`
 * (Kosovo, as SWIFT uses it), two letters or digits (location) and, for 11, three letters or digits
 * (branch). `bicDetails` is present when the value reads as a BIC (valid, or an unknown country).
 * Given `options.iban`, `ibanCountryMatches` says whether the IBAN has the BIC's country; a
 * mismatch never makes the BIC invalid.
 *
 * @param value - the BIC, with or without spaces, in any case
 * @param options - `iban`: the IBAN typed beside it, to compare countries
 * @returns the envelope with `bicDetails`; never throws for a string
 * @throws TypeError when `value`, or `options.iban` when given, is not a string
 * @example
 * ```ts
 * validateBic('deut de ff').normalizedValue; // 'DEUTDEFF'
 * validateBic('DEUTDEFF500').bicDetails; // { institutionCode: 'DEUT', countryCode: 'DE', locationCode: 'FF', branchCode: '500', primaryOffice: false, testCode: false, ibanCountryMatches: null }
 * validateBic('BNPAFRPP', { iban: 'DE89 3704 0044 0532 0130 00' }).bicDetails?.ibanCountryMatches; // false
 * validateBic('DEUTXXFF').message; // 'XX is not a country code (characters 5 and 6 of a BIC name the country)'
 * validateBic('DEUTDEF').reason; // 'BIC_WRONG_LENGTH'
 * ```
 */
export function validateBic(value: string, options?: BicOptions): BicValidationResult {
  requireString(value, 'validateBic');
  const iban = options?.iban;
  if (iban !== undefined) requireString(iban, 'validateBic (options.iban)');
  const bic = compactCode(value, SPACES);
  if (bic === '') return answer(value, REJECTIONS.BIC_EMPTY, null, 'BIC_EMPTY');
  if (bic.length !== 8 && bic.length !== 11) return answer(value, REJECTIONS.BIC_WRONG_LENGTH, bic, 'BIC_WRONG_LENGTH');
  for (const part of PARTS) {
    const end = Math.min(part.end, bic.length);
    const holds = part.letters ? isLettersBetween(bic, part.start, end) : isAlphanumericBetween(bic, part.start, end);
    if (!holds) return answer(value, REJECTIONS[part.reason], bic, part.reason);
  }
  const bicDetails = detailsOf(bic, iban);
  if (!isBicCountry(bicDetails.countryCode)) {
    return Object.assign(answer(value, unknownCountry(bicDetails.countryCode), bic, 'BIC_UNKNOWN_COUNTRY'), { bicDetails });
  }
  return Object.assign(answer(value, VALID, bic, null), { bicDetails });
}
