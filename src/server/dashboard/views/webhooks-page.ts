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
import { html, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { Frame, WebhooksPageModel } from './models.js';
import { rotateWebhookPath, webhooksPath } from './paths.js';
import { frameMay } from '../roles.js';
import { DELIVERY_STATUS, WEBHOOK_COUNTS, WEBHOOKS } from '../i18n/webhooks.js';
import type { Words } from '../i18n/words.js';

type Delivery = WebhookDelivery & { log: readonly WebhookAttempt[] };

const DELIVERY_CLASS: Record<WebhookDelivery['status'], string> = { pending: 'status-wait', delivered: 'status-ok', failed: 'status-bad' };

function shownSecret(frame: Frame, secret: string): Markup {
  const { words } = frame;
  return shownOnce(words, {
    id: 'secret',
    heading: html`${words.say(WEBHOOKS.newSecret)}`,
    about: words.sayMarkup(WEBHOOKS.newSecretAbout, { header: html`<code>Verifield-Signature</code>` }),
    label: words.say(WEBHOOKS.secretLabel),
    value: secret,
    copy: words.say(WEBHOOKS.copySecret),
  });
}

/** Paused or failing, with the last error, so the account sees why its events wait (docs/service.md#webhooks). */
function destinationState(words: Words, endpoint: WebhookSummary): Markup {
  const { destination } = endpoint;
  const error = destination.lastError ?? words.say(WEBHOOKS.none);
  if (destination.pausedSince !== null) {
    return html`<p role="status">${words.sayMarkup(WEBHOOKS.pausedState, {
      paused: html`<span class="status status-bad">${words.say(WEBHOOKS.paused)}</span>`,
      since: words.timeTag(destination.pausedSince),
      after: words.counted(WEBHOOK_COUNTS.afterFailedInARow, destination.failures),
      error,
      next: destination.nextProbeAt === null ? '' : words.sayMarkup(WEBHOOKS.nextProbe, { time: words.timeTag(destination.nextProbeAt) }),
    })}</p>`;
  }
  if (destination.failures > 0) {
    return html`<p role="status">${words.sayMarkup(WEBHOOKS.failingState, {
      failing: html`<span class="status status-wait">${words.say(WEBHOOKS.failing)}</span>`,
      attempts: words.counted(WEBHOOK_COUNTS.failedInARow, destination.failures),
      error,
    })}</p>`;
  }
  return html``;
}

function endpointSection(frame: Frame, model: WebhooksPageModel): Markup {
  const accountId = model.overview.account.id;
  const { endpoint } = model;
  const { words } = frame;
  return html`<section aria-labelledby="endpoint-heading">
<h2 id="endpoint-heading">${words.say(WEBHOOKS.endpoint)}</h2>
${endpoint === null ? html`<p class="empty">${words.say(WEBHOOKS.noUrlYet)}</p>` : html`<p>${words.sayMarkup(WEBHOOKS.eventsGoTo, { url: html`<code>${endpoint.url}</code>`, time: words.timeTag(endpoint.updatedAt) })}</p>
${destinationState(words, endpoint)}`}
${frameMay(frame, 'developer') && html`${formError(frame.words, model.form?.error)}
<form method="post" action="${webhooksPath(accountId)}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'webhook', name: 'url', label: words.say(WEBHOOKS.url), value: model.form?.values['url'] ?? endpoint?.url, required: true, maxLength: 2048, hint: words.say(WEBHOOKS.urlHint), autocomplete: 'url' })}
<button type="submit">${words.say(WEBHOOKS.saveUrl)}</button>
</form>`}
${endpoint !== null && frameMay(frame, 'developer') && html`<p class="actions"><a href="${rotateWebhookPath(accountId)}" class="button secondary">${words.say(WEBHOOKS.rotate)}</a></p>`}
</section>`;
}

function attempts(words: Words, log: readonly WebhookAttempt[]): Markup {
  if (log.length === 0) return html`${words.say(WEBHOOKS.noneYet)}`;
  return html`<ol>${log.map(
    (attempt) =>
      html`<li>${words.sayMarkup(WEBHOOKS.attempt, {
        time: words.timeTag(attempt.at),
        outcome: attempt.status === null ? (attempt.error ?? words.say(WEBHOOKS.noAnswer)) : `HTTP ${attempt.status}`,
        ms: words.number(attempt.durationMs),
      })}</li>`,
  )}</ol>`;
}

function deliveriesTable(words: Words, deliveries: readonly Delivery[]): Markup {
  if (deliveries.length === 0) return html`<p class="empty">${words.say(WEBHOOKS.noEvents)}</p>`;
  const rows = deliveries.map(
    (delivery) => html`<tr>
<th scope="row"><code>${delivery.id}</code><br>${delivery.type}<br>${words.sayMarkup(WEBHOOKS.to, { url: html`<code>${delivery.url}</code>` })}</th>
<td>${words.timeTag(delivery.createdAt)}</td>
<td><span class="status ${DELIVERY_CLASS[delivery.status]}">${words.say(DELIVERY_STATUS[delivery.status])}</span>${delivery.status === 'pending' && html`<br>${words.sayMarkup(WEBHOOKS.nextTry, { time: words.timeTag(delivery.nextAttemptAt) })}`}</td>
<td>${attempts(words, delivery.log)}</td>
</tr>`,
  );
  return scrollingTable(
    words.say(WEBHOOKS.lastDeliveries),
    html`<table>
<thead><tr><th scope="col">${words.say(WEBHOOKS.event)}</th><th scope="col">${words.say(WEBHOOKS.created)}</th><th scope="col">${words.say(WEBHOOKS.delivery)}</th><th scope="col">${words.say(WEBHOOKS.attempts)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** GET /dashboard/accounts/{id}/webhooks, with the secret a form made (`secret`) or the word that it was shown (`shownBefore`). */
export function renderWebhooksPage(frame: Frame, model: WebhooksPageModel): string {
  const { overview } = model;
  const { words } = frame;
  const title = words.say(WEBHOOKS.title, { account: overview.account.name });
  return renderDocument({
    title,
    frame,
    current: 'webhooks',
    main: html`${accountHeading(frame, overview, 'webhooks', title)}
${model.secret !== undefined && shownSecret(frame, model.secret)}
${model.shownBefore === true && shownBefore(words, words.say(WEBHOOKS.secretShownBefore))}
${endpointSection(frame, model)}
<section aria-labelledby="deliveries-heading">
<h2 id="deliveries-heading">${words.say(WEBHOOKS.lastDeliveries)}</h2>
<p>${words.say(WEBHOOKS.retried)}</p>
${deliveriesTable(words, model.deliveries)}
</section>`,
  });
}
