/**
 * Members and roles through the dashboard over HTTP: an owner (signed in by the operator's link)
 * manages the Members page (add by address and role, change a role, remove, never the last owner);
 * a viewer reads every page but each form is refused 403 and its buttons are absent; a developer
 * manages keys and webhooks but has no Members page and no account settings; removing a member
 * ends its sessions; "sign out everywhere" ends every session of the account, this one included,
 * and leaves the operator's.
 */
import { describe, expect, it } from 'vitest';
import { createLoginLink, loginPath } from '../../../../src/server/dashboard/sign-in.js';
import type { MemberRole } from '../../../../src/server/storage/types.js';
import { csrfOf, getPage, postForm, sessionCookieOf, signIn, useSignedInAccount, type Browser } from '../../../support/dashboard.js';

const fixture = useSignedInAccount('STARTER');

const accountPath = (): string => `/dashboard/accounts/${fixture.account.id}`;

/** A member of the fixture's account with `role`, signed in by a link naming it. */
async function signInAs(role: MemberRole, email = `${role}-${crypto.randomUUID()}@shop.example`): Promise<Browser & { memberId: string }> {
  const { server, account } = fixture;
  const member = await server.store.members.add({ id: crypto.randomUUID(), accountId: account.id, email, role, createdAt: new Date() });
  if (member === null) throw new Error('member not added');
  const { token } = await createLoginLink(server.store, account.id, server.clock.now(), member.id);
  const opened = await fetch(`${server.url}${loginPath(token)}`, { redirect: 'manual' });
  const cookie = sessionCookieOf(opened.headers) as string;
  const first = await getPage(server.url, accountPath(), { cookie, csrf: '' });
  expect(first.status).toBe(200);
  return { cookie, csrf: csrfOf(first.text), memberId: member.id };
}

