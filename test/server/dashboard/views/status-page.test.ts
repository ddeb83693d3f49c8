import { describe, expect, it } from 'vitest';
import type { ViesStatusResponse } from '../../../../src/ports.js';
import { AVAILABILITY_BANDS, NO_DATA } from '../../../../src/server/dashboard/views/availability-strip.js';
import { renderStatusPage } from '../../../../src/server/dashboard/views/index.js';
import { ENGLISH, wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { MIN_SAMPLES_FOR_PERCENT } from '../../../../src/server/dashboard/views/status-page.js';
import type { DayAvailability, StatusPageModel } from '../../../../src/server/dashboard/views/models.js';
import { dailyAvailability } from '../../../../src/vat/reference/availability.js';
import { registryStates } from '../../../../src/server/registries/overview.js';
import { inlineCode, NOW, postForms, textOf } from '../../../support/dashboard-views.js';

const DAY = 86_400_000;

function days(percents: readonly (number | null)[]): DayAvailability[] {
  return percents.map((percent, index) => ({ day: new Date(Date.parse('2026-11-26') - (percents.length - 1 - index) * DAY).toISOString().slice(0, 10), percent }));
}

const report: ViesStatusResponse = {
  generatedAt: NOW.toISOString(),
  windowDays: 30,
  countriesTracked: 3,
  countriesUnavailableNow: 2,
  countries: [
    { countryCode: 'DE', availabilityPercent: 97.25, sampleCount: 8000, availableNow: true, decidedBy: 'COMMISSION_FEED' },
    { countryCode: 'EL', availabilityPercent: null, sampleCount: 0, availableNow: false, decidedBy: 'SERVICE_LOOKUPS' },
    { countryCode: 'XI', availabilityPercent: 50, sampleCount: 10, availableNow: false, decidedBy: 'COMMISSION_FEED' },
  ],
};

function model(change: Partial<StatusPageModel> = {}): StatusPageModel {
  const daily = new Map([
    ['DE', days([...Array<number>(27).fill(100), 96, 85.5, 10])],
    ['EL', days(Array<null>(30).fill(null))],
  ]);
  return {
    report,
    daily,
    ratesFetchedAt: new Date(NOW.getTime() - 3 * 3_600_000 - 60_000).toISOString(),
    statesWithoutRates: [],
    registries: registryStates(['UID', 'BRREG'], new Set(['EL', 'CH'])),
    now: NOW,
    ...change,
  };
}

/** The rows of the status table as they read, and the cells of each row's strip. */
function rowsOf(page: string): { text: string; cells: { fill: string; title: string }[]; label: string }[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(page)?.[1] ?? '';
  return [...body.matchAll(/<tr>[\s\S]*?<\/tr>/g)].map((row) => ({
    text: textOf(row[0]),
    label: /<svg class="strip"[^>]*aria-label="([^"]*)"/.exec(row[0])?.[1] ?? '',
    cells: [...row[0].matchAll(/<rect [^>]*fill="([^"]+)"[^>]*><title>([^<]+)<\/title>/g)].map((cell) => ({ fill: cell[1] as string, title: cell[2] as string })),
  }));
}

