/**
 * What the fuzzing throws at the validators: any Unicode text, raw UTF-16 (lone surrogates
 * included), control and look-alike characters mixed into a field's own alphabet, huge strings,
 * valid values typed the way people type them, and near-valid mutations of those valid values.
 * Valid values are built with the project's own generators (our algorithms, never copied data).
 * Shared by test/fields/fuzz.test.ts (CI, 100,000 inputs per field) and scripts/fuzz.ts (millions).
 */
import fc from 'fast-check';
import { FIELD_EXAMPLES } from '../../../src/fields/generated/examples.js';
import type { FieldName } from '../../../src/fields/catalog.js';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { inGroupsOfFour, validIbanArbitrary } from '../generators/iban.js';
import { arbTypedNif } from '../generators/nif.js';
import { anyValidVat, seededRng, typedLikeAPerson } from '../generators/vat.js';

/**
 * Characters that break naive code: C0 and C1 controls, DEL, NUL, the BOM, zero-width and bidi
 * marks, Unicode spaces and dashes, a combining accent, lone surrogate halves, letters whose case
 * mapping changes length or leaves ASCII (ß, ﬁ, ı, İ, the Kelvin sign), full-width and
 * Arabic-Indic digits, look-alike Cyrillic and Greek capitals, an emoji, quotes and backslashes.
 */
export const HOSTILE_CHARACTERS: readonly string[] = [
  '\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b', '\u001f', '\u007f',
  '\u0080', '\u0085', '\u009f', '\u00a0', '\u00ad', '\u0301', '\u034f', '\u061c', '\u1680', '\u180e',
  '\u2000', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2010', '\u2011', '\u2013', '\u2014',
  '\u2028', '\u2029', '\u202a', '\u202e', '\u202f', '\u205f', '\u2060', '\u2066', '\u2212', '\u3000',
  '\ufeff', '\ufff9', '\ufffd', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff',
  'ß', 'ﬁ', 'ﬀ', 'ı', 'İ', '\u212a', 'ǅ', 'ŉ',
  '０', '９', '＋', 'Ａ', 'ｚ', '٠', '٩', '۰', '۹', '߀', '१', '𝟎', '𝟗',
  'А', 'В', 'Е', 'К', 'О', 'Р', 'Ѕ', 'Ο', 'Ι', 'Ζ',
  '😀', '👍🏽', '🇪🇸', '"', "'", '\\', '<', '>', '&', '%', '@', '+', '(', ')', '/', '.', ',', ':', ';', '*', '#',
];

const hostileCharacter = fc.constantFrom(...HOSTILE_CHARACTERS);
const digit = fc.constantFrom(...'0123456789');

/** A valid value of a field typed as a person would, plus the characters that field is made of. */
export interface FieldInputs {
  /** Valid values as typed (separators, case, prefixes). */
  typed: fc.Arbitrary<string>;
  /** Characters of the field's own alphabet, separators included. */
  alphabet: string;
}

/** One edit of a near-valid mutation: what to do, where (scaled to the length), with which character. */
type Edit = readonly [kind: number, where: number, character: string];

/**
 * Applies the edits one after the other: replace, delete, insert, swap neighbours, duplicate a
 * slice, cut the end, flip ASCII case, or replace a character with one of the same class (a digit
 * for a digit: the typo a checksum exists to catch).
 */
