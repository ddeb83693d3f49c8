import { describe, expect, it } from 'vitest';
import { validateIban } from '../../src/iban/index.js';
import { nationalCheckOf } from '../../src/iban/national/index.js';
import { IBAN_REGISTRY, IBAN_REGISTRY_RELEASE, SEPA_COUNTRIES } from '../../src/iban/registry.js';
import { IBAN_REASONS } from '../../src/reasons.js';
import {
  ibanFrom,
  inGroupsOfFour,
  makeIban,
  makeIbanWithCheckDigits,
  randomBban,
  seededPicker,
} from '../support/generators/iban.js';
import { itRefusesEveryReason } from '../support/reason-codes.js';

/** IBAN lengths of SWIFT IBAN Registry release 101, typed here from the release (docs/fields/iban.md#registry). */
const REGISTRY_LENGTHS = `
AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18
DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23
IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27
MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19
SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30`
  .trim()
  .split(/\s+/)
  .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))] as const);

/** SEPA scope: EU27 + IS LI NO + CH GB MC SM VA AD GI + AL MD ME MK RS (docs/fields/iban.md#sepa). */
const EU27 = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
const SEPA = [...EU27, ...'IS LI NO CH GB MC SM VA AD GI AL MD ME MK RS'.split(' ')];

/** Example IBANs published in the SWIFT IBAN Registry and by the ECBS, in print format. */
const OFFICIAL_EXAMPLES = [
  'DE89 3704 0044 0532 0130 00',
  'GB82 WEST 1234 5698 7654 32',
  'GB29 NWBK 6016 1331 9268 19',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'CH93 0076 2011 6238 5295 7',
  'BE68 5390 0754 7034',
  'IT60 X054 2811 1010 0000 0123 456',
  'NO93 8601 1117 947',
  'AT61 1904 3002 3457 3201',
  'ES91 2100 0418 4502 0005 1332',
  'BR18 0036 0305 0000 1000 9795 493C 1',
  'MU17 BOMM 0101 1010 3030 0200 000M UR',
  'LC55 HEMM 0001 0001 0012 0012 0002 3015',
];

const pick = seededPicker(20_251_201);

/** What a valid IBAN of `code` reports of its national check: PASS wherever verifield knows the country's scheme. */
const passingNationalCheck = (code: string): 'PASS' | 'NOT_APPLICABLE' => (nationalCheckOf(code) === undefined ? 'NOT_APPLICABLE' : 'PASS');

function details(value: string) {
  return validateIban(value).ibanDetails;
}

describe('validateIban: official examples', () => {
  it.each(OFFICIAL_EXAMPLES)('%s is valid and keeps its print format', (printed) => {
    const result = validateIban(printed);
    const compact = printed.replace(/ /g, '');
    expect(result).toEqual({
      valid: true,
      message: 'Valid IBAN',
      reason: null,
      normalizedValue: compact,
      originalValue: printed,
      validationLevel: 'STANDARD',
      ibanDetails: {
        country_code: compact.slice(0, 2),
        sepa: SEPA.includes(compact.slice(0, 2)),
        structure_valid: true,
        checksum_valid: true,
        nationalCheck: passingNationalCheck(compact.slice(0, 2)),
        length: compact.length,
        expected_length: compact.length,
        suggestions: [],
        formatted: printed,
      },
    });
  });
});

