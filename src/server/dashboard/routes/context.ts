/**
 * What every dashboard route shares: its dependencies, the request as a page handler sees it (the
 * services, the account administration, who is signed in), the answers (an HTML page, a 303, a
 * message page), and one place that turns failures into pages: a refusal into its status, an
 * unknown account into the 404 page, a store that cannot answer into 503, anything else into a
 * logged 500 without internals.
 */
import type { Context, Handler } from 'hono';
import { createAccountAdmin, type AccountAdmin } from '../../admin/service.js';
import { UnknownAccountError } from '../../admin/key-admin.js';
import { describeError } from '../../answers/errors.js';
import { logFailure, type LogThrottle } from '../../answers/log-throttle.js';
import type { PlanLimits } from '../../policy/plans.js';
import type { Services } from '../../services.js';
import { isStoreUnavailableError } from '../../storage/errors.js';
import { StoreUnavailableError } from '../../storage/guard.js';
import { couldBeStoredId } from '../../storage/ids.js';
import type { MemberRole, Plan, RevealKind } from '../../storage/types.js';
import { hasRole, roleNeeded } from '../roles.js';
import { csrfMatches, CSRF_FIELD } from '../csrf.js';
import type { EmailSignIn } from '../email-sign-in.js';
import { readForm } from '../forms.js';
import { keepForReveal, REVEAL_PARAM, revealPath, takeReveal, type Reveal } from '../reveal.js';
import { readSession, type SignedIn } from '../session.js';
import { loggablePath } from '../sign-in.js';
import { renderMessagePage } from '../views/index.js';
import type { Frame } from '../views/models.js';
import { DASHBOARD_PATH } from '../views/paths.js';
import { FAILURES, ROLE_NAMES } from '../i18n/common.js';
import { pageLanguageOf } from '../i18n/languages.js';
import type { Wording } from '../i18n/phrase.js';
import { ENGLISH, wordsIn, type Words } from '../i18n/words.js';

/** What {@link mountDashboard} (./index.ts) needs: the same as the app's other routes. */
export interface DashboardDeps {
  /** The ready services; rejects when the service cannot start or is closed. */
  services(): Services | Promise<Services>;
  /** The plans in force (the app's, with its overrides). */
  plans: Readonly<Record<Plan, PlanLimits>>;
  /** Days the usage log keeps its rows (the service's `usageLogDays`), which the log page tells. */
  usageLogDays: number;
  /** The service's throttle of failure lines (answers/log-throttle.ts): never a token, a key or a cookie in them. */
  failureLog: LogThrottle;
  /** Jobs uploaded on the Jobs page: the cap of open jobs per account (`--max-queued-jobs`) and the runner's nudge. Default: 20, no nudge. */
  jobs?: { maxQueuedJobs: number; submitted(): void };
  /** The service's address as its users reach it (`--public-url`), in front of the sign-in links the operator makes; absent: the request's own. */
  publicUrl?: string;
  /** Sign-in by email (../email-sign-in.ts); absent when the service has no SMTP server (`--smtp-url`). */
  emailSignIn?: EmailSignIn;
  /** The client's address of a request (../../http/client-source.ts), which sign-in by email throttles by; undefined: unknown. */
  sourceOf?(c: Context): string | undefined;
}

/** A request to a page that needs a session, with what its handler works with. */
export interface PageRequest {
  /** Hono's context: the request, its parameters and query. */
  c: Context;
  /** The service's store, clock and the rest. */
  services: Services;
  /** The account administration over the store, on the service's clock and plans. */
  admin: AccountAdmin;
  /** The session. */
  signedIn: SignedIn;
  /** Who is signed in and the CSRF token, for the view. */
  frame: Frame;
}

