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
import { fieldLabelIn } from './fields.js';
import { html, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { Frame, KeysPageModel } from './models.js';
import { keysPath, revokePath } from './paths.js';
import { frameMay } from '../roles.js';
import { FRAME } from '../i18n/common.js';
import { KEY_COUNTS, KEYS } from '../i18n/keys.js';
import type { Phrase } from '../i18n/phrase.js';
import type { Words } from '../i18n/words.js';

/** The expiries the create form offers (what the admin service reads: src/server/admin/key-admin.ts). */
const EXPIRY_CHOICES: ReadonlyArray<{ value: string; label: Phrase }> = [
  { value: '12h', label: KEYS.expires12h },
  { value: '30d', label: KEYS.expires30d },
  { value: '1y', label: KEYS.expires1y },
  { value: 'never', label: KEYS.expiresNever },
];

const STATUS_WORDS: Readonly<Record<ListedKey['status'], Phrase>> = { live: KEYS.live, revoked: KEYS.revoked, expired: KEYS.expired };
const DEFAULT_EXPIRY = '30d';

function expiryChoices(words: Words): Choice[] {
  return EXPIRY_CHOICES.map((choice) => ({ value: choice.value, label: words.say(choice.label) }));
}

/** A key's scope: "all fields", or the fields chosen in the service's order (every one, if so chosen). */
function scopesText(words: Words, key: ListedKey): string {
  if (key.allFields === true) return words.say(KEYS.allFields);
  return words.list(FIELD_NAMES.filter((field) => key.scopes.includes(field)).map((field) => fieldLabelIn(words, field)));
}

function keysTable(words: Words, accountId: string, keys: readonly ListedKey[], mayChange: boolean): Markup {
  if (keys.length === 0) return html`<p class="empty">${words.say(mayChange ? KEYS.noKeysCreate : KEYS.noKeys)}</p>`;
  const prefix = words.say(KEYS.prefix);
  const scopes = words.say(KEYS.scopes);
  const created = words.say(KEYS.created);
  const expires = words.say(KEYS.expires);
  const lastUsed = words.say(KEYS.lastUsed);
  const status = words.say(KEYS.status);
  const never = words.say(KEYS.never);
  const rows = keys.map(
    (key) => html`<tr>
<th scope="row">${key.name}</th>
<td data-label="${prefix}"><code>${key.displayPrefix}…</code></td>
<td data-label="${scopes}">${scopesText(words, key)}</td>
<td data-label="${created}">${words.timeTag(key.createdAt)}</td>
<td data-label="${expires}">${key.expiresAt === null ? never : words.timeTag(key.expiresAt)}</td>
<td data-label="${lastUsed}">${key.lastUsedAt === null ? never : words.timeTag(key.lastUsedAt)}</td>
<td data-label="${status}"><span class="status ${key.status === 'live' ? 'status-ok' : 'status-bad'}">${words.say(STATUS_WORDS[key.status])}</span></td>
<td>${key.status === 'live' && mayChange ? html`<a href="${revokePath(accountId, key.id)}">${words.say(KEYS.revoke)}<span class="visually-hidden"> ${key.name}</span></a>` : ''}</td>
</tr>`,
  );
  return scrollingTable(
    words.say(FRAME.keys),
    html`<table class="stack">
<thead><tr><th scope="col">${words.say(KEYS.name)}</th><th scope="col">${prefix}</th><th scope="col">${scopes}</th><th scope="col">${created}</th><th scope="col">${expires}</th><th scope="col">${lastUsed}</th><th scope="col">${status}</th><th scope="col"><span class="visually-hidden">${words.say(KEYS.action)}</span></th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

function createdKey(frame: Frame, created: { key: string; name: string }): Markup {
  const { words } = frame;
  return shownOnce(words, {
    id: 'created-key',
    heading: words.sayMarkup(KEYS.newKey, { name: created.name }),
    about: html`${words.say(KEYS.newKeyAbout)}`,
    label: words.say(KEYS.newKeyLabel),
    value: created.key,
    copy: words.say(KEYS.copyKey),
  });
}

function createForm(frame: Frame, model: KeysPageModel): Markup {
  const { words } = frame;
  const values = model.form?.values;
  // A fresh form offers "all fields" with every box ticked; a form sent back, what it had (the
  // boxes comma-separated, none when absent; a form without the choice sent a list).
  const checked = values === undefined ? new Set<string>(FIELD_NAMES) : new Set((values['scopes'] ?? '').split(',').filter((scope) => scope !== ''));
  const allFields = values === undefined || values['scope'] === ALL_FIELDS;
  return html`<section aria-labelledby="create-key-heading">
<h2 id="create-key-heading">${words.say(KEYS.createHeading)}</h2>
${formError(frame.words, model.form?.error)}
<form method="post" action="${keysPath(model.overview.account.id)}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'create-key', name: 'name', label: words.say(KEYS.name), value: values?.['name'], required: true, maxLength: 100, hint: words.say(KEYS.nameHint) })}
${selectField({ form: 'create-key', name: 'expires', label: words.say(KEYS.expiresAfter), choices: expiryChoices(words), selected: values?.['expires'] ?? DEFAULT_EXPIRY })}
<fieldset>
<legend>${words.say(KEYS.scopeLegend)}</legend>
<div class="checkbox"><input type="radio" id="create-key-scope-all" name="scope" value="${ALL_FIELDS}"${allFields && html` checked`}><label for="create-key-scope-all">${words.say(KEYS.scopeAll)}</label></div>
<div class="checkbox"><input type="radio" id="create-key-scope-chosen" name="scope" value="chosen"${!allFields && html` checked`}><label for="create-key-scope-chosen">${words.say(KEYS.scopeChosen)}</label></div>
<div class="checkboxes">${FIELD_NAMES.map(
    (field) =>
      html`<div class="checkbox"><input type="checkbox" id="create-key-scope-${field}" name="scopes" value="${field}"${checked.has(field) && html` checked`}><label for="create-key-scope-${field}">${fieldLabelIn(words, field)}</label></div>`,
  )}</div>
</fieldset>
<button type="submit">${words.say(KEYS.createKey)}</button>
</form>
</section>`;
}

/** GET /dashboard/accounts/{id}/keys, with the key a creation made (`created`) or the word that it was shown (`shownBefore`). */
export function renderKeysPage(frame: Frame, model: KeysPageModel): string {
  const { overview } = model;
  const { words } = frame;
  const live = model.keys.filter((key) => key.status === 'live').length;
  const title = words.say(KEYS.title, { account: overview.account.name });
  return renderDocument({
    title,
    frame,
    current: 'keys',
    main: html`${accountHeading(frame, overview, 'keys', title)}
${model.created !== undefined && createdKey(frame, model.created)}
${model.shownBefore === true && shownBefore(words, words.say(KEYS.keyShownBefore))}
<p>${words.counted(KEY_COUNTS.allowed, overview.limits.maxKeys, { live, plan: overview.account.plan })}</p>
${keysTable(words, overview.account.id, model.keys, frameMay(frame, 'developer'))}
${frameMay(frame, 'developer') && createForm(frame, model)}`,
  });
}
