/**
 * An account's usage log, newest first: the filter (field, verdict, status, day), one row per
 * request whose key was found, counted or refused (values as stored: personal numbers masked),
 * the CSV download of the filter, and a link to the older entries.
 */
import { FIELD_NAMES } from '../../../fields/catalog.js';
import { USAGE_LOG_MASK } from '../../../fields/usage-log.js';
import { accountHeading } from './account-heading.js';
import { formError, inputField, scrollingTable, selectField, type Choice } from './controls.js';
import { fieldLabel, FIELD_LABELS } from './fields.js';
import { formatCount, timeTag, formatQuantity } from './format.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, UsageLogPageModel } from './models.js';
import { usageCsvPath, usagePath } from './paths.js';
import type { UsageEntry } from '../../storage/types.js';

const FIELD_CHOICES: readonly Choice[] = [{ value: '', label: 'All fields' }, ...FIELD_NAMES.map((field) => ({ value: field, label: FIELD_LABELS[field] }))];
const VERDICT_CHOICES: readonly Choice[] = [
  { value: '', label: 'Any verdict' },
  { value: 'valid', label: 'Valid' },
  { value: 'invalid', label: 'Invalid' },
];

function filterForm(model: UsageLogPageModel): Markup {
  const { filter } = model;
  return html`<form method="get" action="${usagePath(model.overview.account.id)}" class="filters" role="search" aria-label="Filter the usage log">
${selectField({ form: 'filter', name: 'field', label: 'Field', choices: FIELD_CHOICES, selected: filter.field ?? '' })}
${selectField({ form: 'filter', name: 'verdict', label: 'Verdict', choices: VERDICT_CHOICES, selected: filter.verdict ?? '' })}
${inputField({ form: 'filter', name: 'status', label: 'Status', hint: '2xx, 4xx, 5xx or one status such as 429', maxLength: 3, value: filter.status })}
${inputField({ form: 'filter', name: 'day', label: 'Day (UTC)', type: 'date', value: filter.day })}
<button type="submit">Filter</button>
<a href="${usagePath(model.overview.account.id)}" class="button secondary">Clear</a>
</form>`;
}

/** A counted entry's verdict; a refusal has none, and is not counted. */
function verdictOf(entry: UsageEntry): string {
  if (entry.errorCode !== undefined) return 'refused (not counted)';
  return entry.valid ? 'valid' : 'invalid';
}

function logTable(model: UsageLogPageModel): Markup {
  if (model.entries.length === 0) return html`<p class="empty">No requests match this filter.</p>`;
  const names = new Map(model.keys.map((key) => [key.id, key.name]));
  const rows = model.entries.map(
    (entry) => html`<tr>
<td>${timeTag(entry.at)}</td>
<td><code>${entry.requestId}</code></td>
<td>${names.get(entry.keyId) ?? html`<span class="muted">unknown key</span>`}</td>
<td>${fieldLabel(entry.endpoint)}</td>
<td><code>${entry.value}</code></td>
<td class="number">${entry.status}</td>
<td>${verdictOf(entry)}</td>
<td>${entry.errorCode ?? entry.reason ?? ''}</td>
<td class="number">${formatCount(entry.latencyMs)}</td>
</tr>`,
  );
  return scrollingTable(
    'Usage log',
    html`<table>
<caption>${formatQuantity(model.entries.length, 'request')}, newest first</caption>
<thead><tr><th scope="col">Time (UTC)</th><th scope="col">Request id</th><th scope="col">Key</th><th scope="col">Field</th><th scope="col">Value</th><th scope="col" class="number">Status</th><th scope="col">Verdict</th><th scope="col">Error code or reason</th><th scope="col" class="number">Latency (ms)</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** GET /dashboard/accounts/{id}/usage. */
export function renderUsageLogPage(frame: Frame, model: UsageLogPageModel): string {
  const { overview } = model;
  return renderDocument({
    title: `Usage log of ${overview.account.name}`,
    frame,
    current: 'usage',
    main: html`${accountHeading(frame, overview, 'usage', `Usage log of ${overview.account.name}`)}
<p>Every request made with one of the account's keys is here: the counted ones (requests, job lines, watch checks) with their verdict, and the refused ones with their status and error code, which are never counted. A request with an unknown key belongs to no account and is not logged. Personal numbers (NIF, SIN, SSN, and VAT numbers that embed one) are logged as <code>${USAGE_LOG_MASK}</code>. The log keeps ${model.keptDays} days of entries; the daily counts on the overview are kept for good.</p>
${filterForm(model)}
<p><a href="${usageCsvPath(overview.account.id, model.filter)}" download>Download these entries as CSV</a></p>
${formError(frame.words, model.error)}
${logTable(model)}
${model.nextBefore !== null && html`<p class="pager"><a href="${usagePath(overview.account.id, model.filter, model.nextBefore)}" rel="next">Older entries</a></p>`}`,
  });
}
