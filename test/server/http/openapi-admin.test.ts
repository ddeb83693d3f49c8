/**
 * Every answer of the admin API from a real server (startServer on 127.0.0.1:0) is checked against
 * the OpenAPI document with ajv, as test/server/http/openapi.test.ts checks the validation
 * endpoints: the status must be declared for the operation, the body must match its schema, the
 * declared headers (Cache-Control: no-store, Location, Retry-After, X-Request-Id) must be there.
 * The last test demands that every status the document declares on every admin operation was answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/server/http/openapi.js';
import { guardStore } from '../../../src/server/storage/guard.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account, Store } from '../../../src/server/storage/types.js';
import { adminCall, OPERATOR_TOKEN, signIn, type AdminAnswer, type As, type Session } from '../../support/admin-api.js';
import { germanIban } from '../../support/generators/iban.js';
import { createOpenApiValidator } from '../../support/openapi-validator.js';
import { accountWithKey, createKey, fakeConfig, post, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';

const validator = createOpenApiValidator(openApiDocument);
const ADMIN = '/api/v1/admin';

let fakes: Fakes;
let store: Store;
let main: TestServer;
/** Its store fails as a full disk does, behind the guard the service puts in front of a store: 503. */
let unavailable: TestServer;
/** Its store fails as a bug would: 500. */
let broken: TestServer;
let closeBroken: () => Promise<void>;

const operator: As = { token: OPERATOR_TOKEN };
let account: Account;
let session: Session;
let operatorSession: Session;

/** `inner` whose account reads and writes all fail with `failure()`; every other member is the store's own. */
function failingAccounts(inner: Store, failure: () => Error): Store {
  const fail = (): Promise<never> => Promise.reject(failure());
  return {
    accounts: { create: fail, get: fail, list: fail, update: fail },
    keys: inner.keys,
    usage: inner.usage,
    sessions: inner.sessions,
    loginLinks: inner.loginLinks,
    secretReveals: inner.secretReveals,
    members: inner.members,
    viesCache: inner.viesCache,
    breaker: inner.breaker,
    statusSamples: inner.statusSamples,
    rates: inner.rates,
    jobs: inner.jobs,
    batchJobs: inner.batchJobs,
    watches: inner.watches,
    webhooks: inner.webhooks,
    evidence: inner.evidence,
    probe: () => inner.probe?.() ?? Promise.resolve(),
    close: () => inner.close(),
  };
}

beforeAll(async () => {
  fakes = await startFakes();
  store = await openEmbeddedStore();
  main = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: 0, adminToken: OPERATOR_TOKEN, authFailureLimits: false });
  const diskFull = (): Error => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  const guarded = guardStore(failingAccounts(await openEmbeddedStore(), diskFull), { log: () => undefined });
  unavailable = await startTestServer(guarded, { ...fakeConfig(fakes), adminToken: OPERATOR_TOKEN });
  const buggy = failingAccounts(await openEmbeddedStore(), () => new Error('column "secret_internal" does not exist'));
  broken = await startTestServer(buggy, { ...fakeConfig(fakes), adminToken: OPERATOR_TOKEN });
  closeBroken = async () => {
    await unavailable.close();
    await broken.close();
    await guarded.close();
    await buggy.close();
  };
  ({ account } = await accountWithKey(store, 'GROWTH'));
  session = await signIn(store, account.id);
  operatorSession = await signIn(store, null);
}, 60_000);

afterAll(async () => {
  await main?.close();
  await closeBroken?.();
  await store?.close();
  await fakes?.close();
});

/** One admin request; its answer must conform to the document. */
async function call<T = Record<string, unknown>>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, as: As, body?: unknown, options: { base?: string; headers?: Record<string, string> } = {}): Promise<AdminAnswer<T>> {
  const answer = await adminCall<T>(options.base ?? main.url, method.toUpperCase(), path, as, { body, headers: options.headers });
  const problems = validator.check({ method, path: `${ADMIN}${path}`, status: answer.status, headers: answer.headers, body: answer.text });
  expect(problems, `${method.toUpperCase()} ${path} -> ${answer.status} ${answer.text.slice(0, 300)}`).toEqual([]);
  return answer;
}

const statusOf = async (answer: Promise<AdminAnswer>): Promise<number> => (await answer).status;

