import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mapTedbRows, type TedbRateRow } from '../../../src/adapters/tedb/rates-mapping.js';
import { expectedRatesFor, tedbRowsFor, type CountrySpec, type FakeRateRow } from '../../support/fakes/tedb.js';

/** The fake's rows as the adapter hands them to the mapping. */
function asRows(rows: readonly FakeRateRow[]): TedbRateRow[] {
  return rows.map((row) => ({
    memberState: row.memberState,
    type: row.type,
    rateType: row.rateType,
    value: row.value ?? null,
    situationOn: row.situationOn,
    categoryId: row.category?.identifier ?? null,
    categoryDescription: row.category?.description ?? null,
    comment: row.comment ?? null,
  }));
}

function row(overrides: Partial<TedbRateRow>): TedbRateRow {
  return {
    memberState: 'DE',
    type: 'REDUCED',
    rateType: 'REDUCED_RATE',
    value: '7.0',
    situationOn: '2025-07-01+02:00',
    categoryId: 'FOODSTUFFS',
    categoryDescription: 'Foodstuffs',
    comment: null,
    ...overrides,
  };
}

const standard = (value: string, more: Partial<TedbRateRow> = {}): TedbRateRow =>
  row({ type: 'STANDARD', rateType: 'DEFAULT', value, categoryId: null, categoryDescription: null, ...more });