describe('validateIban: normalisation', () => {
  it('strips spaces and dashes and upper-cases letters', () => {
    const result = validateIban(' gb82-west 1234-5698 7654 32 ');
    expect(result.valid).toBe(true);
    expect(result.normalizedValue).toBe('GB82WEST12345698765432');
    expect(result.originalValue).toBe(' gb82-west 1234-5698 7654 32 ');
    expect(result.ibanDetails.length).toBe(22);
    expect(result.ibanDetails.formatted).toBe('GB82 WEST 1234 5698 7654 32');
  });

  it('accepts the spaces and dashes that copy-paste brings (tab, newline, no-break spaces, en dash)', () => {
    for (const printed of [
      'DE89\t3704\t0044\t0532\t0130\t00\n',
      'DE89\u00a03704\u00a00044\u00a00532\u00a00130\u00a000',
      'DE89\u202f3704\u202f0044\u202f0532\u202f0130\u202f00',
      'DE89\u20133704\u20130044\u20130532\u20130130\u201300',
    ]) {
      const result = validateIban(printed);
      expect(result.valid, JSON.stringify(printed)).toBe(true);
      expect(result.normalizedValue).toBe('DE89370400440532013000');
    }
  });

  it('rejects dots, slashes and other separators instead of guessing', () => {
    for (const printed of ['DE89.3704.0044.0532.0130.00', 'DE89/3704/0044/0532/0130/00', 'DE89_370400440532013000']) {
      const result = validateIban(printed);
      expect(result.valid).toBe(false);
      expect(result.message).toBe(
        'An IBAN contains only letters and digits (spaces and dashes between groups are fine)',
      );
      expect(result.ibanDetails.structure_valid).toBe(false);
      expect(result.ibanDetails.checksum_valid).toBe(false);
    }
  });

  it('keeps a non-ASCII letter as it is (ß must not turn into SS)', () => {
    const result = validateIban('deß9');
    expect(result.normalizedValue).toBe('DEß9');
    expect(result.valid).toBe(false);
  });

  it('returns the value unchanged when it is already compact', () => {
    expect(validateIban('DE89370400440532013000').normalizedValue).toBe('DE89370400440532013000');
  });
});