describe('successful answers match the document', () => {
  it('accounts: list, create, read, change', async () => {
    expect(await statusOf(call('get', '/accounts', operator))).toBe(200);
    expect(await statusOf(call('get', '/accounts', { session }))).toBe(200);
    const created = await call<{ id: string }>('post', '/accounts', operator, { name: 'Documented', plan: 'starter', subscriptionStart: '2026-01-31', vatNumber: 'FR40303265045' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${ADMIN}/accounts/${created.json.id}`);
    expect(await statusOf(call('get', `/accounts/${created.json.id}`, operator))).toBe(200);
    expect(await statusOf(call('patch', `/accounts/${created.json.id}`, operator, { plan: 'PRO', suspended: true, vatNumber: null, name: 'Changed' }))).toBe(200);
    expect(await statusOf(call('patch', `/accounts/${created.json.id}`, { session: operatorSession }, { suspended: false }))).toBe(200);
  });

  it('keys: list, create (the key shown once), revoke, revoke again', async () => {
    const created = await call<{ id: string; key: string }>('post', `/accounts/${account.id}/keys`, { session }, { name: 'documented', expires: '12h', scopes: ['iban'] });
    expect(created.status).toBe(201);
    expect((await post(main.url, 'iban', { value: germanIban('370400440532013000') }, created.json.key)).status).toBe(200);
    expect(await statusOf(call('get', `/accounts/${account.id}/keys`, { session }))).toBe(200);
    expect(await statusOf(call('delete', `/keys/${created.json.id}`, { session }))).toBe(200);
    expect(await statusOf(call('delete', `/keys/${created.json.id}`, operator))).toBe(200);
  });

  it('usage and the usage log, with entries', async () => {
    const { key } = await createKey(store, account);
    await post(main.url, 'iban', { value: 'XX12' }, key, { 'X-Service-SDK': 'openapi-admin-test/1' });
    const usage = await call<{ totals: unknown[] }>('get', `/accounts/${account.id}/usage?days=90`, operator);
    expect(usage.json.totals.length).toBeGreaterThan(0);
    const log = await call<{ entries: unknown[] }>('get', `/accounts/${account.id}/log?limit=1`, { session });
    expect(log.json).toMatchObject({ entries: [{ sdk: 'openapi-admin-test/1' }], nextBefore: expect.any(String) });
  });

  it('members: list, add, change role, remove (the operator and an owner)', async () => {
    const added = await call<{ id: string }>('post', `/accounts/${account.id}/members`, operator, { email: ' Owner@Shop.Example ', role: 'owner' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ email: 'owner@shop.example', role: 'owner' });
    expect(added.headers.get('location')).toBe(`${ADMIN}/accounts/${account.id}/members/${added.json.id}`);
    const owner = await signIn(store, account.id, added.json.id);
    const dev = await call<{ id: string }>('post', `/accounts/${account.id}/members`, { session: owner }, { email: 'dev@shop.example', role: 'developer' });
    expect(dev.status).toBe(201);
    const listed = await call<{ members: Array<{ email: string }> }>('get', `/accounts/${account.id}/members`, { session: owner });
    expect(listed.json.members.map((m) => m.email)).toEqual(['owner@shop.example', 'dev@shop.example']);
    expect((await call('patch', `/accounts/${account.id}/members/${dev.json.id}`, operator, { role: 'viewer' })).json).toMatchObject({ role: 'viewer' });
    expect(await statusOf(call('delete', `/accounts/${account.id}/members/${dev.json.id}`, { session: owner }))).toBe(200);
    expect(await statusOf(call('get', `/accounts/${account.id}/members`, operator))).toBe(200);
  });

  it('webhook: set (the secret shown once), read, rotate', async () => {
    expect(await statusOf(call('put', `/accounts/${account.id}/webhook`, { session }, { url: 'https://shop.example/hooks' }))).toBe(200);
    expect(await statusOf(call('get', `/accounts/${account.id}/webhook`, operator))).toBe(200);
    expect(await statusOf(call('post', `/accounts/${account.id}/webhook/rotate`, { session }))).toBe(200);
  });
});

describe('error answers match the document', () => {
  it('400: bad JSON, bad members, bad values, bad queries', async () => {
    expect(await statusOf(call('post', '/accounts', operator, '{'))).toBe(400);
    expect(await statusOf(call('post', '/accounts', operator, { name: 'x', plan: 'gold' }))).toBe(400);
    expect(await statusOf(call('patch', `/accounts/${account.id}`, operator, { suspended: 'no' }))).toBe(400);
    expect(await statusOf(call('post', `/accounts/${account.id}/keys`, operator, { name: 'x', scopes: ['bogus'] }))).toBe(400);
    expect(await statusOf(call('get', `/accounts/${account.id}/usage?days=0`, operator))).toBe(400);
    expect(await statusOf(call('get', `/accounts/${account.id}/log?valid=perhaps`, operator))).toBe(400);
    expect(await statusOf(call('put', `/accounts/${account.id}/webhook`, operator, { url: 'ftp://shop.example/' }))).toBe(400);
    expect(await statusOf(call('post', `/accounts/${account.id}/members`, operator, { email: 'not an address', role: 'owner' }))).toBe(400);
    expect(await statusOf(call('post', `/accounts/${account.id}/members`, operator, { email: 'a@shop.example', role: 'admin' }))).toBe(400);
    expect(await statusOf(call('patch', `/accounts/${account.id}/members/${crypto.randomUUID()}`, operator, { role: 'boss' }))).toBe(400);
  });

  /** Every admin operation, on the test's account. */
  const operations = (): ReadonlyArray<readonly ['get' | 'post' | 'put' | 'patch' | 'delete', string]> => [
    ['get', '/accounts'],
    ['post', '/accounts'],
    ['get', `/accounts/${account.id}`],
    ['patch', `/accounts/${account.id}`],
    ['get', `/accounts/${account.id}/keys`],
    ['post', `/accounts/${account.id}/keys`],
    ['delete', `/keys/${crypto.randomUUID()}`],
    ['get', `/accounts/${account.id}/usage`],
    ['get', `/accounts/${account.id}/log`],
    ['get', `/accounts/${account.id}/webhook`],
    ['put', `/accounts/${account.id}/webhook`],
    ['post', `/accounts/${account.id}/webhook/rotate`],
    ['get', `/accounts/${account.id}/members`],
    ['post', `/accounts/${account.id}/members`],
    ['patch', `/accounts/${account.id}/members/${crypto.randomUUID()}`],
    ['delete', `/accounts/${account.id}/members/${crypto.randomUUID()}`],
  ];
  const bodyFor = (method: string): unknown => (method === 'get' || method === 'delete' ? undefined : {});

  it('401 on every operation without credentials', async () => {
    for (const [method, path] of operations()) {
      expect(await statusOf(call(method, path, { token: 'not-it' }, bodyFor(method))), `${method} ${path}`).toBe(401);
    }
  });

  it('429 AUTH_RATE_LIMITED on every operation once this address got the operator token wrong 10 times', async () => {
    const limited = await startTestServer(store, { ...fakeConfig(fakes), adminToken: OPERATOR_TOKEN });
    try {
      for (let guess = 0; guess < 10; guess++) expect(await statusOf(call('get', '/accounts', { token: `guess-${guess}` }, undefined, { base: limited.url }))).toBe(401);
      for (const [method, path] of operations()) {
        expect(await statusOf(call(method, path, { token: 'not-it' }, bodyFor(method), { base: limited.url })), `${method} ${path}`).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });

  it("403: an account's session creating an account or changing its plan, and any change without the CSRF token", async () => {
    expect(await statusOf(call('post', '/accounts', { session }, { name: 'x', plan: 'FREE' }))).toBe(403);
    expect(await statusOf(call('patch', `/accounts/${account.id}`, { session }, { plan: 'PRO' }))).toBe(403);
    const noCsrf: As = { session, csrf: null };
    expect(await statusOf(call('post', `/accounts/${account.id}/keys`, noCsrf, { name: 'x' }))).toBe(403);
    expect(await statusOf(call('delete', `/keys/${crypto.randomUUID()}`, noCsrf))).toBe(403);
    expect(await statusOf(call('put', `/accounts/${account.id}/webhook`, noCsrf, { url: 'https://shop.example/' }))).toBe(403);
    expect(await statusOf(call('post', `/accounts/${account.id}/webhook/rotate`, noCsrf))).toBe(403);
    expect(await statusOf(call('post', `/accounts/${account.id}/members`, noCsrf, { email: 'x@shop.example', role: 'viewer' }))).toBe(403);
    expect(await statusOf(call('patch', `/accounts/${account.id}/members/${crypto.randomUUID()}`, noCsrf, { role: 'viewer' }))).toBe(403);
    expect(await statusOf(call('delete', `/accounts/${account.id}/members/${crypto.randomUUID()}`, noCsrf))).toBe(403);
  });

  it('403: a viewer changes nothing, a developer manages no members and no account settings', async () => {
    const { account: team } = await accountWithKey(store, 'GROWTH');
    const viewer = await store.members.add({ id: crypto.randomUUID(), accountId: team.id, email: 'viewer@shop.example', role: 'viewer', createdAt: new Date() });
    const developer = await store.members.add({ id: crypto.randomUUID(), accountId: team.id, email: 'dev@shop.example', role: 'developer', createdAt: new Date() });
    if (viewer === null || developer === null) throw new Error('members not added');
    const asViewer = { session: await signIn(store, team.id, viewer.id) };
    const asDeveloper = { session: await signIn(store, team.id, developer.id) };
    expect(await statusOf(call('get', `/accounts/${team.id}/keys`, asViewer))).toBe(200);
    expect((await call('post', `/accounts/${team.id}/keys`, asViewer, { name: 'x' })).json).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect(await statusOf(call('put', `/accounts/${team.id}/webhook`, asViewer, { url: 'https://shop.example/' }))).toBe(403);
    expect(await statusOf(call('post', `/accounts/${team.id}/keys`, asDeveloper, { name: 'dev key' }))).toBe(201);
    expect(await statusOf(call('get', `/accounts/${team.id}/members`, asDeveloper))).toBe(403);
    expect(await statusOf(call('post', `/accounts/${team.id}/members`, asDeveloper, { email: 'x@shop.example', role: 'owner' }))).toBe(403);
    expect(await statusOf(call('patch', `/accounts/${team.id}/members/${developer.id}`, asDeveloper, { role: 'owner' }))).toBe(403);
    expect(await statusOf(call('delete', `/accounts/${team.id}/members/${viewer.id}`, asDeveloper))).toBe(403);
    expect(await statusOf(call('patch', `/accounts/${team.id}`, asDeveloper, { name: 'Renamed' }))).toBe(403);
    expect((await store.members.list(team.id)).length).toBe(2);
  });

  it("404: unknown ids, and another account's", async () => {
    const other = crypto.randomUUID();
    for (const [method, path, body] of [
      ['get', `/accounts/${other}`],
      ['patch', `/accounts/${other}`, { name: 'x' }],
      ['get', `/accounts/${other}/keys`],
      ['post', `/accounts/${other}/keys`, { name: 'x' }],
      ['get', `/accounts/${other}/usage`],
      ['get', `/accounts/${other}/log`],
      ['delete', `/keys/${other}`],
      ['get', `/accounts/${other}/webhook`],
      ['put', `/accounts/${other}/webhook`, { url: 'https://shop.example/' }],
      ['post', `/accounts/${other}/webhook/rotate`],
      ['get', `/accounts/${other}/members`],
      ['post', `/accounts/${other}/members`, { email: 'x@shop.example', role: 'owner' }],
      ['patch', `/accounts/${other}/members/${other}`, { role: 'owner' }],
      ['delete', `/accounts/${other}/members/${other}`],
      ['patch', `/accounts/${account.id}/members/${other}`, { role: 'owner' }],
      ['delete', `/accounts/${account.id}/members/${other}`],
    ] as const) {
      expect(await statusOf(call(method, path, operator, body)), `${method} ${path}`).toBe(404);
    }
    const { account: theirs } = await accountWithKey(store, 'FREE');
    expect(await statusOf(call('get', `/accounts/${theirs.id}`, { session }))).toBe(404);
  });

  it('409: the key maximum, and a suspended account', async () => {
    const { account: free } = await accountWithKey(store, 'FREE');
    expect((await call('post', `/accounts/${free.id}/keys`, operator, { name: 'second' })).json).toMatchObject({ errorCode: 'KEY_LIMIT' });
    await call('patch', `/accounts/${free.id}`, operator, { suspended: true });
    expect((await call('post', `/accounts/${free.id}/keys`, operator, { name: 'while suspended' })).json).toMatchObject({ errorCode: 'ACCOUNT_SUSPENDED' });
  });

  it('409: an address that is a member already, and the last owner', async () => {
    const { account: team } = await accountWithKey(store, 'FREE');
    const owner = await call<{ id: string }>('post', `/accounts/${team.id}/members`, operator, { email: 'only@shop.example', role: 'owner' });
    expect((await call('post', `/accounts/${team.id}/members`, operator, { email: 'ONLY@shop.example', role: 'viewer' })).json).toMatchObject({ errorCode: 'MEMBER_EXISTS' });
    expect((await call('patch', `/accounts/${team.id}/members/${owner.json.id}`, operator, { role: 'developer' })).json).toMatchObject({ errorCode: 'LAST_OWNER' });
    expect((await call('delete', `/accounts/${team.id}/members/${owner.json.id}`, operator)).json).toMatchObject({ errorCode: 'LAST_OWNER' });
    expect(await store.members.list(team.id)).toMatchObject([{ email: 'only@shop.example', role: 'owner' }]);
  });

  it('413 and 415 on every operation with a body', async () => {
    for (const [method, path] of [
      ['post', '/accounts'],
      ['patch', `/accounts/${account.id}`],
      ['post', `/accounts/${account.id}/keys`],
      ['put', `/accounts/${account.id}/webhook`],
      ['post', `/accounts/${account.id}/members`],
      ['patch', `/accounts/${account.id}/members/${crypto.randomUUID()}`],
    ] as const) {
      expect(await statusOf(call(method, path, operator, { name: 'x'.repeat(20_000) })), `${method} ${path}`).toBe(413);
      expect(await statusOf(call(method, path, operator, 'name=x', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })), `${method} ${path}`).toBe(415);
    }
  });

  it('500 (no internals, a request id) and 503 (Retry-After) on every operation when the store fails', async () => {
    const keyId = crypto.randomUUID();
    const operations = [
      ['get', '/accounts'],
      ['post', '/accounts', { name: 'x', plan: 'FREE' }],
      ['get', `/accounts/${account.id}`],
      ['patch', `/accounts/${account.id}`, { name: 'x' }],
      ['get', `/accounts/${account.id}/keys`],
      ['post', `/accounts/${account.id}/keys`, { name: 'x' }],
      ['delete', `/keys/${keyId}`],
      ['get', `/accounts/${account.id}/usage`],
      ['get', `/accounts/${account.id}/log`],
      ['get', `/accounts/${account.id}/webhook`],
      ['put', `/accounts/${account.id}/webhook`, { url: 'https://shop.example/' }],
      ['post', `/accounts/${account.id}/webhook/rotate`],
      ['get', `/accounts/${account.id}/members`],
      ['post', `/accounts/${account.id}/members`, { email: 'x@shop.example', role: 'owner' }],
      ['patch', `/accounts/${account.id}/members/${keyId}`, { role: 'owner' }],
      ['delete', `/accounts/${account.id}/members/${keyId}`],
    ] as const;
    for (const [method, path, body] of operations) {
      const failed = await call(method, path, operator, body, { base: broken.url });
      expect(failed.status, `${method} ${path}`).toBe(500);
      expect(failed.json).toEqual({ message: 'Internal error', errorCode: 'INTERNAL' });
      expect(failed.text).not.toContain('secret_internal');
      const down = await call(method, path, operator, body, { base: unavailable.url });
      expect(down.status, `${method} ${path}`).toBe(503);
      expect(down.json).toMatchObject({ errorCode: 'STORE_UNAVAILABLE' });
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The failure is in the log, with its request id, and without the token.
    const line = broken.logs.find((logged) => logged.includes('admin request failed')) ?? '';
    expect(line).toContain('secret_internal');
    expect(line).not.toContain(OPERATOR_TOKEN);
  });

  it('405 with Allow: the body is the documented error of that status', async () => {
    const answer = await adminCall(main.url, 'PUT', '/accounts', operator);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const validate = validator.schema('AdminError405');
    expect(validate(answer.json), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('coverage', () => {
  it('every status the document declares on every admin operation was answered by the servers above', () => {
    const declared = validator.declared().filter((entry) => entry.includes(` ${ADMIN}/`));
    expect(declared).toHaveLength(128);
    expect(declared.filter((entry) => !validator.seen.has(entry))).toEqual([]);
  });
});
