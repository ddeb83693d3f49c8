/**
 * The account's daily usage as an SVG drawn here (no chart library): one stacked bar per day, one
 * colour per field, the invalid verdicts of a field hatched in its colour, a y scale and day
 * labels; with a legend, the totals per field and verdict, and the day-by-day numbers as tables
 * (the chart's text alternative). The numbers are the per-day totals of the admin service
 * (../../admin/service.ts usageByDay).
 */
import { FIELD_NAMES, type FieldName } from '../../../fields/catalog.js';
import type { DayTotal, UsageByDay } from '../../admin/service.js';
import { FIELD_COLOURS, fieldLabelIn } from './fields.js';
import { USAGE_CHART, VERDICTS } from '../i18n/usage-chart.js';
import type { Words } from '../i18n/words.js';
import { scrollingTable } from './controls.js';
import { html, type Markup } from './html.js';

const DAY_MS = 86_400_000;
const WIDTH = 720;
const HEIGHT = 260;
const LEFT = 56;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 30;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
/** Horizontal lines of the y scale above zero, at most. */
const Y_STEPS = 4;
/** Room for one day label, in the SVG's units: days are labelled every so many to keep this much apart. */
const LABEL_ROOM = 90;

/** Validations of one field on one day (or over the window), by verdict. */
export interface VerdictCounts {
  valid: number;
  invalid: number;
}

/** One day of the chart. */
interface ChartDay {
  day: string;
  perField: Map<FieldName, VerdictCounts>;
  total: number;
}

/** The chart's numbers: every day of the window, and the totals per field over it. */
interface ChartData {
  days: ChartDay[];
  perField: Map<FieldName, VerdictCounts>;
  valid: number;
  invalid: number;
}

/** Every UTC day from `from` to `to` (YYYY-MM-DD, both included). */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

function add(counts: Map<FieldName, VerdictCounts>, total: DayTotal): void {
  let entry = counts.get(total.field);
  if (entry === undefined) {
    entry = { valid: 0, invalid: 0 };
    counts.set(total.field, entry);
  }
  if (total.valid) entry.valid += total.count;
  else entry.invalid += total.count;
}

function chartData(usage: UsageByDay): ChartData {
  const byDay = new Map<string, ChartDay>(daysFrom(usage.from, usage.to).map((day) => [day, { day, perField: new Map(), total: 0 }]));
  const perField = new Map<FieldName, VerdictCounts>();
  let valid = 0;
  let invalid = 0;
  for (const total of usage.totals) {
    const day = byDay.get(total.day);
    if (day === undefined) continue;
    add(day.perField, total);
    day.total += total.count;
    add(perField, total);
    if (total.valid) valid += total.count;
    else invalid += total.count;
  }
  return { days: [...byDay.values()], perField, valid, invalid };
}

/** The y scale's step: 1, 2 or 5 times a power of ten, so that Y_STEPS steps reach `max`. */
function scaleStep(max: number): number {
  const rough = Math.max(1, max / Y_STEPS);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) as number;
  return Math.max(1, step);
}

const at = (value: number): string => String(Math.round(value * 100) / 100);

/** The legend's neutral grey: the hatching, not the colour, says "invalid". */
const LEGEND_HATCH = '#595959';

function hatchPattern(id: string, colour: string): Markup {
  return html`<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><rect width="3" height="6" fill="${colour}"/></pattern>`;
}

/** One pattern per field, its colour in diagonal stripes, for the invalid verdicts; and the legend's grey one. */
function hatchPatterns(): Markup {
  return html`<defs>${FIELD_NAMES.map((field) => hatchPattern(`invalid-${field}`, FIELD_COLOURS[field]))}${hatchPattern('invalid-legend', LEGEND_HATCH)}</defs>`;
}

function yAxis(words: Words, step: number, top: number): Markup {
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  return html`<g class="y-axis">${ticks.map((value) => {
    const y = at(TOP + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT);
    return html`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y}" y2="${y}" stroke="${value === 0 ? '#595959' : '#d9d9d9'}"/><text x="${LEFT - 6}" y="${y}" dy="4" text-anchor="end">${words.number(value)}</text>`;
  })}</g>`;
}

function xLabels(days: readonly ChartDay[], slot: number): Markup {
  const every = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  const last = days.length - 1;
  // Counted back from the last day, so that today always has its label.
  return html`<g class="x-axis">${days.map((day, index) =>
    (last - index) % every === 0 ? html`<text x="${at(LEFT + slot * (index + 0.5))}" y="${HEIGHT - 10}" text-anchor="middle">${day.day.slice(5)}</text>` : '',
  )}</g>`;
}

function bars(words: Words, days: readonly ChartDay[], slot: number, top: number): Markup {
  const width = at(Math.max(1, slot * 0.72));
  const scale = PLOT_HEIGHT / top;
  return html`<g class="bars">${days.map((day, index) => {
    const x = at(LEFT + slot * index + slot * 0.14);
    let base = TOP + PLOT_HEIGHT;
    const segments: Markup[] = [];
    for (const field of FIELD_NAMES) {
      const counts = day.perField.get(field);
      if (counts === undefined) continue;
      for (const [verdict, count] of [['valid', counts.valid], ['invalid', counts.invalid]] as const) {
        if (count === 0) continue;
        const height = count * scale;
        base -= height;
        const fill = verdict === 'valid' ? FIELD_COLOURS[field] : `url(#invalid-${field})`;
        segments.push(
          html`<rect x="${x}" y="${at(base)}" width="${width}" height="${at(height)}" fill="${fill}"${verdict === 'invalid' && html` stroke="${FIELD_COLOURS[field]}" stroke-width="0.75"`}><title>${words.say(USAGE_CHART.barTitle, { day: words.day(day.day), field: fieldLabelIn(words, field), verdict: VERDICTS[verdict], count })}</title></rect>`,
        );
      }
    }
    return segments;
  })}</g>`;
}

function legend(words: Words, data: ChartData): Markup {
  const fields = FIELD_NAMES.filter((field) => data.perField.has(field));
  return html`<ul class="legend">${fields.map(
    (field) =>
      html`<li><svg width="14" height="14" aria-hidden="true" focusable="false"><rect width="14" height="14" fill="${FIELD_COLOURS[field]}"/></svg> ${fieldLabelIn(words, field)}</li>`,
  )}<li><svg width="14" height="14" aria-hidden="true" focusable="false"><rect x="0.5" y="0.5" width="13" height="13" fill="url(#invalid-legend)" stroke="${LEGEND_HATCH}"/></svg> ${words.say(USAGE_CHART.hatched)}</li></ul>`;
}

function totalsTable(words: Words, data: ChartData, days: number): Markup {
  const fields = FIELD_NAMES.filter((field) => data.perField.has(field));
  const { number } = words;
  return scrollingTable(
    words.say(USAGE_CHART.byFieldAndVerdict),
    html`<table class="totals">