describe('validateIban: messages and details of invalid input', () => {
  it('empty input', () => {
    for (const empty of ['', '   ', ' - ']) {
      expect(validateIban(empty)).toEqual({
        valid: false,
        message: 'IBAN cannot be empty',
        reason: 'IBAN_EMPTY',
        normalizedValue: '',
        originalValue: empty,
        validationLevel: 'STANDARD',
        ibanDetails: {
          country_code: '',
          sepa: false,
          structure_valid: false,
          checksum_valid: false,
          nationalCheck: 'NOT_APPLICABLE',
          length: 0,
          expected_length: null,
          suggestions: [],
        },
      });
    }
  });

  it('too short to be an IBAN', () => {
    for (const short of ['D', '1', '12', '1A3']) {
      const result = validateIban(short);
      expect(result.valid).toBe(false);
      expect(result.message).toBe('Too short to be an IBAN');
      expect(result.ibanDetails.length).toBe(short.length);
      expect(result.ibanDetails.expected_length).toBeNull();
    }
  });

  it('a known country code alone is answered with the length it needs', () => {
    const result = validateIban('de');
    expect(result.message).toBe('A DE IBAN is 22 characters long');
    expect(result.ibanDetails).toEqual({
      country_code: 'DE',
      sepa: true,
      structure_valid: false,
      checksum_valid: false,
      nationalCheck: 'NOT_APPLICABLE',
      length: 2,
      expected_length: 22,
      suggestions: [],
    });
  });

  it('bad characters', () => {
    for (const junk of ['FR7630006000011234567890189@', 'FR7630006000011234567890189😅', 'DE89 3704\u00000044']) {
      const result = validateIban(junk);
      expect(result.valid).toBe(false);
      expect(result.message).toBe(
        'An IBAN contains only letters and digits (spaces and dashes between groups are fine)',
      );
    }
    // The country is still reported when it can be read.
    expect(details('FR76.3000.6000.0112.3456.7890.189')).toEqual({
      country_code: 'FR',
      sepa: true,
      structure_valid: false,
      checksum_valid: false,
      nationalCheck: 'NOT_APPLICABLE',
      length: 33, // dots are kept, and counted
      expected_length: 27,
      suggestions: [],
    });
  });

  it('no country code', () => {
    const result = validateIban('0001 2345 6789');
    expect(result.message).toBe('An IBAN starts with a two-letter country code, such as DE or FR');
    expect(result.ibanDetails.country_code).toBe('00');
    expect(result.ibanDetails.expected_length).toBeNull();
    expect(result.ibanDetails.sepa).toBe(false);
  });

  it('unknown country: the fixed message (docs/fields/iban.md#messages), country code upper-cased, expected_length null, not SEPA', () => {
    // A correct checksum does not rescue a country outside the registry.
    const xx = ibanFrom('XX', '370400440532013000');
    const result = validateIban(xx.toLowerCase());
    expect(result).toEqual({
      valid: false,
      message: 'XX is not an IBAN country',
      reason: 'IBAN_UNKNOWN_COUNTRY',
      normalizedValue: xx,
      originalValue: xx.toLowerCase(),
      validationLevel: 'STANDARD',
      ibanDetails: {
        country_code: 'XX',
        sepa: false,
        structure_valid: false,
        checksum_valid: true,
        nationalCheck: 'NOT_APPLICABLE',
        length: 22,
        expected_length: null,
        suggestions: [],
      },
    });
    // Territories use their parent's code; their own ISO code is not an IBAN country.
    expect(validateIban(ibanFrom('RE', '20041010050500013M02606')).message).toBe('RE is not an IBAN country');
    expect(validateIban('JE12 3456').message).toBe('JE is not an IBAN country');
  });

  it('correct checksum, wrong length: the fixed message (docs/fields/iban.md#messages), checksum_valid true, structure_valid false', () => {
    const short = ibanFrom('FR', '2004101005050001302606'); // 22 BBAN characters instead of 23
    const long = ibanFrom('FR', '200410100505000130260611');
    for (const iban of [short, long]) {
      const result = validateIban(iban);
      expect(result.valid).toBe(false);
      expect(result.message).toBe('A FR IBAN is 27 characters long');
      expect(result.ibanDetails).toEqual({
        country_code: 'FR',
        sepa: true,
        structure_valid: false,
        checksum_valid: true,
        nationalCheck: 'NOT_APPLICABLE',
        length: iban.length,
        expected_length: 27,
        suggestions: [],
      });
    }
  });

  it('wrong length and wrong checksum: the length is named first', () => {
    const result = validateIban('DE89 3704 0044 0532 0130 0');
    expect(result.message).toBe('A DE IBAN is 22 characters long');
    expect(result.ibanDetails.checksum_valid).toBe(false);
    expect(result.ibanDetails.structure_valid).toBe(false);
    expect(result.ibanDetails.length).toBe(21);
  });

  it('letters where the check digits belong', () => {
    const result = validateIban('GBXL ABBY 0901 2857 2017 07');
    expect(result.message).toBe('Characters 3 and 4 of an IBAN are its check digits and must be digits');
    expect(result.ibanDetails.structure_valid).toBe(false);
    expect(result.ibanDetails.checksum_valid).toBe(false);
    expect(result.ibanDetails.expected_length).toBe(22);
  });

  it('wrong BBAN layout names the part, even when the checksum is right', () => {
    const germanWithLetter = ibanFrom('DE', '37040044053201300A');
    const de = validateIban(germanWithLetter);
    expect(de.message).toBe('In DE IBANs, characters 13 to 22 must be digits (counting without spaces)');
    expect(de.ibanDetails.structure_valid).toBe(false);
    expect(de.ibanDetails.checksum_valid).toBe(true);
    expect(de.valid).toBe(false);

    const britishWithDigitBank = ibanFrom('GB', 'WE5T12345698765432');
    expect(validateIban(britishWithDigitBank).message).toBe(
      'In GB IBANs, characters 5 to 8 must be letters (counting without spaces)',
    );
    // BG is 4a,4n,2n,8c: a two-character group is named as a pair.
    expect(validateIban(ibanFrom('BG', 'ABCD1234X156789012')).message).toBe(
      'In BG IBANs, characters 13 and 14 must be digits (counting without spaces)',
    );
    // BR ends with 1a,1c: a one-character group is named as one character.
    const brazilDigitAtLetter = ibanFrom('BR', '00360305000010009795493' + '11');
    expect(validateIban(brazilDigitAtLetter).message).toBe(
      'In BR IBANs, character 28 must be a letter (counting without spaces)',
    );
  });

  it('wrong check digits, and the two IBANs one typo away named in the message', () => {
    const result = validateIban('DE89 3704 0044 0532 0130 01');
    expect(result).toEqual({
      valid: false,
      message: 'IBAN check digits do not match, please check the number. Did you mean DE89 3704 0042 0532 0130 01 or DE89 3704 0044 0532 0130 00?',
      reason: 'IBAN_BAD_CHECKSUM',
      normalizedValue: 'DE89370400440532013001',
      originalValue: 'DE89 3704 0044 0532 0130 01',
      validationLevel: 'STANDARD',
      ibanDetails: {
        country_code: 'DE',
        sepa: true,
        structure_valid: true,
        checksum_valid: false,
        nationalCheck: 'NOT_APPLICABLE',
        length: 22,
        expected_length: 22,
        suggestions: ['DE89 3704 0042 0532 0130 01', 'DE89 3704 0044 0532 0130 00'],
      },
    });
  });

  it('wrong check digits two typos away from any IBAN: the message alone', () => {
    const result = validateIban('DE89 3704 0044 0532 0130 12');
    expect(result.message).toBe('IBAN check digits do not match, please check the number');
    expect(result.ibanDetails.suggestions).toEqual([]);
  });

  it('check digits 00, 01 and 99 are refused although mod 97 accepts them', () => {
    // 00 = 97 + 97k, 01 = 98 - 97, 99 = 02 + 97: same remainder, never issued (ISO 13616).
    const aliases: [string, string][] = [
      ['97', '00'],
      ['98', '01'],
      ['02', '99'],
    ];
    for (const [genuine, alias] of aliases) {
      const iban = makeIbanWithCheckDigits('DE', genuine, pick);
      expect(validateIban(iban).valid).toBe(true);
      const aliased = iban.slice(0, 2) + alias + iban.slice(4);
      const result = validateIban(aliased);
      expect(result.valid).toBe(false);
      expect(result.message).toBe(`IBAN check digits are never ${alias}, please check the number`);
      expect(result.ibanDetails.checksum_valid).toBe(false);
      expect(result.ibanDetails.structure_valid).toBe(true);
    }
  });

  it('formatted appears only on a valid IBAN', () => {
    expect(details('DE89370400440532013000').formatted).toBe('DE89 3704 0044 0532 0130 00');
    expect('formatted' in details('DE89370400440532013001')).toBe(false);
    expect('formatted' in details('XX89370400440532013000')).toBe(false);
  });

  it('length counts the characters after spaces and dashes are removed', () => {
    expect(details('DE89 3704 0044 0532 0130 000 0').length).toBe(24);
    expect(details('DE89-3704-0044').length).toBe(12);
  });

  it('throws a TypeError for a non-string, never for a string', () => {
    expect(() => validateIban(42 as unknown as string)).toThrow(TypeError);
    expect(() => validateIban(null as unknown as string)).toThrow(TypeError);
    expect(() => validateIban(undefined as unknown as string)).toThrow(TypeError);
    expect(() => validateIban('\u0000\uffff\ud800')).not.toThrow();
  });
});

