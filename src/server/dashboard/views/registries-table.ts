/**
 * The status page's table of the registries beyond VIES: each with its country, whether the
 * service asks it, and whether it answers now (in words, not only colour).
 */
import type { RegistryState } from '../../registries/overview.js';
import { registryDisplayName } from '../../../vat/registry/registries.js';
import { REGISTRIES } from '../i18n/registries.js';
import { STATUS_PAGE } from '../i18n/status-page.js';
import type { Words } from '../i18n/words.js';
import { scrollingTable } from './controls.js';
import { html, type Markup } from './html.js';

function stateCell(words: Words, entry: RegistryState): Markup {
  if (!entry.configured) return html`<span class="muted">${words.say(REGISTRIES.notApplicable)}</span>`;
  return entry.failingCountryCodes.length > 0
    ? html`<span class="status status-bad">${words.say(REGISTRIES.failing)}</span>`
    : html`<span class="status status-ok">${words.say(STATUS_PAGE.available)}</span>`;
}

function row(words: Words, entry: RegistryState): Markup {
  const countries = words.list(entry.countryCodes.map((code) => `${words.country(code)} (${code})`));
  return html`<tr>
<th scope="row">${registryDisplayName(entry.registry)} <span class="muted">(${entry.registry})</span></th>
<td data-label="${words.say(REGISTRIES.country)}">${countries}</td>
<td data-label="${words.say(REGISTRIES.asked)}">${words.say(entry.configured ? REGISTRIES.askedLive : REGISTRIES.notAsked)}</td>
<td data-label="${words.say(STATUS_PAGE.now)}">${stateCell(words, entry)}</td>
</tr>`;
}

/** The section, for the registries of `states` other than VIES (VIES has the page's main table). */
export function registriesSection(words: Words, states: readonly RegistryState[]): Markup {
  const national = states.filter((entry) => entry.registry !== 'VIES');
  return html`<h2 id="registries-heading">${words.say(REGISTRIES.heading)}</h2>
<p>${words.say(REGISTRIES.about)}</p>
${scrollingTable(
  words.say(REGISTRIES.tableLabel),
  html`<table class="stack">
<thead><tr><th scope="col">${words.say(REGISTRIES.registry)}</th><th scope="col">${words.say(REGISTRIES.country)}</th><th scope="col">${words.say(REGISTRIES.asked)}</th><th scope="col">${words.say(STATUS_PAGE.now)}</th></tr></thead>
<tbody>${national.map((entry) => row(words, entry))}</tbody>
</table>`,
)}`;
}