describe('the public VIES status page', () => {
  it('shows per member state its name, availability over the window, whether it is available now in words, and who decided it', () => {
    const rows = rowsOf(renderStatusPage(ENGLISH, model()));
    expect(rows.map((row) => row.text)).toEqual([
      'Germany (DE) 97.25% Available Commission feed',
      'Greece (EL) no data Unavailable our own failed lookups',
      'Northern Ireland (XI) not enough data yet Unavailable Commission feed',
    ]);
  });

  it('shows a share as a percentage only once a day of samples is counted', () => {
    const country = { countryCode: 'AT', availabilityPercent: 100, availableNow: true, decidedBy: 'COMMISSION_FEED' } as const;
    const shown = (sampleCount: number): string | undefined => rowsOf(renderStatusPage(ENGLISH, model({ report: { ...model().report, countries: [{ ...country, sampleCount }] } })))[0]?.text;
    // 288 samples: one every 5 minutes for a day.
    expect(MIN_SAMPLES_FOR_PERCENT).toBe(288);
    expect(shown(3)).toBe('Austria (AT) not enough data yet Available Commission feed');
    expect(shown(287)).toBe('Austria (AT) not enough data yet Available Commission feed');
    expect(shown(288)).toBe('Austria (AT) 100% Available Commission feed');
  });

  it('draws one cell per day, oldest first, coloured by its percent, grey without data, each with its day and percent', () => {
    const [germany, greece, northernIreland] = rowsOf(renderStatusPage(ENGLISH, model()));
    expect(germany?.cells).toHaveLength(30);
    expect(germany?.cells[0]).toEqual({ fill: AVAILABILITY_BANDS[0]?.colour, title: '2026-10-28: 100%' });
    expect(germany?.cells.slice(-3)).toEqual([
      { fill: AVAILABILITY_BANDS[1]?.colour, title: '2026-11-24: 96%' },
      { fill: AVAILABILITY_BANDS[2]?.colour, title: '2026-11-25: 85.5%' },
      { fill: AVAILABILITY_BANDS[3]?.colour, title: '2026-11-26: 10%' },
    ]);
    expect(germany?.label).toBe('Germany, daily availability 2026-10-28 to 2026-11-26: 27 days 99% or more, 1 day 95% to 99%, 1 day 80% to 95%, 1 day below 80%');
    expect(new Set(greece?.cells.map((cell) => cell.fill))).toEqual(new Set([NO_DATA.colour]));
    expect(greece?.label).toBe('Greece, daily availability 2026-10-28 to 2026-11-26: 30 days no data');
    // No daily figures at all for XI: the window is drawn without data.
    expect(northernIreland?.cells).toHaveLength(30);
    expect(northernIreland?.cells.at(-1)).toEqual({ fill: NO_DATA.colour, title: '2026-11-26: no data' });
  });

  it("draws the days dailyAvailability gives for the tracker's samples", () => {
    const samples = [{ at: new Date(NOW.getTime() - DAY), vowAvailable: true, countries: [{ countryCode: 'DE', availability: 'Unavailable' }] }];
    const page = renderStatusPage(ENGLISH, model({ daily: dailyAvailability(samples, { now: NOW, days: 30 }) }));
    const [germany] = rowsOf(page);
    expect(germany?.cells.at(-2)).toEqual({ fill: AVAILABILITY_BANDS[3]?.colour, title: '2026-11-25: 0%' });
    expect(germany?.cells.filter((cell) => cell.fill === NO_DATA.colour)).toHaveLength(29);
  });

  it('says how many member states are available now, the age of the VAT rates and when the page was made', () => {
    const text = textOf(renderStatusPage(ENGLISH, model()));
    expect(text).toContain('1 of 3 countries available now.');
    expect(text).toContain('VAT rates: fetched 3 hours ago (2026-11-26 11:02 UTC).');
    expect(text).toContain('Page made 2026-11-26 14:03 UTC.');
    expect(textOf(renderStatusPage(ENGLISH, model({ ratesFetchedAt: null })))).toContain('VAT rates: not fetched yet.');
  });

  it('names the member states the VAT rates are missing for', () => {
    const text = textOf(renderStatusPage(ENGLISH, model({ statesWithoutRates: ['AT', 'EL', 'SE'] })));
    expect(text).toContain('VAT rates: fetched 3 hours ago (2026-11-26 11:02 UTC) for 24 of 27 member states; none yet for Austria, Greece, Sweden.');
  });

  it('tells the bands apart by the height of their bars, not by hue alone, in the strips and the legend', () => {
    const heights = (markup: string): number[] => [...markup.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="(#[0-9a-f]{6})"/g)].filter((match) => match[3] !== NO_DATA.colour).map((match) => Number(match[2]));
    const [germany] = rowsOf(renderStatusPage(ENGLISH, model()));
    expect(germany).toBeDefined();
    // The last three days of Germany fall in the three lower bands; the first in the top one.
    const page = renderStatusPage(ENGLISH, model());
    const strip = /<svg class="strip"[^>]*aria-label="Germany[^"]*">[\s\S]*?<\/svg>/.exec(page)?.[0] ?? '';
    const cells = heights(strip);
    expect([cells[0], ...cells.slice(-3)]).toEqual([22, 15, 9, 3]);
    // Each bar stands on the cell's bottom.
    for (const match of strip.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="#/g)) expect(Number(match[1]) + Number(match[2])).toBe(22);
    // Any two bands differ by at least 4 px, in the strip as in the legend's swatches.
    const legend = /<ul class="legend">[\s\S]*?<\/ul>/.exec(page)?.[0] ?? '';
    for (const sizes of [AVAILABILITY_BANDS.map((band) => Math.round(band.share * 22)), heights(legend)]) {
      expect(sizes).toHaveLength(4);
      for (let i = 1; i < sizes.length; i++) expect((sizes[i - 1] as number) - (sizes[i] as number)).toBeGreaterThanOrEqual(4);
    }
  });

  it('has a legend of the colours in words', () => {
    expect(textOf(renderStatusPage(ENGLISH, model()))).toContain('99% or more 95% to 99% 80% to 95% below 80% no data');
  });

  it('says there is nothing yet before the first reading of the feed', () => {
    const empty: ViesStatusResponse = { generatedAt: NOW.toISOString(), windowDays: 30, countriesTracked: 0, countriesUnavailableNow: 0, countries: [] };
    const page = renderStatusPage(ENGLISH, model({ report: empty, daily: new Map() }));
    expect(textOf(page)).toContain("No reading of the Commission's status feed yet");
    // No member-state table: the only table is the registries beyond VIES, which need no feed.
    expect(page.match(/<table/g)).toHaveLength(1);
    expect(page.indexOf('<table')).toBeGreaterThan(page.indexOf('id="registries-heading"'));
  });

  it('lists the registries beyond VIES: which it asks, which fail now, and says so in words', () => {
    const page = renderStatusPage(ENGLISH, model());
    const section = textOf(page.slice(page.indexOf('id="registries-heading"')));
    expect(section).toContain('HMRC (HMRC) United Kingdom (GB) no: numbers are checked by their structure only not asked');
    expect(section).toContain('UID (UID) Switzerland (CH) yes, live Unavailable: our last three lookups failed');
    expect(section).toContain('Brønnøysund (BRREG) Norway (NO) yes, live Available');
    const french = textOf(renderStatusPage(wordsIn('fr'), model()));
    expect(french).toContain('Registres hors VIES');
    expect(french).toContain('Brønnøysund (BRREG) Norvège (NO) oui, en direct Disponible');
  });

  it('is public: no navigation, no session, no form, no inline code, and a link to the dashboard', () => {
    const page = renderStatusPage(ENGLISH, model());
    expect(page).not.toContain('<nav');
    expect(page).not.toContain('csrf');
    expect(postForms(page)).toEqual([]);
    expect(inlineCode(page)).toEqual([]);
    expect(page).toContain('<a href="/dashboard">Dashboard</a>');
  });
});