/** A request answered with a message page: the status and what the page says. */
export class PageRefusal extends Error {
  /** Always `PageRefusal`. */
  override readonly name = 'PageRefusal';
  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The page's title. */
    readonly title: Wording,
    /** The page's paragraphs. */
    readonly paragraphs: readonly Wording[],
    /** Headers of the answer beyond the page's own (Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(ENGLISH.say(title));
  }
}

/**
 * The 404 page: for a page that does not exist, and for an account or key that is not the
 * session's own (an account is not told whether another account's id exists).
 */
export function notFound(): PageRefusal {
  return new PageRefusal(404, FAILURES.notFoundTitle, [FAILURES.notFound]);
}

/** The 403 page: what the member's role does not allow; nothing was changed. */
function forbidden(needed: MemberRole): PageRefusal {
  return new PageRefusal(403, FAILURES.notAllowedTitle, [{ phrase: FAILURES.notAllowed, values: { role: ROLE_NAMES[needed] } }, FAILURES.askAnOwner]);
}

/** The words of the language a request's Accept-Language picks (../i18n/languages.ts). */
export function wordsOf(c: Context): Words {
  return wordsIn(pageLanguageOf(c.req.header('accept-language')));
}

/** The frame of a page nobody is signed in to, in the request's language. */
export function nobody(c: Context): Frame {
  return { viewer: null, csrfToken: '', words: wordsOf(c) };
}

/** The 503 page: the store (or the whole service) cannot answer now. */
function unavailable(): PageRefusal {
  return new PageRefusal(503, FAILURES.unavailableTitle, [FAILURES.unavailable], {
    'Retry-After': '5',
  });
}

/** An HTML page with its status (the security and cache headers are added by ./index.ts for every answer). */
export function htmlPage(status: number, body: string, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=UTF-8', ...headers } });
}

/** 303 See Other to `location`: after a form, or to the page a visitor should see. */
export function seeOther(location: string, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...headers } });
}

/** A page that only says something, with its status. */
export function messagePage(frame: Frame, status: number, title: Wording, paragraphs: readonly Wording[], headers: Readonly<Record<string, string>> = {}): Response {
  return htmlPage(status, renderMessagePage(frame, { title, paragraphs }), headers);
}

/** The page of a failure: a refusal as it says, an unknown account as 404, a store outage as 503, anything else logged and 500. */
export function failurePage(error: unknown, frame: Frame, deps: DashboardDeps, path: string): Response {
  let refusal: PageRefusal;
  if (error instanceof PageRefusal) refusal = error;
  else if (error instanceof UnknownAccountError) refusal = notFound();
  else if (error instanceof StoreUnavailableError || isStoreUnavailableError(error)) {
    logFailure(deps.failureLog, { level: 'warn', msg: 'dashboard: store unavailable', path: loggablePath(path) }, describeError(error instanceof StoreUnavailableError ? error.cause : error, []));
    refusal = unavailable();
  } else {
    logFailure(deps.failureLog, { level: 'error', msg: 'dashboard request failed', path: loggablePath(path) }, describeError(error, []));
    refusal = new PageRefusal(500, FAILURES.internalTitle, [FAILURES.internal]);
  }
  return messagePage(frame, refusal.status, refusal.title, refusal.paragraphs, refusal.headers);
}

/** The services, or the 503 refusal when the service cannot start (its store cannot be opened). */
export async function readyServices(deps: DashboardDeps): Promise<Services> {
  try {
    return await deps.services();
  } catch (error) {
    logFailure(deps.failureLog, { level: 'error', msg: 'dashboard: the service is not ready' }, describeError(error, []));
    throw unavailable();
  }
}

/** The session of a request, or null. */
export async function sessionOf(c: Context, services: Services): Promise<SignedIn | null> {
  return readSession(services.store, c.req.header('cookie'), services.now());
}

/** Who may use a page: anyone signed in (each page then checks the account it shows), or only the operator. */
export type Audience = 'signed-in' | 'operator';

/**
 * A Hono handler for a page that needs a session: nobody signed in is sent to /dashboard (303), an
 * account session on an operator page gets the 404 page, and failures become pages.
 */
