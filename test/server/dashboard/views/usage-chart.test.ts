import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES, type FieldName } from '../../../../src/fields/catalog.js';
import type { DayTotal, UsageByDay } from '../../../../src/server/admin/service.js';
import { FIELD_COLOURS, FIELD_LABELS } from '../../../../src/server/dashboard/views/fields.js';
import { ENGLISH, wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { usageChart } from '../../../../src/server/dashboard/views/usage-chart.js';
import { expectContainsAll, inlineCode, textOf, unescaped } from '../../../support/dashboard-views.js';

const DAY = 86_400_000;
const TO = '2026-11-26';

function window(days: number, totals: DayTotal[]): UsageByDay {
  return { from: new Date(Date.parse(TO) - (days - 1) * DAY).toISOString().slice(0, 10), to: TO, totals };
}

/** The bars' segments as their tooltips say: day, field label, verdict, count; with their geometry. */
function segmentsOf(markup: string): { day: string; label: string; verdict: string; count: number; x: number; y: number; height: number; fill: string }[] {
  return [...markup.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="([^"]+)"[^>]*><title>([^<]+)<\/title><\/rect>/g)].map((match) => {
    const [, x, y, height, fill, title] = match as unknown as [string, string, string, string, string, string];
    const parsed = /^(\d{4}-\d{2}-\d{2}): (.+) (valid|invalid), ([\d,]+)$/.exec(unescaped(title));
    if (parsed === null) throw new Error(`unexpected tooltip ${title}`);
    return { day: parsed[1] as string, label: parsed[2] as string, verdict: parsed[3] as string, count: Number((parsed[4] as string).replace(/,/g, '')), x: Number(x), y: Number(y), height: Number(height), fill };
  });
}

/** The rows of the totals table: label -> [valid, invalid, total]. */
function totalsRows(markup: string): Map<string, number[]> {
  const table = /<table class="totals">[\s\S]*?<\/table>/.exec(markup)?.[0] ?? '';
  return new Map(
    [...table.matchAll(/<tr><th scope="row">([^<]+)<\/th>((?:<td[^>]*>[^<]*<\/td>)+)<\/tr>/g)].map((match) => [
      unescaped(match[1] as string),
      [...(match[2] as string).matchAll(/>([\d,]+)</g)].map((cell) => Number((cell[1] as string).replace(/,/g, ''))),
    ]),
  );
}

const someTotals = (days: number) =>
  fc
    .array(fc.record({ offset: fc.integer({ min: 0, max: days - 1 }), field: fc.constantFrom(...FIELD_NAMES), valid: fc.boolean(), count: fc.integer({ min: 1, max: 5000 }) }), { minLength: 1, maxLength: 40 })
    .map((rows) => {
      // The admin service gives one total per day, field and verdict.
      const unique = new Map(rows.map((row) => [`${row.offset} ${row.field} ${row.valid}`, row]));
      return [...unique.values()].map(({ offset, field, valid, count }) => ({ day: new Date(Date.parse(TO) - (days - 1 - offset) * DAY).toISOString().slice(0, 10), field, valid, count }));
    });

