/**
 * Signing in and out: GET /dashboard (the sign-in help, or the viewer's first page), GET
 * /dashboard/login/{token} (a one-time link: the session cookie, and a page that goes on to /dashboard), POST
 * /dashboard/logout (the session ended on the server and its cookie removed).
 */
import type { Hono } from 'hono';
import { cameOverHttps, endSession, expiredSessionCookie, sessionCookie } from '../session.js';
import { signInWithLink } from '../sign-in.js';
import { accountPath, ACCOUNTS_PATH, DASHBOARD_PATH, LOGOUT_PATH } from '../views/paths.js';
import { renderMessagePage } from '../views/index.js';
import { failurePage, htmlPage, messagePage, NOBODY, page, postedForm, readyServices, seeOther, sessionOf, type DashboardDeps } from './context.js';

/** What the dashboard's entry says to a visitor who is not signed in. */
const SIGN_IN_HELP = [
  'The dashboard has no passwords. Sign in with a one-time link, made on the machine that runs the service:',
  'For an account (its keys, usage and settings): verifield accounts login-link --account ID',
  'For the operator (every account): verifield admin login-link',
  'Open the link it prints within 15 minutes; it works once. The session ends after 12 hours without use, or when you sign out.',
];

/** The one answer to a link that cannot sign in, whatever the reason: a guesser learns nothing. */
const LINK_REFUSED = [
  'This sign-in link is not valid: it was used already, it expired (links last 15 minutes), or it was mistyped. ' +
    'Ask for a new one: verifield accounts login-link --account ID',
];

/** Mounts GET /dashboard, GET /dashboard/login/{token} and POST /dashboard/logout. */
export function mountSignInRoutes(app: Hono, deps: DashboardDeps): void {
  app.get(DASHBOARD_PATH, async (c) => {
    try {
      const services = await readyServices(deps);
      const signedIn = await sessionOf(c, services);
      if (signedIn === null) return messagePage(NOBODY, 200, 'Sign in', SIGN_IN_HELP);
      const { viewer } = signedIn;
      return seeOther(viewer.kind === 'operator' ? ACCOUNTS_PATH : accountPath(viewer.accountId));
    } catch (error) {
      return failurePage(error, NOBODY, deps, c.req.path);
    }
  });

  app.get('/dashboard/login/:token', async (c) => {
    try {
      const services = await readyServices(deps);
      const now = services.now();
      const token = await signInWithLink(services.store, c.req.param('token'), now);
      if (token === null) return messagePage(NOBODY, 400, 'Sign-in link not valid', LINK_REFUSED);
      // A session this browser had before is replaced: end it, rather than leave it usable until it idles out.
      const previous = await sessionOf(c, services);
      if (previous !== null) await endSession(services.store, previous);
      // A page of ours moves the browser on, not a redirect: a link clicked on another site (webmail, a
      // chat) makes a cross-site navigation, on whose redirects a SameSite=Strict cookie just set is
      // not sent; the navigation this page starts is same-site, so the dashboard sees the session.
      const body = renderMessagePage(NOBODY, { title: 'Signed in', paragraphs: [], goOnTo: { path: DASHBOARD_PATH, label: 'Continue to the dashboard' } });
      return htmlPage(200, body, { 'Set-Cookie': sessionCookie(token, cameOverHttps(c.req.raw)) });
    } catch (error) {
      return failurePage(error, NOBODY, deps, c.req.path);
    }
  });

  app.post(
    LOGOUT_PATH,
    page(deps, 'signed-in', async (request) => {
      await postedForm(request);
      await endSession(request.services.store, request.signedIn);
      return seeOther(DASHBOARD_PATH, { 'Set-Cookie': expiredSessionCookie(cameOverHttps(request.c.req.raw)) });
    }),
  );
}
