/**
 * FR: a two-character key followed by the 9-digit SIREN. The SIREN passes Luhn, except for
 * Monaco's numbers (SIREN starting 000). The key is all digits for old numbers,
 * (SIREN · 100 + 12) mod 97, or contains letters for newer ones; both forms are computed.
 *
 * @example
 * ```ts
 * validateVat('FR 40 303 265 045').valid; // true
 * validateVat('FR 21 326 565 603').message; // "This French VAT number's key does not match; please check it"
 * ```
 */
import { isLuhnValid } from '../../../checksum.js';
import { NINE, ZERO } from '../../../char-codes.js';
import { digitsBetween, numberBetween, remainderBetween, zerosBetween } from './digits.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

/** Key characters: 0-9, A-H, J-N, P-Z (I and O are not used because they look like 1 and 0). */
const KEY_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** FR: see the file comment. */
export function checkFrance(body: string): Verdict {
  if (body.length !== 11 || !digitsBetween(body, 2, 11)) return BAD_FORMAT;
  const first = body.charCodeAt(0);
  const second = body.charCodeAt(1);
  const firstIndex = KEY_ALPHABET.indexOf(body.charAt(0));
  const secondIndex = KEY_ALPHABET.indexOf(body.charAt(1));
  if (firstIndex < 0 || secondIndex < 0) return BAD_FORMAT;
  if (zerosBetween(body, 2, 11)) return ALL_ZEROS;
  // Monaco's numbers (SIREN 000…) are VAT numbers but not SIRENs, so they carry no Luhn digit.
  if (!zerosBetween(body, 2, 5) && !isLuhnValid(body.slice(2))) return BAD_CHECK;

  const firstIsDigit = first >= ZERO && first <= NINE;
  if (firstIsDigit && second >= ZERO && second <= NINE) {
    // (SIREN · 100 + 12) mod 97 = (SIREN mod 97 · 100 + 12) mod 97.
    const expected = (remainderBetween(body, 2, 11, 97) * 100 + 12) % 97;
    return expected === firstIndex * 10 + secondIndex ? VALID : BAD_CHECK;
  }
  const key = firstIsDigit ? firstIndex * 24 + secondIndex - 10 : firstIndex * 34 + secondIndex - 100;
  const siren = numberBetween(body, 2, 11);
  return (siren + 1 + Math.floor(key / 11)) % 11 === key % 11 ? VALID : BAD_CHECK;
}
