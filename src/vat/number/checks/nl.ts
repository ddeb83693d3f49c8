/**
 * NL: 9 digits, `B`, 2 digits (the branch number, never 00). Two schemes coexist: numbers derived
 * from an RSIN/BSN pass the "11-proof" on the 9 digits, while the btw-id issued to sole
 * proprietors since 2020 passes ISO 7064 MOD 97-10 over `NL` + the 12 characters instead.
 *
 * @example
 * ```ts
 * validateVat('NL 001162938 B28').valid; // true
 * validateVat('NL 22518131 B50').normalizedValue; // 'NL022518131B50'
 * validateVat('NL123456789B90').message; // "This Dutch VAT number's check digits do not match; please check it"
 * ```
 */
import { digitAt } from '../../../checksum.js';
import { UPPER_B, ZERO } from '../../../char-codes.js';
import { digitsBetween, remainderBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/** Weights 9..2 on the first 8 digits, −1 on the 9th; the sum must be divisible by 11. */
function passesElevenProof(body: string): boolean {
  let sum = -digitAt(body, 8);
  for (let i = 0; i < 8; i++) sum += (9 - i) * digitAt(body, i);
  return sum % 11 === 0;
}

/**
 * ISO 7064 MOD 97-10 over `NL` + the body, letters standing for two digits (N = 23, L = 21,
 * B = 11), read in place: NL is 2321, then the 9 digits, B, the 2 branch digits.
 */
function passesMod97(body: string): boolean {
  const beforeB = remainderBetween(body, 0, 9, 97, 2321 % 97);
  return remainderBetween(body, 10, 12, 97, (beforeB * 100 + 11) % 97) === 1;
}

/** NL: see the file comment. */
export function checkNetherlands(body: string): Verdict {
  if (
    body.length !== 12 ||
    !digitsBetween(body, 0, 9) ||
    body.charCodeAt(9) !== UPPER_B ||
    !digitsBetween(body, 10, 12) ||
    (body.charCodeAt(10) === ZERO && body.charCodeAt(11) === ZERO)
  ) {
    return BAD_FORMAT;
  }
  if (zerosBetween(body, 0, 9)) return ALL_ZEROS;
  return passesElevenProof(body) || passesMod97(body) ? VALID : BAD_CHECK;
}

/** A number typed without its leading zeros (`NL 22518131 B50` for NL022518131B50) is left-padded to 9 digits. */
export function canonicalNetherlands(body: string): string {
  const digits = body.length - 3;
  if (digits < 1 || digits >= 9 || body.charCodeAt(digits) !== UPPER_B || !digitsBetween(body, 0, digits)) {
    return body;
  }
  return '000000000'.slice(digits) + body;
}
