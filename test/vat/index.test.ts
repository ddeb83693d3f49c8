import { describe, expect, it } from 'vitest';
import { validateVat } from '../../src/vat/index.js';
import { VALID_VAT_BUILDERS, seededRng } from '../support/generators/vat.js';

const rng = seededRng(20261122);
/** A valid number of the given prefix and variant, built by the test generator. */
const make = (prefix: string, variant: string): string => {
  const build = VALID_VAT_BUILDERS[prefix]?.[variant];
  if (build === undefined) throw new Error(`no builder ${prefix} ${variant}`);
  return build(rng);
};
/** A generated number that also satisfies `wanted` (e.g. starts with 0, to test padding). */
const makeWhere = (prefix: string, variant: string, wanted: (n: string) => boolean): string => {
  for (;;) {
    const number = make(prefix, variant);
    if (wanted(number)) return number;
  }
};

describe('validateVat: the offline envelope (docs/fields/vat.md#details)', () => {
  it('answers BASIC, registered null, vies_available false and UNVERIFIED for a member state', () => {
    const number = make('DE', 'standard');
    expect(validateVat(number)).toEqual({
      valid: true,
      message: 'The German VAT number is well-formed; its registration has not been confirmed',
      reason: null,
      normalizedValue: number,
      originalValue: number,
      validationLevel: 'BASIC',
      vatDetails: {
        format_valid: true,
        registered: null,
        country_code: 'DE',
        source: 'UNVERIFIED',
        vies_available: false,
      },
    });
  });

  it('keeps the exact input as originalValue', () => {
    const number = make('FR', 'numeric key');
    const typed = ` fr ${number.slice(2, 4)} ${number.slice(4)} `;
    const result = validateVat(typed);
    expect(result.originalValue).toBe(typed);
    expect(result.normalizedValue).toBe(number);
    expect(result.valid).toBe(true);
  });

  it('answers UNVERIFIED for XI, the 28th prefix', () => {
    const result = validateVat(make('XI', '9 digits'));
    expect(result.vatDetails).toMatchObject({ format_valid: true, country_code: 'XI', source: 'UNVERIFIED' });
  });

  it.each(['GB', 'CH', 'NO'])('checks %s numbers for real but answers NOT_APPLICABLE', (prefix) => {
    const variant = prefix === 'GB' ? '9 digits' : 'standard';
    const result = validateVat(make(prefix, variant));
    expect(result.valid).toBe(true);
    expect(result.vatDetails).toEqual({
      format_valid: true,
      registered: null,
      country_code: prefix,
      source: 'NOT_APPLICABLE',
      vies_available: false,
    });
    expect(result.message).toMatch(/registration cannot be confirmed/);
  });

  it.each(['GB', 'CH', 'NO'])('rejects a %s number with a wrong check digit, still NOT_APPLICABLE', (prefix) => {
    const number = make(prefix, prefix === 'GB' ? '9 digits' : 'standard');
    // The check digit is the last digit of the number (before MVA for Norway).
    const index = prefix === 'NO' ? number.length - 4 : number.length - 1;
    const typo = number.slice(0, index) + String((Number(number[index]) + 1) % 10) + number.slice(index + 1);
    const result = validateVat(typo);
    expect(result.valid).toBe(false);
    expect(result.vatDetails).toMatchObject({ format_valid: false, source: 'NOT_APPLICABLE', country_code: prefix });
  });

  it('throws a TypeError for a value that is not a string', () => {
    expect(() => validateVat(12345 as unknown as string)).toThrow(TypeError);
    expect(() => validateVat(null as unknown as string)).toThrow('validateVat expects a string, got null');
    expect(() => validateVat(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe('validateVat: prefixes', () => {
  it('asks for the country prefix when there is none', () => {
    const result = validateVat('123456789');
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/two-letter country prefix/);
    expect(result.vatDetails).toEqual({
      format_valid: false,
      registered: null,
      country_code: null,
      source: 'NOT_APPLICABLE',
      vies_available: false,
    });
  });

  it('asks for a VAT number when the value is empty or only separators', () => {
    for (const value of ['', '   ', ' - . ']) {
      const result = validateVat(value);
      expect(result.valid).toBe(false);
      expect(result.normalizedValue).toBeNull();
      expect(result.vatDetails.country_code).toBeNull();
      expect(result.message).toMatch(/Please enter a VAT number/);
    }
  });

  it('names an unknown prefix and reports it as the country code', () => {
    const result = validateVat('US123456789');
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/^US is not a VAT number prefix/);
    expect(result.vatDetails).toMatchObject({ format_valid: false, country_code: 'US', source: 'NOT_APPLICABLE' });
  });

  it('tells a Greek number written with GR to use EL', () => {
    const greek = make('EL', 'standard');
    const result = validateVat(`GR${greek.slice(2)}`);
    expect(result.valid).toBe(false);
    expect(result.message).toBe('Greek VAT numbers start with EL, not GR: please write EL followed by the 9 digits');
    expect(result.vatDetails.country_code).toBe('GR');
    expect(validateVat(greek).valid).toBe(true);
  });

  it('rejects a doubled prefix', () => {
    const dutch = make('NL', '11-proof');
    expect(validateVat(`NL ${dutch}`).valid).toBe(false);
    const spanish = make('ES', 'dni');
    expect(validateVat(`ES ${spanish}`).valid).toBe(false);
  });

  it('does not read a prefix from non-ASCII letters that upper-case to ASCII', () => {
    const irish = make('IE', '8 characters');
    // U+0131 (dotless i) upper-cases to I; it must not become the I of IE.
    expect(validateVat(`\u0131e${irish.slice(2)}`).valid).toBe(false);
    expect(validateVat(`\u0131e${irish.slice(2)}`).normalizedValue).toBeNull();
  });
});

describe('validateVat: normalizedValue', () => {
  it('removes spaces, dots, dashes, slashes and colons and upper-cases letters', () => {
    const belgian = make('BE', '0-series');
    const body = belgian.slice(2);
    const typed = `be ${body.slice(0, 4)}.${body.slice(4, 7)}-${body.slice(7)}`;
    expect(validateVat(typed).normalizedValue).toBe(belgian);
    const danish = make('DK', 'standard');
    expect(validateVat(`DK: ${danish.slice(2)}`).normalizedValue).toBe(danish);
    const czech = make('CZ', 'birth number (10)');
    expect(validateVat(`CZ ${czech.slice(2, 8)}/${czech.slice(8)}`).normalizedValue).toBe(czech);
  });

  it('removes tabs, no-break spaces and Unicode dashes pasted from office software', () => {
    const german = make('DE', 'standard');
    const typed = `DE\u00a0${german.slice(2, 5)}\u2013${german.slice(5, 8)}\t${german.slice(8)}`;
    expect(validateVat(typed)).toMatchObject({ valid: true, normalizedValue: german });
  });

  it('pads old short forms: 9-digit and (0) Belgian, 8-digit Greek, short Dutch numbers', () => {
    const belgian = make('BE', '0-series');
    expect(validateVat(`BE ${belgian.slice(3)}`)).toMatchObject({ valid: true, normalizedValue: belgian });
    expect(validateVat(`BE (0)${belgian.slice(3)}`)).toMatchObject({ valid: true, normalizedValue: belgian });
    const greek = makeWhere('EL', 'standard', (n) => n[2] === '0');
    expect(validateVat(`EL${greek.slice(3)}`)).toMatchObject({ valid: true, normalizedValue: greek });
    const dutch = makeWhere('NL', '11-proof', (n) => n.startsWith('NL00'));
    expect(validateVat(`NL${dutch.slice(4)}`)).toMatchObject({ valid: true, normalizedValue: dutch });
  });

  it('drops the language suffix of a Swiss number', () => {
    const swiss = make('CH', 'standard');
    const typed = `CHE-${swiss.slice(3, 6)}.${swiss.slice(6, 9)}.${swiss.slice(9)} MWST`;
    expect(validateVat(typed)).toMatchObject({ valid: true, normalizedValue: swiss });
    for (const suffix of ['TVA', 'IVA', 'TPV']) expect(validateVat(`${swiss} ${suffix}`).valid).toBe(true);
    expect(validateVat(`${swiss} VAT`).valid).toBe(false);
  });

  it('gives the compact form of an invalid number too, and null when it holds foreign characters', () => {
    const german = make('DE', 'standard');
    const typo = german.slice(0, -1) + String((Number(german.slice(-1)) + 1) % 10);
    const typed = `de ${typo.slice(2, 5)} ${typo.slice(5, 8)} ${typo.slice(8)}`;
    expect(validateVat(typed)).toMatchObject({ valid: false, normalizedValue: typo });
    const belgian = make('BE', '0-series');
    expect(validateVat(`${belgian.slice(0, 6)},${belgian.slice(6)}`)).toMatchObject({
      valid: false,
      normalizedValue: null,
    });
    const irish = make('IE', '8 characters');
    expect(validateVat(`${irish.slice(0, 3)}?${irish.slice(4)}`)).toMatchObject({
      valid: false,
      normalizedValue: null,
    });
  });
});

describe('validateVat: messages a person can act on', () => {
  it('says which part does not match', () => {
    const belgian = make('BE', '0-series');
    const typo = belgian.slice(0, -1) + String((Number(belgian.slice(-1)) + 1) % 10);
    expect(validateVat(typo).message).toBe("This Belgian VAT number's check digits do not match; please check it");
    const cypriot = make('CY', 'standard');
    const wrongLetter = cypriot.slice(0, -1) + (cypriot.endsWith('A') ? 'B' : 'A');
    expect(validateVat(wrongLetter).message).toBe(
      "This Cypriot VAT number's check letter does not match; please check it"
    );
  });

  it('describes the expected shape of a malformed number', () => {
    expect(validateVat('BE 12345').message).toBe(
      'This is not a valid Belgian VAT number: it should be BE followed by 10 digits starting with 0 or 1'
    );
    expect(validateVat('ATU1234').message).toBe(
      'This is not a valid Austrian VAT number: it should be ATU followed by 8 digits'
    );
  });

  it('says that an all-zero number is not real', () => {
    expect(validateVat('PL0000000000')).toMatchObject({
      valid: false,
      message: 'An all-zero number is not a real Polish VAT number; please check it',
    });
    expect(validateVat('XI000000000').valid).toBe(false);
  });
});

describe('validateVat: any string', () => {
  it('never throws on odd strings', () => {
    const odd = [
      '\u0000',
      'DE\u0000123',
      '\ud800',
      'BE'.repeat(100_000),
      '9'.repeat(1_000_000),
      'É'.repeat(5000),
      '()',
      'XI+*',
      'EL\u200b123',
    ];
    for (const value of odd) {
      const result = validateVat(value);
      expect(result.valid).toBe(false);
      expect(result.originalValue).toBe(value);
    }
  });
});
