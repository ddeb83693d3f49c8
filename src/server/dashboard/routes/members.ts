/**
 * An account's members (owners and the operator: the role check is ./context.ts's, by ../roles.ts):
 * GET /dashboard/accounts/{id}/members, POST to it (add), POST …/members/{memberId}/role and
 * …/remove; each form answers 303 back to the list with `?done=`, or the list again with the form's
 * error (400 for what was typed, 409 for an address taken or the last owner). And sign out
 * everywhere: GET …/sign-out-everywhere (the confirmation), POST to it (every session of the
 * account ended, this one included, and 303 to the sign-in entry).
 */
import type { Hono } from 'hono';
import { addMember, listMembers, MemberChangeError, parseRole, removeMember, setMemberRole } from '../../admin/members.js';
import { formText, typedValues } from '../forms.js';
import { MEMBERS_PAGE } from '../i18n/members-page.js';
import type { Phrase } from '../i18n/phrase.js';
import { cameOverHttps, expiredSessionCookie } from '../session.js';
import { renderMembersPage, renderSignOutEverywherePage } from '../views/index.js';
import type { MembersPageModel } from '../views/models.js';
import { DASHBOARD_PATH, membersPath } from '../views/paths.js';
import { accountPage, accountPost, htmlPage, inputError, notFound, seeOther, type DashboardDeps, type PageRequest } from './context.js';

/** What `?done=` says on the list. */
const DONE: Readonly<Record<string, Phrase>> = {
  added: MEMBERS_PAGE.doneAdded,
  role: MEMBERS_PAGE.doneRole,
  removed: MEMBERS_PAGE.doneRemoved,
  'signed-out': MEMBERS_PAGE.doneSignedOut,
};

async function membersPage(request: PageRequest, accountId: string, status: number, extra: Pick<MembersPageModel, 'form'> = {}): Promise<Response> {
  const [overview, members] = await Promise.all([request.admin.accountOverview(accountId), listMembers(request.services.store, accountId)]);
  const done = request.c.req.query('done');
  const phrase = done === undefined || !Object.hasOwn(DONE, done) ? undefined : DONE[done];
  const notice = phrase === undefined ? undefined : request.frame.words.say(phrase);
  return htmlPage(status, renderMembersPage(request.frame, { overview, members, ...(notice === undefined ? {} : { notice }), ...extra }));
}

/** Runs a member change; 303 to the list saying `done`, or the list with the refusal. */
async function change(request: PageRequest, accountId: string, form: URLSearchParams, done: string, work: () => Promise<unknown>): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (error instanceof MemberChangeError) {
      if (error.reason === 'not-found') throw notFound();
      return membersPage(request, accountId, 409, { form: { values: typedValues(form), error: error.message } });
    }
    return membersPage(request, accountId, 400, { form: { values: typedValues(form), error: inputError(error) } });
  }
  return seeOther(`${membersPath(accountId)}?done=${done}`);
}

/** Mounts the members pages and sign out everywhere. */
export function mountMemberPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/members',
    accountPage(deps, (request, accountId) => membersPage(request, accountId, 200)),
  );

  app.post(
    '/dashboard/accounts/:id/members',
    accountPost(deps, (request, accountId, form) =>
      change(request, accountId, form, 'added', () =>
        addMember(request.services.store, accountId, formText(form, 'email'), parseRole(formText(form, 'role')), request.services.now()),
      ),
    ),
  );

  app.post(
    '/dashboard/accounts/:id/members/:memberId/role',
    accountPost(deps, (request, accountId, form) =>
      change(request, accountId, form, 'role', () => setMemberRole(request.services.store, accountId, request.c.req.param('memberId') ?? '', parseRole(formText(form, 'role')))),
    ),
  );

  app.post(
    '/dashboard/accounts/:id/members/:memberId/remove',
    accountPost(deps, (request, accountId, form) =>
      change(request, accountId, form, 'removed', () => removeMember(request.services.store, accountId, request.c.req.param('memberId') ?? '')),
    ),
  );

  app.get(
    '/dashboard/accounts/:id/sign-out-everywhere',
    accountPage(deps, async (request, accountId) => htmlPage(200, renderSignOutEverywherePage(request.frame, { overview: await request.admin.accountOverview(accountId) }))),
  );

  app.post(
    '/dashboard/accounts/:id/sign-out-everywhere',
    accountPost(deps, async (request, accountId) => {
      await request.admin.accountOverview(accountId);
      await request.services.store.sessions.deleteForAccount(accountId);
      // The operator's own session is not the account's: it stays, and goes back to the account.
      if (request.signedIn.viewer.kind === 'operator') return seeOther(`${membersPath(accountId)}?done=signed-out`);
      return seeOther(DASHBOARD_PATH, { 'Set-Cookie': expiredSessionCookie(cameOverHttps(request.c.req.raw)) });
    }),
  );
}
