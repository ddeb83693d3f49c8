import fc from 'fast-check';
import parsePhoneNumber, { getCountries, getExampleNumber, isSupportedCountry, type PhoneNumber } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { validatePhone } from '../../src/phone/index.js';

/** Every region's example mobile number, from libphonenumber's example metadata. */
const EXAMPLES: readonly PhoneNumber[] = getCountries().flatMap((country) => {
  const example = getExampleNumber(country, examples);
  return example === undefined ? [] : [example];
});

const anExample = fc.constantFrom(...EXAMPLES);
const separator = fc.constantFrom('', ' ', '-', '.', ' - ', '/', '  ');
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('+', '0', '1', '4', '9', ' ', '-', '(', ')', 'x', '#', ';', '.', '\u0000', '\uff0b', '\u0660'), maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 240, maxLength: 2_000 }),
);

/** The digits of `number` (E.164) written as a person might: `+` or `00`, separators anywhere. */
function written(number: string, useZeros: boolean, separators: readonly string[]): string {
  let text = useZeros ? '00' : '+';
  const digits = number.slice(1);
  for (let index = 0; index < digits.length; index++) {
    text += (separators[index % separators.length] ?? '') + digits[index];
  }
  return text;
}

/** An example with digits after its calling code changed: valid or invalid, always plausible. */
const aNearbyNumber = fc
  .tuple(anExample, fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 4 }), fc.integer({ min: -2, max: 2 }))
  .map(([example, replacement, lengthChange]) => {
    const national = example.nationalNumber.slice(0, Math.max(1, example.nationalNumber.length - replacement.length));
    const changed = national + replacement.join('');
    const resized = lengthChange >= 0 ? changed + '7'.repeat(lengthChange) : changed.slice(0, lengthChange);
    return `+${example.countryCallingCode}${resized}`;
  });

describe('validatePhone properties', () => {
  it('never throws on any string and always answers with the envelope', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const result = validatePhone(value);
        expect(result.originalValue).toBe(value);
        expect(typeof result.valid).toBe('boolean');
        expect(result.message.length).toBeGreaterThan(0);
        expect(result.validationLevel).toBe('STANDARD');
        if (!result.valid) expect(result.normalizedValue).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it('accepts every example number however it is written, and normalises it to its E.164 form', () => {
    fc.assert(
      fc.property(anExample, fc.boolean(), fc.array(separator, { minLength: 1, maxLength: 5 }), (example, useZeros, separators) => {
        const result = validatePhone(written(example.number, useZeros, separators));
        expect(result.valid).toBe(true);
        expect(result.normalizedValue).toBe(example.number);
        // A small region may reuse its neighbour's ranges (AX's example is Finnish): same calling code.
        const regions = metadata.country_calling_codes[example.countryCallingCode] ?? [];
        expect(regions).toContain(result.phoneDetails?.country_code);
        if (regions.length === 1) expect(result.phoneDetails?.country_code).toBe(example.country);
      }),
    );
  });

  it('gives the same verdict whatever the separators and prefix', () => {
    fc.assert(
      fc.property(aNearbyNumber, fc.boolean(), fc.array(separator, { minLength: 1, maxLength: 5 }), (number, useZeros, separators) => {
        const plain = validatePhone(number);
        const typed = written(number, useZeros, separators);
        expect(validatePhone(typed)).toEqual({ ...plain, originalValue: typed });
      }),
    );
  });

  it('validates its normalizedValue and its international_format again to the same answer', () => {
    fc.assert(
      fc.property(aNearbyNumber, (number) => {
        const first = validatePhone(number);
        if (first.normalizedValue === null) return;
        for (const again of [first.normalizedValue, first.phoneDetails?.international_format ?? '']) {
          const second = validatePhone(again);
          expect(second.valid).toBe(first.valid);
          expect(second.normalizedValue).toBe(first.normalizedValue);
          expect(second.phoneDetails).toEqual(first.phoneDetails);
        }
      }),
    );
  });

  it('never throws whatever defaultCountry is, and treats one without a numbering plan as absent', () => {
    const aCountry = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.string({ unit: fc.constantFrom('G', 'B', 'g', 'b', 'U', 'K', 'X', 'ß', 'ı', '\u0000'), minLength: 1, maxLength: 3 }),
      fc.constantFrom(...getCountries()),
    );
    fc.assert(
      fc.property(fc.oneof(anyText, aNearbyNumber.map((number) => number.slice(1))), aCountry, (value, defaultCountry) => {
        const result = validatePhone(value, { defaultCountry });
        expect(result.originalValue).toBe(value);
        expect(typeof result.valid).toBe('boolean');
        if (!isSupportedCountry(defaultCountry.toUpperCase())) expect(result).toEqual(validatePhone(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('lets a number typed with + or 00 keep its own country code, whatever the default country', () => {
    fc.assert(
      fc.property(aNearbyNumber, fc.boolean(), fc.constantFrom(...getCountries()), (number, useZeros, defaultCountry) => {
        const typed = written(number, useZeros, [' ']);
        expect(validatePhone(typed, { defaultCountry })).toEqual(validatePhone(typed));
      }),
    );
  });

  it("reads every example number's national format for its country as the number itself", () => {
    fc.assert(
      fc.property(anExample, (example) => {
        const national = example.formatNational();
        const result = validatePhone(national, { defaultCountry: example.country ?? '' });
        expect(result.valid).toBe(true);
        expect(result.normalizedValue).toBe(example.number);
      }),
    );
  });

  it('libphonenumber: isValid() is exactly "getType() found a type" (validatePhone relies on it)', () => {
    fc.assert(
      fc.property(aNearbyNumber, (number) => {
        const phone = parsePhoneNumber(number);
        if (phone !== undefined) expect(phone.isValid()).toBe(phone.getType() !== undefined);
      }),
      { numRuns: 2_000 },
    );
  });
});