export function applyEdits(value: string, edits: readonly Edit[]): string {
  let text = value;
  for (const [kind, where, character] of edits) {
    const at = text.length === 0 ? 0 : where % text.length;
    switch (kind) {
      case 0:
        text = text.slice(0, at) + character + text.slice(at + 1);
        break;
      case 1:
        text = text.slice(0, at) + text.slice(at + 1);
        break;
      case 2:
        text = text.slice(0, at) + character + text.slice(at);
        break;
      case 3:
        text = text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
        break;
      case 4:
        text = text.slice(0, at) + text.slice(at, at + 3) + text.slice(at);
        break;
      case 5:
        text = text.slice(0, at);
        break;
      case 6: {
        const code = text.charCodeAt(at);
        const flipped = code >= 65 && code <= 90 ? code + 32 : code >= 97 && code <= 122 ? code - 32 : code;
        text = text.slice(0, at) + String.fromCharCode(flipped) + text.slice(at + 1);
        break;
      }
      default: {
        const code = text.charCodeAt(at);
        if (code >= 48 && code <= 57) {
          const changed = 48 + ((code - 48 + 1 + (where % 9)) % 10);
          text = text.slice(0, at) + String.fromCharCode(changed) + text.slice(at + 1);
        } else {
          text = text.slice(0, at) + character + text.slice(at + 1);
        }
      }
    }
  }
  return text;
}

/** One to three edits of a valid value: mostly off by a character, sometimes by much more. */
export function nearValid(field: FieldInputs): fc.Arbitrary<string> {
  const character = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...field.alphabet) },
    { weight: 2, arbitrary: digit },
    { weight: 2, arbitrary: hostileCharacter },
  );
  const edit = fc.tuple(fc.integer({ min: 0, max: 7 }), fc.nat(), character);
  return fc.tuple(field.typed, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([value, edits]) => applyEdits(value, edits));
}

/**
 * Huge strings, built by repetition so that generating them costs little: a short unit repeated
 * 1,000 to `upTo` times (default 200,000), alone or wrapped around (or inside) a valid value.
 */
export function huge(field: FieldInputs, upTo = 200_000): fc.Arbitrary<string> {
  const unit = fc.string({ unit: fc.oneof(fc.constantFrom(...field.alphabet), hostileCharacter), minLength: 1, maxLength: 6 });
  return fc
    .tuple(field.typed, unit, fc.integer({ min: 1_000, max: upTo }), fc.integer({ min: 0, max: 3 }))
    .map(([value, filler, times, placement]) => {
      const padding = filler.repeat(Math.ceil(times / filler.length));
      switch (placement) {
        case 0:
          return padding;
        case 1:
          return value + padding;
        case 2:
          return padding + value;
        default: {
          const middle = value.length >> 1;
          return value.slice(0, middle) + padding + value.slice(middle);
        }
      }
    });
}

/**
 * Every kind of input, weighted towards the ones that reach deep into a validator: near-valid
 * mutations and valid values as typed take half the runs. `hugeUpTo` bounds the repetitions of
 * the huge strings (see {@link huge}).
 */
export function fuzzInputs(field: FieldInputs, hugeUpTo?: number): fc.Arbitrary<string> {
  const fieldCharacter = fc.constantFrom(...field.alphabet);
  return fc.oneof(
    { weight: 10, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 8, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 12, arbitrary: fc.string({ unit: fc.oneof(fieldCharacter, fieldCharacter, hostileCharacter), maxLength: 40 }) },
    { weight: 35, arbitrary: nearValid(field) },
    { weight: 15, arbitrary: field.typed },
    { weight: 1, arbitrary: huge(field, hugeUpTo) },
  );
}

// ---------------------------------------------------------------------------------------------
// Valid values of each field, typed as people type them

const separator = fc.constantFrom('', '', ' ', '-', '  ', '\u00a0', '\t');

/** Digits with a separator before each position listed in `breaks`. */
function grouped(digits: string, breaks: readonly number[], separators: readonly string[]): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    const at = breaks.indexOf(i);
    if (at >= 0) out += separators[at % separators.length] ?? '';
    out += digits[i];
  }
  return out;
}

const digits = (count: number): fc.Arbitrary<string> =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count }).map((list) => list.join(''));

