/**
 * An account's watched VAT numbers (POST /api/v1/vat/watch): each with its last known verdict, the
 * name and address VIES published, and when it was and will be checked. A number that embeds a
 * person's identity number is masked as the usage log masks it (src/fields/usage-log.ts).
 */
import { usageLogValue } from '../../../fields/usage-log.js';
import type { VatWatchRecord } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { scrollingTable } from './controls.js';
import { formatCount, timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, WatchesPageModel } from './models.js';

function verdict(watch: VatWatchRecord): Markup {
  if (watch.registered === null) return html`<span class="status status-wait">not known yet</span>`;
  return watch.registered ? html`<span class="status status-ok">registered</span>` : html`<span class="status status-bad">not registered</span>`;
}

function watchesTable(watches: readonly VatWatchRecord[]): Markup {
  if (watches.length === 0) return html`<p class="empty">No watched numbers. Add one with <code>POST /api/v1/vat/watch</code>.</p>`;
  const rows = watches.map(
    (watch) => html`<tr>
<th scope="row"><code>${usageLogValue('vat', watch.value)}</code></th>
<td>${watch.traderName ?? '—'}</td>
<td>${verdict(watch)}</td>
<td>${watch.name ?? '—'}${watch.address !== null && html`<br>${watch.address}`}</td>
<td>${watch.lastCheckedAt === null ? 'never' : timeTag(watch.lastCheckedAt)}${
      watch.lastAttemptAt !== null && watch.lastAttemptAt.getTime() !== watch.lastCheckedAt?.getTime() && html`<br>last try ${timeTag(watch.lastAttemptAt)}`
    }</td>
<td>${timeTag(watch.nextCheckAt)}</td>
</tr>`,
  );
  return scrollingTable(
    'Watched numbers',
    html`<table>
<thead><tr><th scope="col">VAT number</th><th scope="col">Trader name</th><th scope="col">Last verdict</th><th scope="col">Name and address</th><th scope="col">Last known answer</th><th scope="col">Next check</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** GET /dashboard/accounts/{id}/watches. */
export function renderWatchesPage(frame: Frame, model: WatchesPageModel): string {
  const { overview } = model;
  return renderDocument({
    title: `Watched VAT numbers of ${overview.account.name}`,
    frame,
    current: 'watches',
    main: html`${accountHeading(frame, overview, 'watches', `Watched VAT numbers of ${overview.account.name}`)}
<p>${formatCount(model.watches.length)} watched number${model.watches.length === 1 ? '' : 's'}, each re-checked in VIES on a schedule (one validation per check). A verdict that changes sends <code>vat.registration_changed</code> or <code>vat.details_changed</code> to the account's webhook; VIES being down changes nothing.</p>
${watchesTable(model.watches)}`,
  });
}
