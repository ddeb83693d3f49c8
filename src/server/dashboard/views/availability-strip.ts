/**
 * One member state's VIES availability over the window as a strip of day cells (SVG drawn here):
 * each cell coloured AND sized by the day's band (a full bar at 99 % or more, shorter bars below,
 * so that the bands read apart without telling hues apart: their colours differ by hue more than by
 * lightness), grey and outlined for a day without data, each with its day and percent as a tooltip,
 * and a sentence summing the strip up for screen readers.
 */
import { STATUS_PAGE } from '../i18n/status-page.js';
import type { Words } from '../i18n/words.js';
import type { DayAvailability } from './models.js';
import { html, type Markup } from './html.js';

const CELL = 10;
const GAP = 2;
const HEIGHT = 22;

/**
 * The strip's bands, best first: a day's percent falls in the first band whose floor it reaches.
 * `share` is the bar's height as a share of the cell's: the band shows by its height as well as by
 * its colour.
 */
export const AVAILABILITY_BANDS: readonly { floor: number; colour: string; share: number }[] = [
  { floor: 99, colour: '#1b7a3d', share: 1 },
  { floor: 95, colour: '#5e7d12', share: 0.7 },
  { floor: 80, colour: '#b35900', share: 0.4 },
  { floor: 0, colour: '#b3261e', share: 0.15 },
];

type Band = (typeof AVAILABILITY_BANDS)[number];

/** A band in words: "99% or more", "95% to 99%", "below 80%" (the floor of the band above is its ceiling). */
function bandLabel(words: Words, band: Band): string {
  const index = AVAILABILITY_BANDS.indexOf(band);
  const above = AVAILABILITY_BANDS[index - 1];
  if (above === undefined) return words.say(STATUS_PAGE.atLeast, { percent: words.percent(band.floor) });
  if (band.floor === 0) return words.say(STATUS_PAGE.below, { percent: words.percent(above.floor) });
  return words.say(STATUS_PAGE.between, { from: words.percent(band.floor), to: words.percent(above.floor) });
}

/** A bar of `share` of `height`, standing on the bottom of a cell `height` tall, rounded to whole pixels. */
function bar(share: number, height: number): { y: number; height: number } {
  const tall = Math.round(share * height);
  return { y: height - tall, height: tall };
}
/** A day without a counted sample: a light cell with a dark outline (the outline carries the contrast). */
export const NO_DATA = { colour: '#e6e6e6', outline: '#767676' } as const;

function bandOf(percent: number): Band {
  return AVAILABILITY_BANDS.find((band) => percent >= band.floor) ?? (AVAILABILITY_BANDS.at(-1) as Band);
}

/** How many days fell in each band, in words: "28 days 99% or more, 2 days no data". */
function summary(words: Words, days: readonly DayAvailability[]): string {
  const counts = new Map<Band | null, number>();
  for (const day of days) {
    const band = day.percent === null ? null : bandOf(day.percent);
    counts.set(band, (counts.get(band) ?? 0) + 1);
  }
  return words.list(
    [...AVAILABILITY_BANDS, null]
      .filter((band) => counts.has(band))
      .map((band) => words.counted(STATUS_PAGE.daysInBand, counts.get(band) as number, { band: band === null ? words.say(STATUS_PAGE.noData) : bandLabel(words, band) })),
  );
}

/** One day's bar: its band's colour and height. */
function bandCell(x: number, band: Band, text: string): Markup {
  const { y, height } = bar(band.share, HEIGHT);
  return html`<rect x="${x}" y="${y}" width="${CELL}" height="${height}" fill="${band.colour}"><title>${text}</title></rect>`;
}

/** The strip of `days` (oldest first) for the member state `name`. */
export function availabilityStrip(words: Words, name: string, days: readonly DayAvailability[]): Markup {
  const width = days.length * (CELL + GAP) - GAP;
  const label = words.say(STATUS_PAGE.stripLabel, { name, from: words.day(days[0]?.day ?? ''), to: words.day(days.at(-1)?.day ?? ''), summary: summary(words, days) });
  return html`<svg class="strip" viewBox="0 0 ${Math.max(width, 1)} ${HEIGHT}" width="${Math.max(width, 1)}" height="${HEIGHT}" role="img" aria-label="${label}">${days.map((day, index) => {
    const x = index * (CELL + GAP);
    const text = words.say(STATUS_PAGE.dayCell, { day: words.day(day.day), value: day.percent === null ? words.say(STATUS_PAGE.noData) : words.percent(day.percent) });
    return day.percent === null
      ? html`<rect x="${x + 0.5}" y="0.5" width="${CELL - 1}" height="${HEIGHT - 1}" fill="${NO_DATA.colour}" stroke="${NO_DATA.outline}"><title>${text}</title></rect>`
      : bandCell(x, bandOf(day.percent), text);
  })}</svg>`;
}

/** The legend of the strips' colours. */
export function availabilityLegend(words: Words): Markup {
  const swatch = (fill: string, stroke?: string): Markup =>
    html`<svg width="14" height="14" aria-hidden="true" focusable="false"><rect x="0.5" y="0.5" width="13" height="13" fill="${fill}"${stroke !== undefined && html` stroke="${stroke}"`}/></svg>`;
  const barSwatch = (band: Band): Markup => {
    const { y, height } = bar(band.share, 14);
    return html`<svg width="14" height="14" aria-hidden="true" focusable="false"><rect x="0" y="${y}" width="14" height="${height}" fill="${band.colour}"/></svg>`;
  };
  return html`<ul class="legend">${AVAILABILITY_BANDS.map((band) => html`<li>${barSwatch(band)} ${bandLabel(words, band)}</li>`)}<li>${swatch(NO_DATA.colour, NO_DATA.outline)} ${words.say(STATUS_PAGE.noData)}</li></ul>`;
}