export function page(deps: DashboardDeps, audience: Audience, handler: (request: PageRequest) => Promise<Response>): Handler {
  return async (c) => {
    let frame = nobody(c);
    try {
      const services = await readyServices(deps);
      const signedIn = await sessionOf(c, services);
      if (signedIn === null) return seeOther(DASHBOARD_PATH);
      frame = { viewer: signedIn.viewer, csrfToken: signedIn.csrfToken, words: frame.words };
      if (audience === 'operator' && signedIn.viewer.kind !== 'operator') throw notFound();
      // Every page and form of a member checked here against its role (../roles.ts), before its handler runs.
      if (!hasRole(signedIn.viewer, roleNeeded(c.req.method, c.req.path))) throw forbidden(roleNeeded(c.req.method, c.req.path));
      const admin = createAccountAdmin(services.store, { now: services.now, plans: deps.plans });
      return await handler({ c, services, admin, signedIn, frame });
    } catch (error) {
      return failurePage(error, frame, deps, c.req.path);
    }
  };
}

/**
 * The id of the account a URL names, when the session may see it: the operator any (an unknown one
 * is found out by the administration: 404), an account only its own (anything else: 404, the same
 * page as an unknown id). Text that cannot be an id is the 404 page before the store is asked.
 */
export function visibleAccountId(request: PageRequest): string {
  const id = request.c.req.param('id') ?? '';
  const { viewer } = request.signedIn;
  if (!couldBeStoredId(id) || (viewer.kind === 'account' && viewer.accountId !== id)) throw notFound();
  return id;
}

/** A {@link page} of the account the URL names, for the sessions that may see it ({@link visibleAccountId}: anyone else gets the 404 page). */
export function accountPage(deps: DashboardDeps, handler: (request: PageRequest, accountId: string) => Promise<Response>): Handler {
  return page(deps, 'signed-in', async (request) => handler(request, visibleAccountId(request)));
}

/** An {@link accountPage} that takes a form: `handler` runs once the form's CSRF token is the session's ({@link postedForm}). */
export function accountPost(deps: DashboardDeps, handler: (request: PageRequest, accountId: string, form: URLSearchParams) => Promise<Response>): Handler {
  return accountPage(deps, async (request, accountId) => handler(request, accountId, await postedForm(request)));
}

/**
 * The form a POST sent, once its CSRF token is the session's; a refusal (403 for the token, 4xx for
 * a body that is no form) otherwise, before anything is changed.
 */
export async function postedForm(request: PageRequest): Promise<URLSearchParams> {
  const outcome = await readForm(request.c.req.raw);
  if (!outcome.ok) throw new PageRefusal(outcome.status, FAILURES.formNotAccepted, [outcome.message]);
  requireCsrf(request, outcome.form.get(CSRF_FIELD));
  return outcome.form;
}

/** Throws the 403 refusal unless `presented` (a form's `_csrf`) is the session's CSRF token. */
export function requireCsrf(request: PageRequest, presented: string | null | undefined): void {
  if (csrfMatches(request.signedIn, presented)) return;
  throw new PageRefusal(403, FAILURES.formNotAccepted, [FAILURES.noToken, FAILURES.reloadAndSend]);
}

/** The message of a form input refused by the administration (its RangeError), or the error again. */
export function inputError(error: unknown): string {
  if (error instanceof RangeError) return error.message;
  throw error;
}

/**
 * The secret the page's `?reveal=` names, taken out for this one answer (../reveal.ts): undefined
 * when the page was asked without one, null when it shows nothing (shown already, expired, another
 * session's or another page's).
 */
export async function revealed(request: PageRequest, accountId: string, kind: RevealKind): Promise<Reveal | null | undefined> {
  const reference = request.c.req.query(REVEAL_PARAM);
  if (reference === undefined) return undefined;
  return takeReveal(request.services.store, request.signedIn, reference, { accountId, kind }, request.services.now());
}

/**
 * The answer of a form that made a secret: the secret kept for the session's next page, and 303 to
 * `path`, which shows it once (a reload of that page makes nothing and shows nothing again).
 */
export async function seeOtherToReveal(request: PageRequest, path: string, reveal: Reveal): Promise<Response> {
  const reference = await keepForReveal(request.services.store, request.signedIn, reveal, request.services.now());
  return seeOther(revealPath(path, reference));
}
