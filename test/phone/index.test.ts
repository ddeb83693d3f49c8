import parsePhoneNumber, { getCountries, getExampleNumber, type CountryCode } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { validatePhone, type PhoneOptions } from '../../src/phone/index.js';
import { PHONE_REASONS, type PhoneReason } from '../../src/reasons.js';
import type { PhoneLineType } from '../../src/result.js';
import { itAcceptsWithReasonNull, itRefusesEveryReason } from '../support/reason-codes.js';

/** E.164 of a number written with separators: `+` and its digits. */
function e164(written: string): string {
  return `+${written.replace(/\D/g, '')}`;
}

interface PlanNumber {
  country: string;
  written: string;
  type: PhoneLineType;
}

/**
 * Numbers built from national numbering plans: the ranges reserved for fiction by Ofcom (GB:
 * 020 7946 0xxx, 0113 496 0xxx, 0808 157 0xxx, 0909 879 0xxx, 0306 999 0xxx), ACMA (AU: 02 5550,
 * 03 7010, 0491 570, 1800 160 401, 1900 654 321, 1300 975 707), ARCEP (FR: 01 99 00) and NANPA
 * (555-01xx); elsewhere a number inside the block the plan gives to that service (e.g. 0800
 * freephone, 0900 premium rate, 070 personal numbering, 056 / 085 / 076 VoIP, 09 French "box"
 * numbers, NANP 5XX personal communications). The type is what the plan calls the block.
 */
