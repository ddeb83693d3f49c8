/**
 * An account's webhook: GET /dashboard/accounts/{id}/webhooks (URL, forms, last deliveries), POST
 * to it (sets the URL), POST …/rotate (a new secret). Both forms are CSRF-checked; the secret they
 * make is in their answer only (the dashboard's Cache-Control: no-store keeps it out of caches),
 * never on the page again. A URL the administration refuses answers the page again with 400.
 */
import type { Hono } from 'hono';
import { formText, typedValues } from '../forms.js';
import { renderWebhooksPage } from '../views/index.js';
import type { WebhooksPageModel } from '../views/models.js';
import { accountPage, accountPost, htmlPage, inputError, PageRefusal, type DashboardDeps, type PageRequest } from './context.js';

/** The deliveries the page lists, newest first. */
const LISTED_DELIVERIES = 20;

async function webhooksPage(request: PageRequest, accountId: string, status: number, extra: Pick<WebhooksPageModel, 'secret' | 'form'> = {}): Promise<Response> {
  const [overview, endpoint, deliveries] = await Promise.all([
    request.admin.accountOverview(accountId),
    request.admin.webhook(accountId),
    request.admin.webhookDeliveries(accountId, LISTED_DELIVERIES),
  ]);
  return htmlPage(status, renderWebhooksPage(request.frame, { overview, endpoint, deliveries, ...extra }));
}

/** Mounts the webhook page and its two forms. */
export function mountWebhookPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/webhooks',
    accountPage(deps, async (request, accountId) => webhooksPage(request, accountId, 200)),
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
      return webhooksPage(request, accountId, 200, { secret });
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
        throw new PageRefusal(409, 'No webhook URL', [inputError(error), 'Set a webhook URL first: saving it makes the first secret.']);
      }
      return webhooksPage(request, accountId, 200, { secret });
    }),
  );
}
