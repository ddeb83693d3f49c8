/**
 * The national checks against ../shared/fixtures/vectors/iban-{valid,invalid}.txt, read in place:
 * every valid IBAN of a checked country passes its national check, and the invalid rows that
 * python-stdnum or ibantools refuse for their national check digits fail it here too.
 */
import { describe, expect, it } from 'vitest';
import { nationalCheckOf } from '../../../src/iban/national/index.js';
import { readFixtureRows, runConformance } from '../../support/shared-fixtures.js';

/** Rows of iban-invalid.txt refused for their national check digits, with the scheme that refuses them. */
const NATIONALLY_INVALID: ReadonlyMap<string, string> = new Map([
  ['BE54310100270000', 'Belgian check digits (python-stdnum be/iban.py, ibantools checkBelgianBBAN)'],
  ['ES8350210036679521296135', 'Spanish CCC control digits (python-stdnum es/ccc.py, ibantools checkSpainBBAN)'],
]);

describe.runIf(runConformance)('national checks conformance: vectors/iban-valid.txt', () => {
  it('passes every valid IBAN of a checked country (but those of banks the scheme gives no rule)', () => {
    let checked = 0;
    for (const [, compact = ''] of readFixtureRows('vectors/iban-valid.txt')) {
      const check = nationalCheckOf(compact.slice(0, 2));
      if (check === undefined) continue;
      checked++;
      expect(check(compact.slice(4)), compact).not.toBe(false);
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe.runIf(runConformance)('national checks conformance: vectors/iban-invalid.txt', () => {
  it('fails the rows the peers refuse for their national check digits', () => {
    const rows = new Set(readFixtureRows('vectors/iban-invalid.txt').map(([input]) => input));
    for (const [iban, why] of NATIONALLY_INVALID) {
      expect(rows.has(iban), iban).toBe(true);
      expect(nationalCheckOf(iban.slice(0, 2))?.(iban.slice(4)), why).toBe(false);
    }
  });
});
