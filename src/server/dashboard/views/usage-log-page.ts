/**
 * An account's usage log, newest first: the filter (field, verdict, status, day), one row per
 * request whose key was found, counted or refused (values as stored: personal numbers masked),
 * the CSV download of the filter, and a link to the older entries.
 */
import { FIELD_NAMES } from '../../../fields/catalog.js';
import { USAGE_LOG_MASK } from '../../../fields/usage-log.js';
import { FRAME } from '../i18n/common.js';
import { USAGE_CHART, VERDICTS } from '../i18n/usage-chart.js';
import { USAGE_LOG_PAGE } from '../i18n/usage-log-page.js';
import type { Phrase } from '../i18n/phrase.js';
import type { Words } from '../i18n/words.js';
import { accountHeading } from './account-heading.js';
import { formError, inputField, scrollingTable, selectField, type Choice } from './controls.js';
import { fieldLabelIn } from './fields.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, UsageLogPageModel } from './models.js';
import { usageCsvPath, usagePath } from './paths.js';
import type { UsageEntry } from '../../storage/types.js';

function filterForm(words: Words, model: UsageLogPageModel): Markup {
  const { filter } = model;
  const fieldChoices: readonly Choice[] = [{ value: '', label: words.say(USAGE_CHART.allFields) }, ...FIELD_NAMES.map((field) => ({ value: field, label: fieldLabelIn(words, field) }))];
  const verdictChoices: readonly Choice[] = [
    { value: '', label: words.say(USAGE_LOG_PAGE.anyVerdict) },
    { value: 'valid', label: words.say(USAGE_LOG_PAGE.validOption) },
    { value: 'invalid', label: words.say(USAGE_LOG_PAGE.invalidOption) },
  ];
  return html`<form method="get" action="${usagePath(model.overview.account.id)}" class="filters" role="search" aria-label="${words.say(USAGE_LOG_PAGE.filterLabel)}">
${selectField({ form: 'filter', name: 'field', label: words.say(USAGE_CHART.field), choices: fieldChoices, selected: filter.field ?? '' })}
${selectField({ form: 'filter', name: 'verdict', label: words.say(USAGE_LOG_PAGE.verdict), choices: verdictChoices, selected: filter.verdict ?? '' })}
${inputField({ form: 'filter', name: 'status', label: words.say(USAGE_LOG_PAGE.status), hint: words.say(USAGE_LOG_PAGE.statusHint), maxLength: 3, value: filter.status })}
${inputField({ form: 'filter', name: 'day', label: words.say(USAGE_CHART.dayUtc), type: 'date', value: filter.day })}
<button type="submit">${words.say(USAGE_LOG_PAGE.filter)}</button>
<a href="${usagePath(model.overview.account.id)}" class="button secondary">${words.say(USAGE_LOG_PAGE.clear)}</a>
</form>`;
}

/** A counted entry's verdict; a refusal has none, and is not counted. */
function verdictOf(words: Words, entry: UsageEntry): string {
  if (entry.errorCode !== undefined) return words.say(USAGE_LOG_PAGE.refused);
  return words.say(entry.valid ? VERDICTS.valid : VERDICTS.invalid);
}

function logTable(words: Words, model: UsageLogPageModel): Markup {
  if (model.entries.length === 0) return html`<p class="empty">${words.say(USAGE_LOG_PAGE.noMatch)}</p>`;
  const names = new Map(model.keys.map((key) => [key.id, key.name]));
  const rows = model.entries.map(
    (entry) => html`<tr>
<td>${words.timeTag(entry.at)}</td>
<td><code>${entry.requestId}</code></td>
<td>${names.get(entry.keyId) ?? html`<span class="muted">${words.say(USAGE_LOG_PAGE.unknownKey)}</span>`}</td>
<td>${fieldLabelIn(words, entry.endpoint)}</td>
<td><code>${entry.value}</code></td>
<td class="number">${entry.status}</td>
<td>${verdictOf(words, entry)}</td>
<td>${entry.errorCode ?? entry.reason ?? ''}</td>
<td class="number">${words.number(entry.latencyMs)}</td>
</tr>`,
  );
  const header = (phrase: Phrase, number = false): Markup => html`<th scope="col"${number && html` class="number"`}>${words.say(phrase)}</th>`;
  return scrollingTable(
    words.say(FRAME.usageLog),
    html`<table>
<caption>${words.counted(USAGE_LOG_PAGE.requests, model.entries.length)}</caption>
<thead><tr>${header(USAGE_LOG_PAGE.time)}${header(USAGE_LOG_PAGE.requestId)}${header(USAGE_LOG_PAGE.key)}${header(USAGE_CHART.field)}${header(USAGE_LOG_PAGE.value)}${header(USAGE_LOG_PAGE.status, true)}${header(USAGE_LOG_PAGE.verdict)}${header(USAGE_LOG_PAGE.errorOrReason)}${header(USAGE_LOG_PAGE.latency, true)}</tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** GET /dashboard/accounts/{id}/usage. */
export function renderUsageLogPage(frame: Frame, model: UsageLogPageModel): string {
  const { overview } = model;
  const { words } = frame;
  const title = words.say(USAGE_LOG_PAGE.title, { name: overview.account.name });
  return renderDocument({
    title,
    frame,
    current: 'usage',
    main: html`${accountHeading(frame, overview, 'usage', title)}
<p>${words.sayMarkup(USAGE_LOG_PAGE.about, { mask: html`<code>${USAGE_LOG_MASK}</code>` })} ${words.counted(USAGE_LOG_PAGE.keeps, model.keptDays)}</p>
${filterForm(words, model)}
<p><a href="${usageCsvPath(overview.account.id, model.filter)}" download>${words.say(USAGE_LOG_PAGE.downloadCsv)}</a></p>
${formError(words, model.error)}
${logTable(words, model)}
${model.nextBefore !== null && html`<p class="pager"><a href="${usagePath(overview.account.id, model.filter, model.nextBefore)}" rel="next">${words.say(USAGE_LOG_PAGE.older)}</a></p>`}`,
  });
}
