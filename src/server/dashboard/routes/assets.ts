/**
 * GET /dashboard/assets/{file}: the dashboard's stylesheet and script, served by the service itself
 * (no CDN: the dashboard works on a machine that reaches nothing), the only script and style the
 * pages' Content-Security-Policy allows. Public: the sign-in page needs them too.
 */
import type { Hono } from 'hono';
import { DASHBOARD_ASSETS } from '../assets/index.js';
import { failurePage, nobody, notFound, type DashboardDeps } from './context.js';

/** An asset may be kept five minutes: a new version of the service is seen soon after it starts. */
const ASSET_CACHE = 'public, max-age=300';

/** Mounts GET /dashboard/assets/{file}. */
export function mountAssets(app: Hono, deps: DashboardDeps): void {
  app.get('/dashboard/assets/:file', (c) => {
    const asset = DASHBOARD_ASSETS.get(c.req.param('file'));
    if (asset === undefined) return failurePage(notFound(), nobody(c), deps, c.req.path);
    return new Response(asset.body, { status: 200, headers: { 'Content-Type': asset.contentType, 'Cache-Control': ASSET_CACHE } });
  });
}
