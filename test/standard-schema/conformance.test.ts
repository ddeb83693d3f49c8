/**
 * Every schema of verifield/standard-schema against the Standard Schema v1 contract and against its
 * validator: the `~standard` shape, a synchronous `validate`, the normalized value on success, one
 * issue with the validator's English message and reason on failure, the catalog's message when one
 * is given, VALUE_NOT_STRING for anything but a string, and never a throw.
 */
import fc from 'fast-check';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { validateEmailSyntax } from '../../src/email/syntax-entry.js';
import { validateIban } from '../../src/iban/index.js';
import type { MessageCatalog } from '../../src/messages/catalog.js';
import { es } from '../../src/messages/es.js';
import { localize } from '../../src/messages/localize.js';
import { validateNas } from '../../src/nas/index.js';
import { validateNif } from '../../src/nif/index.js';
import { validatePhone } from '../../src/phone/index.js';
import { REASONS, type ReasonCode } from '../../src/reasons.js';
import type { ValidationResult } from '../../src/result.js';
import { validateSsn } from '../../src/ssn/index.js';
import { NOT_A_STRING_MESSAGE, emailSchema, ibanSchema, nasSchema, nifSchema, phoneSchema, ssnSchema, vatSchema, type FieldSchema } from '../../src/standard-schema/index.js';
import { validateVat } from '../../src/vat/index.js';

interface Case {
  field: keyof typeof REASONS;
  schema: (catalog?: MessageCatalog) => FieldSchema;
  validator: (value: string) => ValidationResult;
  good: { input: string; value: string };
  bad: { input: string; message: string; reason: ReasonCode };
  /** Inputs of the field's own alphabet, so that the property tests reach its valid answers too. */
  alphabet: string;
}

/** One field's case, written as one row: [good input, its value], [bad input, its message, its reason]. */
function fieldCase(
  field: Case['field'],
  schema: Case['schema'],
  validator: Case['validator'],
  [goodInput, value]: readonly [string, string],
  [badInput, message, reason]: readonly [string, string, ReasonCode],
  alphabet: string,
): Case {
  return { field, schema, validator, good: { input: goodInput, value }, bad: { input: badInput, message, reason }, alphabet };
}

const CASES: readonly Case[] = [
  fieldCase('iban', ibanSchema, validateIban, ['de89 3704 0044 0532 0130 00', 'DE89370400440532013000'], ['DE89 3704 0044 0532 0130 12', 'IBAN check digits do not match, please check the number', 'IBAN_BAD_CHECKSUM'], 'DEGB0123456789 '),
  fieldCase('vat', vatSchema, validateVat, ['DE 129 273 398', 'DE129273398'], ['129273398', 'Please start the VAT number with its two-letter country prefix (for example DE, FR, or EL for Greece)', 'VAT_MISSING_PREFIX'], 'DEFRIT0123456789 '),
  fieldCase('nif', nifSchema, validateNif, ['12345678-z', '12345678Z'], ['12345678A', 'NIF control letter does not match, please check the number', 'NIF_WRONG_CONTROL_LETTER'], 'XYZB0123456789'),
  fieldCase('nas', nasSchema, validateNas, ['046 454 286', '046454286'], ['046 454 287', 'SIN check digit does not match, please check the number', 'NAS_BAD_CHECK_DIGIT'], '0123456789 -'),
  fieldCase('ssn', ssnSchema, validateSsn, ['536-22-1234', '536221234'], ['078-05-1120', '078-05-1120 is a well-known sample number, not a real SSN', 'SSN_SAMPLE_NUMBER'], '0123456789-'),
  fieldCase('email', emailSchema, validateEmailSyntax, [' Jane.Doe@Example.COM ', 'Jane.Doe@example.com'], ['jane@', 'Invalid email format', 'EMAIL_INVALID_DOMAIN'], 'ab.@-'),
  fieldCase('phone', phoneSchema, validatePhone, ['+49 30 901820', '+4930901820'], ['030 901820', 'Add the country code, starting with + or 00 (for example +44 20 7946 0958)', 'PHONE_MISSING_COUNTRY_CODE'], '+0123456789 '),
];