describe('the usage chart', () => {
  it.each([30, 90])('draws exactly the totals of the model over %i days, in the bars, the totals table and the summary', (days) => {
    fc.assert(
      fc.property(someTotals(days), (totals) => {
        const markup = usageChart(ENGLISH, window(days, totals), days).text;
        const segments = segmentsOf(markup);
        expect(segments).toHaveLength(totals.length);
        for (const total of totals) {
          const segment = segments.find((each) => each.day === total.day && each.label === FIELD_LABELS[total.field] && each.verdict === (total.valid ? 'valid' : 'invalid'));
          expect(segment?.count).toBe(total.count);
        }
        const rows = totalsRows(markup);
        for (const field of FIELD_NAMES) {
          const valid = totals.filter((total) => total.field === field && total.valid).reduce((sum, total) => sum + total.count, 0);
          const invalid = totals.filter((total) => total.field === field && !total.valid).reduce((sum, total) => sum + total.count, 0);
          expect(rows.get(FIELD_LABELS[field])).toEqual(valid + invalid === 0 ? undefined : [valid, invalid, valid + invalid]);
        }
        const valid = totals.filter((total) => total.valid).reduce((sum, total) => sum + total.count, 0);
        const invalid = totals.filter((total) => !total.valid).reduce((sum, total) => sum + total.count, 0);
        expect(rows.get('All fields')).toEqual([valid, invalid, valid + invalid]);
        const all = valid + invalid;
        expect(textOf(markup)).toContain(`${all.toLocaleString('en-US')} validation${all === 1 ? '' : 's'} in ${days} days: ${valid.toLocaleString('en-US')} valid, ${invalid.toLocaleString('en-US')} invalid.`);
      }),
      { numRuns: 40 },
    );
  });

  it.each([30, 90])('gives every day of %i its own slot, bars of one scale inside the plot, and a y scale that reaches the busiest day', (days) => {
    fc.assert(
      fc.property(someTotals(days), (totals) => {
        const markup = usageChart(ENGLISH, window(days, totals), days).text;
        const segments = segmentsOf(markup);
        const perDay = new Map<string, { x: number; height: number; count: number; top: number }>();
        for (const segment of segments) {
          const day = perDay.get(segment.day) ?? { x: segment.x, height: 0, count: 0, top: Infinity };
          expect(segment.x).toBe(day.x);
          day.height += segment.height;
          day.count += segment.count;
          day.top = Math.min(day.top, segment.y);
          perDay.set(segment.day, day);
        }
        const slots = [...perDay.entries()].map(([day, { x }]) => ({ index: (Date.parse(day) - Date.parse(TO)) / DAY + days - 1, x }));
        for (const a of slots) for (const b of slots) if (a.index < b.index) expect(a.x).toBeLessThan(b.x);
        const scales = [...perDay.values()].map((day) => day.height / day.count);
        for (const scale of scales) expect(scale).toBeCloseTo(scales[0] as number, 1);
        for (const day of perDay.values()) expect(day.top).toBeGreaterThanOrEqual(11.9);
        const busiest = Math.max(...[...perDay.values()].map((day) => day.count));
        const ticks = [...markup.matchAll(/text-anchor="end">([\d,]+)</g)].map((match) => Number((match[1] as string).replace(/,/g, '')));
        expect(ticks[0]).toBe(0);
        expect(Math.max(...ticks)).toBeGreaterThanOrEqual(busiest);
        expect(ticks.length).toBeLessThanOrEqual(5);
      }),
      { numRuns: 40 },
    );
  });

  it("labels today and days evenly spaced before it, month and day", () => {
    for (const days of [30, 90]) {
      const labels = [...usageChart(ENGLISH, window(days, [{ day: TO, field: 'iban', valid: true, count: 1 }]), days).text.matchAll(/text-anchor="middle">([^<]+)</g)].map((match) => match[1]);
      expect(labels.at(-1)).toBe('11-26');
      expect(labels.length).toBeGreaterThanOrEqual(4);
      expect(labels.length).toBeLessThanOrEqual(10);
    }
  });

  it('hatches the invalid verdicts in the colour of their field, and says so in the legend', () => {
    const markup = usageChart(ENGLISH, window(30, [{ day: TO, field: 'email', valid: false, count: 4 }, { day: TO, field: 'email', valid: true, count: 6 }]), 30).text;
    const [valid, invalid] = segmentsOf(markup);
    expect(valid?.fill).toBe(FIELD_COLOURS.email);
    expect(invalid?.fill).toBe('url(#invalid-email)');
    expect(markup).toMatch(new RegExp(`<pattern id="invalid-email"[^>]*>.*?fill="${FIELD_COLOURS.email}"`));
    expect(textOf(markup)).toContain("Email Hatched, in the field's colour: invalid verdicts");
  });

  it('names the chart and describes it for screen readers, and lists the numbers day by day', () => {
    const markup = usageChart(ENGLISH, window(30, [{ day: '2026-11-20', field: 'vat', valid: true, count: 1500 }]), 30).text;
    expect(markup).toContain('role="img" aria-labelledby="usage-chart-title usage-chart-desc"');
    expect(markup).toContain('<title id="usage-chart-title">Validations per day, 2026-10-28 to 2026-11-26 (UTC)</title>');
    expect(markup).toContain('<desc id="usage-chart-desc">1,500 validations in 30 days: 1,500 valid, 0 invalid. Busiest day 2026-11-20 with 1,500.</desc>');
    expect(markup).toContain('<tr><td>2026-11-20</td><td>VAT</td><td class="number">1,500</td><td class="number">0</td></tr>');
    expect(inlineCode(markup)).toEqual([]);
  });

  it('says there were no validations instead of drawing an empty chart', () => {
    for (const days of [30, 90]) {
      const markup = usageChart(ENGLISH, window(days, []), days).text;
      expect(markup).not.toContain('<svg');
      expect(textOf(markup)).toBe(`No validations in the last ${days} days (${window(days, []).from} to 2026-11-26, UTC).`);
    }
  });

  it('gives each field its own colour, each with at least 4.5:1 contrast on the white background', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => {
        const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const colours = FIELD_NAMES.map((field: FieldName) => FIELD_COLOURS[field]);
    expect(new Set(colours).size).toBe(FIELD_NAMES.length);
    for (const colour of colours) expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the usage chart in French and Polish', () => {
  it('says everything in French, with French numbers and dates, and no English of the chart left', () => {
    const markup = usageChart(wordsIn('fr'), window(30, [{ day: TO, field: 'vat', valid: true, count: 1500 }, { day: TO, field: 'vat', valid: false, count: 2 }]), 30).text;
    const text = unescaped(markup);
    expectContainsAll(text, [
      'Validations par jour, du 28 oct. 2026 au 26 nov. 2026 (UTC)',
      '1\u202f502 validations en 30 jours : 1\u202f500 valides, 2 non valides. Jour le plus chargé : 26 nov. 2026, avec 1\u202f502.',
      '<title>26 nov. 2026 : TVA non valide, 2</title>',
      'Hachuré, dans la couleur du champ : résultats non valides',
      '<caption>Validations par champ et résultat, 30 derniers jours</caption>',
    ]);
    expectContainsAll(textOf(markup), ['Champ Valides Non valides Total', 'TVA 1 500 2 1 502', 'Tous les champs 1 500 2 1 502']);
    for (const english of ['Validations per day', 'Busiest day', 'Hatched', 'All fields', 'day by day', ' invalid', ' valid,']) expect(text).not.toContain(english);
    expect(textOf(usageChart(wordsIn('fr'), window(90, []), 90).text)).toBe('Aucune validation ces 90 derniers jours (du 29 août 2026 au 26 nov. 2026, UTC).');
  });

  it('counts the validations with the Polish plural forms', () => {
    const summary = (count: number): string => /<desc id="usage-chart-desc">([^<]*)<\/desc>/.exec(usageChart(wordsIn('pl'), window(30, [{ day: TO, field: 'iban', valid: true, count }]), 30).text)?.[1] ?? '';
    expect(summary(1)).toMatch(/^1 walidacja w ciągu 30 dni/);
    expect(summary(2)).toMatch(/^2 walidacje w ciągu 30 dni/);
    expect(summary(5)).toMatch(/^5 walidacji w ciągu 30 dni/);
  });
});