describe('the public VIES status page in French', () => {
  const french = wordsIn('fr');

  it("names the states, their share, their state now and the strips' days in French, with French numbers and dates", () => {
    const page = renderStatusPage(french, model({ statesWithoutRates: ['AT', 'EL', 'SE'] }));
    const text = textOf(page);
    expect(page).toContain('<html lang="fr">');
    expect(rowsOf(page).map((row) => row.text)).toEqual([
      'Allemagne (DE) 97,25 % Disponible flux de la Commission',
      'Grèce (EL) aucune donnée Indisponible nos propres requêtes en échec',
      'Irlande du Nord (XI) pas encore assez de données Indisponible flux de la Commission',
    ]);
    expect(text).toContain('1 sur 3 pays disponibles en ce moment.');
    expect(text).toContain('Taux de TVA : récupérés il y a 3 heures (26 nov. 2026, 11:02 UTC) pour 24 États membres sur 27 ; aucun encore pour Autriche, Grèce et Suède.');
    const [germany] = rowsOf(page);
    // French puts a narrow no-break space before % (Intl's data): read as a space here.
    const spaced = (said: string | undefined): string | undefined => said?.replace(/[\u00a0\u202f]/g, ' ');
    expect(spaced(germany?.cells.at(-2)?.title)).toBe('25 nov. 2026 : 85,5 %');
    expect(germany?.cells.at(-2)?.fill).toBe(AVAILABILITY_BANDS[2]?.colour);
    expect(spaced(germany?.label)).toBe('Allemagne, disponibilité quotidienne du 28 oct. 2026 au 26 nov. 2026 : 27 jours 99 % ou plus, 1 jour de 95 % à 99 %, 1 jour de 80 % à 95 % et 1 jour moins de 80 %');
    for (const english of ['Available', 'Member state', 'Day by day', 'no data', 'VAT rates', 'Page made', 'Commission feed']) expect(text).not.toContain(english);
  });

  it('counts days with the plural forms of Polish', () => {
    const polish = wordsIn('pl');
    const labelFor = (count: number): string => rowsOf(renderStatusPage(polish, model({ daily: new Map([['DE', days(Array<number>(count).fill(100))]]) })))[0]?.label ?? '';
    expect(labelFor(1)).toMatch(/: 1 dzień 99% lub więcej$/);
    expect(labelFor(2)).toMatch(/: 2 dni 99% lub więcej$/);
    expect(labelFor(5)).toMatch(/: 5 dni 99% lub więcej$/);
  });
});
