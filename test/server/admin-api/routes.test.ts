/**
 * The admin API's operations over real HTTP, as a user of it sees them: an account's session kept
 * to its own account (another's id or key: 404, as unknown), plan and suspension the operator's
 * only, a suspension and a plan change taking effect on the validation endpoints, the key made by
 * the API working until the API revokes it, the usage totals and the log telling the validations
 * just made, and the answers of wrong methods and paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEntry } from '../../support/store/usage-entry.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account, Store } from '../../../src/server/storage/types.js';
import { adminCall, OPERATOR_TOKEN, signIn, type AdminAnswer, type As, type Session } from '../../support/admin-api.js';
import { startSlowProxy, type SlowProxy } from '../../support/fakes/slow-proxy.js';
import { germanIban } from '../../support/generators/iban.js';
import { dni } from '../../support/generators/nif.js';
import { luxembourgVat } from '../../support/generators/vat.js';
import { accountWithKey, createKey, fakeConfig, post, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';

let fakes: Fakes;
let slowVies: SlowProxy;
let store: Store;
let service: TestServer;

const operator: As = { token: OPERATOR_TOKEN };
const IBAN = germanIban('370400440532013000');

beforeAll(async () => {
  fakes = await startFakes();
  slowVies = await startSlowProxy(fakes.vies.url, 800);
  store = await openEmbeddedStore();
  // VIES behind a slow proxy holds VAT requests in flight (as test/server/limits.test.ts does); the
  // shared pool is large, so that only the plan's own maximum decides. No key cache: a revocation or a
  // resumption shows on the next request, not up to two seconds later.
  service = await startTestServer(store, { ...fakeConfig(fakes), viesUrl: slowVies.url, sharedPoolSize: 100, keyCacheMs: 0, adminToken: OPERATOR_TOKEN });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await slowVies?.close();
  await fakes?.close();
});

const call = <T = Record<string, unknown>>(method: string, path: string, as: As, body?: unknown): Promise<AdminAnswer<T>> =>
  adminCall<T>(service.url, method, path, as, { body });

describe("an account's session sees its own account only", () => {
  let a: { account: Account; key: string };
  let b: { account: Account; key: string };
  let bKeyId: string;
  let sessionA: Session;

  beforeAll(async () => {
    a = await accountWithKey(store, 'GROWTH');
    b = await accountWithKey(store, 'GROWTH');
    bKeyId = (await createKey(store, b.account)).id;
    sessionA = await signIn(store, a.account.id);
  });

  it("answers B's id in every URL with 404, the very answer of an unknown id, and changes nothing of B", async () => {
    const bBefore = JSON.stringify([await store.accounts.get(b.account.id), await store.keys.list(b.account.id)]);
    const requests = (id: string): Array<[string, string, unknown?]> => [
      ['GET', `/accounts/${id}`],
      ['PATCH', `/accounts/${id}`, { name: 'taken over' }],
      ['GET', `/accounts/${id}/keys`],
      ['POST', `/accounts/${id}/keys`, { name: 'planted' }],
      ['GET', `/accounts/${id}/usage`],
      ['GET', `/accounts/${id}/log`],
    ];
    for (const [method, path, body] of requests(b.account.id)) {
      const theirs = await call(method, path, { session: sessionA }, body);
      const unknown = await call(method, path.replace(b.account.id, crypto.randomUUID()), operator, body);
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(theirs.text, `${method} ${path}`).toBe(unknown.text);
    }
    const theirKey = await call('DELETE', `/keys/${bKeyId}`, { session: sessionA });
    const unknownKey = await call('DELETE', `/keys/${crypto.randomUUID()}`, operator);
    expect(theirKey.status).toBe(404);
    expect(theirKey.text).toBe(unknownKey.text);
    expect(JSON.stringify([await store.accounts.get(b.account.id), await store.keys.list(b.account.id)])).toBe(bBefore);
    // B's key still validates.
    expect((await post(service.url, 'iban', { value: IBAN }, b.key)).status).toBe(200);
  });

  it('answers its own account on every URL', async () => {
    expect((await call('GET', `/accounts/${a.account.id}`, { session: sessionA })).json).toMatchObject({ id: a.account.id, plan: 'GROWTH' });
    expect((await call('GET', `/accounts/${a.account.id}/keys`, { session: sessionA })).status).toBe(200);
    expect((await call('GET', `/accounts/${a.account.id}/usage`, { session: sessionA })).status).toBe(200);
    expect((await call('GET', `/accounts/${a.account.id}/log`, { session: sessionA })).status).toBe(200);
    const created = await call<{ id: string }>('POST', `/accounts/${a.account.id}/keys`, { session: sessionA }, { name: 'own key' });
    expect(created.status).toBe(201);
    expect((await call('DELETE', `/keys/${created.json.id}`, { session: sessionA })).json).toEqual(expect.objectContaining({ id: created.json.id, revoked: true, alreadyRevoked: false }));
  });

  it('may rename its account and set its VAT number, but not change its plan or suspension (403 FORBIDDEN, nothing changed) nor create accounts', async () => {
    const renamed = await call('PATCH', `/accounts/${a.account.id}`, { session: sessionA }, { name: 'A renamed', vatNumber: 'fr 40 303 265 045' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'A renamed', vatNumber: 'FR40303265045' });
    const before = JSON.stringify(await store.accounts.get(a.account.id));
    for (const body of [{ plan: 'PRO' }, { suspended: true }, { suspended: false }, { plan: 'GROWTH', name: 'sneaky' }]) {
      const answer = await call('PATCH', `/accounts/${a.account.id}`, { session: sessionA }, body);
      expect(answer.status, JSON.stringify(body)).toBe(403);
      expect(answer.json).toMatchObject({ errorCode: 'FORBIDDEN' });
    }
    expect(JSON.stringify(await store.accounts.get(a.account.id))).toBe(before);
    const accounts = (await store.accounts.list()).length;
    const created = await call('POST', '/accounts', { session: sessionA }, { name: 'mine too', plan: 'PRO' });
    expect(created.status).toBe(403);
    expect(created.json).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect(await store.accounts.list()).toHaveLength(accounts);
  });
});

describe('suspension', () => {
  it("a suspended account's key answers 401 ACCOUNT_SUSPENDED and it gets no new key (409); resumed, the key answers 200 again", async () => {
    const { account, key } = await accountWithKey(store, 'STARTER');
    expect((await post(service.url, 'iban', { value: IBAN }, key)).status).toBe(200);

    const suspended = await call('PATCH', `/accounts/${account.id}`, operator, { suspended: true });
    expect(suspended.json).toMatchObject({ suspended: true, suspendedAt: expect.any(String) });
    const refused = await post(service.url, 'iban', { value: IBAN }, key);
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe('ACCOUNT_SUSPENDED');
    const noKey = await call('POST', `/accounts/${account.id}/keys`, operator, { name: 'while suspended' });
    expect(noKey.status).toBe(409);
    expect(noKey.json).toMatchObject({ errorCode: 'ACCOUNT_SUSPENDED' });

    const resumed = await call('PATCH', `/accounts/${account.id}`, operator, { suspended: false });
    expect(resumed.json).toMatchObject({ suspended: false, suspendedAt: null });
    expect((await post(service.url, 'iban', { value: IBAN }, key)).status).toBe(200);
  });
});

describe("an account's watch interval", () => {
  it('is set as a duration, read back in milliseconds, refused under a minute, and reset with null', async () => {
    const { account } = await accountWithKey(store, 'STARTER');
    const daily = await call('PATCH', `/accounts/${account.id}`, operator, { watchInterval: '1d' });
    expect(daily.status).toBe(200);
    expect(daily.json).toMatchObject({ watchIntervalMs: 86_400_000 });
    expect((await store.accounts.get(account.id))?.watchIntervalMs).toBe(86_400_000);

    const tooShort = await call('PATCH', `/accounts/${account.id}`, operator, { watchInterval: '30s' });
    expect(tooShort.status).toBe(400);
    expect((await store.accounts.get(account.id))?.watchIntervalMs).toBe(86_400_000);

    const reset = await call('PATCH', `/accounts/${account.id}`, operator, { watchInterval: null });
    expect(reset.json).toMatchObject({ watchIntervalMs: null });
  });
});

describe('a plan change', () => {
  /** Ten slow VAT lookups at once with `key`, each of a number not asked before (a cached one would not wait for VIES). */
  async function tenAtOnce(key: string, sixDigits: string): Promise<number[]> {
    const vat = luxembourgVat(sixDigits);
    fakes.vies.register(vat, { valid: true, name: 'SLOW SA' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(service.url, 'vat', { value: vat }, key)));
    return answers.map((answer) => answer.status);
  }

  it('FREE -> PRO: the concurrency maximum goes from 3 to 25 on the next requests', async () => {
    const { account, key } = await accountWithKey(store, 'FREE');
    const asFree = await tenAtOnce(key, '161803');
    expect(asFree.filter((status) => status === 200)).toHaveLength(3);
    expect(asFree.filter((status) => status === 429)).toHaveLength(7);

    const changed = await call('PATCH', `/accounts/${account.id}`, operator, { plan: 'pro' });
    expect(changed.json).toMatchObject({ plan: 'PRO', limits: { maxConcurrent: 25 }, quota: 150_000 });
    expect(await tenAtOnce(key, '141421')).toEqual(Array(10).fill(200));
  });
});

