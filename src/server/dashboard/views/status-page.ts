/**
 * The public VIES status page: per member state, the daily availability over the window as a
 * strip, the share over the window, whether it is available now (in words, not only colour) and
 * who decided it, with the age of the VAT rates served and the time the page was made; then the
 * registries beyond VIES (registries-table.ts).
 */
import type { ViesCountryStatus } from '../../../ports.js';
import { EU_MEMBER_STATES } from '../../../vat/reference/member-states.js';
import { DAY_MS, STATUS_INTERVAL_MS } from '../../jobs/calendar.js';
import { availabilityLegend, availabilityStrip } from './availability-strip.js';
import { scrollingTable } from './controls.js';
import { registriesSection } from './registries-table.js';
import { STATUS_PAGE } from '../i18n/status-page.js';
import type { Words } from '../i18n/words.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { DayAvailability, StatusPageModel } from './models.js';

/**
 * The samples a country needs before its share is shown as a percentage: a day of the feed's
 * readings. Fewer would show a new install as 100% after a few minutes.
 */
export const MIN_SAMPLES_FOR_PERCENT = DAY_MS / STATUS_INTERVAL_MS;
/** The window's days without data, for a country the daily figures do not hold. */
function emptyWindow(now: Date, days: number): DayAvailability[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => ({ day: new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10), percent: null }));
}

/** The share over the window: a percentage once a day of samples is counted, words before. */
function availabilityCell(words: Words, country: ViesCountryStatus): Markup {
  if (country.availabilityPercent === null) return html`<span class="muted">${words.say(STATUS_PAGE.noData)}</span>`;
  if (country.sampleCount < MIN_SAMPLES_FOR_PERCENT) return html`<span class="muted">${words.say(STATUS_PAGE.notEnoughData)}</span>`;
  return html`${words.percent(country.availabilityPercent)}`;
}

function countryRow(words: Words, model: StatusPageModel, country: ViesCountryStatus): Markup {
  const name = words.country(country.countryCode);
  const days = model.daily.get(country.countryCode) ?? emptyWindow(model.now, model.report.windowDays);
  return html`<tr>
<th scope="row">${name} <span class="muted">(${country.countryCode})</span></th>
<td class="wide" data-label="${words.say(STATUS_PAGE.dayByDay)}">${availabilityStrip(words, name, days)}</td>
<td class="number" data-label="${words.say(STATUS_PAGE.availability)}">${availabilityCell(words, country)}</td>
<td data-label="${words.say(STATUS_PAGE.now)}">${
    country.availableNow ? html`<span class="status status-ok">${words.say(STATUS_PAGE.available)}</span>` : html`<span class="status status-bad">${words.say(STATUS_PAGE.unavailable)}</span>`
  }</td>
<td data-label="${words.say(STATUS_PAGE.decidedBy)}">${words.say(country.decidedBy === 'SERVICE_LOOKUPS' ? STATUS_PAGE.ourLookups : STATUS_PAGE.commissionFeed)}</td>
</tr>`;
}

function ratesLine(words: Words, model: StatusPageModel): Markup {
  if (model.ratesFetchedAt === null) return html`<p>${words.say(STATUS_PAGE.ratesNotFetched)}</p>`;
  const fetched = new Date(model.ratesFetchedAt);
  const missing = model.statesWithoutRates;
  const values = { age: words.age(fetched, model.now), time: words.timeTag(fetched) };
  if (missing.length === 0) return html`<p>${words.sayMarkup(STATUS_PAGE.ratesFetched, values)}</p>`;
  return html`<p>${words.sayMarkup(STATUS_PAGE.ratesPartial, {
    ...values,
    count: words.number(EU_MEMBER_STATES.length - missing.length),
    total: words.number(EU_MEMBER_STATES.length),
    missing: words.list(missing.map(words.country)),
  })}</p>`;
}

/** GET /status, in the language of `words`. */
export function renderStatusPage(words: Words, model: StatusPageModel): string {
  const { report } = model;
  const available = report.countriesTracked - report.countriesUnavailableNow;
  const title = words.say(STATUS_PAGE.title);
  const table =
    report.countries.length === 0
      ? html`<p class="empty">${words.say(STATUS_PAGE.noReadingYet)}</p>`
      : html`${availabilityLegend(words)}
${scrollingTable(
  words.say(STATUS_PAGE.tableLabel),
  html`<table class="status-table stack">
<caption>${words.say(STATUS_PAGE.caption, { days: report.windowDays })}</caption>
<thead><tr><th scope="col">${words.say(STATUS_PAGE.memberState)}</th><th scope="col">${words.say(STATUS_PAGE.dayByDay)}</th><th scope="col" class="number">${words.say(STATUS_PAGE.availability)}</th><th scope="col">${words.say(STATUS_PAGE.now)}</th><th scope="col">${words.say(STATUS_PAGE.decidedBy)}</th></tr></thead>
<tbody>${report.countries.map((country) => countryRow(words, model, country))}</tbody>
</table>`,
)}`;
  return renderDocument({
    title,
    frame: null,
    words,
    main: html`<h1>${title}</h1>
<p>${words.say(STATUS_PAGE.about)}</p>
<p class="summary">${words.sayMarkup(STATUS_PAGE.availableNow, { summary: html`<strong>${words.say(STATUS_PAGE.countOf, { count: available, total: report.countriesTracked })}</strong>` })}</p>
${ratesLine(words, model)}
<p class="muted">${words.sayMarkup(STATUS_PAGE.pageMade, { time: words.timeTag(model.now) })}</p>
${table}
${registriesSection(words, model.registries)}`,
  });
}
