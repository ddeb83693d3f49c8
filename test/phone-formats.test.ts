/**
 * validatePhone types and formats numbers and names length problems with its own compiled copies
 * of libphonenumber-js's steps (src/phone/number-type.ts, display-formats.ts, length-check.ts).
 * These tests hold them equal to the library's own answers on numbers of every calling code: the
 * region examples, and numbers built from seeded random digits after every two-digit start, at
 * lengths 4 to 13, which reach the types and formats of each plan through their leading digits.
 */
import fc from 'fast-check';
import parsePhoneNumber, { getCountries, getExampleNumber, validatePhoneNumberLength, type PhoneNumber } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { displayFormatsOf } from '../src/phone/display-formats.js';
import { lengthProblemOf } from '../src/phone/length-check.js';
import { numberTypeOf } from '../src/phone/number-type.js';
import { validatePhone } from '../src/phone/index.js';

/** Deterministic digits, so a failure names a number that fails again. */
function seededDigits(seed: number): (count: number) => string {
  let state = seed >>> 0;
  return (count) => {
    let digits = '';
    for (let i = 0; i < count; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      digits += String(Math.floor((state / 2 ** 32) * 10));
    }
    return digits;
  };
}

const CALLING_CODES: readonly string[] = [...Object.keys(metadata.country_calling_codes), ...Object.keys(metadata.nonGeographic)];

/** National numbers of 4 to 13 digits after every calling code, starting with every two digits. */
function builtNumbers(): PhoneNumber[] {
  const digits = seededDigits(20261122);
  const numbers: PhoneNumber[] = [];
  for (const code of CALLING_CODES) {
    for (let start = 0; start < 100; start++) {
      for (let length = 4; length <= 13; length += 3) {
        const phone = parsePhoneNumber(`+${code}${String(start).padStart(2, '0')}${digits(length - 2)}`);
        if (phone !== undefined && phone.ext === undefined) numbers.push(phone);
      }
    }
  }
  return numbers;
}

const EXAMPLES: readonly PhoneNumber[] = getCountries().flatMap((country) => {
  const example = getExampleNumber(country, examples);
  return example === undefined ? [] : [example];
});
const BUILT = builtNumbers();

function expectSameFormats(phone: PhoneNumber): void {
  expect(displayFormatsOf(phone), phone.number).toEqual({ international: phone.formatInternational(), national: phone.formatNational() });
}

/**
 * The library's length check, which parses `phone.number` again; null when that second parse reads
 * another national number. It strips a national prefix once more (`+31 0 0…`: the first parse
 * kept one `0`), so it judges a number other than the one parsed, and only ours can be right there.
 */
function libraryLengthProblem(phone: PhoneNumber): string | undefined | null {
  if (parsePhoneNumber(phone.number)?.nationalNumber !== phone.nationalNumber) return null;
  return validatePhoneNumberLength(phone.number);
}

describe('number types, as libphonenumber-js finds them', () => {
  it('match getType() on every region example and on numbers of every calling code', () => {
    const seen = new Set<string | undefined>();
    for (const phone of [...EXAMPLES, ...BUILT]) {
      const type = numberTypeOf(phone);
      expect(type, phone.number).toBe(phone.getType());
      seen.add(type);
    }
    // Most types occur, the shared FIXED_LINE_OR_MOBILE answer and "no type" among them.
    expect(seen.size).toBeGreaterThanOrEqual(10);
    expect(seen).toContain('FIXED_LINE_OR_MOBILE');
    expect(seen).toContain(undefined);
  });

  it('match getType() on examples with digits changed after the calling code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLES), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }), (example, digits) => {
        const national = example.nationalNumber;
        const phone = parsePhoneNumber(`+${example.countryCallingCode}${national.slice(0, Math.max(0, national.length - digits.length))}${digits.join('')}`);
        if (phone !== undefined) expect(numberTypeOf(phone), phone.number).toBe(phone.getType());
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('display formats, as libphonenumber-js writes them', () => {
  it('match on every region example', () => {
    for (const example of EXAMPLES) expectSameFormats(example);
    expect(EXAMPLES.length).toBeGreaterThan(200);
  });

  it('match on numbers of every calling code, valid or not', () => {
    let valid = 0;
    for (const phone of BUILT) {
      expectSameFormats(phone);
      if (phone.isValid()) valid++;
    }
    expect(BUILT.length).toBeGreaterThan(50_000);
    // Enough valid numbers that the formats people see are covered, not only the fallbacks.
    expect(valid).toBeGreaterThan(2_500);
  });

  it('match on examples with digits changed after the calling code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLES), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }), (example, digits) => {
        const national = example.nationalNumber;
        const changed = national.slice(0, Math.max(0, national.length - digits.length)) + digits.join('');
        const phone = parsePhoneNumber(`+${example.countryCallingCode}${changed}`);
        if (phone !== undefined && phone.ext === undefined) expectSameFormats(phone);
      }),
      { numRuns: 3_000 },
    );
  });

  it('are what validatePhone answers for a valid number', () => {
    for (const example of EXAMPLES) {
      const details = validatePhone(example.number).phoneDetails;
      expect(details?.international_format).toBe(example.formatInternational());
      expect(details?.national_format).toBe(example.formatNational());
    }
  });

  it('judges the national number as parsed when a national prefix was typed twice', () => {
    // The parse strips one 0 and keeps twelve digits, more than any Dutch number has; parsing the
    // result again would strip the second 0 as well and judge eleven digits the user did not send.
    const typed = '+31 00 45 0961 6382 3';
    expect(parsePhoneNumber(typed)?.nationalNumber).toBe('045096163823');
    expect(validatePhone(typed).message).toBe('Phone number is too long for Netherlands (+31)');
  });
});

describe('length problems, as libphonenumber-js names them', () => {
  it('match validatePhoneNumberLength on numbers of every calling code', () => {
    const seen = new Set<string | undefined>();
    let parsedDifferently = 0;
    for (const phone of BUILT) {
      const library = libraryLengthProblem(phone);
      if (library === null) {
        parsedDifferently++;
        continue;
      }
      const problem = lengthProblemOf(phone);
      expect(problem, phone.number).toBe(library);
      seen.add(problem);
    }
    // Every answer occurs, so none of them is compared only by accident.
    expect([...seen].sort()).toEqual(['INVALID_LENGTH', 'TOO_LONG', 'TOO_SHORT', undefined]);
    // Numbers typed with a national prefix twice; they are rare, and still occur (the helper is needed).
    expect(parsedDifferently).toBeGreaterThan(0);
    expect(parsedDifferently).toBeLessThan(BUILT.length / 100);
  });

  it('match on examples made longer or shorter', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLES), fc.integer({ min: -4, max: 4 }), (example, change) => {
        const national = change >= 0 ? example.nationalNumber + '5'.repeat(change) : example.nationalNumber.slice(0, change);
        const phone = parsePhoneNumber(`+${example.countryCallingCode}${national}`);
        const library = phone === undefined ? null : libraryLengthProblem(phone);
        if (phone !== undefined && library !== null) expect(lengthProblemOf(phone), phone.number).toBe(library);
      }),
      { numRuns: 2_000 },
    );
  });

  it('judges the national number as parsed when a national prefix was typed twice', () => {
    // The parse strips one 0 and keeps twelve digits, more than any Dutch number has; parsing the
    // result again would strip the second 0 as well and judge eleven digits the user did not send.
    const typed = '+31 00 45 0961 6382 3';
    expect(parsePhoneNumber(typed)?.nationalNumber).toBe('045096163823');
    expect(validatePhone(typed).message).toBe('Phone number is too long for Netherlands (+31)');
  });
});
