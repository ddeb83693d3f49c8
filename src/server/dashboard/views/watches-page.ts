/**
 * An account's watched VAT numbers (POST /api/v1/vat/watch): each with its last known verdict, the
 * name and address VIES published, and when it was and will be checked. A number that embeds a
 * person's identity number is masked as the usage log masks it (src/fields/usage-log.ts).
 */
import { usageLogValue } from '../../../fields/usage-log.js';
import type { VatWatchRecord } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { scrollingTable } from './controls.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, WatchesPageModel } from './models.js';
import { WATCH_COUNTS, WATCHES } from '../i18n/watches.js';
import type { Words } from '../i18n/words.js';

function verdict(words: Words, watch: VatWatchRecord): Markup {
  if (watch.registered === null) return html`<span class="status status-wait">${words.say(WATCHES.notKnownYet)}</span>`;
  return watch.registered ? html`<span class="status status-ok">${words.say(WATCHES.registered)}</span>` : html`<span class="status status-bad">${words.say(WATCHES.notRegistered)}</span>`;
}

function watchesTable(words: Words, watches: readonly VatWatchRecord[]): Markup {
  if (watches.length === 0) return html`<p class="empty">${words.sayMarkup(WATCHES.noWatches, { api: html`<code>POST /api/v1/vat/watch</code>` })}</p>`;
  const rows = watches.map(
    (watch) => html`<tr>
<th scope="row"><code>${usageLogValue('vat', watch.value)}</code></th>
<td>${watch.traderName ?? '—'}</td>
<td>${verdict(words, watch)}</td>
<td>${watch.name ?? '—'}${watch.address !== null && html`<br>${watch.address}`}</td>
<td>${watch.lastCheckedAt === null ? words.say(WATCHES.never) : words.timeTag(watch.lastCheckedAt)}${
      watch.lastAttemptAt !== null && watch.lastAttemptAt.getTime() !== watch.lastCheckedAt?.getTime() && html`<br>${words.sayMarkup(WATCHES.lastTry, { time: words.timeTag(watch.lastAttemptAt) })}`
    }</td>
<td>${words.timeTag(watch.nextCheckAt)}</td>
</tr>`,
  );
  return scrollingTable(
    words.say(WATCHES.tableLabel),
    html`<table>
<thead><tr><th scope="col">${words.say(WATCHES.vatNumber)}</th><th scope="col">${words.say(WATCHES.traderName)}</th><th scope="col">${words.say(WATCHES.lastVerdict)}</th><th scope="col">${words.say(WATCHES.nameAndAddress)}</th><th scope="col">${words.say(WATCHES.lastKnownAnswer)}</th><th scope="col">${words.say(WATCHES.nextCheck)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** GET /dashboard/accounts/{id}/watches. */
export function renderWatchesPage(frame: Frame, model: WatchesPageModel): string {
  const { overview } = model;
  const { words } = frame;
  const title = words.say(WATCHES.title, { account: overview.account.name });
  return renderDocument({
    title,
    frame,
    current: 'watches',
    main: html`${accountHeading(frame, overview, 'watches', title)}
<p>${words.sayMarkup(WATCHES.intro, {
      watched: words.counted(WATCH_COUNTS.watched, model.watches.length),
      registrationChanged: html`<code>vat.registration_changed</code>`,
      detailsChanged: html`<code>vat.details_changed</code>`,
    })}</p>
${watchesTable(words, model.watches)}`,
  });
}
