/**
 * The public VIES status page: per member state, the daily availability over the window as a
 * strip, the share over the window, whether it is available now (in words, not only colour) and
 * who decided it, with the age of the VAT rates served and the time the page was made.
 */
import type { ViesCountryStatus } from '../../../ports.js';
import { EU_MEMBER_STATES } from '../../../vat/reference/member-states.js';
import { DAY_MS, STATUS_INTERVAL_MS } from '../../jobs/calendar.js';
import { availabilityLegend, availabilityStrip } from './availability-strip.js';
import { scrollingTable } from './controls.js';
import { formatAge, formatCount, formatPercent, timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { DayAvailability, StatusPageModel } from './models.js';

/**
 * The samples a country needs before its share is shown as a percentage: a day of the feed's
 * readings. Fewer would show a new install as 100% after a few minutes.
 */
export const MIN_SAMPLES_FOR_PERCENT = DAY_MS / STATUS_INTERVAL_MS;
/** VIES prefixes that are not the ISO region code of their name. */
const NAMES_BY_PREFIX: Readonly<Record<string, string>> = { EL: 'Greece', XI: 'Northern Ireland' };
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A member state's name in English from its VIES prefix; the prefix itself when it names no region. */
function memberStateName(code: string): string {
  const known = NAMES_BY_PREFIX[code];
  if (known !== undefined) return known;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    // Intl refuses what is not a region code: show the code as it came.
    return code;
  }
}

/** The window's days without data, for a country the daily figures do not hold. */
function emptyWindow(now: Date, days: number): DayAvailability[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => ({ day: new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10), percent: null }));
}

/** The share over the window: a percentage once a day of samples is counted, words before. */
function availabilityCell(country: ViesCountryStatus): Markup {
  if (country.availabilityPercent === null) return html`<span class="muted">no data</span>`;
  if (country.sampleCount < MIN_SAMPLES_FOR_PERCENT) return html`<span class="muted">not enough data yet</span>`;
  return html`${formatPercent(country.availabilityPercent)}`;
}

function countryRow(model: StatusPageModel, country: ViesCountryStatus): Markup {
  const name = memberStateName(country.countryCode);
  const days = model.daily.get(country.countryCode) ?? emptyWindow(model.now, model.report.windowDays);
  return html`<tr>
<th scope="row">${name} <span class="muted">(${country.countryCode})</span></th>
<td class="wide" data-label="Day by day">${availabilityStrip(name, days)}</td>
<td class="number" data-label="Availability">${availabilityCell(country)}</td>
<td data-label="Now">${country.availableNow ? html`<span class="status status-ok">Available</span>` : html`<span class="status status-bad">Unavailable</span>`}</td>
<td data-label="Decided by">${country.decidedBy === 'SERVICE_LOOKUPS' ? 'our own failed lookups' : 'Commission feed'}</td>
</tr>`;
}

function ratesLine(model: StatusPageModel): Markup {
  if (model.ratesFetchedAt === null) return html`<p>VAT rates: not fetched yet.</p>`;
  const fetched = new Date(model.ratesFetchedAt);
  const missing = model.statesWithoutRates;
  const partial =
    missing.length > 0 &&
    html` for ${formatCount(EU_MEMBER_STATES.length - missing.length)} of ${formatCount(EU_MEMBER_STATES.length)} member states; none yet for ${missing.map(memberStateName).join(', ')}`;
  return html`<p>VAT rates: fetched ${formatAge(fetched, model.now)} (${timeTag(fetched)})${partial}.</p>`;
}

/** GET /status. */
export function renderStatusPage(model: StatusPageModel): string {
  const { report } = model;
  const available = report.countriesTracked - report.countriesUnavailableNow;
  const table =
    report.countries.length === 0
      ? html`<p class="empty">No reading of the Commission's status feed yet: the first one comes within minutes of the service starting.</p>`
      : html`${availabilityLegend()}
${scrollingTable(
  'Availability per member state',
  html`<table class="status-table stack">
<caption>Member states, last ${report.windowDays} days (days in UTC)</caption>
<thead><tr><th scope="col">Member state</th><th scope="col">Day by day</th><th scope="col" class="number">Availability</th><th scope="col">Now</th><th scope="col">Decided by</th></tr></thead>
<tbody>${report.countries.map((country) => countryRow(model, country))}</tbody>
</table>`,
)}`;
  return renderDocument({
    title: 'VIES status',
    frame: null,
    main: html`<h1>VIES status</h1>
<p>Whether the EU's VAT number service (VIES) can check numbers of each member state: from the Commission's status feed, read every five minutes, unless our own lookups of a country failed three times in a row.</p>
<p class="summary"><strong>${formatCount(available)} of ${formatCount(report.countriesTracked)}</strong> countries available now.</p>
${ratesLine(model)}
<p class="muted">Page made ${timeTag(model.now)}.</p>
${table}`,
  });
}
