/**
 * The reason code of every offline failure of validateVat, with its English message
 * (docs/fields/vat.md#reasons). VAT_NOT_REGISTERED comes from VIES: test/vat/registry/verify.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { validateVat } from '../../src/vat/index.js';

const PREFIX_PLEASE = 'Please start the VAT number with its two-letter country prefix (for example DE, FR, or EL for Greece)';
const UNKNOWN_US =
  'US is not a VAT number prefix verifield can check: use the prefix of an EU member state (EL for Greece), XI for Northern Ireland, or GB, CH or NO';

describe('validateVat: reason codes (docs/fields/vat.md#reasons)', () => {
  it.each([
    ['', 'VAT_EMPTY', 'Please enter a VAT number, starting with its two-letter country prefix'],
    [' - ', 'VAT_EMPTY', 'Please enter a VAT number, starting with its two-letter country prefix'],
    ['123456789', 'VAT_MISSING_PREFIX', PREFIX_PLEASE],
    ['GR094501040', 'VAT_GREEK_PREFIX', 'Greek VAT numbers start with EL, not GR: please write EL followed by the 9 digits'],
    ['US123456789', 'VAT_UNKNOWN_PREFIX', UNKNOWN_US],
    ['DE12345678', 'VAT_WRONG_FORMAT', 'This is not a valid German VAT number: it should be DE followed by 9 digits, the first not 0'],
    ['DE136695977', 'VAT_BAD_CHECKSUM', "This German VAT number's check digit does not match; please check it"],
    ['ATU00000000', 'VAT_ALL_ZEROS', 'An all-zero number is not a real Austrian VAT number; please check it'],
    ['CHE-000.000.000', 'VAT_ALL_ZEROS', 'An all-zero number is not a real Swiss VAT number; please check it'],
  ])('%j is rejected with %s', (value, reason, message) => {
    expect(validateVat(value)).toMatchObject({ valid: false, reason, message });
  });

  it.each(['DE136695976', 'de 136 695 976', 'GB 980 7806 84', 'XI 980 7806 84'])('a well-formed %j has no reason', (value) => {
    expect(validateVat(value)).toMatchObject({ valid: true, reason: null });
  });
});
