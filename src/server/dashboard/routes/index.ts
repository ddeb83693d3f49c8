/**
 * `mountDashboard`: the web dashboard under /dashboard and the public /status page, on the app of
 * ../../http/app.ts. Every answer under both, pages, redirects and errors alike, carries the
 * headers of ../page-headers.ts. The pages are in one file per concern: sign-in, the account
 * overview, the operator's pages, keys, the usage log, jobs, watches, the webhook, the status page, the assets.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { pageLanguageOf } from '../i18n/languages.js';
import { CACHE_CONTROL, setPageHeaders } from '../page-headers.js';
import { DASHBOARD_PATH, STATUS_PATH } from '../views/paths.js';
import { mountAccountPages } from './account.js';
import { mountAssets } from './assets.js';
import { notFound, page, type DashboardDeps } from './context.js';
import { mountJobPages } from './jobs.js';
import { mountKeyPages } from './keys.js';
import { mountMemberPages } from './members.js';
import { mountOperatorPages } from './operator.js';
import { mountSignInRoutes } from './sign-in.js';
import { mountStatusPage } from './status.js';
import { mountUsageLog } from './usage-log.js';
import { mountWatchPages } from './watches.js';
import { mountWebhookPages } from './webhooks.js';

export type { DashboardDeps } from './context.js';

/**
 * The security headers on every answer of the routes below it, and `cacheControl` unless the answer
 * chose its own. A page is written in the language Accept-Language picked (../i18n/languages.ts):
 * it says which, and that another header could get another page.
 */
function pageHeaders(cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setPageHeaders(c.res.headers, cacheControl);
    if (c.res.headers.get('Content-Type')?.startsWith('text/html') === true) {
      c.res.headers.set('Content-Language', pageLanguageOf(c.req.header('accept-language')));
      c.res.headers.append('Vary', 'Accept-Language');
    }
  };
}

/**
 * Mounts the dashboard (/dashboard and below) and the status page (/status) on `app`. Anything
 * else under /dashboard is the 404 page for a session, and a 303 to /dashboard for nobody.
 */
export function mountDashboard(app: Hono, deps: DashboardDeps): void {
  // Hono's `/dashboard/*` matches /dashboard itself too: one registration covers both.
  app.use(`${DASHBOARD_PATH}/*`, pageHeaders(CACHE_CONTROL.dashboard));
  // A failed /status is not cached: the handler sets the public Cache-Control on its 200 only.
  app.use(STATUS_PATH, pageHeaders(CACHE_CONTROL.dashboard));

  mountSignInRoutes(app, deps);
  mountOperatorPages(app, deps);
  mountAccountPages(app, deps);
  mountKeyPages(app, deps);
  mountUsageLog(app, deps);
  mountJobPages(app, deps);
  mountWatchPages(app, deps);
  mountWebhookPages(app, deps);
  mountMemberPages(app, deps);
  mountAssets(app, deps);
  mountStatusPage(app, deps);

  app.all(
    `${DASHBOARD_PATH}/*`,
    page(deps, 'signed-in', async () => {
      throw notFound();
    }),
  );
}