describe('keys', () => {
  it('a key created over the API validates; revoked over the API, it answers 401; the key appears in no answer but its creation', async () => {
    const { account } = await accountWithKey(store, 'GROWTH');
    const created = await call<{ key: string; id: string; scopes: string[]; status: string; expiresAt: string | null }>(
      'POST',
      `/accounts/${account.id}/keys`,
      operator,
      { name: 'checkout', expires: '30d', scopes: ['IBAN', 'nif'] },
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'checkout', scopes: ['iban', 'nif'], status: 'live', lastUsedAt: null, revokedAt: null });
    expect(created.json.key).toMatch(/^vf_[0-9A-Za-z]{43}$/);
    expect(Date.parse(created.json.expiresAt ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(created.text).not.toContain('hash');

    expect((await post(service.url, 'iban', { value: IBAN }, created.json.key)).status).toBe(200);
    // Out of its scopes.
    expect((await post(service.url, 'ssn', { value: '234-56-7890' }, created.json.key)).status).toBe(403);

    const listed = await call<{ keys: { id: string; status: string; lastUsedAt: string | null }[] }>('GET', `/accounts/${account.id}/keys`, operator);
    expect(listed.text).not.toContain(created.json.key);
    expect(listed.json.keys.find((key) => key.id === created.json.id)).toMatchObject({ status: 'live', lastUsedAt: expect.any(String) });

    const revoked = await call('DELETE', `/keys/${created.json.id}`, operator);
    expect(revoked.json).toEqual({ id: created.json.id, revoked: true, alreadyRevoked: false, revokedAt: expect.any(String) });
    expect((await post(service.url, 'iban', { value: IBAN }, created.json.key)).status).toBe(401);
    const again = await call('DELETE', `/keys/${created.json.id}`, operator);
    expect(again.json).toMatchObject({ revoked: true, alreadyRevoked: true, revokedAt: revoked.json.revokedAt });
    const after = await call<{ keys: { id: string; status: string }[] }>('GET', `/accounts/${account.id}/keys`, operator);
    expect(after.json.keys.find((key) => key.id === created.json.id)?.status).toBe('revoked');
  });

  it("refuses a key over the plan's maximum with 409 KEY_LIMIT", async () => {
    const { account } = await accountWithKey(store, 'FREE');
    const answer = await call('POST', `/accounts/${account.id}/keys`, operator, { name: 'second' });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ errorCode: 'KEY_LIMIT' });
    expect(await store.keys.list(account.id)).toHaveLength(1);
  });
});

