/**
 * The checks of a compact IBAN (separators removed, upper-cased), shared by `validateIban` and the
 * search for the IBANs a typo came from (./suggestions.ts), which runs them on every candidate.
 */
import { mod97Range } from '../checksum.js';
import { ASCII_CLASS } from './characters.js';
import { countryRuleOf, type CountryRule } from './countries.js';
import { nationalCheckOf } from './national/index.js';

const ZERO = 48;
const UPPER_A = 65;

/**
 * Whether a char code is an ASCII digit.
 * @example
 * ```ts
 * isDigitCode('7'.charCodeAt(0)); // true
 * isDigitCode('A'.charCodeAt(0)); // false
 * ```
 */
export function isDigitCode(code: number): boolean {
  return code >= ZERO && code <= ZERO + 9;
}

/**
 * Whether a char code is an upper-case ASCII letter (the compact form has no other).
 * @example
 * ```ts
 * isLetterCode('D'.charCodeAt(0)); // true
 * isLetterCode('d'.charCodeAt(0)); // false
 * ```
 */
export function isLetterCode(code: number): boolean {
  return code >= UPPER_A && code <= UPPER_A + 25;
}

/**
 * Whether the mod-97 check digits of a compact, alphanumeric `iban` are right: letters, two
 * digits, at least one BBAN character, the digits not 00, 01 or 99, and the rearranged number
 * (BBAN, then the first four characters) is 1 modulo 97.
 * @example
 * ```ts
 * checksumHolds('DE89370400440532013000'); // true
 * checksumHolds('DE88370400440532013000'); // false
 * ```
 */
export function checksumHolds(iban: string): boolean {
  if (iban.length < 5) return false;
  if (!isLetterCode(iban.charCodeAt(0)) || !isLetterCode(iban.charCodeAt(1))) return false;
  const tens = iban.charCodeAt(2);
  const units = iban.charCodeAt(3);
  if (!isDigitCode(tens) || !isDigitCode(units)) return false;
  const checkDigits = (tens - ZERO) * 10 + (units - ZERO);
  if (checkDigits < 2 || checkDigits > 98) return false;
  return mod97Range(iban, 0, 4, mod97Range(iban, 4, iban.length)) === 1;
}

/**
 * Index of the first BBAN position whose character the layout of the country (`rule`, by default
 * the one `iban` starts with) does not accept; -1 when there is none, or no such country.
 * @example
 * ```ts
 * firstLayoutBreak('GB82WE5T12345698765432'); // 6
 * firstLayoutBreak('GB82WEST12345698765432'); // -1
 * ```
 */
export function firstLayoutBreak(iban: string, rule: CountryRule | undefined = countryRuleOf(iban)): number {
  if (rule === undefined) return -1;
  const accepts = rule.accepts;
  for (let i = 4; i < rule.length; i++) {
    // The caller has checked the alphabet, so every code is ASCII.
    if (((ASCII_CLASS[iban.charCodeAt(i)] as number) & (accepts[i] as number)) === 0) return i;
  }
  return -1;
}

/**
 * The print format: groups of four separated by spaces.
 * @example
 * ```ts
 * printFormat('BE68539007547034'); // 'BE68 5390 0754 7034'
 * ```
 */
export function printFormat(iban: string): string {
  let out = iban.slice(0, 4);
  for (let i = 4; i < iban.length; i += 4) out += ' ' + iban.slice(i, i + 4);
  return out;
}

/**
 * Whether a compact IBAN of letters and digits passes every check `validateIban` enforces by default: length, layout,
 * mod-97 and the national check.
 * @example
 * ```ts
 * passesEveryCheck('BE68539007547034'); // true
 * // Mod-97 holds, the Belgian check digits do not:
 * passesEveryCheck('BE41539007547035'); // false
 * ```
 */
export function passesEveryCheck(iban: string): boolean {
  const rule = countryRuleOf(iban);
  const national = rule && nationalCheckOf(rule.code);
  return rule?.length === iban.length && checksumHolds(iban) && firstLayoutBreak(iban, rule) < 0 && (national === undefined || national(iban.slice(4)) !== false);
}
