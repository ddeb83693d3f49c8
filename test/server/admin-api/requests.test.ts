/**
 * Bad input to the admin API, over real HTTP: bodies that are not JSON, not an object, too large,
 * of the wrong type or with an unknown member; values the account administration refuses (a plan,
 * a day, an expiry, a scope); query parameters out of range; ids that cannot be ids. Each is a 4xx
 * with an `errorCode` and a message saying what is accepted, nothing is changed, and no input
 * whatever gets a 500.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account, Store } from '../../../src/server/storage/types.js';
import { adminCall, OPERATOR_TOKEN, type AdminAnswer, type As } from '../../support/admin-api.js';
import { accountWithKey, fakeConfig, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;
let account: Account;

const operator: As = { token: OPERATOR_TOKEN };

beforeAll(async () => {
  fakes = await startFakes();
  store = await openEmbeddedStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), adminToken: OPERATOR_TOKEN });
  ({ account } = await accountWithKey(store, 'GROWTH'));
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<AdminAnswer<{ message: string; errorCode: string }>> =>
  adminCall(service.url, method, path, operator, { body, headers });

function expectRefusal(answer: AdminAnswer<{ message: string; errorCode: string }>, status: number, code: string, words?: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.json.errorCode, answer.text).toBe(code);
  expect(answer.json.message.length).toBeGreaterThan(10);
  if (words !== undefined) expect(answer.json.message).toContain(words);
  expect(answer.headers.get('cache-control')).toBe('no-store');
}

describe('bodies', () => {
  it('refuses what is not a JSON object of at most 16 KiB, before anything changes', async () => {
    const before = (await store.accounts.list()).length;
    const valid = JSON.stringify({ name: 'Never made', plan: 'FREE' });
    expectRefusal(await send('POST', '/accounts', '{"name":'), 400, 'INVALID_JSON');
    expectRefusal(await send('POST', '/accounts', ''), 400, 'INVALID_JSON');
    expectRefusal(await send('POST', '/accounts', new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])), 400, 'INVALID_JSON');
    for (const body of ['[1]', '"text"', '42', 'null']) expectRefusal(await send('POST', '/accounts', body), 400, 'INVALID_REQUEST', 'JSON object');
    expectRefusal(await send('POST', '/accounts', valid, { 'Content-Type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectRefusal(await send('POST', '/accounts', valid, { 'Content-Type': 'application/json; charset=latin1' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectRefusal(await send('POST', '/accounts', valid, { 'Content-Encoding': 'gzip' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectRefusal(await send('POST', '/accounts', { name: 'Never made', plan: 'FREE', pad: 'x'.repeat(17_000) }), 413, 'BODY_TOO_LARGE');
    expectRefusal(await send('PATCH', `/accounts/${account.id}`, { name: 'x'.repeat(17_000) }), 413, 'BODY_TOO_LARGE');
    expect(await store.accounts.list()).toHaveLength(before);
  });

  it('refuses members of the wrong type, missing ones and unknown ones, naming them', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/accounts', { plan: 'FREE' }, '"name"'],
      ['POST', '/accounts', { name: 5, plan: 'FREE' }, '"name"'],
      ['POST', '/accounts', { name: 'x', plan: ['FREE'] }, '"plan"'],
      ['POST', '/accounts', { name: 'x', plan: 'FREE', vatNumber: 12 }, '"vatNumber"'],
      ['POST', '/accounts', { name: 'x', plan: 'FREE', subscriptionStart: 20260115 }, '"subscriptionStart"'],
      ['PATCH', `/accounts/${account.id}`, { suspended: 'yes' }, '"suspended"'],
      ['PATCH', `/accounts/${account.id}`, { suspended: 1 }, '"suspended"'],
      ['PATCH', `/accounts/${account.id}`, { plan: null }, '"plan"'],
      ['POST', `/accounts/${account.id}/keys`, {}, '"name"'],
      ['POST', `/accounts/${account.id}/keys`, { name: 'k', expires: 30 }, '"expires"'],
      ['POST', `/accounts/${account.id}/keys`, { name: 'k', scopes: 'iban' }, '"scopes"'],
      ['POST', `/accounts/${account.id}/keys`, { name: 'k', scopes: [] }, '"scopes"'],
      ['POST', `/accounts/${account.id}/keys`, { name: 'k', scopes: [1] }, '"scopes"'],
      ['POST', `/accounts/${account.id}/keys`, { name: 'k', scopes: ['iban', 'bogus'] }, 'bogus'],
    ];
    for (const [method, path, body, words] of cases) expectRefusal(await send(method, path, body), 400, 'INVALID_REQUEST', words);
    // A member the operation does not take (a typo such as `suspend` would otherwise change nothing and answer 200).
    const unknown: Array<[string, string, unknown, string]> = [
      ['POST', '/accounts', { name: 'x', plan: 'FREE', quota: 10 }, 'Unknown member "quota" in the request body: this endpoint takes name, plan, subscriptionStart, vatNumber'],
      ['PATCH', `/accounts/${account.id}`, { suspend: true }, 'Unknown member "suspend" in the request body: this endpoint takes name, plan, vatNumber, suspended, watchInterval'],
      ['POST', `/accounts/${account.id}/keys`, { name: 'k', scope: ['iban'] }, 'Unknown member "scope" in the request body: this endpoint takes name, expires, scopes'],
    ];
    for (const [method, path, body, words] of unknown) expectRefusal(await send(method, path, body), 400, 'UNKNOWN_MEMBER', words);
    expect((await store.accounts.get(account.id))?.suspendedAt ?? null).toBeNull();
  });

  it("passes on the account administration's refusals of a value: plan, name, day, VAT number, expiry", async () => {
    expectRefusal(await send('POST', '/accounts', { name: 'x', plan: 'gold' }), 400, 'INVALID_REQUEST', 'FREE, STARTER, GROWTH or PRO');
    expectRefusal(await send('POST', '/accounts', { name: '   ', plan: 'FREE' }), 400, 'INVALID_REQUEST', 'name');
    expectRefusal(await send('POST', '/accounts', { name: 'x'.repeat(101), plan: 'FREE' }), 400, 'INVALID_REQUEST', 'name');
    expectRefusal(await send('POST', '/accounts', { name: 'x', plan: 'FREE', subscriptionStart: '2026-02-30' }), 400, 'INVALID_REQUEST', 'YYYY-MM-DD');
    expectRefusal(await send('POST', '/accounts', { name: 'x', plan: 'FREE', vatNumber: 'GB123456789' }), 400, 'INVALID_REQUEST', 'VIES');
    expectRefusal(await send('PATCH', `/accounts/${account.id}`, { plan: 'platinum' }), 400, 'INVALID_REQUEST', 'plan');
    expectRefusal(await send('POST', `/accounts/${account.id}/keys`, { name: 'k', expires: 'soon' }), 400, 'INVALID_REQUEST', 'never');
    expectRefusal(await send('POST', `/accounts/${account.id}/keys`, { name: 'k', expires: '0d' }), 400, 'INVALID_REQUEST', 'never');
    expectRefusal(await send('POST', `/accounts/${account.id}/keys`, { name: 'k', expires: '999999y' }), 400, 'INVALID_REQUEST', 'longer than 10 years');
    expect((await store.accounts.get(account.id))?.plan).toBe('GROWTH');
    expect(await store.keys.list(account.id)).toHaveLength(1);
  });
});

describe('query parameters and ids', () => {
  it('refuses days outside 1..366 and anything but digits', async () => {
    for (const days of ['0', '367', '-1', '1.5', 'abc', '1e2', ' 5', '0x10']) {
      expectRefusal(await send('GET', `/accounts/${account.id}/usage?days=${encodeURIComponent(days)}`), 400, 'INVALID_REQUEST', '1 to 366');
    }
    for (const days of ['1', '30', '366']) expect((await send('GET', `/accounts/${account.id}/usage?days=${days}`)).status).toBe(200);
  });

  it('refuses a log filter it cannot read', async () => {
    const cases: Array<[string, string]> = [
      ['field=bogus', 'vat, iban'],
      ['valid=maybe', 'true or false'],
      ['valid=1', 'true or false'],
      ['day=2026-13-01', 'YYYY-MM-DD'],
      ['day=yesterday', 'YYYY-MM-DD'],
      ['before=yesterday', 'before'],
      ['before=2026-01-01', 'before'],
      ['limit=0', '1 to 500'],
      ['limit=501', '1 to 500'],
      ['limit=ten', '1 to 500'],
    ];
    for (const [query, words] of cases) expectRefusal(await send('GET', `/accounts/${account.id}/log?${query}`), 400, 'INVALID_REQUEST', words);
    expect((await send('GET', `/accounts/${account.id}/log?field=vat&valid=true&day=2026-01-15&before=2026-01-15T10:00:00Z&limit=500`)).status).toBe(200);
  });

  it('answers ids that cannot be ids with 404, as unknown ones', async () => {
    for (const id of ['%00', '%E2%80%AE', 'x'.repeat(200), '..%2F..', 'a%20b', "'%20OR%201=1"]) {
      expectRefusal(await send('GET', `/accounts/${id}`), 404, 'NOT_FOUND');
      expectRefusal(await send('DELETE', `/keys/${id}`), 404, 'NOT_FOUND');
    }
  });
});

describe('never a 500', () => {
  it('for any JSON body or query sent to any endpoint', async () => {
    const paths: Array<[string, string]> = [
      ['POST', '/accounts'],
      ['PATCH', `/accounts/${account.id}`],
      ['POST', `/accounts/${account.id}/keys`],
    ];
    const member = fc.oneof(fc.string(), fc.constantFrom('FREE', 'pro', '12h', 'never', '2026-01-15', 'FR40303265045'), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom('name', 'plan', 'subscriptionStart', 'vatNumber', 'suspended', 'expires', 'scopes', 'other'), member),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, async ([method, path], sent) => {
        const answer = await send(method, path, JSON.stringify(sent));
        expect(answer.status, `${method} ${path} ${JSON.stringify(sent)} -> ${answer.text}`).toBeLessThan(500);
        if (answer.status >= 400) expect(answer.json.errorCode).toEqual(expect.any(String));
      }),
      { numRuns: 120, seed: 19 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('usage', 'log'), fc.constantFrom('days', 'field', 'valid', 'day', 'before', 'limit'), fc.string(), async (endpoint, name, value) => {
        const answer = await send('GET', `/accounts/${account.id}/${endpoint}?${name}=${encodeURIComponent(value)}`);
        expect(answer.status, answer.text).toBeLessThan(500);
      }),
      { numRuns: 120, seed: 19 },
    );
  });
});
