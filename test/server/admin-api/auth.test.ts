/**
 * Who may call the admin API, over real HTTP: the operator token (VERIFIELD_ADMIN_TOKEN) on every
 * endpoint; a wrong token, none, or a service without one: 401 and nothing changed; dashboard
 * sessions, whose changes need the session's CSRF token; and no credential in a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorTokenCheck } from '../../../src/server/admin-api/auth.js';
import { tokenHash } from '../../../src/server/dashboard/session.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Store } from '../../../src/server/storage/types.js';
import { adminCall, OPERATOR_TOKEN, signIn, type As, type Session } from '../../support/admin-api.js';
import { accountWithKey, closeInOrder, createKey, fakeConfig, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';

let fakes: Fakes;
let store: Store;
/** Runs with the operator token. */
let service: TestServer;
/** Runs without one: Bearer access is off. */
let tokenless: TestServer;

beforeAll(async () => {
  fakes = await startFakes();
  store = await openEmbeddedStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), adminToken: OPERATOR_TOKEN, authFailureLimits: false });
  tokenless = await startTestServer(store, fakeConfig(fakes));
});

afterAll(() => closeInOrder(service, tokenless, store, fakes));

const operator: As = { token: OPERATOR_TOKEN };

/** One request to each endpoint of the admin API, for `accountId` and `keyId`. */
function everyEndpoint(accountId: string, keyId: string): Array<{ method: string; path: string; body?: unknown }> {
  return [
    { method: 'GET', path: '/accounts' },
    { method: 'POST', path: '/accounts', body: { name: 'Made by a test', plan: 'FREE' } },
    { method: 'GET', path: `/accounts/${accountId}` },
    { method: 'PATCH', path: `/accounts/${accountId}`, body: { name: 'Renamed by a test' } },
    { method: 'GET', path: `/accounts/${accountId}/keys` },
    { method: 'POST', path: `/accounts/${accountId}/keys`, body: { name: 'made by a test' } },
    { method: 'GET', path: `/accounts/${accountId}/usage?days=7` },
    { method: 'GET', path: `/accounts/${accountId}/log?limit=5` },
    { method: 'DELETE', path: `/keys/${keyId}` },
  ];
}