<caption>${words.counted(USAGE_CHART.byFieldAndVerdictLast, days)}</caption>
<thead><tr><th scope="col">${words.say(USAGE_CHART.field)}</th><th scope="col" class="number">${words.say(USAGE_CHART.validColumn)}</th><th scope="col" class="number">${words.say(USAGE_CHART.invalidColumn)}</th><th scope="col" class="number">${words.say(USAGE_CHART.total)}</th></tr></thead>
<tbody>${fields.map((field) => {
    const counts = data.perField.get(field) as VerdictCounts;
    return html`<tr><th scope="row">${fieldLabelIn(words, field)}</th><td class="number">${number(counts.valid)}</td><td class="number">${number(counts.invalid)}</td><td class="number">${number(counts.valid + counts.invalid)}</td></tr>`;
  })}</tbody>
<tfoot><tr><th scope="row">${words.say(USAGE_CHART.allFields)}</th><td class="number">${number(data.valid)}</td><td class="number">${number(data.invalid)}</td><td class="number">${number(data.valid + data.invalid)}</td></tr></tfoot>
</table>`,
  );
}

function dailyTable(words: Words, data: ChartData): Markup {
  const rows = data.days.flatMap((day) =>
    FIELD_NAMES.filter((field) => day.perField.has(field)).map((field) => {
      const counts = day.perField.get(field) as VerdictCounts;
      return html`<tr><td>${words.day(day.day)}</td><td>${fieldLabelIn(words, field)}</td><td class="number">${words.number(counts.valid)}</td><td class="number">${words.number(counts.invalid)}</td></tr>`;
    }),
  );
  return html`<details class="chart-data"><summary>${words.say(USAGE_CHART.dayByDaySummary)}</summary>${scrollingTable(
    words.say(USAGE_CHART.dayByDay),
    html`<table>
<thead><tr><th scope="col">${words.say(USAGE_CHART.dayUtc)}</th><th scope="col">${words.say(USAGE_CHART.field)}</th><th scope="col" class="number">${words.say(USAGE_CHART.validColumn)}</th><th scope="col" class="number">${words.say(USAGE_CHART.invalidColumn)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  )}</details>`;
}

/**
 * The usage chart of `usage` (the last `days` days): the SVG with its legend, the totals table and
 * the day-by-day table; a sentence instead when the window holds no validation.
 */
export function usageChart(words: Words, usage: UsageByDay, days: number): Markup {
  const data = chartData(usage);
  const total = data.valid + data.invalid;
  if (total === 0) return html`<p class="empty">${words.counted(USAGE_CHART.none, days, { from: words.day(usage.from), to: words.day(usage.to) })}</p>`;
  const busiest = data.days.reduce((most, day) => (day.total > most.total ? day : most));
  const step = scaleStep(busiest.total);
  const top = step * Math.ceil(busiest.total / step);
  const slot = PLOT_WIDTH / data.days.length;
  const title = words.say(USAGE_CHART.title, { from: words.day(usage.from), to: words.day(usage.to) });
  const description = `${words.counted(USAGE_CHART.summary, total, { days, valid: data.valid, invalid: data.invalid })} ${words.say(USAGE_CHART.busiest, { day: words.day(busiest.day), count: busiest.total })}`;
  return html`<figure class="chart">
<div class="chart-wrap" role="region" aria-label="${words.say(USAGE_CHART.chartRegion)}" tabindex="0"><svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="usage-chart-title usage-chart-desc">
<title id="usage-chart-title">${title}</title>
<desc id="usage-chart-desc">${description}</desc>
${hatchPatterns()}
${yAxis(words, step, top)}
${bars(words, data.days, slot, top)}
${xLabels(data.days, slot)}
</svg></div>
<figcaption>${legend(words, data)}<p>${description}</p></figcaption>
</figure>
${totalsTable(words, data, days)}
${dailyTable(words, data)}`;
}