describe('the Members page of an owner', () => {
  it('adds a member by address and role, changes its role, removes it, and never the last owner', async () => {
    const { server, browser } = fixture;
    const page = await getPage(server.url, `${accountPath()}/members`, browser);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<a href="/dashboard/accounts/' + fixture.account.id + '/members"');
    const added = await postForm(server.url, `${accountPath()}/members`, browser, { email: ' Ana@Shop.Example ', role: 'owner' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${accountPath()}/members?done=added`);
    const [ana] = await server.store.members.list(fixture.account.id);
    expect(ana).toMatchObject({ email: 'ana@shop.example', role: 'owner' });
    const listed = await getPage(server.url, `${accountPath()}/members?done=added`, browser);
    expect(listed.text).toContain('ana@shop.example');
    expect(listed.text).toContain('Member added');

    const again = await postForm(server.url, `${accountPath()}/members`, browser, { email: 'ana@shop.example', role: 'viewer' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('ana@shop.example is a member of this account already');
    expect((await postForm(server.url, `${accountPath()}/members`, browser, { email: 'nope', role: 'viewer' })).status).toBe(400);
    expect((await postForm(server.url, `${accountPath()}/members`, browser, { email: 'x@shop.example', role: 'admin' })).status).toBe(400);

    const id = ana?.id as string;
    const demoted = await postForm(server.url, `${accountPath()}/members/${id}/role`, browser, { role: 'viewer' });
    expect(demoted.status).toBe(409);
    expect(demoted.text).toContain('at least one owner');
    expect((await postForm(server.url, `${accountPath()}/members/${id}/remove`, browser)).status).toBe(409);
    const bo = await postForm(server.url, `${accountPath()}/members`, browser, { email: 'bo@shop.example', role: 'developer' });
    expect(bo.status).toBe(303);
    const boId = (await server.store.members.list(fixture.account.id)).find((m) => m.email === 'bo@shop.example')?.id as string;
    expect((await postForm(server.url, `${accountPath()}/members/${boId}/role`, browser, { role: 'owner' })).headers.get('location')).toBe(`${accountPath()}/members?done=role`);
    expect((await postForm(server.url, `${accountPath()}/members/${id}/remove`, browser)).headers.get('location')).toBe(`${accountPath()}/members?done=removed`);
    expect((await server.store.members.list(fixture.account.id)).map((m) => [m.email, m.role])).toEqual([['bo@shop.example', 'owner']]);
    expect((await postForm(server.url, `${accountPath()}/members/${crypto.randomUUID()}/remove`, browser)).status).toBe(404);
  });
});

describe('a viewer', () => {
  it('reads every page, with no form button, and every form is refused 403 with nothing changed', async () => {
    const { server } = fixture;
    const viewer = await signInAs('viewer');
    const keys = await getPage(server.url, `${accountPath()}/keys`, viewer);
    expect(keys.status).toBe(200);
    expect(keys.text).not.toContain('Create key');
    expect(keys.text).not.toContain('/revoke"');
    const webhooks = await getPage(server.url, `${accountPath()}/webhooks`, viewer);
    expect(webhooks.status).toBe(200);
    expect(webhooks.text).not.toContain('Save URL');
    const overview = await getPage(server.url, accountPath(), viewer);
    expect(overview.text).not.toContain('Save VAT number');
    expect(overview.text).not.toContain('Sign out everywhere');
    expect(overview.text).not.toContain('>Members</a>');
    expect(overview.text).toContain('Sign out</button>');
    expect((await getPage(server.url, `${accountPath()}/usage`, viewer)).status).toBe(200);

    for (const [path, fields] of [
      [`${accountPath()}/keys`, { name: 'x', scope: 'all' }],
      [`${accountPath()}/webhooks`, { url: 'https://shop.example/hooks' }],
      [`${accountPath()}/vat-number`, { vatNumber: '' }],
      [`${accountPath()}/members`, { email: 'z@shop.example', role: 'owner' }],
      [`${accountPath()}/sign-out-everywhere`, {}],
    ] as const) {
      const refused = await postForm(server.url, path, viewer, fields);
      expect(refused.status, path).toBe(403);
      expect(refused.text).toContain('Not allowed');
    }
    expect((await getPage(server.url, `${accountPath()}/members`, viewer)).status).toBe(403);
    expect((await getPage(server.url, `${accountPath()}/webhooks/rotate`, viewer)).status).toBe(403);
    expect(await server.store.keys.list(fixture.account.id)).toEqual([]);
    expect(await server.store.members.findByEmail('z@shop.example')).toEqual([]);
    // Signing out is anyone's.
    expect((await postForm(server.url, '/dashboard/logout', viewer)).status).toBe(303);
  });
});

describe('a developer', () => {
  it('manages keys, but has no Members page and no account settings', async () => {
    const { server } = fixture;
    const developer = await signInAs('developer');
    const keys = await getPage(server.url, `${accountPath()}/keys`, developer);
    expect(keys.text).toContain('Create key');
    expect(keys.text).not.toContain('>Members</a>');
    const created = await postForm(server.url, `${accountPath()}/keys`, developer, { name: 'dev key', scope: 'all', expires: '30d' });
    expect(created.status).toBe(303);
    expect((await getPage(server.url, `${accountPath()}/members`, developer)).status).toBe(403);
    expect((await postForm(server.url, `${accountPath()}/members`, developer, { email: 'y@shop.example', role: 'owner' })).status).toBe(403);
    expect((await postForm(server.url, `${accountPath()}/vat-number`, developer, { vatNumber: '' })).status).toBe(403);
    expect((await getPage(server.url, accountPath(), developer)).text).not.toContain('Save VAT number');
  });

  it('is signed out when removed, and sees a new role from its next request', async () => {
    const { server, browser } = fixture;
    const developer = await signInAs('developer');
    expect((await postForm(server.url, `${accountPath()}/members/${developer.memberId}/role`, browser, { role: 'viewer' })).status).toBe(303);
    expect((await postForm(server.url, `${accountPath()}/keys`, developer, { name: 'now refused', scope: 'all' })).status).toBe(403);
    expect((await postForm(server.url, `${accountPath()}/members/${developer.memberId}/remove`, browser)).status).toBe(303);
    const after = await getPage(server.url, accountPath(), developer);
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toBe('/dashboard');
  });
});

describe('sign out everywhere', () => {
  it('asks first, then ends every session of the account, this one included, and not the operator\'s', async () => {
    const { server } = fixture;
    const owner = await signInAs('owner');
    const other = await signIn(server, fixture.account.id);
    const operator = await signIn(server, null);
    const confirm = await getPage(server.url, `${accountPath()}/sign-out-everywhere`, owner);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('End every dashboard session of the account');
    expect((await getPage(server.url, accountPath(), owner)).text).toContain(`href="${accountPath()}/sign-out-everywhere"`);
    const done = await postForm(server.url, `${accountPath()}/sign-out-everywhere`, owner);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/dashboard');
    expect(done.headers.get('set-cookie')).toContain('Max-Age=0');
    for (const browser of [owner, other]) expect((await getPage(server.url, accountPath(), browser)).status).toBe(303);
    expect((await getPage(server.url, accountPath(), operator)).status).toBe(200);
    const byOperator = await postForm(server.url, `${accountPath()}/sign-out-everywhere`, operator);
    expect(byOperator.headers.get('location')).toBe(`${accountPath()}/members?done=signed-out`);
    expect((await getPage(server.url, accountPath(), operator)).status).toBe(200);
  });
});

describe("the operator's sign-in link for an account", () => {
  it('is made by a form on the overview, shown once by the page it leads to, and signs in as the owner', async () => {
    const { server, account } = fixture;
    const operator = await signIn(server, null);
    expect((await getPage(server.url, accountPath(), operator)).text).toContain('Make a sign-in link');
    const made = await postForm(server.url, `${accountPath()}/sign-in-link`, operator);
    expect(made.status).toBe(303);
    const location = made.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${accountPath()}\\?reveal=[A-Za-z0-9_-]{43}$`));
    expect(made.text).not.toContain('/dashboard/login/');
    const shown = await getPage(server.url, location, operator);
    const link = new RegExp(`${server.url}/dashboard/login/[A-Za-z0-9_-]{43}`).exec(shown.text)?.[0];
    expect(link).toBeDefined();
    const again = await getPage(server.url, location, operator);
    expect(again.text).not.toContain('/dashboard/login/');
    expect(again.text).toContain('This secret was shown once');
    const opened = await fetch(link as string, { redirect: 'manual' });
    expect(opened.status).toBe(200);
    const cookie = sessionCookieOf(opened.headers) as string;
    const members = await getPage(server.url, `${accountPath()}/members`, { cookie, csrf: '' });
    expect(members.status).toBe(200);
    expect(server.logs.join('\n')).not.toContain((link as string).slice(-43));
    // An account's session has no such form: the 404 page, as for every operator page.
    expect((await postForm(server.url, `/dashboard/accounts/${account.id}/sign-in-link`, { cookie, csrf: csrfOf(members.text) })).status).toBe(404);
  });
});

describe('the Members page in a French browser', () => {
  it('says what the last form did in French', async () => {
    const { server, account } = fixture;
    // A session of its own: "sign out everywhere" above ended the fixture's.
    const browser = await signIn(server, account.id);
    const page = await getPage(server.url, `${accountPath()}/members?done=added`, browser, { 'Accept-Language': 'fr' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Membre ajouté : il peut désormais demander un lien de connexion avec son adresse.');
    expect(page.text).not.toContain('Member added');
    expect((await getPage(server.url, `${accountPath()}/members?done=toString`, browser, { 'Accept-Language': 'fr' })).status).toBe(200);
  });
});
