/**
 * An account's webhook: the URL events go to, the form that sets it (a POST form with the session's
 * CSRF token) and the way to rotate its signing secret (a confirmation page first), the secret on
 * the page either leads to (`?reveal=`), shown this once with a copy button, and the last
 * deliveries with every attempt (status or error, duration), so a receiver's failures can be seen
 * without the operator's log.
 */
import type { WebhookSummary } from '../../admin/service.js';
import type { WebhookAttempt, WebhookDelivery } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { formError, inputField, scrollingTable, shownBefore, shownOnce } from './controls.js';
import { formatCount, timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { Frame, WebhooksPageModel } from './models.js';
import { rotateWebhookPath, webhooksPath } from './paths.js';
import { frameMay } from '../roles.js';

type Delivery = WebhookDelivery & { log: readonly WebhookAttempt[] };

const DELIVERY_CLASS: Record<WebhookDelivery['status'], string> = { pending: 'status-wait', delivered: 'status-ok', failed: 'status-bad' };

function shownSecret(frame: Frame, secret: string): Markup {
  return shownOnce(frame.words, {
    id: 'secret',
    heading: html`Your new signing secret`,
    about: html`Receivers check each event's <code>Verifield-Signature</code> with it; the previous secret no longer signs anything.`,
    label: 'The signing secret',
    value: secret,
    copy: 'Copy secret',
  });
}

/** Paused or failing, with the last error, so the account sees why its events wait (docs/service.md#webhooks). */
function destinationState(endpoint: WebhookSummary): Markup {
  const { destination } = endpoint;
  if (destination.pausedSince !== null) {
    return html`<p role="status"><span class="status status-bad">paused</span> since ${timeTag(destination.pausedSince)}, after ${formatCount(destination.failures)} failed attempts in a row; last error: ${destination.lastError ?? 'none'}. One event is tried at a time${destination.nextProbeAt !== null && html`, next ${timeTag(destination.nextProbeAt)}`}; the others wait and go out once it is delivered.</p>`;
  }
  if (destination.failures > 0) {
    return html`<p role="status"><span class="status status-wait">failing</span>: ${formatCount(destination.failures)} failed attempts in a row; last error: ${destination.lastError ?? 'none'}.</p>`;
  }
  return html``;
}

function endpointSection(frame: Frame, model: WebhooksPageModel): Markup {
  const accountId = model.overview.account.id;
  const { endpoint } = model;
  return html`<section aria-labelledby="endpoint-heading">
<h2 id="endpoint-heading">Endpoint</h2>
${endpoint === null ? html`<p class="empty">No webhook URL yet: events are not sent anywhere.</p>` : html`<p>Events go to <code>${endpoint.url}</code> (set ${timeTag(endpoint.updatedAt)}).</p>
${destinationState(endpoint)}`}
${frameMay(frame, 'developer') && html`${formError(frame.words, model.form?.error)}
<form method="post" action="${webhooksPath(accountId)}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'webhook', name: 'url', label: 'Webhook URL', value: model.form?.values['url'] ?? endpoint?.url, required: true, maxLength: 2048, hint: 'An https:// address that answers 2xx; saving it makes a new signing secret.', autocomplete: 'url' })}
<button type="submit">Save URL</button>
</form>`}
${endpoint !== null && frameMay(frame, 'developer') && html`<p class="actions"><a href="${rotateWebhookPath(accountId)}" class="button secondary">Rotate the signing secret</a></p>`}
</section>`;
}

function attempts(log: readonly WebhookAttempt[]): Markup {
  if (log.length === 0) return html`none yet`;
  return html`<ol>${log.map(
    (attempt) => html`<li>${timeTag(attempt.at)}: ${attempt.status === null ? (attempt.error ?? 'no answer') : `HTTP ${attempt.status}`} in ${formatCount(attempt.durationMs)} ms</li>`,
  )}</ol>`;
}

function deliveriesTable(deliveries: readonly Delivery[]): Markup {
  if (deliveries.length === 0) return html`<p class="empty">No events sent yet.</p>`;
  const rows = deliveries.map(
    (delivery) => html`<tr>
<th scope="row"><code>${delivery.id}</code><br>${delivery.type}<br>to <code>${delivery.url}</code></th>
<td>${timeTag(delivery.createdAt)}</td>
<td><span class="status ${DELIVERY_CLASS[delivery.status]}">${delivery.status}</span>${delivery.status === 'pending' && html`<br>next try ${timeTag(delivery.nextAttemptAt)}`}</td>
<td>${attempts(delivery.log)}</td>
</tr>`,
  );
  return scrollingTable(
    'Last deliveries',
    html`<table>
<thead><tr><th scope="col">Event</th><th scope="col">Created</th><th scope="col">Delivery</th><th scope="col">Attempts</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** GET /dashboard/accounts/{id}/webhooks, with the secret a form made (`secret`) or the word that it was shown (`shownBefore`). */
export function renderWebhooksPage(frame: Frame, model: WebhooksPageModel): string {
  const { overview } = model;
  return renderDocument({
    title: `Webhook of ${overview.account.name}`,
    frame,
    current: 'webhooks',
    main: html`${accountHeading(frame, overview, 'webhooks', `Webhook of ${overview.account.name}`)}
${model.secret !== undefined && shownSecret(frame, model.secret)}
${model.shownBefore === true && shownBefore(frame.words, 'The service cannot show it again. If you did not copy it, rotate the secret and copy the new one.')}
${endpointSection(frame, model)}
<section aria-labelledby="deliveries-heading">
<h2 id="deliveries-heading">Last deliveries</h2>
<p>Each event is retried with a growing delay for 24 hours until the receiver answers 2xx; receivers deduplicate by the event id.</p>
${deliveriesTable(model.deliveries)}
</section>`,
  });
}
