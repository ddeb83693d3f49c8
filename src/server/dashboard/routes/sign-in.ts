/**
 * Signing in and out: GET /dashboard (the sign-in help, or the viewer's first page), GET and POST
 * /dashboard/sign-in (an address, to which one-time links are mailed: ../email-sign-in.ts), GET
 * /dashboard/login/{token} (a one-time link: the session cookie, and a page that goes on to /dashboard), POST
 * /dashboard/logout (the session ended on the server and its cookie removed).
 */
import type { Hono } from 'hono';
import { csrfMatches, CSRF_FIELD, signInCsrfTokenFor } from '../csrf.js';
import { formText, readForm } from '../forms.js';
import { cameOverHttps, cookieValue, endSession, expiredSessionCookie, hasTokenShape, newSecretToken, sessionCookie } from '../session.js';
import { signInWithLink } from '../sign-in.js';
import { accountPath, ACCOUNTS_PATH, DASHBOARD_PATH, LOGOUT_PATH, SIGN_IN_PATH, SIGN_IN_SENT_PATH } from '../views/paths.js';
import { renderMessagePage } from '../views/index.js';
import { renderSignInPage } from '../views/sign-in-page.js';
import { FAILURES } from '../i18n/common.js';
import type { Wording } from '../i18n/phrase.js';
import { SIGN_IN } from '../i18n/sign-in.js';
import { failurePage, htmlPage, messagePage, nobody, page, PageRefusal, postedForm, readyServices, seeOther, sessionOf, wordsOf, type DashboardDeps } from './context.js';

/** What the dashboard's entry says to a visitor who is not signed in. */
const SIGN_IN_HELP: readonly Wording[] = [
  SIGN_IN.noPasswords,
  { phrase: SIGN_IN.forAnAccount, values: { command: 'verifield accounts login-link --account ID' } },
  { phrase: SIGN_IN.forTheOperator, values: { command: 'verifield admin login-link' } },
  SIGN_IN.linkLasts,
];

/** The one answer to a link that cannot sign in, whatever the reason: a guesser learns nothing. */
const LINK_REFUSED: readonly Wording[] = [SIGN_IN.linkRefused];

/** The pre-session cookie: a random token keying the sign-in form's CSRF token (../csrf.ts), sent back to the sign-in path only. */
const PRE_SESSION_COOKIE = 'verifield_sign_in';
/** How long a sign-in form stays usable (the cookie's Max-Age). */
const PRE_SESSION_SECONDS = 3600;

/** What the page after the address form says, whatever the address. */
const MAIL_SENT: readonly Wording[] = [SIGN_IN.mailOnItsWay, SIGN_IN.noMail];

function preSessionCookie(token: string, secure: boolean): string {
  return `${PRE_SESSION_COOKIE}=${token}; Path=${SIGN_IN_PATH}; Max-Age=${PRE_SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The form's token, kept from a pre-session cookie of the right shape, else a new one. */
function preSessionToken(cookieHeader: string | undefined): { token: string; isNew: boolean } {
  const presented = cookieValue(cookieHeader, PRE_SESSION_COOKIE);
  if (presented !== undefined && hasTokenShape(presented)) return { token: presented, isNew: false };
  return { token: newSecretToken(), isNew: true };
}

/** Mounts GET /dashboard, GET and POST /dashboard/sign-in, GET /dashboard/sign-in/sent, GET /dashboard/login/{token} and POST /dashboard/logout. */
export function mountSignInRoutes(app: Hono, deps: DashboardDeps): void {
  app.get(SIGN_IN_PATH, (c) => {
    const { emailSignIn } = deps;
    if (emailSignIn === undefined) return htmlPage(200, renderSignInPage(wordsOf(c), { csrfToken: null }));
    const { token, isNew } = preSessionToken(c.req.header('cookie'));
    const headers: Record<string, string> = isNew ? { 'Set-Cookie': preSessionCookie(token, cameOverHttps(c.req.raw)) } : {};
    return htmlPage(200, renderSignInPage(wordsOf(c), { csrfToken: signInCsrfTokenFor(token) }), headers);
  });

  app.post(SIGN_IN_PATH, async (c) => {
    try {
      const { emailSignIn } = deps;
      if (emailSignIn === undefined) return seeOther(SIGN_IN_PATH);
      const outcome = await readForm(c.req.raw);
      if (!outcome.ok) throw new PageRefusal(outcome.status, FAILURES.formNotAccepted, [outcome.message]);
      const token = cookieValue(c.req.header('cookie'), PRE_SESSION_COOKIE);
      if (token === undefined || !hasTokenShape(token) || !csrfMatches({ csrfToken: signInCsrfTokenFor(token) }, outcome.form.get(CSRF_FIELD))) {
        throw new PageRefusal(403, FAILURES.formNotAccepted, [SIGN_IN.wrongSignInToken, SIGN_IN.openAgain]);
      }
      const services = await readyServices(deps);
      emailSignIn.request(services.store, formText(outcome.form, 'email'), deps.sourceOf?.(c) ?? 'unknown', services.now(), wordsOf(c));
      return seeOther(SIGN_IN_SENT_PATH);
    } catch (error) {
      return failurePage(error, nobody(c), deps, c.req.path);
    }
  });

  app.get(SIGN_IN_SENT_PATH, (c) => messagePage(nobody(c), 200, SIGN_IN.checkMailTitle, MAIL_SENT));

  app.get(DASHBOARD_PATH, async (c) => {
    try {
      const services = await readyServices(deps);
      const signedIn = await sessionOf(c, services);
      if (signedIn === null) return htmlPage(200, renderMessagePage(nobody(c), { title: SIGN_IN.title, paragraphs: SIGN_IN_HELP, link: { path: SIGN_IN_PATH, label: SIGN_IN.byEmail } }));
      const { viewer } = signedIn;
      return seeOther(viewer.kind === 'operator' ? ACCOUNTS_PATH : accountPath(viewer.accountId));
    } catch (error) {
      return failurePage(error, nobody(c), deps, c.req.path);
    }
  });

  app.get('/dashboard/login/:token', async (c) => {
    try {
      const services = await readyServices(deps);
      const now = services.now();
      const token = await signInWithLink(services.store, c.req.param('token'), now);
      if (token === null) return messagePage(nobody(c), 400, SIGN_IN.linkRefusedTitle, LINK_REFUSED);
      // A session this browser had before is replaced: end it, rather than leave it usable until it idles out.
      const previous = await sessionOf(c, services);
      if (previous !== null) await endSession(services.store, previous);
      // A page of ours moves the browser on, not a redirect: a link clicked on another site (webmail, a
      // chat) makes a cross-site navigation, on whose redirects a SameSite=Strict cookie just set is
      // not sent; the navigation this page starts is same-site, so the dashboard sees the session.
      const body = renderMessagePage(nobody(c), { title: SIGN_IN.signedIn, paragraphs: [], goOnTo: { path: DASHBOARD_PATH, label: SIGN_IN.continue } });
      return htmlPage(200, body, { 'Set-Cookie': sessionCookie(token, cameOverHttps(c.req.raw)) });
    } catch (error) {
      return failurePage(error, nobody(c), deps, c.req.path);
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
