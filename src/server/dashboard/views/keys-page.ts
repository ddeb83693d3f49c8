/**
 * An account's keys: the table (name, display prefix, scopes, dates, status) with a link to revoke
 * each live key, the form to create one, and on the page a creation leads to (`?reveal=`) the key
 * itself, shown this once with a copy button (../assets/dashboard.js; without script the text is
 * selectable); asked again, that page says the key is not shown again.
 */
import { FIELD_NAMES } from '../../../fields/catalog.js';
import { ALL_FIELDS } from '../../admin/key-admin.js';
import type { ListedKey } from '../../admin/service.js';
import { accountHeading } from './account-heading.js';
import { formError, inputField, scrollingTable, selectField, shownBefore, shownOnce, type Choice } from './controls.js';
import { FIELD_LABELS } from './fields.js';
import { formatCount, timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { Frame, KeysPageModel } from './models.js';
import { keysPath, revokePath } from './paths.js';
import { frameMay } from '../roles.js';

/** The expiries the create form offers (what the admin service reads: src/server/admin/key-admin.ts). */
const EXPIRY_CHOICES: readonly Choice[] = [
  { value: '12h', label: '12 hours' },
  { value: '30d', label: '30 days' },
  { value: '1y', label: '1 year' },
  { value: 'never', label: 'Never' },
];
const DEFAULT_EXPIRY = '30d';

/** A key's scope: "all fields", or the fields chosen in the service's order (every one, if so chosen). */
function scopesText(key: ListedKey): string {
  if (key.allFields === true) return 'all fields';
  return FIELD_NAMES.filter((field) => key.scopes.includes(field))
    .map((field) => FIELD_LABELS[field])
    .join(', ');
}

function keysTable(accountId: string, keys: readonly ListedKey[], mayChange: boolean): Markup {
  if (keys.length === 0) return html`<p class="empty">No keys yet${mayChange ? ': create one below' : ''}.</p>`;
  const rows = keys.map(
    (key) => html`<tr>
<th scope="row">${key.name}</th>
<td data-label="Prefix"><code>${key.displayPrefix}…</code></td>
<td data-label="Scopes">${scopesText(key)}</td>
<td data-label="Created">${timeTag(key.createdAt)}</td>
<td data-label="Expires">${key.expiresAt === null ? 'never' : timeTag(key.expiresAt)}</td>
<td data-label="Last used">${key.lastUsedAt === null ? 'never' : timeTag(key.lastUsedAt)}</td>
<td data-label="Status"><span class="status ${key.status === 'live' ? 'status-ok' : 'status-bad'}">${key.status}</span></td>
<td>${key.status === 'live' && mayChange ? html`<a href="${revokePath(accountId, key.id)}">Revoke<span class="visually-hidden"> ${key.name}</span></a>` : ''}</td>
</tr>`,
  );
  return scrollingTable(
    'Keys',
    html`<table class="stack">
<thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

function createdKey(frame: Frame, created: { key: string; name: string }): Markup {
  return shownOnce(frame.words, {
    id: 'created-key',
    heading: html`Your new key “${created.name}”`,
    about: html`The service keeps only its hash, so nobody can show it to you later; if you lose it, revoke it and create another.`,
    label: 'The new key',
    value: created.key,
    copy: 'Copy key',
  });
}

function createForm(frame: Frame, model: KeysPageModel): Markup {
  const values = model.form?.values;
  // A fresh form offers "all fields" with every box ticked; a form sent back, what it had (the
  // boxes comma-separated, none when absent; a form without the choice sent a list).
  const checked = values === undefined ? new Set<string>(FIELD_NAMES) : new Set((values['scopes'] ?? '').split(',').filter((scope) => scope !== ''));
  const allFields = values === undefined || values['scope'] === ALL_FIELDS;
  return html`<section aria-labelledby="create-key-heading">
<h2 id="create-key-heading">Create a key</h2>
${formError(frame.words, model.form?.error)}
<form method="post" action="${keysPath(model.overview.account.id)}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'create-key', name: 'name', label: 'Name', value: values?.['name'], required: true, maxLength: 100, hint: 'Something you will recognise in this list, e.g. “checkout form”.' })}
${selectField({ form: 'create-key', name: 'expires', label: 'Expires after', choices: EXPIRY_CHOICES, selected: values?.['expires'] ?? DEFAULT_EXPIRY })}
<fieldset>
<legend>Fields the key may validate</legend>
<div class="checkbox"><input type="radio" id="create-key-scope-all" name="scope" value="${ALL_FIELDS}"${allFields && html` checked`}><label for="create-key-scope-all">All fields, including fields the service adds later</label></div>
<div class="checkbox"><input type="radio" id="create-key-scope-chosen" name="scope" value="chosen"${!allFields && html` checked`}><label for="create-key-scope-chosen">Only the fields ticked below, even when the service adds others</label></div>
<div class="checkboxes">${FIELD_NAMES.map(
    (field) =>
      html`<div class="checkbox"><input type="checkbox" id="create-key-scope-${field}" name="scopes" value="${field}"${checked.has(field) && html` checked`}><label for="create-key-scope-${field}">${FIELD_LABELS[field]}</label></div>`,
  )}</div>
</fieldset>
<button type="submit">Create key</button>
</form>
</section>`;
}

/** GET /dashboard/accounts/{id}/keys, with the key a creation made (`created`) or the word that it was shown (`shownBefore`). */
export function renderKeysPage(frame: Frame, model: KeysPageModel): string {
  const { overview } = model;
  const live = model.keys.filter((key) => key.status === 'live').length;
  return renderDocument({
    title: `Keys of ${overview.account.name}`,
    frame,
    current: 'keys',
    main: html`${accountHeading(frame, overview, 'keys', `Keys of ${overview.account.name}`)}
${model.created !== undefined && createdKey(frame, model.created)}
${model.shownBefore === true && shownBefore(frame.words, 'The service keeps only its hash. If you did not copy it, revoke that key and create another.')}
<p>${formatCount(live)} of ${formatCount(overview.limits.maxKeys)} live keys allowed by the ${overview.account.plan} plan.</p>
${keysTable(overview.account.id, model.keys, frameMay(frame, 'developer'))}
${frameMay(frame, 'developer') && createForm(frame, model)}`,
  });
}
