/**
 * An account's usage log, newest first: the filter (field, verdict, day), one row per validation
 * (values as stored: personal numbers masked), and a link to the older entries.
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
import { usagePath } from './paths.js';

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
${inputField({ form: 'filter', name: 'day', label: 'Day (UTC)', type: 'date', value: filter.day })}
<button type="submit">Filter</button>
<a href="${usagePath(model.overview.account.id)}" class="button secondary">Clear</a>
</form>`;
}

function logTable(model: UsageLogPageModel): Markup {
  if (model.entries.length === 0) return html`<p class="empty">No validations match this filter.</p>`;
  const names = new Map(model.keys.map((key) => [key.id, key.name]));
  const rows = model.entries.map(
    (entry) => html`<tr>
<td>${timeTag(entry.at)}</td>
<td>${names.get(entry.keyId) ?? html`<span class="muted">unknown key</span>`}</td>
<td>${fieldLabel(entry.endpoint)}</td>
<td><code>${entry.value}</code></td>
<td>${entry.valid ? 'valid' : 'invalid'}</td>
<td class="number">${entry.status}</td>
<td class="number">${formatCount(entry.latencyMs)}</td>
</tr>`,
  );
  return scrollingTable(
    'Usage log',
    html`<table>
<caption>${formatQuantity(model.entries.length, 'validation')}, newest first</caption>
<thead><tr><th scope="col">Time (UTC)</th><th scope="col">Key</th><th scope="col">Field</th><th scope="col">Value</th><th scope="col">Verdict</th><th scope="col" class="number">Status</th><th scope="col" class="number">Latency (ms)</th></tr></thead>
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
<p>Personal numbers (NIF, SIN, SSN, and VAT numbers that embed one) are logged as <code>${USAGE_LOG_MASK}</code>. The log keeps ${model.keptDays} days of entries; the daily counts on the overview are kept for good.</p>
${filterForm(model)}
${formError(model.error)}
${logTable(model)}
${model.nextBefore !== null && html`<p class="pager"><a href="${usagePath(overview.account.id, model.filter, model.nextBefore)}" rel="next">Older entries</a></p>`}`,
  });
}
