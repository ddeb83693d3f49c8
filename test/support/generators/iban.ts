/**
 * Builds IBANs for the tests and the benchmark: random characters laid out as the registry says,
 * check digits computed here with BigInt (independently of src/checksum.ts), so that a bug in the
 * validator's arithmetic cannot hide behind the same bug in the data.
 */
import fc from 'fast-check';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { IBAN_REGISTRY } from '../../../src/iban/registry.js';

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHABET: Record<string, string> = { n: DIGITS, a: LETTERS, c: DIGITS + LETTERS };

/** Picks an integer in [0, n). */
export type Picker = (n: number) => number;

/** Every registry country code. */
export const registryCountries: readonly string[] = Object.keys(IBAN_REGISTRY);

/** One alphabet per BBAN position, from a layout such as `4a,6n,8n`. */
export function layoutAlphabets(layout: string): string[] {
  const alphabets: string[] = [];
  for (const group of layout.split(',')) {
    const count = Number.parseInt(group, 10);
    const alphabet = ALPHABET[group.slice(-1)];
    if (alphabet === undefined || !(count > 0)) throw new Error(`bad layout group ${group}`);
    for (let i = 0; i < count; i++) alphabets.push(alphabet);
  }
  return alphabets;
}

/** ISO 13616 check digits (02 to 98) for a country code and a BBAN: 98 - (BBAN + CC + 00 mod 97). */
export function checkDigitsFor(country: string, bban: string): string {
  const digits = (bban + country + '00').replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const remainder = Number(BigInt(digits) % 97n);
  return String(98 - remainder).padStart(2, '0');
}

/** The IBAN of `country` with `bban` and its computed check digits (whatever the BBAN's shape). */
export function ibanFrom(country: string, bban: string): string {
  return country + checkDigitsFor(country, bban) + bban;
}

/** A German IBAN: the 18 digits of bank code and account, and their check digits. */
export function germanIban(eighteenDigits: string): string {
  return ibanFrom('DE', eighteenDigits);
}

/** A random BBAN for `country`, following its registry layout. */
export function randomBban(country: string, pick: Picker): string {
  const entry = IBAN_REGISTRY[country];
  if (entry === undefined) throw new Error(`${country} is not in the registry`);
  let bban = '';
  for (const alphabet of layoutAlphabets(entry[1])) bban += alphabet.charAt(pick(alphabet.length));
  return bban;
}

/**
 * A random, valid IBAN for `country`: registry layout, and national check digits that hold where
 * verifield checks the country's scheme (src/iban/national/), since validateIban enforces them.
 */
export function makeIban(country: string, pick: Picker): string {
  const bban = randomBban(country, pick);
  const national = nationalCheckOf(country);
  if (national === undefined || national(bban)) return ibanFrom(country, bban);
  // Drawn again from a picker seeded by this one: a caller's picker may cycle through few values.
  const more = seededPicker(pick(2 ** 31));
  for (let attempt = 0; attempt < 100_000; attempt++) {
    const again = randomBban(country, more);
    if (national(again)) return ibanFrom(country, again);
  }
  throw new Error(`no ${country} BBAN that passes its national check found`);
}

/** A valid IBAN of `country` whose check digits are `wanted` (for aliases such as 97 -> 00). */
export function makeIbanWithCheckDigits(country: string, wanted: string, pick: Picker): string {
  for (let attempt = 0; attempt < 100_000; attempt++) {
    const iban = makeIban(country, pick);
    if (iban.slice(2, 4) === wanted) return iban;
  }
  throw new Error(`no ${country} IBAN with check digits ${wanted} found`);
}

/** A deterministic picker (mulberry32), so that the benchmark and examples are reproducible. */
export function seededPicker(seed: number): Picker {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The print format of a compact IBAN: groups of four separated by spaces. */
export function inGroupsOfFour(iban: string): string {
  return iban.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** fast-check: a registry-valid IBAN (compact) of any registry country, or of the ones given. */
export function validIbanArbitrary(countries: readonly string[] = registryCountries): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...countries), fc.array(fc.nat(), { minLength: 30, maxLength: 30 }))
    .map(([country, picks]) => {
      let next = 0;
      return makeIban(country, (n) => (picks[next++ % picks.length] as number) % n);
    });
}
