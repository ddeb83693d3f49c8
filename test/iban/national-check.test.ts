/**
 * The national check digits of the BBAN inside validateIban (docs/fields/iban.md#national-check-digits):
 * `ibanDetails.nationalCheck` on every answer, IBAN_NATIONAL_CHECK_FAILED when enforced, and
 * `{ nationalCheck: 'report' }`. The schemes themselves are tested in test/iban/national/.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateIban, type IbanOptions } from '../../src/iban/index.js';
import { nationalCheckOf } from '../../src/iban/national/index.js';
import { IBAN_REGISTRY } from '../../src/iban/registry.js';
import { ibanFrom, inGroupsOfFour, validIbanArbitrary } from '../support/generators/iban.js';

const NATIONAL_FAILURE = 'The account number inside this IBAN fails its national check digits, so the bank would refuse it';
// The SWIFT registry's Belgian example, and the same account with its last digit changed and the IBAN check digits recomputed.
const BELGIAN = 'BE68 5390 0754 7034';
const BELGIAN_BAD_ACCOUNT = ibanFrom('BE', '539007547035');

/** The registry countries verifield checks a national scheme for (src/iban/national/). */
const SCHEME_COUNTRIES = Object.keys(IBAN_REGISTRY).filter((code) => nationalCheckOf(code) !== undefined);

describe('validateIban: national check digits', () => {
  it('passes the Belgian registry example', () => {
    const result = validateIban(BELGIAN);
    expect(result.valid).toBe(true);
    expect(result.ibanDetails.nationalCheck).toBe('PASS');
  });

  it('refuses an IBAN whose mod-97 holds but whose account check digits do not, with a reason of its own', () => {
    const result = validateIban(BELGIAN_BAD_ACCOUNT);
    expect(result).toMatchObject({ valid: false, reason: 'IBAN_NATIONAL_CHECK_FAILED', message: NATIONAL_FAILURE });
    expect(result.ibanDetails).toMatchObject({ structure_valid: true, checksum_valid: true, nationalCheck: 'FAIL' });
    expect('formatted' in result.ibanDetails).toBe(false);
  });

  it("with { nationalCheck: 'report' }: valid, and the failure only in the details", () => {
    const result = validateIban(BELGIAN_BAD_ACCOUNT, { nationalCheck: 'report' });
    expect(result).toMatchObject({ valid: true, reason: null, message: 'Valid IBAN' });
    expect(result.ibanDetails).toMatchObject({ nationalCheck: 'FAIL', formatted: inGroupsOfFour(BELGIAN_BAD_ACCOUNT), suggestions: [] });
    expect(validateIban(BELGIAN, { nationalCheck: 'report' }).ibanDetails.nationalCheck).toBe('PASS');
  });

  it("'enforce' is the default", () => {
    expect(validateIban(BELGIAN_BAD_ACCOUNT, { nationalCheck: 'enforce' })).toEqual(validateIban(BELGIAN_BAD_ACCOUNT));
    expect(validateIban(BELGIAN_BAD_ACCOUNT, {})).toEqual(validateIban(BELGIAN_BAD_ACCOUNT));
  });

  it('a wrong mod-97 keeps its own reason, and the national verdict is still reported', () => {
    const result = validateIban('BE69 5390 0754 7035');
    expect(result.reason).toBe('IBAN_BAD_CHECKSUM');
    expect(result.ibanDetails.nationalCheck).toBe('FAIL');
    expect(validateIban('BE69 5390 0754 7035', { nationalCheck: 'report' }).reason).toBe('IBAN_BAD_CHECKSUM');
  });

  it('is NOT_APPLICABLE without a scheme for the country, or when length or layout do not hold', () => {
    expect(validateIban('DE89 3704 0044 0532 0130 00').ibanDetails.nationalCheck).toBe('NOT_APPLICABLE');
    expect(validateIban('BE68 5390 0754 703').ibanDetails.nationalCheck).toBe('NOT_APPLICABLE');
    expect(validateIban(ibanFrom('BE', '53900754703A')).ibanDetails.nationalCheck).toBe('NOT_APPLICABLE');
    expect(validateIban('').ibanDetails.nationalCheck).toBe('NOT_APPLICABLE');
  });

  it('throws a TypeError for a mode it does not know, as for a value that is not a string', () => {
    for (const nationalCheck of ['Report', 'off', '', null, 1, true]) {
      expect(() => validateIban(BELGIAN, { nationalCheck } as unknown as IbanOptions), String(nationalCheck)).toThrow(TypeError);
    }
    expect(() => validateIban(BELGIAN, { nationalCheck: 'strict' } as unknown as IbanOptions)).toThrow(
      "validateIban: nationalCheck must be 'enforce' or 'report'",
    );
  });

  it('every country of the table: its valid IBANs pass, and an account changed under recomputed IBAN check digits is refused unless reported', () => {
    expect(SCHEME_COUNTRIES).toContain('BE');
    fc.assert(
      fc.property(validIbanArbitrary(SCHEME_COUNTRIES), fc.nat(), fc.nat(9), (iban, at, digit) => {
        const valid = validateIban(iban);
        expect(valid.valid, iban).toBe(true);
        expect(valid.ibanDetails.nationalCheck).toBe('PASS');
        // Change one digit of the BBAN and make the IBAN's own check digits right again.
        const bban = iban.slice(4);
        const digits = [...bban.matchAll(/\d/g)].map((match) => match.index);
        const position = digits[at % digits.length] as number;
        const changed = bban.slice(0, position) + String(digit) + bban.slice(position + 1);
        const result = validateIban(ibanFrom(iban.slice(0, 2), changed));
        // null: the change moved the account to a bank the scheme gives no rule (a Finnish group 7 or 9).
        const holds = (nationalCheckOf(iban.slice(0, 2)) as (bban: string) => boolean | null)(changed);
        expect(result.ibanDetails.checksum_valid).toBe(true);
        expect(result.ibanDetails.nationalCheck).toBe(holds === null ? 'NOT_APPLICABLE' : holds ? 'PASS' : 'FAIL');
        expect(result.reason).toBe(holds === false ? 'IBAN_NATIONAL_CHECK_FAILED' : null);
        expect(validateIban(ibanFrom(iban.slice(0, 2), changed), { nationalCheck: 'report' }).valid).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
