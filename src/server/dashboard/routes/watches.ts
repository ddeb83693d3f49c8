/** An account's watched VAT numbers: GET /dashboard/accounts/{id}/watches (read only: watches are made over the API). */
import type { Hono } from 'hono';
import { renderWatchesPage } from '../views/index.js';
import { accountPage, htmlPage, type DashboardDeps } from './context.js';

/** Mounts the watches page. */
export function mountWatchPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/watches',
    accountPage(deps, async (request, accountId) => {
      const [overview, watches] = await Promise.all([request.admin.accountOverview(accountId), request.services.store.watches.list(accountId)]);
      return htmlPage(200, renderWatchesPage(request.frame, { overview, watches }));
    }),
  );
}
