/**
 * Czech and Slovak VAT numbers of people are birth numbers: YYMMDD, a serial and a check digit.
 * The date must be a real day that has already come, by the caller's clock: `validateVat` reads
 * the system clock, `verifyVat` its `now` option.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VatRegistry, VatRegistryQuery } from '../../../../src/ports.js';
import { validateVat, verifyVat } from '../../../../src/vat/index.js';

/** A 10-digit birth number for YYMMDD (month + 50 for a woman) with its mod-11 check digit. */
function birthNumber(yymmdd: string, serial = '274'): string {
  const nine = `${yymmdd}${serial}`;
  return `${nine}${(Number(nine) % 11) % 10}`;
}

/** A registry that says yes to everything and counts what it was asked. */
function answeringRegistry(): VatRegistry & { queries: VatRegistryQuery[] } {
  const queries: VatRegistryQuery[] = [];
  return {
    queries,
    check: async (query) => {
      queries.push(query);
      return { valid: true, requestDate: '2030-06-15' };
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CZ and SK birth numbers', () => {
  it('accepts a birth number from the past', () => {
    const born1971 = birthNumber('710319');
    const woman1990 = birthNumber('905615', '123');
    for (const prefix of ['CZ', 'SK']) {
      expect(validateVat(`${prefix}${born1971}`).valid).toBe(true);
      expect(validateVat(`${prefix}${woman1990}`).valid).toBe(true);
    }
  });

  it('rejects a birth on 19 March 2051, which has not happened', () => {
    for (const value of ['CZ5103192743', 'SK5103192743']) {
      const result = validateVat(value);
      expect(result.valid, value).toBe(false);
      expect(result.vatDetails.format_valid).toBe(false);
      expect(result.normalizedValue).toBe(value);
    }
    expect(validateVat('CZ5103192743').message).toBe(
      'This is not a valid Czech VAT number: it should be CZ followed by 8, 9 or 10 digits (for a person, the birth number)',
    );
  });

  it('passes the same digits once the date has come, by the system clock', () => {
    vi.useFakeTimers({ now: new Date('2051-03-19T00:00:00.000Z'), toFake: ['Date'] });
    expect(validateVat('CZ5103192743').valid).toBe(true);
    expect(validateVat('SK5103192743').valid).toBe(true);
    vi.setSystemTime(new Date('2051-03-18T23:59:59.999Z'));
    expect(validateVat('CZ5103192743').valid).toBe(false);
  });

  it("takes today from verifyVat's now: the day before the birth is refused offline, the day itself goes to VIES", async () => {
    const born = `CZ${birthNumber('300615')}`;
    const registry = answeringRegistry();
    const dayBefore = await verifyVat(born, { registry, now: () => new Date('2030-06-14T23:59:59.999Z') });
    expect(dayBefore.valid).toBe(false);
    expect(dayBefore.vatDetails.format_valid).toBe(false);
    expect(registry.queries).toEqual([]);

    const birthDay = await verifyVat(born, { registry, now: () => new Date('2030-06-15T00:00:00.000Z') });
    expect(birthDay.vatDetails.format_valid).toBe(true);
    expect(birthDay.vatDetails.registered).toBe(true);
    expect(registry.queries).toHaveLength(1);
  });

  it('leaves numbers without a date alone: Czech companies and Slovak IČ DPH', () => {
    vi.useFakeTimers({ now: new Date('1990-01-01T00:00:00.000Z'), toFake: ['Date'] });
    expect(validateVat('CZ25123891').valid).toBe(true);
    // A Slovak company number: third digit 2, divisible by 11.
    expect(validateVat('SK2022749619').valid).toBe(true);
  });
});