const PLAN_NUMBERS: readonly PlanNumber[] = [
  { country: 'GB', written: '+44 20 7946 0123', type: 'FIXED_LINE' },
  { country: 'GB', written: '+44 113 496 0123', type: 'FIXED_LINE' },
  { country: 'GB', written: '+44 7400 234567', type: 'MOBILE' },
  { country: 'GB', written: '+44 808 157 0123', type: 'TOLL_FREE' },
  { country: 'GB', written: '+44 909 879 0123', type: 'PREMIUM_RATE' },
  { country: 'GB', written: '+44 306 999 0123', type: 'UAN' },
  { country: 'GB', written: '+44 70 1234 5678', type: 'PERSONAL_NUMBER' },
  { country: 'GB', written: '+44 56 1234 5678', type: 'VOIP' },
  { country: 'GB', written: '+44 76 4012 3456', type: 'PAGER' },
  { country: 'US', written: '+1 212 555 0100', type: 'FIXED_LINE_OR_MOBILE' },
  { country: 'US', written: '+1 800 555 0199', type: 'TOLL_FREE' },
  { country: 'US', written: '+1 888 555 0199', type: 'TOLL_FREE' },
  { country: 'US', written: '+1 900 555 0199', type: 'PREMIUM_RATE' },
  { country: 'US', written: '+1 500 555 0006', type: 'PERSONAL_NUMBER' },
  { country: 'CA', written: '+1 416 555 0123', type: 'FIXED_LINE_OR_MOBILE' },
  { country: 'CA', written: '+1 613 555 0123', type: 'FIXED_LINE_OR_MOBILE' },
  { country: 'FR', written: '+33 1 99 00 12 34', type: 'FIXED_LINE' },
  { country: 'FR', written: '+33 6 23 45 67 89', type: 'MOBILE' },
  { country: 'FR', written: '+33 7 81 23 45 67', type: 'MOBILE' },
  { country: 'FR', written: '+33 800 12 34 56', type: 'TOLL_FREE' },
  { country: 'FR', written: '+33 891 12 34 56', type: 'PREMIUM_RATE' },
  { country: 'FR', written: '+33 810 12 34 56', type: 'SHARED_COST' },
  { country: 'FR', written: '+33 9 12 34 56 78', type: 'VOIP' },
  { country: 'DE', written: '+49 30 1234567', type: 'FIXED_LINE' },
  { country: 'DE', written: '+49 170 1234567', type: 'MOBILE' },
  { country: 'DE', written: '+49 800 1234567', type: 'TOLL_FREE' },
  { country: 'DE', written: '+49 900 1 123456', type: 'PREMIUM_RATE' },
  { country: 'DE', written: '+49 180 1 234567', type: 'SHARED_COST' },
  { country: 'DE', written: '+49 700 12345678', type: 'PERSONAL_NUMBER' },
  { country: 'ES', written: '+34 912 34 56 78', type: 'FIXED_LINE' },
  { country: 'ES', written: '+34 612 34 56 78', type: 'MOBILE' },
  { country: 'ES', written: '+34 712 34 56 78', type: 'MOBILE' },
  { country: 'ES', written: '+34 900 123 456', type: 'TOLL_FREE' },
  { country: 'ES', written: '+34 803 12 34 56', type: 'PREMIUM_RATE' },
  { country: 'ES', written: '+34 901 12 34 56', type: 'SHARED_COST' },
  { country: 'IT', written: '+39 06 1234 5678', type: 'FIXED_LINE' },
  { country: 'IT', written: '+39 312 345 6789', type: 'MOBILE' },
  { country: 'IT', written: '+39 800 123 456', type: 'TOLL_FREE' },
  { country: 'IT', written: '+39 899 123 456', type: 'PREMIUM_RATE' },
  { country: 'IT', written: '+39 848 123 456', type: 'SHARED_COST' },
  { country: 'NL', written: '+31 20 123 4567', type: 'FIXED_LINE' },
  { country: 'NL', written: '+31 6 12345678', type: 'MOBILE' },
  { country: 'NL', written: '+31 800 1234', type: 'TOLL_FREE' },
  { country: 'NL', written: '+31 900 1234', type: 'PREMIUM_RATE' },
  { country: 'NL', written: '+31 85 123 4567', type: 'VOIP' },
  { country: 'BE', written: '+32 2 555 12 12', type: 'FIXED_LINE' },
  { country: 'BE', written: '+32 470 12 34 56', type: 'MOBILE' },
  { country: 'BE', written: '+32 800 12 345', type: 'TOLL_FREE' },
  { country: 'BE', written: '+32 900 12 345', type: 'PREMIUM_RATE' },
  { country: 'CH', written: '+41 44 123 45 67', type: 'FIXED_LINE' },
  { country: 'CH', written: '+41 78 123 45 67', type: 'MOBILE' },
  { country: 'CH', written: '+41 800 123 456', type: 'TOLL_FREE' },
  { country: 'CH', written: '+41 900 123 456', type: 'PREMIUM_RATE' },
  { country: 'CH', written: '+41 840 123 456', type: 'SHARED_COST' },
  { country: 'AT', written: '+43 1 234567', type: 'FIXED_LINE' },
  { country: 'AT', written: '+43 664 1234567', type: 'MOBILE' },
  { country: 'AT', written: '+43 800 123456', type: 'TOLL_FREE' },
  { country: 'AT', written: '+43 900 123456', type: 'PREMIUM_RATE' },
  { country: 'AT', written: '+43 720 123456', type: 'VOIP' },
  { country: 'AU', written: '+61 2 5550 1234', type: 'FIXED_LINE' },
  { country: 'AU', written: '+61 3 7010 1234', type: 'FIXED_LINE' },
  { country: 'AU', written: '+61 491 570 156', type: 'MOBILE' },
  { country: 'AU', written: '+61 1800 160 401', type: 'TOLL_FREE' },
  { country: 'AU', written: '+61 1900 654 321', type: 'PREMIUM_RATE' },
  { country: 'AU', written: '+61 1300 975 707', type: 'SHARED_COST' },
  { country: 'NZ', written: '+64 9 301 2345', type: 'FIXED_LINE' },
  { country: 'NZ', written: '+64 21 123 4567', type: 'MOBILE' },
  { country: 'NZ', written: '+64 800 123 456', type: 'TOLL_FREE' },
  { country: 'NZ', written: '+64 900 123 456', type: 'PREMIUM_RATE' },
  { country: 'IE', written: '+353 1 234 5678', type: 'FIXED_LINE' },
  { country: 'IE', written: '+353 85 123 4567', type: 'MOBILE' },
  { country: 'IE', written: '+353 1800 123 456', type: 'TOLL_FREE' },
  { country: 'IE', written: '+353 1520 123 456', type: 'PREMIUM_RATE' },
  { country: 'IE', written: '+353 1850 123 456', type: 'SHARED_COST' },
  { country: 'IE', written: '+353 76 123 4567', type: 'VOIP' },
  { country: 'SE', written: '+46 8 123 456 78', type: 'FIXED_LINE' },
  { country: 'SE', written: '+46 70 123 45 67', type: 'MOBILE' },
  { country: 'SE', written: '+46 20 12 34 56', type: 'TOLL_FREE' },
  { country: 'SE', written: '+46 900 12 34 567', type: 'PREMIUM_RATE' },
  { country: 'JP', written: '+81 3 1234 5678', type: 'FIXED_LINE' },
  { country: 'JP', written: '+81 90 1234 5678', type: 'MOBILE' },
  { country: 'JP', written: '+81 120 123 456', type: 'TOLL_FREE' },
  { country: 'JP', written: '+81 50 1234 5678', type: 'VOIP' },
  { country: 'IN', written: '+91 11 2345 6789', type: 'FIXED_LINE' },
  { country: 'IN', written: '+91 99999 12345', type: 'MOBILE' },
  { country: 'IN', written: '+91 1800 123 4567', type: 'TOLL_FREE' },
  { country: 'BR', written: '+55 11 2345 6789', type: 'FIXED_LINE' },
  { country: 'BR', written: '+55 11 98765 4321', type: 'MOBILE' },
  { country: 'BR', written: '+55 800 123 4567', type: 'TOLL_FREE' },
  { country: 'ZA', written: '+27 21 123 4567', type: 'FIXED_LINE' },
  { country: 'ZA', written: '+27 82 123 4567', type: 'MOBILE' },
  { country: 'ZA', written: '+27 800 123 456', type: 'TOLL_FREE' },
  { country: 'SG', written: '+65 6123 4567', type: 'FIXED_LINE' },
  { country: 'SG', written: '+65 8123 4567', type: 'MOBILE' },
  { country: 'SG', written: '+65 800 123 4567', type: 'TOLL_FREE' },
  { country: 'PL', written: '+48 22 123 45 67', type: 'FIXED_LINE' },
  { country: 'PL', written: '+48 512 345 678', type: 'MOBILE' },
  { country: 'PL', written: '+48 800 123 456', type: 'TOLL_FREE' },
  { country: 'DK', written: '+45 32 12 34 56', type: 'FIXED_LINE_OR_MOBILE' },
  { country: 'DK', written: '+45 80 12 34 56', type: 'TOLL_FREE' },
  { country: 'DK', written: '+45 90 12 34 56', type: 'PREMIUM_RATE' },
];

