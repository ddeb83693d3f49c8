/**
 * The IBANs a mistyped one probably came from (docs/fields/iban.md#suggestions): every IBAN one
 * substituted character or one swap of adjacent characters away that passes every check. The ~1,200
 * substitutions of a 34-character IBAN are not tried one by one: with the mod-97 remainders of the
 * rearranged number before and after each position computed once, the one digit and the one letter
 * that make a position's remainder right are solved for, a swap's remainder costs a few
 * multiplications, and only the candidates whose mod-97 holds are built and checked in full.
 */
import { isCompactAlphabet } from './characters.js';
import { passesEveryCheck, printFormat } from './checks.js';

/** INVERSE[a] · a ≡ 1 (mod 97), 97 being prime: what solves a substitution for its character. */
const INVERSE: number[] = [];
for (let a = 1; a < 97; a++) for (let b = 1; b < 97; b++) if ((a * b) % 97 === 1) INVERSE[a] = b;

const mod97 = (value: number): number => ((value % 97) + 97) % 97;
/** What appending a character multiplies a number by: a letter stands for two digits (A = 10 … Z = 35). */
const shift = (value: number): number => (value > 9 ? 100 : 10);

/**
 * The IBANs, in print format, that `iban` (compact, upper-cased, and not itself valid) is one
 * substituted character or one swap of adjacent characters away from: at most three, likeliest
 * first (a change in the BBAN before one in the check digits, before one in the country code; then
 * from left to right, a substitution before a swap, a digit before a letter). Empty when there are
 * none, or when `iban` holds other characters than letters and digits.
 * @example
 * ```ts
 * suggestionsFor('ED89370400440532013000'); // ['DE89 3704 0044 0532 0130 00']
 * suggestionsFor('DE89370400440532013'); // []
 * ```
 */
export function suggestionsFor(iban: string): string[] {
  const length = iban.length;
  const found: [rank: number, iban: string][] = [];
  if (length < 5 || length > 34 || !isCompactAlphabet(iban)) return [];
  // Ranked by the part changed (BBAN 0, check digits 1, country code 2), then by position.
  const keep = (candidate: string, position: number, swap: number): void => {
    if (passesEveryCheck(candidate)) found.push([(position < 2 ? 2000 : position < 4 ? 1000 : 0) + position * 2 + swap, candidate]);
  };
  // The rearranged IBAN (BBAN, then the first four characters) as character values.
  const values: number[] = [];
  for (let i = 0; i < length; i++) {
    const code = iban.charCodeAt((i + 4) % length);
    values.push(code > 64 ? code - 55 : code - 48);
  }
  // before[j]: the remainder of values[0..j); after[j]: of values[j..]; scale[j]: 10^(its digits).
  const before = [0];
  const after: number[] = [];
  const scale: number[] = [];
  after[length] = 0;
  scale[length] = 1;
  for (let j = 0; j < length; j++) before.push(((before[j] as number) * shift(values[j] as number) + (values[j] as number)) % 97);
  for (let j = length - 1; j >= 0; j--) {
    const value = values[j] as number;
    after[j] = (value * (scale[j + 1] as number) + (after[j + 1] as number)) % 97;
    scale[j] = ((scale[j + 1] as number) * shift(value)) % 97;
  }
  for (let position = 0; position < length; position++) {
    const j = (position + length - 4) % length;
    // (before · 10 + digit) · scale + after ≡ 1, and the same with 100 and a letter's value.
    const wanted = (mod97(1 - (after[j + 1] as number)) * (INVERSE[scale[j + 1] as number] as number)) % 97;
    const digit = mod97(wanted - (before[j] as number) * 10);
    const letter = mod97(wanted - (before[j] as number) * 100);
    // A digit is 0 to 9, a letter 10 (A) to 35 (Z); the character typed is no typo of itself.
    for (const value of [digit < 10 ? digit : 99, letter > 9 && letter < 36 ? letter : 99]) {
      if (value > 35 || value === values[j]) continue;
      keep(iban.slice(0, position) + String.fromCharCode(value + (value > 9 ? 55 : 48)) + iban.slice(position + 1), position, 0);
    }
  }
  for (let position = 0; position + 1 < length; position++) {
    const j = (position + length - 4) % length;
    const left = values[j] as number;
    const right = values[(j + 1) % length] as number;
    // A swap is built and checked in full only when the remainders say mod-97 holds; characters 4
    // and 5 are the two ends of the rearranged IBAN, which no remainder spans, so always.
    if (left !== right && (position === 3 || ((((before[j] as number) * shift(right) + right) * shift(left) + left) * (scale[j + 2] as number) + (after[j + 2] as number)) % 97 === 1)) {
      keep(iban.slice(0, position) + iban[position + 1] + iban[position] + iban.slice(position + 2), position, 1);
    }
  }
  // Array.prototype.sort is stable: digits stay before letters at one place.
  return found
    .sort((a, b) => a[0] - b[0])
    .slice(0, 3)
    .map((entry) => printFormat(entry[1]));
}
