/**
 * The VAT numbers whose check is one weighted sum (or Luhn, or ISO 7064) over a fixed number of
 * digits. Each function takes the compact body (prefix removed) and answers a verdict; the
 * algorithms are the member states' published ones.
 */
import { digitAt, isLuhnValid, mod11_10CheckDigit, weightedSum } from '../../../checksum.js';
import { digitsBetween, numberBetween, remainderBetween, zerosBetween } from './digits.js';
import { UPPER_A, UPPER_Z, ZERO } from './char-codes.js';
import { ALL_ZEROS, BAD_CHECK, BAD_FORMAT, VALID, type Verdict } from './verdict.js';

const verdictOf = (ok: boolean): Verdict => (ok ? VALID : BAD_CHECK);

/** `length` digits, and when `nonZeroFirst` the first is not 0. */
function isDigitBody(body: string, length: number, nonZeroFirst: boolean): boolean {
  return body.length === length && digitsBetween(body, 0, length) && !(nonZeroFirst && body.charCodeAt(0) === ZERO);
}

/** AT: `U` + 8 digits; Luhn-style doubling of the 2nd, 4th, 6th digit, offset by 4. */
export function checkAustria(body: string): Verdict {
  if (body.length !== 9 || body.charCodeAt(0) !== 85 /* U */ || !digitsBetween(body, 1, 9)) return BAD_FORMAT;
  if (zerosBetween(body, 1, 8)) return ALL_ZEROS;
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    let d = digitAt(body, 1 + i);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return verdictOf((10 - ((sum + 4) % 10)) % 10 === digitAt(body, 8));
}

/**
 * BE: 10 digits starting with 0 or 1 (the 1-series opened in 2023); the last two are
 * 97 − (first eight mod 97).
 */
export function checkBelgium(body: string): Verdict {
  if (!isDigitBody(body, 10, false)) return BAD_FORMAT;
  const first = body.charCodeAt(0);
  if (first !== ZERO && first !== ZERO + 1) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf(97 - remainderBetween(body, 0, 8, 97) === numberBetween(body, 8, 10));
}

/**
 * Old 9-digit Belgian numbers are the same number with a leading 0, which some write as `(0)`
 * (`BE (0)986.375.479`).
 */
export function canonicalBelgium(body: string): string {
  if (body.charCodeAt(0) === 40 /* ( */ && body.charCodeAt(1) === ZERO && body.charCodeAt(2) === 41 /* ) */) {
    return '0' + body.slice(3);
  }
  return body.length === 9 && digitsBetween(body, 0, 9) ? '0' + body : body;
}

/** Values of a Cypriot digit in an odd position (1st, 3rd, …) in the check-letter sum. */
const CYPRUS_ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21] as const;

/** CY: 8 digits (not starting 12) + check letter A + (sum mod 26). */
export function checkCyprus(body: string): Verdict {
  if (body.length !== 9 || !digitsBetween(body, 0, 8)) return BAD_FORMAT;
  const letter = body.charCodeAt(8);
  if (letter < UPPER_A || letter > UPPER_Z) return BAD_FORMAT;
  if (body.charCodeAt(0) === ZERO + 1 && body.charCodeAt(1) === ZERO + 2) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const d = digitAt(body, i);
    sum += i % 2 === 0 ? (CYPRUS_ODD_VALUES[d] as number) : d;
  }
  return verdictOf(UPPER_A + (sum % 26) === letter);
}

/** DE: 9 digits, not starting with 0; ISO 7064 MOD 11,10. */
export function checkGermany(body: string): Verdict {
  if (!isDigitBody(body, 9, true)) return BAD_FORMAT;
  return verdictOf(mod11_10CheckDigit(body.slice(0, 8)) === digitAt(body, 8));
}

/** HR: the 11-digit OIB; ISO 7064 MOD 11,10. */
export function checkCroatia(body: string): Verdict {
  if (!isDigitBody(body, 11, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 10)) return ALL_ZEROS;
  return verdictOf(mod11_10CheckDigit(body.slice(0, 10)) === digitAt(body, 10));
}

