/**
 * The rates a restarted service serves before TEDB answers (src/server/storage/stored-rates.ts): saved
 * rates are served with their own `fetchedAt`, and per member state the newer of the saved and
 * the freshly fetched rates wins.
 */
import { describe, expect, it } from 'vitest';
import type { RatesSource, SourceCountryVatRates, VatRates } from '../../../src/ports.js';
import { latestFetchedAt, restorableRatesService } from '../../../src/server/storage/stored-rates.js';
import { createRatesService } from '../../../src/vat/reference/rates.js';

function entry(countryCode: string, standardRate: number, fetchedAt: string) {
  return { countryCode, standardRate, reducedRates: [5], regionalRates: [], situationOn: '2026-01-01', fetchedAt };
}

const saved: VatRates = {
  source: 'TEDB',
  rates: [entry('BE', 21, '2026-03-01T23:05:00.000Z'), entry('EL', 24, '2026-03-01T23:05:00.000Z'), entry('GB', 20, '2026-03-01T23:05:00.000Z')],
};

/** A source answering `answer` (or failing when it is null), and a clock the test sets. */
function service(answer: () => SourceCountryVatRates[] | null, at: { now: Date }) {
  const source: RatesSource = {
    fetchRates: async () => {
      const rates = answer();
      if (rates === null) throw new Error('source down');
      return rates;
    },
  };
  return restorableRatesService(createRatesService({ source, now: () => at.now }));
}

const fromSource = (countryCode: string, standardRate: number): SourceCountryVatRates => ({
  countryCode,
  standardRate,
  reducedRates: [6],
  regionalRates: [],
  situationOn: '2026-03-05',
});

describe('restorableRatesService', () => {
  it('has nothing to serve before a refresh or a restore', () => {
    const rates = service(() => null, { now: new Date('2026-03-02T08:00:00Z') });
    expect(rates.all()).toBeNull();
    expect(rates.hasEverSucceeded).toBe(false);
    expect(rates.fetchedAt).toBeNull();
    expect(rates.country('BE').kind).toBe('never-fetched');
  });

  it('serves restored rates with their own fetchedAt, Greece under EL, and ignores states outside the union', () => {
    const rates = service(() => null, { now: new Date('2026-03-02T08:00:00Z') });
    rates.restore(saved);
    expect(rates.hasEverSucceeded).toBe(true);
    expect(rates.fetchedAt).toBe('2026-03-01T23:05:00.000Z');
    expect(rates.all()?.rates.map((rate) => rate.countryCode)).toEqual(['BE', 'EL']);
    expect(rates.country('gr')).toEqual({ kind: 'ok', rates: saved.rates[1] });
    expect(rates.country('GB')).toEqual({ kind: 'not-member', message: 'Not an EU member state: GB' });
    expect(rates.country('FR').kind).toBe('never-fetched');
  });

  it('keeps serving the restored rates when the source fails', async () => {
    const rates = service(() => null, { now: new Date('2026-03-02T08:00:00Z') });
    rates.restore(saved);
    const outcome = await rates.refresh();
    expect(outcome.ok).toBe(false);
    expect(rates.lastFailure?.message).toContain('source down');
    expect(rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 21 } });
  });

  it('lets the newer rates win per member state, whichever side they come from', async () => {
    const at = { now: new Date('2026-03-05T23:05:00Z') };
    const rates = service(() => [fromSource('BE', 22), fromSource('FR', 20)], at);
    rates.restore(saved);
    await rates.refresh();
    // BE and FR fetched now; EL, which the source did not answer for, stays as saved.
    expect(rates.all()?.rates.map((rate) => [rate.countryCode, rate.standardRate, rate.fetchedAt])).toEqual([
      ['BE', 22, '2026-03-05T23:05:00.000Z'],
      ['EL', 24, '2026-03-01T23:05:00.000Z'],
      ['FR', 20, '2026-03-05T23:05:00.000Z'],
    ]);
    expect(rates.fetchedAt).toBe('2026-03-05T23:05:00.000Z');
    // An older save (another instance's stale copy) changes nothing; a newer one wins.
    rates.restore(saved);
    expect(rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 22 } });
    rates.restore({ source: 'TEDB', rates: [entry('BE', 23, '2026-03-06T23:05:00.000Z')] });
    expect(rates.country('BE')).toMatchObject({ kind: 'ok', rates: { standardRate: 23 } });
    expect(rates.all()?.rates.find((rate) => rate.countryCode === 'BE')?.standardRate).toBe(23);
  });

  it('reports the newest fetchedAt of a set of rates', () => {
    expect(latestFetchedAt({ source: 'TEDB', rates: [] })).toBeNull();
    expect(latestFetchedAt({ source: 'TEDB', rates: [entry('BE', 21, '2026-01-01T00:00:00Z'), entry('AT', 20, '2026-02-01T00:00:00Z')] })).toBe(
      '2026-02-01T00:00:00Z',
    );
  });
});