describe('validateIban: reason codes (docs/fields/iban.md#reasons)', () => {
  const BAD_CHARACTERS = 'An IBAN contains only letters and digits (spaces and dashes between groups are fine)';
  // [input, reason, the English message that reason stands for]
  const REASONS: [string, string, string][] = [
    ['', 'IBAN_EMPTY', 'IBAN cannot be empty'],
    [' - ', 'IBAN_EMPTY', 'IBAN cannot be empty'],
    ['1A3', 'IBAN_TOO_SHORT', 'Too short to be an IBAN'],
    ['DE89.3704.0044.0532.0130.00', 'IBAN_BAD_CHARACTERS', BAD_CHARACTERS],
    ['DE89 3704 0044 0532 0130 0😅', 'IBAN_BAD_CHARACTERS', BAD_CHARACTERS],
    ['0001 2345 6789', 'IBAN_MISSING_COUNTRY_CODE', 'An IBAN starts with a two-letter country code, such as DE or FR'],
    ['GBXL ABBY 0901 2857 2017 07', 'IBAN_CHECK_DIGITS_NOT_DIGITS', 'Characters 3 and 4 of an IBAN are its check digits and must be digits'],
    ['XX89 3704 0044 0532 0130 00', 'IBAN_UNKNOWN_COUNTRY', 'XX is not an IBAN country'],
    ['DE89 3704 0044 0532 0130 0', 'IBAN_WRONG_LENGTH', 'A DE IBAN is 22 characters long'],
    ['GB31 WE5T 1234 5698 7654 32', 'IBAN_WRONG_LAYOUT', 'In GB IBANs, characters 5 to 8 must be letters (counting without spaces)'],
    ['DE00 3704 0044 0532 0000 52', 'IBAN_RESERVED_CHECK_DIGITS', 'IBAN check digits are never 00, please check the number'],
    ['DE99 3704 0044 0532 0000 16', 'IBAN_RESERVED_CHECK_DIGITS', 'IBAN check digits are never 99, please check the number'],
    ['DE89 3704 0044 0532 0130 12', 'IBAN_BAD_CHECKSUM', 'IBAN check digits do not match, please check the number'],
    // Mod-97 holds; the Belgian check digits (the last two) should be 34, the first ten modulo 97.
    ['BE41 5390 0754 7035', 'IBAN_NATIONAL_CHECK_FAILED', 'The account number inside this IBAN fails its national check digits, so the bank would refuse it'],
  ];

  itRefusesEveryReason(validateIban, REASONS, IBAN_REASONS);

  it.each(OFFICIAL_EXAMPLES)('%s is valid with reason null', (printed) => {
    expect(validateIban(printed).reason).toBeNull();
  });

  it('serialises reason right after message', () => {
    expect(Object.keys(validateIban('DE89 3704 0044 0532 0130 01')).slice(0, 3)).toEqual(['valid', 'message', 'reason']);
  });
});

