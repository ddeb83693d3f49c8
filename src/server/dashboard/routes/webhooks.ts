/**
 * An account's webhook: GET /dashboard/accounts/{id}/webhooks (URL, form, last deliveries; with
 * `?reveal=`, a secret just made, shown this once), POST to it (sets the URL), GET …/rotate (the
 * confirmation) and POST to it (a new secret). Both forms are CSRF-checked; the secret they make
 * is kept for its one showing and they answer 303 to the page with its `?reveal=`, so a reload
 * neither sets nor rotates again. A URL the administration refuses answers the page again with
 * 400; rotating without a URL is a 409 page.
 */
import type { Hono } from 'hono';
import type { WebhookSummary } from '../../admin/service.js';
import { formText, typedValues } from '../forms.js';
import { renderRotatePage, renderWebhooksPage } from '../views/index.js';
import type { WebhooksPageModel } from '../views/models.js';
import { webhooksPath } from '../views/paths.js';
import { WEBHOOKS } from '../i18n/webhooks.js';
import type { Wording } from '../i18n/phrase.js';
import { accountPage, accountPost, htmlPage, inputError, PageRefusal, revealed, seeOtherToReveal, type DashboardDeps, type PageRequest } from './context.js';

/** The deliveries the page lists, newest first. */
const LISTED_DELIVERIES = 20;

async function webhooksPage(request: PageRequest, accountId: string, status: number, extra: Pick<WebhooksPageModel, 'secret' | 'shownBefore' | 'form'> = {}): Promise<Response> {
  const [overview, endpoint, deliveries] = await Promise.all([
    request.admin.accountOverview(accountId),
    request.admin.webhook(accountId),
    request.admin.webhookDeliveries(accountId, LISTED_DELIVERIES),
  ]);
  return htmlPage(status, renderWebhooksPage(request.frame, { overview, endpoint, deliveries, ...extra }));
}

/** The refusal to rotate without a URL (the administration's message, or ours when the page is only asked). */
function noUrl(message: Wording): PageRefusal {
  return new PageRefusal(409, WEBHOOKS.noUrlTitle, [message, WEBHOOKS.setUrlFirst]);
}

/** The account's webhook; the 409 page when it has none. */
async function endpointOf(request: PageRequest, accountId: string): Promise<WebhookSummary> {
  const endpoint = await request.admin.webhook(accountId);
  if (endpoint === null) throw noUrl(WEBHOOKS.nothingToRotate);
  return endpoint;
}

/** Mounts the webhook page, its URL form and the rotation with its confirmation. */
export function mountWebhookPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/webhooks',
    accountPage(deps, async (request, accountId) => {
      const reveal = await revealed(request, accountId, 'webhook-secret');
      if (reveal === undefined) return webhooksPage(request, accountId, 200);
      return webhooksPage(request, accountId, 200, reveal === null ? { shownBefore: true } : { secret: reveal.secret });
    }),
  );

  app.post(
    '/dashboard/accounts/:id/webhooks',
    accountPost(deps, async (request, accountId, form) => {
      let secret: string;
      try {
        ({ secret } = await request.admin.setWebhook(accountId, formText(form, 'url')));
      } catch (error) {
        return webhooksPage(request, accountId, 400, { form: { values: typedValues(form), error: inputError(error) } });
      }
      return seeOtherToReveal(request, webhooksPath(accountId), { accountId, kind: 'webhook-secret', secret, label: null });
    }),
  );

  app.get(
    '/dashboard/accounts/:id/webhooks/rotate',
    accountPage(deps, async (request, accountId) => {
      const [overview, endpoint] = await Promise.all([request.admin.accountOverview(accountId), endpointOf(request, accountId)]);
      return htmlPage(200, renderRotatePage(request.frame, { overview, endpoint }));
    }),
  );

  app.post(
    '/dashboard/accounts/:id/webhooks/rotate',
    accountPost(deps, async (request, accountId) => {
      let secret: string;
      try {
        ({ secret } = await request.admin.rotateWebhookSecret(accountId));
      } catch (error) {
        // The only refusal: no URL set yet.
        throw noUrl(inputError(error));
      }
      return seeOtherToReveal(request, webhooksPath(accountId), { accountId, kind: 'webhook-secret', secret, label: null });
    }),
  );
}