/** Luhn check digit of a payload, computed here (not with src/checksum.ts). */
export function luhnDigitOf(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = payload.charCodeAt(payload.length - 1 - i) - 48;
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A field's values from its folder (src/<field>/examples.ts): its valid examples as typed, in its alphabet. */
export function examplesInputs(field: FieldName): FieldInputs {
  const { valid, alphabet } = FIELD_EXAMPLES[field];
  return { typed: fc.constantFrom(...valid), alphabet };
}

export const IBAN_INPUTS: FieldInputs = {
  typed: fc
    .tuple(validIbanArbitrary(), fc.integer({ min: 0, max: 3 }))
    .map(([iban, style]) => (style === 0 ? iban : style === 1 ? inGroupsOfFour(iban) : style === 2 ? inGroupsOfFour(iban).toLowerCase() : inGroupsOfFour(iban).replace(/ /g, '-'))),
  alphabet: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz -',
};

export const NIF_INPUTS: FieldInputs = {
  typed: arbTypedNif.map(({ typed }) => typed),
  alphabet: '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ -.',
};

export const NAS_INPUTS: FieldInputs = {
  typed: fc
    .tuple(digits(8), fc.array(separator, { minLength: 2, maxLength: 2 }))
    .map(([payload, separators]) => grouped(`${payload}${luhnDigitOf(payload)}`, [3, 6], separators)),
  alphabet: '0123456789 -',
};

export const SSN_INPUTS: FieldInputs = {
  typed: fc
    .tuple(
      fc.integer({ min: 1, max: 899 }).filter((area) => area !== 666),
      fc.integer({ min: 1, max: 99 }),
      fc.integer({ min: 1, max: 9999 }),
      fc.array(separator, { minLength: 2, maxLength: 2 }),
    )
    .map(([area, group, serial, separators]) =>
      grouped(`${String(area).padStart(3, '0')}${String(group).padStart(2, '0')}${String(serial).padStart(4, '0')}`, [3, 5], separators),
    ),
  alphabet: '0123456789 -',
};

export const VAT_INPUTS: FieldInputs = {
  typed: fc.integer({ min: 0, max: 0x7fffffff }).map((seed) => {
    const rng = seededRng(seed);
    return typedLikeAPerson(rng, anyValidVat(rng));
  }),
  alphabet: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ +*. -/:',
};

/** Every region's example mobile number (libphonenumber's example metadata), in E.164. */
const PHONE_EXAMPLES: readonly string[] = getCountries().flatMap((country) => {
  const example = getExampleNumber(country, examples);
  return example === undefined ? [] : [example.number as string];
});

export const PHONE_INPUTS: FieldInputs = {
  typed: fc
    .tuple(fc.constantFrom(...PHONE_EXAMPLES), fc.boolean(), fc.array(fc.constantFrom('', ' ', '-', '.', ' ', '(', ')', '/'), { minLength: 1, maxLength: 4 }))
    .map(([number, zeros, separators]) => {
      let text = zeros ? '00' : '+';
      for (let i = 1; i < number.length; i++) text += (separators[i % separators.length] ?? '') + number[i];
      return text;
    }),
  alphabet: '0123456789+ -().',
};

const LOCAL_WORDS = ['jane', 'john.doe', 'marie-claire', 'o_brien', 'info', 'admin', 'noreply', 'x', 'ZOË', 'josé', '用户'];
const DOMAINS = [
  'gmail.com', 'gmial.com', 'outlook.com', 'hotmail.fr', 'yahoo.co.uk', 'mailinator.com', 'duck.com', 'example-shop.de',
  'sub.dept.university.edu', 'müller-bau.de', 'xn--mller-bau-q9a.de', 'EXAMPLE.COM', 'a.io', 'firma.com.br', 'gmail.con',
];

export const EMAIL_INPUTS: FieldInputs = {
  typed: fc
    .tuple(fc.constantFrom(...LOCAL_WORDS), fc.constantFrom('', '', '+news', '.2026', '_x'), fc.constantFrom(...DOMAINS), fc.constantFrom('', ' '))
    .map(([local, suffix, domain, space]) => `${space}${local}${suffix}@${domain}${space}`),
  alphabet: 'abcxyzABC0129.@_+-',
};