/** What the store holds of accounts and keys, to show that a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const accounts = await store.accounts.list();
  const keys = await Promise.all(accounts.map((account) => store.keys.list(account.id)));
  return JSON.stringify({ accounts, keys });
}

describe('the operator token', () => {
  it('works on every endpoint, and every answer says Cache-Control: no-store', async () => {
    const { account } = await accountWithKey(store, 'GROWTH');
    const spare = await createKey(store, account);
    const statuses: number[] = [];
    for (const { method, path, body } of everyEndpoint(account.id, spare.id)) {
      const answer = await adminCall(service.url, method, path, operator, { body });
      expect(answer.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 201, 200, 200, 200, 201, 200, 200, 200]);
    expect((await store.accounts.get(account.id))?.name).toBe('Renamed by a test');
    expect((await store.keys.list(account.id)).find((key) => key.id === spare.id)?.revokedAt).not.toBeNull();
  });

  it('refuses a wrong token, one character more or less, another scheme and no credentials with 401 UNAUTHENTICATED on every endpoint; nothing changes', async () => {
    const { account } = await accountWithKey(store, 'GROWTH');
    const spare = await createKey(store, account);
    const before = await snapshot();
    const refused: As[] = [{ token: 'wrong' }, { token: `${OPERATOR_TOKEN}x` }, { token: OPERATOR_TOKEN.slice(0, -1) }, { token: OPERATOR_TOKEN.toUpperCase() }, 'nobody'];
    for (const as of refused) {
      for (const { method, path, body } of everyEndpoint(account.id, spare.id)) {
        const answer = await adminCall(service.url, method, path, as, { body });
        expect(answer.status, `${method} ${path} as ${JSON.stringify(as)}`).toBe(401);
        expect(answer.json).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
    }
    const basic = await adminCall(service.url, 'GET', '/accounts', 'nobody', { headers: { Authorization: `Basic ${Buffer.from(`operator:${OPERATOR_TOKEN}`).toString('base64')}` } });
    expect(basic.status).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it('is refused (401) by a service started without VERIFIELD_ADMIN_TOKEN, where sessions still work', async () => {
    const { account } = await accountWithKey(store, 'STARTER');
    for (const token of [OPERATOR_TOKEN, '', 'undefined']) {
      const answer = await adminCall(tokenless.url, 'GET', '/accounts', { token });
      expect(answer.status, token).toBe(401);
      expect(answer.json).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    }
    const session = await signIn(store, null);
    expect((await adminCall(tokenless.url, 'GET', `/accounts/${account.id}`, { session })).status).toBe(200);
  });

  it('is the only thing a request with a Bearer token is judged by: a wrong one is not passed over for a valid session cookie', async () => {
    const session = await signIn(store, null);
    const answer = await adminCall(service.url, 'GET', '/accounts', { session }, { headers: { Authorization: 'Bearer not-the-token' } });
    expect(answer.status).toBe(401);
  });
});

describe('dashboard sessions', () => {
  let mine: Awaited<ReturnType<typeof accountWithKey>>;
  let session: Session;

  beforeAll(async () => {
    mine = await accountWithKey(store, 'GROWTH');
    session = await signIn(store, mine.account.id);
  });

  it("an operator session lists every account; an account's session lists its own only", async () => {
    const operatorSession = await signIn(store, null);
    const all = await adminCall<{ accounts: { id: string }[] }>(service.url, 'GET', '/accounts', { session: operatorSession });
    expect(all.json.accounts.map((account) => account.id).sort()).toEqual((await store.accounts.list()).map((account) => account.id).sort());
    const own = await adminCall<{ accounts: { id: string }[] }>(service.url, 'GET', '/accounts', { session });
    expect(own.json.accounts.map((account) => account.id)).toEqual([mine.account.id]);
  });

  it('reads without the CSRF token; POST, PATCH and DELETE without it, with a wrong one or with another session\'s answer 403 CSRF_TOKEN_INVALID and change nothing', async () => {
    const spare = await createKey(store, mine.account);
    const other = await signIn(store, mine.account.id);
    const before = await snapshot();
    for (const { method, path, body } of everyEndpoint(mine.account.id, spare.id)) {
      for (const csrf of [null, '', 'wrong', other.csrf, `${session.csrf}x`]) {
        const answer = await adminCall(service.url, method, path, { session, csrf }, { body });
        if (method === 'GET') {
          expect(answer.status, `${method} ${path}`).toBe(200);
          continue;
        }
        // POST /accounts is the operator's: refused all the same, as CSRF is checked first.
        expect(answer.status, `${method} ${path} csrf ${csrf}`).toBe(403);
        expect(answer.json).toMatchObject({ errorCode: 'CSRF_TOKEN_INVALID' });
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('changes with its CSRF token', async () => {
    const spare = await createKey(store, mine.account);
    expect((await adminCall(service.url, 'PATCH', `/accounts/${mine.account.id}`, { session }, { body: { name: 'Own name' } })).status).toBe(200);
    expect((await adminCall(service.url, 'DELETE', `/keys/${spare.id}`, { session })).status).toBe(200);
    expect((await store.accounts.get(mine.account.id))?.name).toBe('Own name');
  });

  it('an ended session, or a cookie that was never a session, is 401', async () => {
    const ended = await signIn(store, mine.account.id);
    const signedIn = await adminCall(service.url, 'GET', `/accounts/${mine.account.id}`, { session: ended });
    expect(signedIn.status).toBe(200);
    await store.sessions.delete(tokenHash(ended.token));
    expect((await adminCall(service.url, 'GET', `/accounts/${mine.account.id}`, { session: ended })).status).toBe(401);
    const forged = { cookie: `verifield_session=${'A'.repeat(43)}`, csrf: 'x' };
    expect((await adminCall(service.url, 'GET', '/accounts', { session: forged })).status).toBe(401);
  });
});

describe('operatorTokenCheck', () => {
  it('accepts exactly the configured token, and nothing when none is configured', () => {
    const check = operatorTokenCheck(OPERATOR_TOKEN);
    expect(check(OPERATOR_TOKEN)).toBe(true);
    for (const other of ['', 'x', `${OPERATOR_TOKEN} `, OPERATOR_TOKEN.slice(1), 'é'.repeat(OPERATOR_TOKEN.length)]) expect(check(other), other).toBe(false);
    for (const unset of [undefined, '']) {
      const none = operatorTokenCheck(unset);
      for (const presented of ['', 'undefined', OPERATOR_TOKEN]) expect(none(presented)).toBe(false);
    }
  });
});

describe('log lines', () => {
  it('never hold the operator token, a session cookie, a CSRF token or an API key', async () => {
    // Every test above ran first (vitest runs a file's tests in order): their lines are all here.
    const session = await signIn(store, null);
    const { account } = await accountWithKey(store, 'PRO');
    const created = await adminCall<{ key: string }>(service.url, 'POST', `/accounts/${account.id}/keys`, { session }, { body: { name: 'logged?' } });
    expect(created.status).toBe(201);
    const lines = [...service.logs, ...tokenless.logs].join('\n');
    expect(lines).toContain('admin: key created');
    for (const secret of [OPERATOR_TOKEN, session.token, session.csrf, created.json.key]) expect(lines).not.toContain(secret);
  });
});
