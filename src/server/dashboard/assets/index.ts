/**
 * The dashboard's static files, served by the service itself under /dashboard/assets/ (no CDN, no
 * external font): the only stylesheet and script its pages' Content-Security-Policy allows, written
 * to be read in ./dashboard.js and ./dashboard.css and served minified (scripts/generate-assets.ts).
 */
import { DASHBOARD_CSS, DASHBOARD_JS } from './generated/assets.js';

/** A static file: its Content-Type and its text. */
export interface DashboardAsset {
  contentType: string;
  body: string;
}

/** File name (`dashboard.css`, `dashboard.js`) -> the file. */
export const DASHBOARD_ASSETS: ReadonlyMap<string, DashboardAsset> = new Map([
  ['dashboard.css', { contentType: 'text/css; charset=utf-8', body: DASHBOARD_CSS }],
  ['dashboard.js', { contentType: 'text/javascript; charset=utf-8', body: DASHBOARD_JS }],
]);