describe('mapTedbRows', () => {
  it('maps a state the way docs/fields/vat.md#vat-rates describes it', () => {
    const spec: CountrySpec = {
      memberState: 'FR',
      situationOn: '2025-07-01+02:00',
      standard: '20.0',
      reduced: ['5.5', '10.0'],
      superReduced: ['2.1'],
      region: [{ value: '0.9', comment: 'For Corsica: live animals' }, { value: '8.5', comment: 'Standard rate in the overseas departments' }],
    };
    expect(mapTedbRows(asRows(tedbRowsFor(spec)))).toEqual([
      {
        countryCode: 'FR',
        standardRate: 20,
        reducedRates: [2.1, 5.5, 10],
        regionalRates: [
          { rate: 0.9, note: 'For Corsica: live animals' },
          { rate: 8.5, note: 'Standard rate in the overseas departments' },
        ],
        situationOn: '2025-07-01',
      },
    ]);
  });

  it('ignores the "VAT - Import - " rows, even when they alone carry a rate', () => {
    const rows = [standard('19.0'), standard('19.0', { comment: 'VAT - Import -' }), row({ value: '7.0' }), row({ value: '5.0', comment: 'VAT - Import - only imports' })];
    expect(mapTedbRows(rows)[0]).toMatchObject({ standardRate: 19, reducedRates: [7], regionalRates: [] });
  });

  it('collapses duplicate rows into one rate, and reduced, super-reduced and parking into one ascending list', () => {
    const rows = [
      standard('17.0'),
      standard('17.0'),
      row({ value: '14.0', rateType: 'PARKING_RATE' }),
      row({ value: '14.0', rateType: 'REDUCED_RATE' }),
      row({ value: '8.0', rateType: 'SUPER_REDUCED_RATE' }),
      row({ value: '8.0' }),
      row({ value: '3.0', rateType: 'SUPER_REDUCED_RATE' }),
      row({ value: '3.0', rateType: 'SUPER_REDUCED_RATE', categoryId: 'NEWSPAPERS' }),
    ];
    expect(mapTedbRows(rows)[0]).toMatchObject({ standardRate: 17, reducedRates: [3, 8, 14] });
  });

  it('never lists a 0 % rate, an exemption, or a row without a value', () => {
    const rows = [
      standard('25.0'),
      row({ rateType: 'EXEMPTED', value: '0.0' }),
      row({ rateType: 'OUT_OF_SCOPE', value: '0.0' }),
      row({ rateType: 'NOT_APPLICABLE', value: '0.0' }),
      row({ rateType: 'REDUCED_RATE', value: '0.0' }),
      row({ rateType: 'SUPER_REDUCED_RATE', value: '0' }),
      row({ rateType: 'PARKING_RATE', value: null }),
      row({ categoryId: 'REGION', value: '0.0', comment: 'Zero rate on some islands' }),
    ];
    expect(mapTedbRows(rows)[0]).toMatchObject({ standardRate: 25, reducedRates: [], regionalRates: [] });
  });

  it('reads decimal literals exactly: "19.0" is 19, "5.5" is 5.5, "1.05" is 1.05', () => {
    const rows = [standard('19.0'), row({ value: '5.5' }), row({ value: '1.05' }), row({ value: '13.50' }), row({ value: '9.5' })];
    expect(mapTedbRows(rows)[0]).toMatchObject({ standardRate: 19, reducedRates: [1.05, 5.5, 9.5, 13.5] });
  });

  it('does not trust values that are not plain percentages', () => {
    const rows = [standard('21.0'), row({ value: 'NaN' }), row({ value: '-5.0' }), row({ value: '1e1' }), row({ value: '250.0' }), row({ value: '' })];
    expect(mapTedbRows(rows)[0]).toMatchObject({ standardRate: 21, reducedRates: [] });
  });

  it('lists REGION rows and "VAT - <place> - " rows as regional rates with the source\'s note', () => {
    const rows = [
      standard('21.0'),
      standard('7.0', { comment: 'VAT - Canary Islands - ' }),
      row({ value: '10.0' }),
      row({ value: '19.0', categoryId: 'REGION', comment: 'Jungholz, Mittelberg' }),
      row({ value: '13.0', categoryId: 'REGION', comment: null, categoryDescription: 'Special reduced rate for specific regions' }),
    ];
    expect(mapTedbRows(rows)[0]).toMatchObject({
      standardRate: 21,
      reducedRates: [10],
      regionalRates: [
        { rate: 7, note: 'Canary Islands' },
        { rate: 13, note: 'Special reduced rate for specific regions' },
        { rate: 19, note: 'Jungholz, Mittelberg' },
      ],
    });
  });

  it('writes notes as a person reads them: HTML paragraphs and line breaks become spaces', () => {
    const rows = [standard('20.0'), row({ value: '0.9', categoryId: 'REGION', comment: '<p>For Corsica:</p>\n<p>live   animals</p>' })];
    expect(mapTedbRows(rows)[0]?.regionalRates).toEqual([{ rate: 0.9, note: 'For Corsica: live animals' }]);
  });

  it('keeps the text of a place comment after the place', () => {
    const rows = [standard('21.0'), standard('3.0', { comment: 'VAT - Ceuta - IPSI applies instead' })];
    expect(mapTedbRows(rows)[0]?.regionalRates).toEqual([{ rate: 3, note: 'Ceuta - IPSI applies instead' }]);
  });

  it('takes the highest of several unexplained standard rates as national, the others as regional without a note', () => {
    // Answers stripped of comments and categories (HMRC's copy) show the Canaries as a bare STANDARD row.
    const rows = [standard('7.0'), standard('21.0'), row({ value: '10.0', categoryId: null })];
    expect(mapTedbRows(rows)[0]).toMatchObject({ standardRate: 21, reducedRates: [10], regionalRates: [{ rate: 7, note: '' }] });
  });

  it('answers Greece as EL, whichever code the source used', () => {
    expect(mapTedbRows([standard('24.0', { memberState: 'GR' })])[0]?.countryCode).toBe('EL');
    expect(mapTedbRows([standard('24.0', { memberState: 'EL' })])[0]?.countryCode).toBe('EL');
  });

  it('leaves out a state without a standard rate rather than invent one', () => {
    expect(mapTedbRows([row({ value: '7.0' }), standard('20.0', { memberState: 'AT' })]).map((r) => r.countryCode)).toEqual(['AT']);
    expect(mapTedbRows([standard('19.0', { comment: 'VAT - Import -' })])).toEqual([]);
  });

  it('uses the version in force: the newest one dated on or before asOf', () => {
    const rows = [
      standard('20.0', { memberState: 'EE', situationOn: '2023-07-01+02:00' }),
      row({ memberState: 'EE', value: '9.0', situationOn: '2023-07-01+02:00' }),
      standard('22.0', { memberState: 'EE', situationOn: '2024-01-01+01:00' }),
      row({ memberState: 'EE', value: '9.0', situationOn: '2024-01-01+01:00' }),
      row({ memberState: 'EE', value: '5.0', situationOn: '2024-01-01+01:00' }),
      standard('24.0', { memberState: 'EE', situationOn: '2025-07-01+02:00' }),
    ];
    expect(mapTedbRows(rows, { asOf: '2023-12-31' })[0]).toMatchObject({ standardRate: 20, reducedRates: [9], situationOn: '2023-07-01' });
    expect(mapTedbRows(rows, { asOf: '2024-01-01' })[0]).toMatchObject({ standardRate: 22, reducedRates: [5, 9], situationOn: '2024-01-01' });
    expect(mapTedbRows(rows)[0]).toMatchObject({ standardRate: 24, reducedRates: [], situationOn: '2025-07-01' });
    expect(mapTedbRows(rows, { asOf: '2020-01-01' })).toEqual([]);
  });

  it('orders states by code and keeps their own situationOn', () => {
    const rows = [standard('22.0', { memberState: 'IT', situationOn: '2025-01-01+01:00' }), standard('19.0', { memberState: 'DE' })];
    expect(mapTedbRows(rows).map((r) => [r.countryCode, r.situationOn])).toEqual([['DE', '2025-07-01'], ['IT', '2025-01-01']]);
  });

  describe('on generated states', () => {
    const literal = fc
      .tuple(fc.integer({ min: 1, max: 27 }), fc.constantFrom('.0', '.5', '.05', '.9', '.25'))
      .map(([whole, fraction]) => `${whole}${fraction}`);
    const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
    const note = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
    const spec: fc.Arbitrary<CountrySpec> = fc.record({
      memberState: fc.constantFrom('AT', 'BE', 'GR', 'EL', 'FR', 'PT', 'ES'),
      situationOn: fc.constantFrom('2025-07-01+02:00', '2025-01-01+01:00', '2026-01-01+01:00'),
      standard: fc.integer({ min: 28, max: 30 }).map((n) => `${n}.0`),
      reduced: fc.array(literal, { maxLength: 4 }),
      superReduced: fc.array(literal, { maxLength: 2 }),
      parking: fc.array(literal, { maxLength: 2 }),
      region: fc.array(fc.record({ value: literal, comment: note }), { maxLength: 3 }),
      places: fc.array(fc.record({ value: literal, place: note.filter((n) => n.toLowerCase() !== 'import') }), { maxLength: 2 }),
      importCopies: fc.boolean(),
    });

    it('maps any state to exactly the rates it was built from, in any row order', () => {
      fc.assert(
        fc.property(
          spec.chain((s) => {
            const rows = tedbRowsFor(s);
            return fc.tuple(fc.constant(s), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }));
          }),
          ([s, rows]) => {
            expect(mapTedbRows(asRows(rows))).toEqual([expectedRatesFor(s)]);
          },
        ),
      );
    });

    it('never lists 0, a duplicate, or an unsorted list', () => {
      fc.assert(
        fc.property(spec, (s) => {
          for (const rates of mapTedbRows(asRows(tedbRowsFor(s)))) {
            expect(rates.reducedRates.every((r) => r > 0)).toBe(true);
            expect(rates.regionalRates.every((r) => r.rate > 0)).toBe(true);
            expect(rates.reducedRates).toEqual([...new Set(rates.reducedRates)].sort((a, b) => a - b));
          }
        }),
      );
    });
  });
});