describe('validateIban: SEPA', () => {
  it('sepa never changes valid', () => {
    const turkish = validateIban(makeIban('TR', pick));
    expect(turkish.valid).toBe(true);
    expect(turkish.ibanDetails.sepa).toBe(false);

    const brokenGerman = validateIban('DE89370400440532013001');
    expect(brokenGerman.valid).toBe(false);
    expect(brokenGerman.ibanDetails.sepa).toBe(true);
  });

  it('has exactly 42 members, all registry countries', () => {
    expect(SEPA_COUNTRIES.size).toBe(42);
    expect([...SEPA_COUNTRIES].sort()).toEqual([...SEPA].sort());
    for (const code of SEPA_COUNTRIES) expect(IBAN_REGISTRY[code], code).toBeDefined();
  });

  it.each('GB CH LI GI VA MC SM AD MD AL ME MK RS IS NO'.split(' '))('%s is SEPA (easy to forget)', (code) => {
    expect(details(makeIban(code, pick)).sepa).toBe(true);
  });

  it.each('FK TR EG IL SA BR RU UA FO GL'.split(' '))('%s is not SEPA', (code) => {
    const result = validateIban(makeIban(code, pick));
    expect(result.valid).toBe(true);
    expect(result.ibanDetails.sepa).toBe(false);
  });
});

describe('validateIban: every registry country', () => {
  it(`the registry is release ${IBAN_REGISTRY_RELEASE} with 89 countries`, () => {
    expect(IBAN_REGISTRY_RELEASE).toBe(101);
    expect(Object.keys(IBAN_REGISTRY).sort()).toEqual(REGISTRY_LENGTHS.map(([code]) => code).sort());
  });

  it.each(REGISTRY_LENGTHS)('%s: a generated IBAN of %i characters passes', (code, length) => {
    for (let i = 0; i < 5; i++) {
      const iban = makeIban(code, pick);
      expect(iban).toHaveLength(length);
      const result = validateIban(inGroupsOfFour(iban).toLowerCase());
      expect(result.valid, iban).toBe(true);
      expect(result.message).toBe('Valid IBAN');
      expect(result.normalizedValue).toBe(iban);
      expect(result.ibanDetails).toEqual({
        country_code: code,
        sepa: SEPA.includes(code),
        structure_valid: true,
        checksum_valid: true,
        nationalCheck: passingNationalCheck(code),
        length,
        expected_length: length,
        suggestions: [],
        formatted: inGroupsOfFour(iban),
      });
    }
    // One character short, with check digits recomputed: the length alone fails it.
    const short = ibanFrom(code, randomBban(code, pick).slice(1));
    const result = validateIban(short);
    expect(result.message).toBe(`A ${code} IBAN is ${length} characters long`);
    expect(result.ibanDetails.checksum_valid).toBe(true);
  });
});