describe('usage and the usage log', () => {
  let account: Account;
  let session: Session;

  beforeAll(async () => {
    ({ account } = await accountWithKey(store, 'STARTER'));
    const { key } = await createKey(store, account);
    session = await signIn(store, account.id);
    for (const value of [IBAN, IBAN, IBAN]) expect((await post(service.url, 'iban', { value }, key)).status).toBe(200);
    for (const value of ['DE00370400440532013000', 'XX12']) expect((await post(service.url, 'iban', { value }, key)).status).toBe(200);
    expect((await post(service.url, 'nif', { value: dni('12345678') }, key)).status).toBe(200);
  });

  it('the daily totals are the validations just made, per field and verdict', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const usage = await call<{ from: string; to: string; totals: unknown[] }>('GET', `/accounts/${account.id}/usage?days=30`, { session });
    expect(usage.json.to).toBe(today);
    expect(Date.parse(usage.json.to) - Date.parse(usage.json.from)).toBe(29 * 86_400_000);
    expect(usage.json.totals).toEqual([
      { day: today, field: 'iban', valid: true, count: 3 },
      { day: today, field: 'iban', valid: false, count: 2 },
      { day: today, field: 'nif', valid: true, count: 1 },
    ]);
    const overview = await call('GET', `/accounts/${account.id}`, { session });
    expect(overview.json).toMatchObject({ used: 6, remaining: 10_000 - 6, overage: 0 });
    expect((await call<{ from: string }>('GET', `/accounts/${account.id}/usage?days=1`, { session })).json.from).toBe(today);
  });

  it('the log filters by field, verdict and day, newest first, with masked personal numbers, one page at a time', async () => {
    type Page = { entries: { requestId: string; field: string; valid: boolean; value: string; at: string }[]; nextBefore: string | null };
    const all = await call<Page>('GET', `/accounts/${account.id}/log`, { session });
    expect(all.json.entries).toHaveLength(6);
    expect(all.json.nextBefore).toBeNull();
    const times = all.json.entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const nif = all.json.entries.find((entry) => entry.field === 'nif');
    expect(nif?.value).not.toContain('12345678');

    const invalidIbans = await call<Page>('GET', `/accounts/${account.id}/log?field=iban&valid=false`, { session });
    expect(invalidIbans.json.entries.map((entry) => entry.value).sort()).toEqual(['DE00370400440532013000', 'XX12']);
    const validNifs = await call<Page>('GET', `/accounts/${account.id}/log?field=nif&valid=true`, { session });
    expect(validNifs.json.entries).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call<Page>('GET', `/accounts/${account.id}/log?day=${today}`, { session })).json.entries).toHaveLength(6);
    expect((await call<Page>('GET', `/accounts/${account.id}/log?day=2020-01-01`, { session })).json.entries).toHaveLength(0);

    const first = await call<Page>('GET', `/accounts/${account.id}/log?limit=4`, { session });
    expect(first.json.entries).toHaveLength(4);
    expect(first.json.nextBefore).toBe(`${first.json.entries[3]?.at}_${first.json.entries[3]?.requestId}`);
    const second = await call<Page>('GET', `/accounts/${account.id}/log?limit=4&before=${encodeURIComponent(first.json.nextBefore ?? '')}`, { session });
    expect(second.json.nextBefore).toBeNull();
    expect([...first.json.entries, ...second.json.entries]).toHaveLength(6);
  });

  it('pages past job lines and watch checks with the nextBefore it gave', async () => {
    type Page = { entries: { requestId: string }[]; nextBefore: string | null };
    const { account: other } = await accountWithKey(store, 'STARTER');
    const at = new Date('2026-03-19T08:00:00.000Z');
    const job = crypto.randomUUID();
    const ids = [`job:${job}:1`, `job:${job}:2`, `job:${job}:3`, `watch:${job}:${at.toISOString()}`, crypto.randomUUID()];
    for (const requestId of ids) await store.usage.count(usageEntry(other.id, '2026-03-01', { requestId, at }), null);
    const seen: string[] = [];
    let query = `/accounts/${other.id}/log?limit=2`;
    for (let page = 0; page < ids.length; page++) {
      const answer = await call<Page>('GET', query, operator);
      expect(answer.status, query).toBe(200);
      seen.push(...answer.json.entries.map((entry) => entry.requestId));
      if (answer.json.nextBefore === null) break;
      query = `/accounts/${other.id}/log?limit=2&before=${encodeURIComponent(answer.json.nextBefore)}`;
    }
    expect(seen.sort()).toEqual([...ids].sort());
  });
});

describe('other methods and paths', () => {
  it('answers a method a path does not take with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const id = crypto.randomUUID();
    for (const [method, path, allow] of [
      ['PUT', '/accounts', 'GET, POST'],
      ['DELETE', `/accounts/${id}`, 'GET, PATCH'],
      ['PATCH', `/accounts/${id}/keys`, 'GET, POST'],
      ['POST', `/accounts/${id}/usage`, 'GET'],
      ['DELETE', `/accounts/${id}/log`, 'GET'],
      ['GET', `/keys/${id}`, 'DELETE'],
    ] as const) {
      const answer = await call(method, path, operator);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get('allow')).toBe(allow);
      expect(answer.json).toMatchObject({ errorCode: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('answers any other path under /api/v1/admin with 404 NOT_FOUND', async () => {
    for (const path of ['', '/', '/nothing', '/accounts/', `/accounts/${crypto.randomUUID()}/other`, '/keys']) {
      const answer = await call('GET', path, operator);
      expect(answer.status, path).toBe(404);
      expect(answer.json).toMatchObject({ errorCode: 'NOT_FOUND' });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});
