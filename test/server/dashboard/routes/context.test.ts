/**
 * Who may see what: an account's session sees only its own account. Another account's id in any
 * URL, by GET or POST, answers the same 404 page as an id that does not exist, and changes nothing;
 * the operator's pages answer 404 to it too. The operator sees every account. Nobody signed in is
 * sent to /dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../../src/server/storage/types.js';
import { getPage, postForm, signIn, startDashboardServer, type Browser, type DashboardServer } from '../../../support/dashboard.js';
import { createAccount, createKey } from '../../../support/server.js';

let server: DashboardServer;
let a: Account;
let b: Account;
let keyOfA: string;
let keyOfB: string;
let sessionOfA: Browser;
let operator: Browser;

beforeAll(async () => {
  server = await startDashboardServer();
  a = await createAccount(server.store, 'STARTER');
  b = await createAccount(server.store, 'GROWTH', { vatNumber: null });
  keyOfA = (await createKey(server.store, a)).id;
  keyOfB = (await createKey(server.store, b)).id;
  sessionOfA = await signIn(server, a.id);
  operator = await signIn(server, null);
});

afterAll(async () => {
  await server.close();
});

const pagesOf = (id: string, keyId: string): string[] => [
  `/dashboard/accounts/${id}`,
  `/dashboard/accounts/${id}?days=90`,
  `/dashboard/accounts/${id}/keys`,
  `/dashboard/accounts/${id}/keys/${keyId}/revoke`,
  `/dashboard/accounts/${id}/usage`,
];

describe("an account's session", () => {
  it('reads its own pages', async () => {
    for (const path of pagesOf(a.id, keyOfA)) expect((await getPage(server.url, path, sessionOfA)).status, path).toBe(200);
  });

  it("gets the 404 page for B's pages: the same page as for an id that does not exist", async () => {
    const unknown = await getPage(server.url, '/dashboard/accounts/no-such-account', sessionOfA);
    expect(unknown.status).toBe(404);
    for (const path of [...pagesOf(b.id, keyOfB), `/dashboard/accounts/${a.id}/keys/${keyOfB}/revoke`]) {
      const answer = await getPage(server.url, path, sessionOfA);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).toBe(unknown.text);
      expect(answer.text, path).not.toContain(b.name);
    }
  });

  it("changes nothing of B's by POST: 404, B's keys and account as they were", async () => {
    const before = { account: await server.store.accounts.get(b.id), keys: await server.store.keys.list(b.id) };
    const posts: [string, Record<string, string | string[]>][] = [
      [`/dashboard/accounts/${b.id}/keys`, { name: 'intruder', expires: 'never', scopes: ['iban'] }],
      [`/dashboard/accounts/${b.id}/keys/${keyOfB}/revoke`, {}],
      // B's key through A's own URL: the key is not A's.
      [`/dashboard/accounts/${a.id}/keys/${keyOfB}/revoke`, {}],
      [`/dashboard/accounts/${b.id}/vat-number`, { vatNumber: 'FR40303265045' }],
      [`/dashboard/accounts/${b.id}/plan`, { plan: 'FREE' }],
      [`/dashboard/accounts/${b.id}/suspension`, { suspended: 'true' }],
    ];
    for (const [path, fields] of posts) expect((await postForm(server.url, path, sessionOfA, fields)).status, path).toBe(404);
    expect({ account: await server.store.accounts.get(b.id), keys: await server.store.keys.list(b.id) }).toEqual(before);
  });

  it("gets the 404 page for the operator's pages and forms, its own account's included", async () => {
    expect((await getPage(server.url, '/dashboard/accounts', sessionOfA)).status).toBe(404);
    const before = await server.store.accounts.list();
    expect((await postForm(server.url, '/dashboard/accounts', sessionOfA, { name: 'mine', plan: 'PRO' })).status).toBe(404);
    expect((await postForm(server.url, `/dashboard/accounts/${a.id}/plan`, sessionOfA, { plan: 'PRO' })).status).toBe(404);
    expect((await postForm(server.url, `/dashboard/accounts/${a.id}/suspension`, sessionOfA, { suspended: 'true' })).status).toBe(404);
    expect(await server.store.accounts.list()).toEqual(before);
  });

  it('shows no operator control on its own overview', async () => {
    const overview = await getPage(server.url, `/dashboard/accounts/${a.id}`, sessionOfA);
    expect(overview.text).not.toContain(`/dashboard/accounts/${a.id}/plan`);
    expect(overview.text).not.toContain(`/dashboard/accounts/${a.id}/suspension`);
  });
});

describe("the operator's session", () => {
  it("reads every account's pages", async () => {
    for (const path of [...pagesOf(a.id, keyOfA), ...pagesOf(b.id, keyOfB), '/dashboard/accounts']) {
      expect((await getPage(server.url, path, operator)).status, path).toBe(200);
    }
  });

  it('gets the 404 page for an account or key that does not exist, and for a key of another account', async () => {
    for (const path of ['/dashboard/accounts/no-such-account', '/dashboard/accounts/no-such-account/keys', `/dashboard/accounts/${a.id}/keys/no-such-key/revoke`, `/dashboard/accounts/${a.id}/keys/${keyOfB}/revoke`]) {
      expect((await getPage(server.url, path, operator)).status, path).toBe(404);
    }
    expect((await postForm(server.url, `/dashboard/accounts/${a.id}/keys/${keyOfB}/revoke`, operator)).status).toBe(404);
    expect((await server.store.keys.list(b.id))[0]?.revokedAt).toBeNull();
  });

  it('gets the 404 page for text that cannot be an id (a NUL, a dot-dot, 2,000 characters) without the store being asked', async () => {
    const { accounts, keys } = server.store;
    const [get, list] = [accounts.get.bind(accounts), keys.list.bind(keys)];
    const asked: string[] = [];
    // As PostgreSQL does for a NUL in a text parameter: the query fails.
    const refuse = (id: string): void => {
      asked.push(id);
      if (id.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
    };
    accounts.get = async (id) => (refuse(id), get(id));
    keys.list = async (id) => (refuse(id), list(id));
    try {
      for (const id of ['%00', `${a.id}%00`, '%2e%2e', 'x'.repeat(2_000)]) {
        for (const path of [`/dashboard/accounts/${id}`, `/dashboard/accounts/${id}/keys`, `/dashboard/accounts/${id}/usage`]) {
          expect((await getPage(server.url, path, operator)).status, path).toBe(404);
        }
        expect((await postForm(server.url, `/dashboard/accounts/${id}/plan`, operator, { plan: 'PRO' })).status, id).toBe(404);
      }
      expect(asked.filter((id) => id !== a.id && id !== b.id)).toEqual([]);
    } finally {
      accounts.get = get;
      keys.list = list;
    }
  });
});

describe('nobody signed in', () => {
  it('is sent to /dashboard from every page, and changes nothing by POST', async () => {
    for (const path of [...pagesOf(a.id, keyOfA), '/dashboard/accounts', '/dashboard/nothing-here']) {
      const answer = await getPage(server.url, path);
      expect(answer.status, path).toBe(303);
      expect(answer.headers.get('location'), path).toBe('/dashboard');
    }
    const before = await server.store.keys.list(a.id);
    expect((await postForm(server.url, `/dashboard/accounts/${a.id}/keys`, null, { name: 'anon', scopes: ['iban'] })).status).toBe(303);
    expect(await server.store.keys.list(a.id)).toEqual(before);
  });
});

describe('a path the dashboard does not have', () => {
  it('is the 404 page for a session, for any method', async () => {
    expect((await getPage(server.url, '/dashboard/nothing-here', operator)).status).toBe(404);
    expect((await getPage(server.url, '/dashboard/logout', operator)).status).toBe(404);
    expect((await postForm(server.url, '/dashboard/nothing-here', operator)).status).toBe(404);
  });
});

describe('a store that fails', () => {
  let failing: DashboardServer;
  let browser: Browser;
  let mode: 'works' | 'unavailable' | 'broken' = 'works';

  beforeAll(async () => {
    failing = await startDashboardServer();
    const { store } = failing;
    const find = store.sessions.find.bind(store.sessions);
    // The session lookup is the first store call of every signed-in page.
    store.sessions.find = async (hash) => {
      if (mode === 'unavailable') throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      if (mode === 'broken') throw new Error('internal detail: /secret/path/verifield.db');
      return find(hash);
    };
    const account = await createAccount(store, 'FREE');
    browser = await signIn(failing, account.id);
  });

  afterAll(async () => {
    await failing.close();
  });

  it('answers 503 with Retry-After when it is unavailable, and 500 without internals when it breaks, never a stack', async () => {
    mode = 'unavailable';
    const unavailable = await getPage(failing.url, '/dashboard', browser);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('5');
    expect(unavailable.text).toContain('cannot reach its store');
    mode = 'broken';
    const broken = await postForm(failing.url, '/dashboard/logout', browser);
    expect(broken.status).toBe(500);
    expect(broken.text).not.toContain('/secret/path');
    expect(broken.text).not.toMatch(/at .*\.ts:\d+/);
    expect(failing.logs.some((line) => line.includes('dashboard request failed'))).toBe(true);
    mode = 'works';
    expect((await getPage(failing.url, '/dashboard', browser)).status).toBe(303);
  });
});
