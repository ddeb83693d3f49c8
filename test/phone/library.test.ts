/**
 * validatePhone answers with libphonenumber-js's own verdict, line type, display formats and length
 * reasons, on numbers of every calling code: the region examples, and numbers built from seeded
 * random digits after every two-digit start, at lengths 4 to 13, which reach the types and formats
 * of each plan through their leading digits. It also pins the library behaviour that validatePhone
 * relies on, so that a libphonenumber-js upgrade that changes it fails here instead of silently.
 */
import parsePhoneNumber, { getCountries, getExampleNumber, validatePhoneNumberLength, type PhoneNumber } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { validatePhone } from '../../src/phone/index.js';

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

const GEOGRAPHIC_CODES: readonly string[] = Object.keys(metadata.country_calling_codes);
const NON_GEOGRAPHIC_CODES: readonly string[] = Object.keys(metadata.nonGeographic);
const CALLING_CODES: readonly string[] = [...GEOGRAPHIC_CODES, ...NON_GEOGRAPHIC_CODES];

/** A typed number and the library's own parse of it. */
interface Built {
  text: string;
  phone: PhoneNumber;
}

/** National numbers of 4 to 13 digits after every calling code, starting with every two digits. */
function builtNumbers(): Built[] {
  const digits = seededDigits(20261122);
  const numbers: Built[] = [];
  for (const code of CALLING_CODES) {
    for (let start = 0; start < 100; start++) {
      for (let length = 4; length <= 13; length += 3) {
        const text = `+${code}${String(start).padStart(2, '0')}${digits(length - 2)}`;
        const phone = parsePhoneNumber(text);
        if (phone !== undefined && phone.ext === undefined) numbers.push({ text, phone });
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

/** What validatePhone's message says about a length, in the library's words. */
function lengthReasonOf(message: string): string | undefined {
  if (message.startsWith('Phone number is too short')) return 'TOO_SHORT';
  if (message.startsWith('Phone number is too long')) return 'TOO_LONG';
  if (message.startsWith('Phone number has the wrong number of digits')) return 'INVALID_LENGTH';
  return undefined;
}

describe('libphonenumber-js, as validatePhone relies on it', () => {
  it('isValid() is exactly "getType() found a type" on the region examples and numbers of every calling code', () => {
    // validatePhone asks getType() alone instead of isValid() then getType().
    let valid = 0;
    for (const phone of [...EXAMPLES, ...BUILT.map((built) => built.phone)]) {
      expect(phone.isValid(), phone.number).toBe(phone.getType() !== undefined);
      if (phone.isValid()) valid++;
    }
    expect(BUILT.length).toBeGreaterThan(50_000);
    // Enough valid numbers that the equivalence is tested both ways, not only on refusals.
    expect(valid).toBeGreaterThan(2_500);
  });
});

describe("validatePhone gives libphonenumber-js's answer", () => {
  it('on numbers of every calling code: validity, line type, both display formats and the length reason', () => {
    const seen = new Set<string>();
    const mismatches: string[] = [];
    for (const { text, phone } of BUILT) {
      const result = validatePhone(text);
      const type = phone.getType();
      const reason = validatePhoneNumberLength(text);
      const expected = phone.isValid()
        ? { valid: true, line_type: type, international: phone.formatInternational(), national: phone.formatNational(), reason: undefined }
        : { valid: false, line_type: undefined, international: undefined, national: undefined, reason };
      const ours = {
        valid: result.valid,
        line_type: result.phoneDetails?.line_type,
        international: result.phoneDetails?.international_format,
        national: result.phoneDetails?.national_format,
        reason: result.valid ? undefined : lengthReasonOf(result.message),
      };
      if (JSON.stringify(ours) !== JSON.stringify(expected)) mismatches.push(`${text}: ours ${JSON.stringify(ours)}, library ${JSON.stringify(expected)}`);
      seen.add(result.valid ? `type ${type}` : `reason ${reason}`);
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    // Every length reason and most types occur, so none of them is compared only by accident.
    for (const answer of ['reason TOO_SHORT', 'reason TOO_LONG', 'reason INVALID_LENGTH', 'reason undefined', 'type FIXED_LINE_OR_MOBILE', 'type MOBILE', 'type TOLL_FREE']) {
      expect(seen).toContain(answer);
    }
  });

  it('on every region example: the display formats', () => {
    for (const example of EXAMPLES) {
      const details = validatePhone(example.number).phoneDetails;
      expect(details?.international_format, example.number).toBe(example.formatInternational());
      expect(details?.national_format, example.number).toBe(example.formatNational());
    }
    expect(EXAMPLES.length).toBeGreaterThan(200);
  });

  it('judges the national number as parsed when a national prefix was typed twice', () => {
    // The parse strips one 0 and keeps twelve digits, more than any Dutch number has; parsing the
    // E.164 form again would strip the second 0 as well and judge eleven digits the user did not send.
    const typed = '+31 00 45 0961 6382 3';
    expect(parsePhoneNumber(typed)?.nationalNumber).toBe('045096163823');
    expect(validatePhone(typed).message).toBe('Phone number is too long for Netherlands (+31)');
  });
});

describe('validatePhone names the calling code of a number too short or too long to parse', () => {
  it.each(CALLING_CODES.map((code) => [code]))('+%s', (code) => {
    const countries = metadata.country_calling_codes[code] ?? [];
    const details = countries.length === 1 ? { country_code: countries[0], calling_code: Number(code) } : { calling_code: Number(code) };
    const short = validatePhone(`+${code}`);
    expect(short.message).toMatch(/^Phone number is too short for /);
    expect(short.phoneDetails).toEqual(details);
    const long = validatePhone(`+${code} ${'5'.repeat(18)}`);
    expect(long.message).toMatch(/^Phone number is too long for /);
    expect(long.phoneDetails).toEqual(details);
  });

  it('and names none for digits that start no calling code', () => {
    const starts = new Set(CALLING_CODES.flatMap((code) => [code.slice(0, 1), code.slice(0, 2), code]));
    let checked = 0;
    for (let length = 1; length <= 3; length++) {
      for (let n = 0; n < 10 ** length; n++) {
        const digits = String(n).padStart(length, '0');
        if (starts.has(digits) || CALLING_CODES.some((code) => digits.startsWith(code))) continue;
        const result = validatePhone(`+${digits}`);
        expect(result, digits).not.toHaveProperty('phoneDetails');
        // Three digits cannot become a calling code by adding more; fewer might, to the library.
        if (length === 3) expect(result.message, digits).toBe('Unknown country calling code');
        else expect(['Unknown country calling code', 'Phone number is too short'], digits).toContain(result.message);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});