const DENMARK_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** DK: 8 digits, not starting with 0; weighted sum divisible by 11. */
export function checkDenmark(body: string): Verdict {
  if (!isDigitBody(body, 8, true)) return BAD_FORMAT;
  return verdictOf(weightedSum(body, DENMARK_WEIGHTS) % 11 === 0);
}

const ESTONIA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** EE: 9 digits; weighted sum divisible by 10. */
export function checkEstonia(body: string): Verdict {
  if (!isDigitBody(body, 9, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, ESTONIA_WEIGHTS) % 10 === 0);
}

const GREECE_WEIGHTS = [256, 128, 64, 32, 16, 8, 4, 2] as const;

/** EL: 9 digits; check = (powers-of-two sum mod 11) mod 10. */
export function checkGreece(body: string): Verdict {
  if (!isDigitBody(body, 9, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf((weightedSum(body, GREECE_WEIGHTS) % 11) % 10 === digitAt(body, 8));
}

/** Old 8-digit Greek numbers are the same number with a leading 0. */
export function canonicalGreece(body: string): string {
  return body.length === 8 && digitsBetween(body, 0, 8) ? '0' + body : body;
}

const FINLAND_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1] as const;

/** FI: 8 digits; weighted sum divisible by 11. */
export function checkFinland(body: string): Verdict {
  if (!isDigitBody(body, 8, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 7)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, FINLAND_WEIGHTS) % 11 === 0);
}

const HUNGARY_WEIGHTS = [9, 7, 3, 1, 9, 7, 3, 1] as const;

/** HU: 8 digits; weighted sum divisible by 10. */
export function checkHungary(body: string): Verdict {
  if (!isDigitBody(body, 8, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 7)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, HUNGARY_WEIGHTS) % 10 === 0);
}

/**
 * IT: 11 digits; a non-zero company serial (digits 1–7), a provincial office code (digits 8–10)
 * of 001–100, 120, 121, 888 or 999; Luhn over the whole number.
 */
export function checkItaly(body: string): Verdict {
  if (!isDigitBody(body, 11, false) || zerosBetween(body, 0, 7)) return BAD_FORMAT;
  const office = numberBetween(body, 7, 10);
  if (!((office >= 1 && office <= 100) || office === 120 || office === 121 || office === 888 || office === 999)) {
    return BAD_FORMAT;
  }
  return verdictOf(isLuhnValid(body));
}

/**
 * LT: 9 digits with 1 as the 8th (legal entities) or 12 digits with 1 as the 11th (temporary
 * payers). Weights 1..9,1,2 mod 11; when that is 10, weights 3..9,1..4; then mod 10.
 */
export function checkLithuania(body: string): Verdict {
  const length = body.length;
  if ((length !== 9 && length !== 12) || !digitsBetween(body, 0, length)) return BAD_FORMAT;
  if (body.charCodeAt(length - 2) !== ZERO + 1) return BAD_FORMAT;
  let sum = 0;
  for (let i = 0; i < length - 1; i++) sum += (1 + (i % 9)) * digitAt(body, i);
  let check = sum % 11;
  if (check === 10) {
    sum = 0;
    for (let i = 0; i < length - 1; i++) sum += (1 + ((i + 2) % 9)) * digitAt(body, i);
    check = sum % 11;
  }
  return verdictOf(check % 10 === digitAt(body, length - 1));
}

/** LU: 8 digits; the last two are the first six mod 89. */
export function checkLuxembourg(body: string): Verdict {
  if (!isDigitBody(body, 8, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 6)) return ALL_ZEROS;
  return verdictOf(numberBetween(body, 0, 6) % 89 === numberBetween(body, 6, 8));
}

const MALTA_WEIGHTS = [3, 4, 6, 7, 8, 9, 10, 1] as const;

/** MT: 8 digits, not starting with 0; weighted sum divisible by 37. */
export function checkMalta(body: string): Verdict {
  if (!isDigitBody(body, 8, true)) return BAD_FORMAT;
  return verdictOf(weightedSum(body, MALTA_WEIGHTS) % 37 === 0);
}

const POLAND_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** PL: 10 digits (NIP); check = weighted sum mod 11, where 10 can never be written. */
export function checkPoland(body: string): Verdict {
  if (!isDigitBody(body, 10, false)) return BAD_FORMAT;
  if (zerosBetween(body, 0, 9)) return ALL_ZEROS;
  return verdictOf(weightedSum(body, POLAND_WEIGHTS) % 11 === digitAt(body, 9));
}

