/**
 * The operator's pages through their forms: create an account (its name, whatever it holds, shown
 * as text), refused inputs answered with the page again, change a plan, suspend an account after
 * its confirmation page (its keys answer 401 ACCOUNT_SUSPENDED) and resume it; every form answers
 * 303 to a page; an account's own session gets 404 for each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../../src/server/storage/types.js';
import { getPage, postForm, signIn, startDashboardServer, type Browser, type DashboardServer } from '../../../support/dashboard.js';
import { germanIban } from '../../../support/generators/iban.js';
import { accountWithKey, post } from '../../../support/server.js';

const HOSTILE = '<script>alert(1)</script>';
const IBAN = germanIban('370400440532013000');

let server: DashboardServer;
let operator: Browser;

beforeAll(async () => {
  server = await startDashboardServer();
  operator = await signIn(server, null);
});

afterAll(async () => {
  await server.close();
});

describe('account creation', () => {
  it('creates the account and leads to its page; a name with markup is shown as text', async () => {
    const created = await postForm(server.url, '/dashboard/accounts', operator, { name: HOSTILE, plan: 'growth', vatNumber: '', subscriptionStart: '2026-02-10' });
    expect(created.status).toBe(303);
    const accounts = await server.store.accounts.list();
    const account = accounts.find((candidate) => candidate.name === HOSTILE) as Account;
    expect(account).toMatchObject({ plan: 'GROWTH', subscriptionStart: '2026-02-10', vatNumber: null });
    expect(created.headers.get('location')).toBe(`/dashboard/accounts/${account.id}`);

    for (const path of ['/dashboard/accounts', `/dashboard/accounts/${account.id}`, `/dashboard/accounts/${account.id}/keys`]) {
      const page = await getPage(server.url, path, operator);
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toContain(HOSTILE);
      expect(page.text, path).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('answers a refused input with the page again (400), the message and what was typed; nothing created', async () => {
    const before = (await server.store.accounts.list()).length;
    const cases: [Record<string, string>, string][] = [
      [{ name: '', plan: 'FREE' }, 'a name must be 1 to 100 printable characters'],
      [{ name: 'Typed "name"', plan: 'GOLD' }, '&quot;GOLD&quot; is not a plan'],
      [{ name: 'Typed "name"', plan: 'FREE', subscriptionStart: '2026-02-30' }, 'is not a date'],
      [{ name: 'Typed "name"', plan: 'FREE', vatNumber: 'XX123' }, 'is not a VAT number VIES or HMRC can check'],
    ];
    for (const [fields, message] of cases) {
      const answer = await postForm(server.url, '/dashboard/accounts', operator, fields);
      expect(answer.status, message).toBe(400);
      expect(answer.text, message).toContain(message);
      if (fields.name !== '') expect(answer.text, message).toContain('value="Typed &quot;name&quot;"');
    }
    expect((await server.store.accounts.list()).length).toBe(before);
  });
});

describe("an account's plan and suspension", () => {
  let account: Account;
  let key: string;

  beforeAll(async () => {
    ({ account, key } = await accountWithKey(server.store, 'FREE'));
  });

  it('changes the plan: 303 back to the overview, which says so', async () => {
    const changed = await postForm(server.url, `/dashboard/accounts/${account.id}/plan`, operator, { plan: 'PRO' });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe(`/dashboard/accounts/${account.id}?done=plan`);
    expect((await server.store.accounts.get(account.id))?.plan).toBe('PRO');
    const overview = await getPage(server.url, changed.headers.get('location') as string, operator);
    expect(overview.text).toContain('The plan is now PRO.');
  });

  it('refuses a plan that does not exist with the overview again (400), the plan unchanged', async () => {
    const refused = await postForm(server.url, `/dashboard/accounts/${account.id}/plan`, operator, { plan: 'PLATINUM' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('&quot;PLATINUM&quot; is not a plan');
    expect((await server.store.accounts.get(account.id))?.plan).toBe('PRO');
  });

  it("suspends after its confirmation page: the account's key answers 401 ACCOUNT_SUSPENDED; resumes: 200 again", async () => {
    expect((await post(server.url, 'iban', { value: IBAN }, key)).status).toBe(200);
    const confirm = await getPage(server.url, `/dashboard/accounts/${account.id}/suspension`, operator);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain(`action="/dashboard/accounts/${account.id}/suspension"`);
    expect(confirm.text).toContain('<input type="hidden" name="suspended" value="true">');
    expect(confirm.text).toContain(`name="_csrf" value="${operator.csrf}"`);
    expect(confirm.text).toContain('Suspend account</button>');
    // The confirmation alone changes nothing.
    expect((await server.store.accounts.get(account.id))?.suspendedAt).toBeNull();
    const suspended = await postForm(server.url, `/dashboard/accounts/${account.id}/suspension`, operator, { suspended: 'true' });
    expect(suspended.status).toBe(303);
    expect(suspended.headers.get('location')).toBe(`/dashboard/accounts/${account.id}?done=suspension`);
    const overview = await getPage(server.url, suspended.headers.get('location') as string, operator);
    expect(overview.text).toContain('The account is suspended');
    const refused = await post(server.url, 'iban', { value: IBAN }, key);
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe('ACCOUNT_SUSPENDED');
    const again = await getPage(server.url, `/dashboard/accounts/${account.id}/suspension`, operator);
    expect(again.text).toContain('was suspended on');
    expect(again.text).not.toContain('name="suspended" value="true"');

    const resumed = await postForm(server.url, `/dashboard/accounts/${account.id}/suspension`, operator, { suspended: 'false' });
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get('location')).toBe(`/dashboard/accounts/${account.id}?done=suspension`);
    expect((await server.store.accounts.get(account.id))?.suspendedAt).toBeNull();
    expect((await post(server.url, 'iban', { value: IBAN }, key)).status).toBe(200);
  });

  it('refuses a suspension value that is neither true nor false (400), nothing changed', async () => {
    const refused = await postForm(server.url, `/dashboard/accounts/${account.id}/suspension`, operator, { suspended: 'maybe' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('suspended must be true (suspend) or false (resume)');
    expect((await server.store.accounts.get(account.id))?.suspendedAt).toBeNull();
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await postForm(server.url, '/dashboard/accounts/no-such-account/plan', operator, { plan: 'PRO' })).status).toBe(404);
    expect((await postForm(server.url, '/dashboard/accounts/no-such-account/suspension', operator, { suspended: 'true' })).status).toBe(404);
    expect((await getPage(server.url, '/dashboard/accounts/no-such-account/suspension', operator)).status).toBe(404);
  });

  it("answers 404 to the account's own session for the suspension, its confirmation and the plan, nothing changed", async () => {
    const own = await signIn(server, account.id);
    expect((await getPage(server.url, `/dashboard/accounts/${account.id}/suspension`, own)).status).toBe(404);
    expect((await postForm(server.url, `/dashboard/accounts/${account.id}/suspension`, own, { suspended: 'true' })).status).toBe(404);
    expect((await postForm(server.url, `/dashboard/accounts/${account.id}/plan`, own, { plan: 'FREE' })).status).toBe(404);
    expect(await server.store.accounts.get(account.id)).toMatchObject({ plan: 'PRO', suspendedAt: null });
  });
});

describe("the operator's pages in a French browser", () => {
  it('lists the accounts and asks before suspending one, in French', async () => {
    const french = { 'Accept-Language': 'fr' };
    const { account } = await accountWithKey(server.store, 'FREE');
    const accounts = await getPage(server.url, '/dashboard/accounts', operator, french);
    expect(accounts.status).toBe(200);
    expect(accounts.text).toContain('Créer un compte');
    expect(accounts.text).not.toContain('Create an account');
    const confirm = await getPage(server.url, `/dashboard/accounts/${account.id}/suspension`, operator, french);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Suspendre le compte « <strong>');
    expect(confirm.text).not.toContain('Nothing is deleted');
  });
});
