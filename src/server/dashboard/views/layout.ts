/**
 * The document around every page: head (viewport, stylesheet, deferred script, the session's CSRF
 * token for scripts), a skip link, the header with the product name, the viewer's navigation and
 * the sign-out button, the main landmark, and a footer. No inline script or style: the pages are
 * sent with a CSP that allows only the dashboard's own assets.
 */
import { CSRF_FIELD } from '../csrf.js';
import { FRAME, ROLE_NAMES } from '../i18n/common.js';
import { ENGLISH, type Words } from '../i18n/words.js';
import { html, type Markup } from './html.js';
import type { Frame } from './models.js';
import { accountPath, ACCOUNTS_PATH, assetPath, DASHBOARD_PATH, jobsPath, keysPath, LOGOUT_PATH, membersPath, STATUS_PATH, usagePath, watchesPath, webhooksPath } from './paths.js';

/** The header navigation's entries; `current` marks the page shown. */
export type NavItem = 'accounts' | 'overview' | 'keys' | 'usage' | 'jobs' | 'watches' | 'webhooks' | 'members';

/** What {@link renderDocument} lays out. */
export interface Page {
  /** The page's title (the tab's title and what a screen reader announces first). */
  title: string;
  /** Who is signed in and the CSRF token; null for a public page (no navigation, no sign-out). */
  frame: Frame | null;
  /** The page's language; the frame's when there is one. */
  words?: Words;
  /** The navigation entry of this page, if it has one. */
  current?: NavItem;
  /** The content of the main landmark. */
  main: Markup;
  /** A same-site path the browser goes on to at once (meta refresh; the page links to it too). */
  goOnTo?: string;
}

/** The hidden `_csrf` field every POST form carries. */
export function csrfField(frame: Frame): Markup {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${frame.csrfToken}">`;
}

function navLink(href: string, label: string, item: NavItem, current: NavItem | undefined): Markup {
  return html`<li><a href="${href}"${item === current ? html` aria-current="page"` : ''}>${label}</a></li>`;
}

function navigation(frame: Frame, current: NavItem | undefined): Markup {
  const { viewer, words } = frame;
  if (viewer === null) return html``;
  const links =
    viewer.kind === 'operator'
      ? [navLink(ACCOUNTS_PATH, words.say(FRAME.accounts), 'accounts', current)]
      : [
          navLink(accountPath(viewer.accountId), words.say(FRAME.overview), 'overview', current),
          navLink(keysPath(viewer.accountId), words.say(FRAME.keys), 'keys', current),
          navLink(usagePath(viewer.accountId), words.say(FRAME.usageLog), 'usage', current),
          navLink(jobsPath(viewer.accountId), words.say(FRAME.jobs), 'jobs', current),
          navLink(watchesPath(viewer.accountId), words.say(FRAME.watches), 'watches', current),
          navLink(webhooksPath(viewer.accountId), words.say(FRAME.webhooks), 'webhooks', current),
          ...(viewer.role === 'owner' ? [navLink(membersPath(viewer.accountId), words.say(FRAME.members), 'members', current)] : []),
        ];
  return html`<nav class="site-nav" aria-label="${words.say(FRAME.navigation)}"><ul>${links}</ul></nav>`;
}

function signedIn(frame: Frame): Markup {
  const { viewer, words } = frame;
  if (viewer === null) return html``;
  const who =
    viewer.kind === 'operator'
      ? words.sayMarkup(FRAME.theOperator, { operator: html`<strong>${words.say(FRAME.operator)}</strong>` })
      : html`<strong>${viewer.accountName}</strong>${viewer.memberEmail !== null && html` (${viewer.memberEmail}, ${words.say(ROLE_NAMES[viewer.role])})`}`;
  return html`<div class="session">
  <p>${words.sayMarkup(FRAME.signedInAs, { who })}</p>
  <form method="post" action="${LOGOUT_PATH}">${csrfField(frame)}<button type="submit" class="secondary">${words.say(FRAME.signOut)}</button></form>
</div>`;
}

/** A whole HTML document around a page's content. */
export function renderDocument(page: Page): string {
  const { frame } = page;
  const words = frame?.words ?? page.words ?? ENGLISH;
  const signedInFrame = frame !== null && frame.viewer !== null ? frame : null;
  return html`<!doctype html>
<html lang="${words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${page.goOnTo !== undefined && html`<meta http-equiv="refresh" content="0; url=${page.goOnTo}">
`}${signedInFrame !== null && html`<meta name="csrf-token" content="${signedInFrame.csrfToken}">
`}<title>${words.say(FRAME.titleSuffix, { title: page.title })}</title>
<link rel="stylesheet" href="${assetPath('dashboard.css')}">
<script src="${assetPath('dashboard.js')}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">${words.say(FRAME.skipLink)}</a>
<header class="site-header">
  <p class="brand"><a href="${frame === null ? STATUS_PATH : DASHBOARD_PATH}">verifield</a> <span>${words.say(frame === null ? FRAME.viesStatus : FRAME.dashboard)}</span></p>
  ${frame !== null && navigation(frame, page.current)}
  ${frame !== null && signedIn(frame)}
</header>
<main id="main" tabindex="-1">
${page.main}
</main>
<footer class="site-footer"><p>${frame === null ? html`<a href="${DASHBOARD_PATH}">${words.say(FRAME.dashboardLink)}</a>` : html`<a href="${STATUS_PATH}">${words.say(FRAME.viesStatus)}</a>`} · verifield</p></footer>
</body>
</html>
`.text;
}