describe('validatePhone: numbers of the national numbering plans', () => {
  it('covers at least 15 countries', () => {
    expect(new Set(PLAN_NUMBERS.map((n) => n.country)).size).toBeGreaterThanOrEqual(15);
  });

  it.each(PLAN_NUMBERS)('$written is a valid $country $type number', ({ country, written, type }) => {
    const result = validatePhone(written);
    expect(result.valid).toBe(true);
    expect(result.message).toBe('Valid phone number');
    expect(result.normalizedValue).toBe(e164(written));
    expect(result.originalValue).toBe(written);
    expect(result.validationLevel).toBe('STANDARD');
    expect(result.phoneDetails?.country_code).toBe(country);
    expect(result.phoneDetails?.calling_code).toBe(Number(written.slice(1, written.indexOf(' '))));
    expect(result.phoneDetails?.line_type).toBe(type);
  });

  it('gives the formats people read: grouped international, national with the trunk prefix', () => {
    expect(validatePhone('+442079460123').phoneDetails).toEqual({
      country_code: 'GB',
      calling_code: 44,
      line_type: 'FIXED_LINE',
      international_format: '+44 20 7946 0123',
      national_format: '020 7946 0123',
    });
    expect(validatePhone('+33123456789').phoneDetails?.national_format).toBe('01 23 45 67 89');
    expect(validatePhone('+12125550100').phoneDetails?.national_format).toBe('(212) 555-0100');
  });

  it("accepts every region's example mobile number from libphonenumber's example metadata", () => {
    const failures: string[] = [];
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (example === undefined) {
        failures.push(`${country}: no example`);
        continue;
      }
      const result = validatePhone(example.formatInternational());
      const type = result.phoneDetails?.line_type;
      // Some small regions reuse their neighbour's mobile ranges (AX's example is a Finnish number),
      // so the country read back may be another region of the same calling code.
      const regions = metadata.country_calling_codes[example.countryCallingCode] ?? [];
      const sameCode = regions.includes(result.phoneDetails?.country_code as CountryCode);
      const exact = regions.length === 1 ? result.phoneDetails?.country_code === country : sameCode;
      if (!result.valid || !exact || (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')) {
        failures.push(`${country} ${example.number}: ${result.message} ${JSON.stringify(result.phoneDetails)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(getCountries().length).toBeGreaterThan(240);
  });
});

describe('validatePhone: the country of a shared calling code (docs/fields/phone.md#shared-calling-codes)', () => {
  it.each([
    ['+44 1481 710000', 'GG'], // Guernsey's 01481 area code
    ['+44 1534 500000', 'JE'], // Jersey's 01534
    ['+44 1624 600000', 'IM'], // Isle of Man's 01624
    ['+7 495 123 4567', 'RU'], // Moscow
    ['+7 727 250 1234', 'KZ'], // Almaty
    ['+7 701 234 5678', 'KZ'], // Kazakh mobile
    ['+1 416 555 0123', 'CA'], // Toronto
    ['+1 242 322 1234', 'BS'], // Bahamas area code 242
    ['+39 06 6988 1234', 'VA'], // Vatican City inside Rome's 06
    ['+262 269 61 23 45', 'YT'], // Mayotte
    ['+262 262 12 34 56', 'RE'], // Réunion
    ['+358 18 12345', 'AX'], // Åland
    ['+47 79 12 34 56', 'SJ'], // Svalbard
    ['+61 8 9162 1234', 'CC'], // Cocos (Keeling) Islands
  ])('%s is %s', (written, country) => {
    const result = validatePhone(written);
    expect(result.valid).toBe(true);
    expect(result.phoneDetails?.country_code).toBe(country);
  });

  it('leaves country_code out for a non-geographic calling code', () => {
    const result = validatePhone('+800 2345 6789');
    expect(result.valid).toBe(true);
    expect(result.phoneDetails?.line_type).toBe('TOLL_FREE');
    expect(result.phoneDetails?.calling_code).toBe(800);
    expect(result.phoneDetails).not.toHaveProperty('country_code');
  });

  it('leaves country_code out when an invalid number of a shared code matches none of its countries', () => {
    const result = validatePhone('+1 123 456 7890'); // no NANP area code starts with 1
    expect(result.valid).toBe(false);
    expect(result.phoneDetails).toEqual({ calling_code: 1 });
    expect(result.message).toBe('Not a valid phone number for country calling code +1');
  });
});

describe('validatePhone: input, messages, line types and details (docs/fields/phone.md)', () => {
  it('reads 00 as +, and accepts spaces, dashes, parentheses, dots and slashes', () => {
    const expected = validatePhone('+442079460123');
    for (const written of [
      '0044 20 7946 0123',
      '00442079460123',
      '+44 (20) 7946-0123',
      '(+44) 20 7946 0123',
      '(0044) 20 7946 0123',
      '+44 (0) 20 7946 0123',
      '+44.20.7946.0123',
      '+44/20/7946/0123',
      '  +44 20 7946 0123\t',
      '+44\u00a020\u00a07946\u00a00123',
      '+44 20\u20137946\u20130123',
    ]) {
      const result = validatePhone(written);
      expect(result, written).toEqual({ ...expected, originalValue: written });
    }
  });

  it('normalises full-width characters and reads Arabic-Indic digits', () => {
    for (const written of ['＋４４ ２０ ７９４６ ０１２３', '＋44 20 7946 0123', '+٤٤ ٢٠ ٧٩٤٦ ٠١٢٣', '+۴۴ ۲۰ ۷۹۴۶ ۰۱۲۳']) {
      expect(validatePhone(written).normalizedValue, written).toBe('+442079460123');
    }
  });

  it('assumes no default country', () => {
    expect(validatePhone('2125550100').valid).toBe(false);
    expect(validatePhone('011 44 20 7946 0123').valid).toBe(false); // US exit code: not international here
  });

  it('normalises a valid number to E.164', () => {
    expect(validatePhone('0033 (0)1 99 00 12 34').normalizedValue).toBe('+33199001234');
  });

  it('asks for the country code when there is none, without phoneDetails', () => {
    for (const written of ['020 7946 0123', '(212) 555-0100', '2125550100', '44 20 7946 0123']) {
      const result = validatePhone(written);
      expect(result.valid).toBe(false);
      expect(result.message).toMatch(/country code/);
      expect(result.message).toMatch(/\+ or 00/);
      expect(result.normalizedValue).toBeNull();
      expect(result).not.toHaveProperty('phoneDetails');
    }
  });

  it('says a number is too short, with country_code and calling_code only', () => {
    const france = validatePhone('+33 1 99 00 12 3');
    expect(france.valid).toBe(false);
    expect(france.message).toBe('Phone number is too short for France (+33)');
    expect(france.phoneDetails).toEqual({ country_code: 'FR', calling_code: 33 });

    // Too short to be parsed at all: the calling code is still named.
    expect(validatePhone('+33').phoneDetails).toEqual({ country_code: 'FR', calling_code: 33 });
    const gb = validatePhone('+44');
    expect(gb.message).toBe('Phone number is too short for country calling code +44');
    expect(gb.phoneDetails).toEqual({ calling_code: 44 });

    const nanp = validatePhone('+1 212 555 01');
    expect(nanp.message).toMatch(/too short/);
    expect(nanp.phoneDetails).toEqual({ calling_code: 1 });
  });

  it('says "too short" without details when not even a calling code was typed', () => {
    const result = validatePhone('+4');
    expect(result.message).toBe('Phone number is too short');
    expect(result).not.toHaveProperty('phoneDetails');
  });

  it('answers "Unknown country calling code" for a code nobody has', () => {
    for (const written of ['+999 123 4567', '+0 20 7946 0123', '+999', '00999 123 4567', '+28 1234 5678']) {
      const result = validatePhone(written);
      expect(result.valid, written).toBe(false);
      expect(result.message, written).toBe('Unknown country calling code');
      expect(result, written).not.toHaveProperty('phoneDetails');
    }
  });

  it('keeps premium-rate and VoIP numbers valid: line_type is the filter', () => {
    expect(validatePhone('+44 909 879 0123')).toMatchObject({ valid: true, phoneDetails: { line_type: 'PREMIUM_RATE' } });
    expect(validatePhone('+31 85 123 4567')).toMatchObject({ valid: true, phoneDetails: { line_type: 'VOIP' } });
  });

  it('answers FIXED_LINE_OR_MOBILE where the plan does not tell them apart (US, Canada)', () => {
    expect(validatePhone('+1 212 555 0100').phoneDetails?.line_type).toBe('FIXED_LINE_OR_MOBILE');
    expect(validatePhone('+1 613 555 0123').phoneDetails?.line_type).toBe('FIXED_LINE_OR_MOBILE');
  });

  it('returns phoneDetails for an invalid number read as international, without type and formats', () => {
    const cases: [string, RegExp, object][] = [
      ['+33 4 00 00 00 00', /^Not a valid phone number for France \(\+33\)$/, { country_code: 'FR', calling_code: 33 }],
      ['+33 1 99 00 12 345', /^Phone number is too long for France \(\+33\)$/, { country_code: 'FR', calling_code: 33 }],
      ['+421 2 1234 567', /^Phone number has the wrong number of digits for Slovakia \(\+421\)$/, { country_code: 'SK', calling_code: 421 }],
      ['+44 20 7946 0123 456789 0123', /too long/, { calling_code: 44 }],
      ['+7 600 123 4567', /^Not a valid phone number for country calling code \+7$/, { calling_code: 7 }],
    ];
    for (const [written, message, details] of cases) {
      const result = validatePhone(written);
      expect(result.valid, written).toBe(false);
      expect(result.message, written).toMatch(message);
      expect(result.normalizedValue, written).toBeNull();
      expect(result.phoneDetails, written).toEqual(details);
    }
  });
});

describe('validatePhone: other input', () => {
  it('asks for a number when the field is empty', () => {
    for (const written of ['', '   ', ' - ( ) ']) {
      expect(validatePhone(written)).toEqual({
        valid: false,
        message: 'Enter a phone number',
        reason: 'PHONE_EMPTY',
        normalizedValue: null,
        originalValue: written,
        validationLevel: 'STANDARD',
      });
    }
  });

  it('asks for digits when there are none, or letters in the number', () => {
    for (const written of ['+', 'abc', '+1 800 FLOWERS', 'tel:+442079460123', '+44 20 7946 0123 abc', '00', '++44 20 7946 0123']) {
      const result = validatePhone(written);
      expect(result.valid, written).toBe(false);
      expect(result.message, written).toMatch(/^Enter the phone number in digits, starting with the country code/);
      expect(result, written).not.toHaveProperty('phoneDetails');
    }
  });

  it('asks for the number without its extension, which E.164 cannot hold', () => {
    for (const written of ['+44 20 7946 0123 ext. 12', '+44 20 7946 0123 x12', '+44 20 7946 0123;ext=12']) {
      const result = validatePhone(written);
      expect(result.valid, written).toBe(false);
      expect(result.message, written).toMatch(/without its extension/);
      expect(result.phoneDetails, written).toEqual({ country_code: 'GB', calling_code: 44 });
    }
  });

  it('reports an invalid number before its extension', () => {
    expect(validatePhone('+33 4 00 00 00 00 ext. 12').message).toBe('Not a valid phone number for France (+33)');
  });

  it('refuses a value longer than any phone number without reading it', () => {
    const result = validatePhone(`+44 20 7946 0123${' '.repeat(300)}`);
    expect(result.valid).toBe(false);
    expect(result.message).toBe('This is too long to be a phone number');
    expect(validatePhone('9'.repeat(1_000_000)).valid).toBe(false);
  });

  it('refuses more digits than E.164 allows, naming the calling code', () => {
    const result = validatePhone(`+33 ${'1'.repeat(20)}`);
    expect(result.message).toBe('Phone number is too long for France (+33)');
    expect(result.phoneDetails).toEqual({ country_code: 'FR', calling_code: 33 });
  });

  it.each([[123], [null], [undefined], [{}], [['+442079460123']]])('throws a TypeError for %j', (value) => {
    expect(() => validatePhone(value as unknown as string)).toThrow(TypeError);
  });
});

describe('validatePhone: a default country (docs/fields/phone.md#default-country)', () => {
  it('reads national input for the default country: GB, FR, US', () => {
    for (const [written, defaultCountry, e164Form, country] of [
      ['020 7946 0123', 'GB', '+442079460123', 'GB'],
      ['0113 496 0123', 'GB', '+441134960123', 'GB'],
      ['07400 234567', 'GB', '+447400234567', 'GB'],
      ['01 99 00 12 34', 'FR', '+33199001234', 'FR'],
      ['06.23.45.67.89', 'FR', '+33623456789', 'FR'],
      ['(212) 555-0100', 'US', '+12125550100', 'US'],
      ['212-555-0100', 'US', '+12125550100', 'US'],
      ['1 212 555 0100', 'US', '+12125550100', 'US'],
    ] as const) {
      const result = validatePhone(written, { defaultCountry });
      expect(result.valid, written).toBe(true);
      expect(result.reason, written).toBeNull();
      expect(result.normalizedValue, written).toBe(e164Form);
      expect(result.phoneDetails?.country_code, written).toBe(country);
      // The same answer as the number typed in international form.
      expect(result, written).toEqual({ ...validatePhone(e164Form), originalValue: written });
    }
  });

  it('takes the country in any case', () => {
    expect(validatePhone('020 7946 0123', { defaultCountry: 'gb' }).normalizedValue).toBe('+442079460123');
    expect(validatePhone('06 23 45 67 89', { defaultCountry: 'Fr' }).normalizedValue).toBe('+33623456789');
  });

  it('lets an international number (+ or 00) win over the default country', () => {
    for (const written of ['+33 6 23 45 67 89', '0033 6 23 45 67 89', '+44 20 7946 0123', '+1 212 555 0100', '+33 6 12', '+999 123 4567']) {
      expect(validatePhone(written, { defaultCountry: 'GB' }), written).toEqual(validatePhone(written));
    }
    expect(validatePhone('0033 6 23 45 67 89', { defaultCountry: 'GB' }).phoneDetails?.country_code).toBe('FR');
  });

  it("tells what is wrong with a national number in the default country's words", () => {
    expect(validatePhone('020 7', { defaultCountry: 'GB' })).toMatchObject({
      valid: false,
      reason: 'PHONE_TOO_SHORT',
      message: 'Phone number is too short for United Kingdom (+44)',
      phoneDetails: { country_code: 'GB', calling_code: 44 },
    });
    // Too short for libphonenumber to read at all: the default country is still named.
    expect(validatePhone('0', { defaultCountry: 'FR' })).toMatchObject({ reason: 'PHONE_TOO_SHORT', message: 'Phone number is too short for France (+33)' });
    expect(validatePhone('01 99 00 12 34 5', { defaultCountry: 'FR' })).toMatchObject({ reason: 'PHONE_TOO_LONG', message: 'Phone number is too long for France (+33)' });
    expect(validatePhone('04 00 00 00 00', { defaultCountry: 'FR' })).toMatchObject({ reason: 'PHONE_NOT_VALID', message: 'Not a valid phone number for France (+33)' });
    expect(validatePhone('020 7946 0123 ext. 12', { defaultCountry: 'GB' })).toMatchObject({ reason: 'PHONE_HAS_EXTENSION', phoneDetails: { country_code: 'GB', calling_code: 44 } });
  });

  it('answers exactly as today without the option, or with an undefined one', () => {
    for (const written of ['020 7946 0123', '(212) 555-0100', '+44 20 7946 0123', '', 'abc']) {
      expect(validatePhone(written, {}), written).toEqual(validatePhone(written));
      expect(validatePhone(written, { defaultCountry: undefined }), written).toEqual(validatePhone(written));
    }
    expect(validatePhone('020 7946 0123').reason).toBe('PHONE_MISSING_COUNTRY_CODE');
  });

  it('treats a country it has no numbering plan for as absent: the country code is asked for, nothing thrown', () => {
    for (const defaultCountry of ['UK', 'XX', 'GBR', '', ' GB', 'G', '001', '__proto__', 'constructor', '\u0000\u0000']) {
      const result = validatePhone('020 7946 0123', { defaultCountry });
      expect(result, defaultCountry).toEqual(validatePhone('020 7946 0123'));
      expect(result.reason, defaultCountry).toBe('PHONE_MISSING_COUNTRY_CODE');
      expect(validatePhone('+44 20 7946 0123', { defaultCountry }).valid, defaultCountry).toBe(true);
    }
    // Untyped callers: a value that is not a string is absent too.
    for (const defaultCountry of [44, null, {}, ['GB'], true]) {
      expect(validatePhone('020 7946 0123', { defaultCountry } as unknown as PhoneOptions).reason).toBe('PHONE_MISSING_COUNTRY_CODE');
    }
  });
});

describe('validatePhone: reason codes (docs/fields/phone.md#reasons)', () => {
  const NOT_A_NUMBER = 'Enter the phone number in digits, starting with the country code (for example +44 20 7946 0958)';
  // [input, reason, the English message that reason stands for]
  const REASONS: [string, PhoneReason, string][] = [
    ['', 'PHONE_EMPTY', 'Enter a phone number'],
    [' - ( ) ', 'PHONE_EMPTY', 'Enter a phone number'],
    [`+44 20 7946 0123${' '.repeat(300)}`, 'PHONE_INPUT_TOO_LONG', 'This is too long to be a phone number'],
    ['abc', 'PHONE_NOT_A_NUMBER', NOT_A_NUMBER],
    ['+44 20 7946 0123 abc', 'PHONE_NOT_A_NUMBER', NOT_A_NUMBER],
    ['020 7946 0123', 'PHONE_MISSING_COUNTRY_CODE', 'Add the country code, starting with + or 00 (for example +44 20 7946 0958)'],
    ['+999 123 4567', 'PHONE_UNKNOWN_CALLING_CODE', 'Unknown country calling code'],
    ['+0 20 7946 0123', 'PHONE_UNKNOWN_CALLING_CODE', 'Unknown country calling code'],
    ['+999', 'PHONE_UNKNOWN_CALLING_CODE', 'Unknown country calling code'],
    ['+33 1 99 00 12 3', 'PHONE_TOO_SHORT', 'Phone number is too short for France (+33)'],
    ['+44', 'PHONE_TOO_SHORT', 'Phone number is too short for country calling code +44'],
    ['+4', 'PHONE_TOO_SHORT', 'Phone number is too short'],
    ['+33 1 99 00 12 345', 'PHONE_TOO_LONG', 'Phone number is too long for France (+33)'],
    [`+33 ${'1'.repeat(20)}`, 'PHONE_TOO_LONG', 'Phone number is too long for France (+33)'],
    ['+421 2 1234 567', 'PHONE_WRONG_LENGTH', 'Phone number has the wrong number of digits for Slovakia (+421)'],
    ['+33 4 00 00 00 00', 'PHONE_NOT_VALID', 'Not a valid phone number for France (+33)'],
    ['+44 20 7946 0123 ext. 12', 'PHONE_HAS_EXTENSION', 'Enter the phone number without its extension (for example +44 20 7946 0958)'],
  ];

  itRefusesEveryReason(validatePhone, REASONS, PHONE_REASONS);

  itAcceptsWithReasonNull(validatePhone, PLAN_NUMBERS.map(({ written }) => written), '%s is valid with reason null');
});

describe('libphonenumber-js, as validatePhone relies on it', () => {
  it('isValid() is exactly "getType() found a type" on every region example and its neighbours', () => {
    // validatePhone asks getType() once instead of isValid() then getType(); this pins the equivalence.
    let checked = 0;
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (example === undefined) continue;
      for (const text of [example.number, `${example.number}1`, example.number.slice(0, -1), example.number.replace(/\d$/, '0')]) {
        const phone = parsePhoneNumber(text);
        if (phone === undefined) continue;
        expect(phone.isValid(), text).toBe(phone.getType() !== undefined);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(900);
  });
});
