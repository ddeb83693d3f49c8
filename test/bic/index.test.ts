import { iso31661 } from 'iso-3166';
import { describe, expect, it } from 'vitest';
import { validateBic } from '../../src/bic/index.js';
import { BIC_REASONS } from '../../src/bic/reasons.js';

const VALID = 'Valid BIC';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

type Rejection = readonly [input: string, reason: string, message: string, normalized: string | null];

/** Rejections of `inputs` with `reason` and `message`; an input is normalized to itself unless given as [input, normalized value]. */
const rejected = (reason: string, message: string, ...inputs: (string | readonly [string, string | null])[]): Rejection[] =>
  inputs.map((input) => (typeof input === 'string' ? [input, reason, message, input] : [input[0], reason, message, input[1]]));

/**
 * Input, reason, message and normalized value of a rejection of every reason, in the order the checks
 * run, with the English messages of docs/fields/bic.md#reasons, verbatim.
 */
const REJECTIONS: readonly Rejection[] = [
  ...rejected('BIC_EMPTY', 'BIC cannot be empty', ['', null], [' \t\u00a0 ', null]),
  ...rejected('BIC_WRONG_LENGTH', 'A BIC is 8 or 11 characters long (counting without spaces)', 'DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF50', 'DEUTDEFF5000', ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000']),
  ...rejected('BIC_INSTITUTION_NOT_LETTERS', 'Characters 1 to 4 of a BIC are the institution code and must be letters', 'DEU1DEFF', 'D-UTDEFF'),
  ...rejected('BIC_COUNTRY_NOT_LETTERS', 'Characters 5 and 6 of a BIC are the country code and must be letters', 'DEUT1EFF', 'DEUTD5FF500'),
  ...rejected('BIC_LOCATION_NOT_ALPHANUMERIC', 'Characters 7 and 8 of a BIC are the location code and must be letters or digits', 'DEUTDE.F', 'DEUTDEF_500'),
  ...rejected('BIC_BRANCH_NOT_ALPHANUMERIC', 'Characters 9 to 11 of a BIC are the branch code and must be letters or digits', 'DEUTDEFF5.0', 'DEUTDEFF50/'),
  ...rejected('BIC_UNKNOWN_COUNTRY', 'XX is not a country code (characters 5 and 6 of a BIC name the country)', 'DEUTXXFF'),
  ...rejected('BIC_UNKNOWN_COUNTRY', 'UK is not a country code (characters 5 and 6 of a BIC name the country)', 'DEUTUKFF'),
];

describe('validateBic: verdicts, reasons and messages', () => {
  it.each([
    ['DEUTDEFF', 'DEUTDEFF'],
    ['DEUTDEFF500', 'DEUTDEFF500'],
    ['BNPAFRPPXXX', 'BNPAFRPPXXX'],
    ['deut de ff 500', 'DEUTDEFF500'],
    ['\u00a0DeUt\tDe\u202fFf\n', 'DEUTDEFF'],
  ])('%j is a valid BIC, stored as %s', (input, normalized) => {
    expect(validateBic(input)).toMatchObject({ valid: true, reason: null, message: VALID, normalizedValue: normalized, originalValue: input, validationLevel: 'STANDARD' });
  });

  it.each(REJECTIONS)('%j is rejected with %s', (input, reason, message, normalized) => {
    expect(validateBic(input)).toEqual({ valid: false, message, reason, normalizedValue: normalized, originalValue: input, validationLevel: 'STANDARD', ...(reason === 'BIC_UNKNOWN_COUNTRY' ? { bicDetails: expect.any(Object) } : {}) });
  });

  it('has a test above for every code of BIC_REASONS, and checks the parts in reading order', () => {
    expect([...new Set(REJECTIONS.map(([, reason]) => reason))]).toEqual([...BIC_REASONS]);
    // Every part is wrong: the first one is named.
    expect(validateBic('1234.../...').reason).toBe('BIC_INSTITUTION_NOT_LETTERS');
    expect(validateBic('ABCD12..../').reason).toBe('BIC_COUNTRY_NOT_LETTERS');
    // The length comes before the characters.
    expect(validateBic('12345').reason).toBe('BIC_WRONG_LENGTH');
  });

  it('serialises the envelope in the order of docs/envelope.md, details last', () => {
    expect(Object.keys(validateBic('DEUTDEFF'))).toEqual(['valid', 'message', 'reason', 'normalizedValue', 'originalValue', 'validationLevel', 'bicDetails']);
    expect(Object.keys(validateBic('DEUT'))).toEqual(['valid', 'message', 'reason', 'normalizedValue', 'originalValue', 'validationLevel']);
  });
});

describe('validateBic: normalisation', () => {
  it('removes spaces of every kind and upper-cases letters', () => {
    expect(validateBic(' bnpa fr pp xxx ').normalizedValue).toBe('BNPAFRPPXXX');
    expect(validateBic('BNPA\u2003FRPP\u3000XXX\ufeff').normalizedValue).toBe('BNPAFRPPXXX');
  });

  it('keeps every other character, so that dashes and dots are rejected rather than read away', () => {
    expect(validateBic('DEUT-DE-FF')).toMatchObject({ reason: 'BIC_WRONG_LENGTH', normalizedValue: 'DEUT-DE-FF' });
    expect(validateBic('DEUT-DEF')).toMatchObject({ reason: 'BIC_COUNTRY_NOT_LETTERS', normalizedValue: 'DEUT-DEF' });
    expect(validateBic('DE.TDEFF')).toMatchObject({ reason: 'BIC_INSTITUTION_NOT_LETTERS', normalizedValue: 'DE.TDEFF' });
  });

  it('upper-cases ASCII letters only: a character whose capital is ASCII letters is not a letter of a BIC', () => {
    // 'ß'.toUpperCase() is 'SS' and 'ı'.toUpperCase() is 'I': both would turn junk into a valid BIC.
    expect(validateBic('DEUTDEFß')).toMatchObject({ valid: false, reason: 'BIC_LOCATION_NOT_ALPHANUMERIC', normalizedValue: 'DEUTDEFß' });
    expect(validateBic('ıNGBNL2A')).toMatchObject({ valid: false, reason: 'BIC_INSTITUTION_NOT_LETTERS', normalizedValue: 'ıNGBNL2A' });
    expect(validateBic('ＤＥＵＴＤＥＦＦ').valid).toBe(false);
  });
});

describe('validateBic: details', () => {
  it('names every part of an 11-character BIC', () => {
    expect(validateBic('deutdeff500').bicDetails).toEqual({
      institutionCode: 'DEUT',
      countryCode: 'DE',
      locationCode: 'FF',
      branchCode: '500',
      primaryOffice: false,
      testCode: false,
      ibanCountryMatches: null,
    });
  });

  it('gives an 8-character BIC no branch, and calls it the primary office', () => {
    expect(validateBic('NEDSZAJJ').bicDetails).toEqual({
      institutionCode: 'NEDS',
      countryCode: 'ZA',
      locationCode: 'JJ',
      branchCode: null,
      primaryOffice: true,
      testCode: false,
      ibanCountryMatches: null,
    });
  });

  it('calls the branch XXX the primary office, and any other branch not', () => {
    expect(validateBic('BNPAFRPPXXX').bicDetails).toMatchObject({ branchCode: 'XXX', primaryOffice: true });
    expect(validateBic('BNPAFRPPXX1').bicDetails).toMatchObject({ branchCode: 'XX1', primaryOffice: false });
    expect(validateBic('BNPAFRPPPAR').bicDetails).toMatchObject({ branchCode: 'PAR', primaryOffice: false });
  });

  it('reports a test BIC (location ending in 0) without rejecting it', () => {
    expect(validateBic('DEUTDEF0')).toMatchObject({ valid: true, bicDetails: { locationCode: 'F0', testCode: true } });
    expect(validateBic('DEUTDE00XXX')).toMatchObject({ valid: true, bicDetails: { locationCode: '00', testCode: true } });
    expect(validateBic('DEUTDE0F').bicDetails?.testCode).toBe(false);
    expect(validateBic('DEUTDEFO').bicDetails?.testCode).toBe(false);
  });

  it('has details on a valid answer and an unknown country, and none when the value does not read as a BIC', () => {
    expect(validateBic('DEUTXXFF')).toMatchObject({ valid: false, bicDetails: { countryCode: 'XX', institutionCode: 'DEUT', locationCode: 'FF' } });
    for (const input of ['', 'DEUT', 'DEU1DEFF', 'DEUT1EFF', 'DEUTDE.F', 'DEUTDEFF5.0']) {
      expect(validateBic(input).bicDetails, input).toBeUndefined();
    }
  });
});

describe('validateBic: countries', () => {
  const assigned = iso31661.filter((entry) => entry.state === 'assigned').map((entry) => entry.alpha2);

  it('accepts every assigned ISO 3166-1 alpha-2 code', () => {
    expect(assigned.length).toBeGreaterThan(240);
    const refused = assigned.filter((code) => !validateBic(`ABCD${code}2L`).valid);
    expect(refused).toEqual([]);
  });

  it('accepts XK, the code SWIFT gives Kosovo, which ISO 3166-1 does not assign', () => {
    expect(assigned).not.toContain('XK');
    expect(validateBic('RBKOXKPR')).toMatchObject({ valid: true, bicDetails: { countryCode: 'XK' } });
  });

  it('refuses every other pair of letters, naming it', () => {
    const known = new Set([...assigned, 'XK']);
    const others: string[] = [];
    for (const first of LETTERS) for (const second of LETTERS) if (!known.has(first + second)) others.push(first + second);
    expect(others).toContain('UK');
    expect(others).toContain('EU');
    expect(others).toContain('AA');
    for (const code of others) {
      const result = validateBic(`ABCD${code}2L`);
      expect(result.reason, code).toBe('BIC_UNKNOWN_COUNTRY');
      expect(result.message).toBe(`${code} is not a country code (characters 5 and 6 of a BIC name the country)`);
      expect(result.bicDetails?.countryCode).toBe(code);
    }
  });
});

describe('validateBic: the IBAN typed beside it', () => {
  it('matches when the IBAN starts with the BIC country, whatever its spaces, dashes and case', () => {
    expect(validateBic('DEUTDEFF', { iban: 'DE89370400440532013000' }).bicDetails?.ibanCountryMatches).toBe(true);
    expect(validateBic('DEUTDEFF', { iban: ' d-e89 3704 0044 0532 0130 00' }).bicDetails?.ibanCountryMatches).toBe(true);
    expect(validateBic('DEUTDEFF', { iban: '\u00a0D\u2013e89' }).bicDetails?.ibanCountryMatches).toBe(true);
  });

  it('reports a mismatch as a detail, never as a rejection', () => {
    expect(validateBic('DEUTDEFF', { iban: 'FR76 3000 6000 0112 3456 7890 189' })).toMatchObject({
      valid: true,
      reason: null,
      message: VALID,
      bicDetails: { countryCode: 'DE', ibanCountryMatches: false },
    });
  });

  it('compares the two letters only: the IBAN itself is not validated', () => {
    expect(validateBic('BNPAFRPP', { iban: 'FR' }).bicDetails?.ibanCountryMatches).toBe(true);
    expect(validateBic('BNPAFRPP', { iban: 'fr00 not an iban' }).bicDetails?.ibanCountryMatches).toBe(true);
  });

  it('is null without an IBAN, or with one that starts with no two letters', () => {
    expect(validateBic('DEUTDEFF').bicDetails?.ibanCountryMatches).toBeNull();
    expect(validateBic('DEUTDEFF', {}).bicDetails?.ibanCountryMatches).toBeNull();
    for (const iban of ['', '  ', 'D', '12DE', 'D1', 'ÄE89']) {
      expect(validateBic('DEUTDEFF', { iban }).bicDetails?.ibanCountryMatches, iban).toBeNull();
    }
  });

  it('compares with an unknown country too', () => {
    expect(validateBic('DEUTXXFF', { iban: 'XX12' }).bicDetails?.ibanCountryMatches).toBe(true);
  });
});

describe('validateBic: input that is not a BIC', () => {
  it('never throws on a string, however odd', () => {
    for (const input of ['😅😅😅😅', '\u0000'.repeat(8), '\ud800'.repeat(11), 'x'.repeat(1_000_000), ' '.repeat(1_000_000), 'DEUT😅FF']) {
      const result = validateBic(input);
      expect(result.valid).toBe(false);
      expect(result.originalValue).toBe(input);
    }
  });

  it('throws a TypeError naming the function for a value that is not a string', () => {
    for (const value of [null, undefined, 42, {}, ['DEUTDEFF']]) {
      expect(() => validateBic(value as unknown as string)).toThrow(TypeError);
    }
    expect(() => validateBic(42 as unknown as string)).toThrow('validateBic expects a string, got number');
    expect(() => validateBic(null as unknown as string)).toThrow('validateBic expects a string, got null');
  });

  it('throws a TypeError for an IBAN option that is not a string', () => {
    expect(() => validateBic('DEUTDEFF', { iban: 42 as unknown as string })).toThrow('validateBic (options.iban) expects a string, got number');
    expect(() => validateBic('DEUTDEFF', { iban: null as unknown as string })).toThrow(TypeError);
  });
});