const PORTUGAL_WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2] as const;

/** PT: 9 digits, not starting with 0; check = (11 − sum mod 11) mod 11 mod 10. */
export function checkPortugal(body: string): Verdict {
  if (!isDigitBody(body, 9, true)) return BAD_FORMAT;
  return verdictOf(((11 - (weightedSum(body, PORTUGAL_WEIGHTS) % 11)) % 11) % 10 === digitAt(body, 8));
}

/** Romanian CUI weights, aligned to the right of the digits before the check digit. */
const ROMANIA_WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2] as const;

/** RO: 2 to 10 digits (CUI), not starting with 0; check = (10 · sum) mod 11 mod 10. */
export function checkRomania(body: string): Verdict {
  const length = body.length;
  if (length < 2 || length > 10 || !digitsBetween(body, 0, length) || body.charCodeAt(0) === ZERO) return BAD_FORMAT;
  // A short CUI is the same number left-padded with zeros to nine payload digits.
  const offset = 10 - length;
  let sum = 0;
  for (let i = 0; i < length - 1; i++) sum += (ROMANIA_WEIGHTS[offset + i] as number) * digitAt(body, i);
  return verdictOf(((10 * sum) % 11) % 10 === digitAt(body, length - 1));
}

/** SE: 12 digits ending in 01; Luhn over the 10-digit organisation number. */
export function checkSweden(body: string): Verdict {
  if (!isDigitBody(body, 12, false) || body.charCodeAt(10) !== ZERO || body.charCodeAt(11) !== ZERO + 1) {
    return BAD_FORMAT;
  }
  if (zerosBetween(body, 0, 9)) return ALL_ZEROS;
  return verdictOf(isLuhnValid(body.slice(0, 10)));
}

const SLOVENIA_WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;

/** SI: 8 digits, not starting with 0; check = 11 − (sum mod 11), 10 written 0, 11 never issued. */
export function checkSlovenia(body: string): Verdict {
  if (!isDigitBody(body, 8, true)) return BAD_FORMAT;
  const check = 11 - (weightedSum(body, SLOVENIA_WEIGHTS) % 11);
  return verdictOf(check !== 11 && check % 10 === digitAt(body, 7));
}

const SWITZERLAND_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4] as const;
/** Language suffixes of a Swiss VAT number (MWST, TVA, IVA; TPV in Romansh). */
const SWISS_SUFFIX = /(?:MWST|TVA|IVA|TPV)$/;

/** CH: `E` + 9 digits (the UID, CHE-123.456.789); check = (11 − sum mod 11) mod 11, 10 never issued. */
export function checkSwitzerland(body: string): Verdict {
  if (body.length !== 10 || body.charCodeAt(0) !== 69 /* E */ || !digitsBetween(body, 1, 10)) return BAD_FORMAT;
  if (zerosBetween(body, 1, 9)) return ALL_ZEROS;
  const check = (11 - (weightedSum(body, SWITZERLAND_WEIGHTS, 1) % 11)) % 11;
  return verdictOf(check === digitAt(body, 9));
}

/** The language suffix (MWST, TVA, IVA, TPV) names the same number: it is dropped. */
export function canonicalSwitzerland(body: string): string {
  return body.length > 10 ? body.replace(SWISS_SUFFIX, '') : body;
}

const NORWAY_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** NO: 9-digit organisation number + `MVA`; check = (11 − sum mod 11) mod 11, 10 never issued. */
export function checkNorway(body: string): Verdict {
  if (
    body.length !== 12 ||
    !digitsBetween(body, 0, 9) ||
    body.charCodeAt(9) !== 77 /* M */ ||
    body.charCodeAt(10) !== 86 /* V */ ||
    body.charCodeAt(11) !== 65 /* A */
  ) {
    return BAD_FORMAT;
  }
  if (zerosBetween(body, 0, 8)) return ALL_ZEROS;
  return verdictOf((11 - (weightedSum(body, NORWAY_WEIGHTS) % 11)) % 11 === digitAt(body, 8));
}