describe.each(CASES)('$field schema', ({ field, schema, validator, good, bad, alphabet }) => {
  const standard = schema()['~standard'];

  it('has the ~standard shape of version 1, vendor verifield', () => {
    expect(standard.version).toBe(1);
    expect(standard.vendor).toBe('verifield');
    expect(typeof standard.validate).toBe('function');
  });

  it('answers the normalized value for a good value, synchronously', () => {
    const result = standard.validate(good.input);
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toEqual({ value: good.value });
    expect(result.issues).toBeUndefined();
  });

  it('answers one issue with the English message and the reason for a bad value', () => {
    expect(standard.validate(bad.input)).toEqual({ issues: [{ message: bad.message, reason: bad.reason }] });
  });

  it("answers the catalog's message with a catalog", () => {
    const spanish = schema(es)['~standard'].validate(bad.input);
    const expected = localize(validator(bad.input), es).message;
    expect(expected).not.toBe(bad.message);
    expect(spanish).toEqual({ issues: [{ message: expected, reason: bad.reason }] });
    expect(schema(es)['~standard'].validate(good.input)).toEqual({ value: good.value });
  });

  it('answers VALUE_NOT_STRING for anything that is not a string, and never throws', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (value) => {
          expect(standard.validate(value)).toEqual({ issues: [{ message: NOT_A_STRING_MESSAGE, reason: 'VALUE_NOT_STRING' }] });
        },
      ),
    );
  });

  it("agrees with its validator on any string: the verdict, the value, the message and a reason of the field's list", () => {
    const strings = fc.oneof(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 24 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
    fc.assert(
      fc.property(strings, (value) => {
        const expected = validator(value);
        const result = standard.validate(value);
        if (expected.valid) {
          expect(result).toEqual({ value: expected.normalizedValue });
        } else {
          expect(result).toEqual({ issues: [{ message: expected.message, reason: expected.reason }] });
          expect(REASONS[field]).toContain(result.issues?.[0]?.reason);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('phoneSchema with a default country (docs/standard-schema.md#the-schemas)', () => {
  it('reads a national number for the default country, and lets + or 00 win', () => {
    const standard = phoneSchema({ defaultCountry: 'GB' })['~standard'];
    expect(standard.validate('020 7946 0123')).toEqual({ value: '+442079460123' });
    expect(standard.validate('0033 6 23 45 67 89')).toEqual({ value: '+33623456789' });
    expect(standard.validate('020 7')).toEqual({ issues: [{ message: 'Phone number is too short for United Kingdom (+44)', reason: 'PHONE_TOO_SHORT' }] });
    expect(standard.validate(44)).toEqual({ issues: [{ message: NOT_A_STRING_MESSAGE, reason: 'VALUE_NOT_STRING' }] });
  });

  it('takes the catalog beside the default country, and alone in the object as it is taken bare', () => {
    const spanish = phoneSchema({ defaultCountry: 'FR', catalog: es })['~standard'];
    expect(spanish.validate('01 99')).toEqual({
      issues: [{ message: localize(validatePhone('+33 1 99'), es).message, reason: 'PHONE_TOO_SHORT' }],
    });
    expect(spanish.validate('01 99').issues?.[0]?.message).toContain('Francia (+33)');
    expect(spanish.validate('01 99 00 12 34')).toEqual({ value: '+33199001234' });
    for (const input of ['030 901820', '+49 30 901820', '+33 1']) {
      expect(phoneSchema({ catalog: es })['~standard'].validate(input), input).toEqual(phoneSchema(es)['~standard'].validate(input));
    }
  });

  it('answers as phoneSchema() for a default country without a numbering plan, and never throws', () => {
    for (const defaultCountry of ['UK', 'xx', '', 'GBR']) {
      expect(phoneSchema({ defaultCountry })['~standard'].validate('020 7946 0123'), defaultCountry).toEqual(phoneSchema()['~standard'].validate('020 7946 0123'));
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }).filter((code) => !isSupportedCountry(code.toUpperCase())), fc.string({ unit: fc.constantFrom(...'+0123456789 '), maxLength: 16 }), (defaultCountry, value) => {
        expect(phoneSchema({ defaultCountry })['~standard'].validate(value)).toEqual(phoneSchema()['~standard'].validate(value));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with validatePhone given the same default country on any string', () => {
    fc.assert(
      fc.property(fc.constantFrom('GB', 'FR', 'US', 'DE'), fc.string({ unit: fc.constantFrom(...'+0123456789 '), maxLength: 16 }), (defaultCountry, value) => {
        const expected = validatePhone(value, { defaultCountry });
        const result = phoneSchema({ defaultCountry })['~standard'].validate(value);
        expect(result).toEqual(expected.valid ? { value: expected.normalizedValue } : { issues: [{ message: expected.message, reason: expected.reason }] });
      }),
      { numRuns: 300 },
    );
  });
});

describe('emailSchema on validateEmailSyntax', () => {
  const CORPUS = [
    'jane.doe@example.com',
    'Jane.DOE@Example.COM',
    '  jane@example.com\t',
    'jane.doe@gmial.com',
    'user@mailinator.com',
    'info@example.com',
    'jane@duck.com',
    'josé@example.com',
    'jane@bücher.example',
    '',
    'jane',
    'jane@',
    '@example.com',
    'jane@@example.com',
    'jane..doe@example.com',
    'jane@example',
    '"jane doe"@example.com',
    'jane@[192.0.2.1]',
    'a'.repeat(65) + '@example.com',
  ];

  it('gives the verdict and the normalized value validateEmail gives, on a corpus and on generated addresses', async () => {
    const { validateEmail } = await import('../../src/email/index.js');
    const verdict = (result: ValidationResult) => [result.valid, result.normalizedValue, result.reason];
    for (const address of CORPUS) expect(verdict(validateEmailSyntax(address)), address).toEqual(verdict(validateEmail(address)));
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(verdict(validateEmailSyntax(address))).toEqual(verdict(validateEmail(address)));
      }),
      { numRuns: 200 },
    );
  });
});
