/**
 * The account webhook in the JSON admin API, over real HTTP: PUT sets the URL and answers its new
 * secret once, GET shows the URL never the secret, POST …/rotate replaces the secret; an account's
 * session reaches its own webhook only (with its CSRF token), another account's answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account, Store } from '../../../src/server/storage/types.js';
import { adminCall, OPERATOR_TOKEN, signIn, type AdminAnswer, type As } from '../../support/admin-api.js';
import { accountWithKey, fakeConfig, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';

let fakes: Fakes;
let store: Store;
let service: TestServer;
let a: Account;
let b: Account;

const operator: As = { token: OPERATOR_TOKEN };
const SECRET = /^whsec_[A-Za-z0-9_-]{43}$/;

const call = <T = Record<string, unknown>>(method: string, path: string, as: As, body?: unknown): Promise<AdminAnswer<T>> => adminCall<T>(service.url, method, path, as, { body });

beforeAll(async () => {
  fakes = await startFakes();
  store = await openEmbeddedStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: 0, adminToken: OPERATOR_TOKEN });
  a = (await accountWithKey(store, 'GROWTH')).account;
  b = (await accountWithKey(store, 'GROWTH')).account;
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

describe('the account webhook in the admin API', () => {
  it('answers 404 before a URL is set, then PUT sets it and answers the secret once; GET never shows it', async () => {
    expect((await call('GET', `/accounts/${a.id}/webhook`, operator)).status).toBe(404);
    expect((await call('POST', `/accounts/${a.id}/webhook/rotate`, operator)).status).toBe(404);
    const set = await call<{ url: string; secret: string }>('PUT', `/accounts/${a.id}/webhook`, operator, { url: 'https://shop.example/hooks' });
    expect(set.status).toBe(200);
    expect(set.json.url).toBe('https://shop.example/hooks');
    expect(set.json.secret).toMatch(SECRET);
    expect(set.headers.get('cache-control')).toBe('no-store');
    expect((await store.webhooks.get(a.id))?.secret).toBe(set.json.secret);
    const shown = await call('GET', `/accounts/${a.id}/webhook`, operator);
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.json).sort()).toEqual(['consecutiveFailures', 'lastError', 'nextProbeAt', 'pausedSince', 'state', 'updatedAt', 'url']);
    // Nothing sent yet: nothing failed.
    expect(shown.json).toMatchObject({ state: 'active', consecutiveFailures: 0, pausedSince: null, nextProbeAt: null, lastError: null });
    expect(shown.text).not.toContain('whsec_');
  });

  it('rotates the secret and keeps the URL', async () => {
    const before = await store.webhooks.get(a.id);
    const rotated = await call<{ secret: string }>('POST', `/accounts/${a.id}/webhook/rotate`, operator);
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.json)).toEqual(['secret']);
    expect(rotated.json.secret).toMatch(SECRET);
    expect(rotated.json.secret).not.toBe(before?.secret);
    expect(await store.webhooks.get(a.id)).toMatchObject({ url: 'https://shop.example/hooks', secret: rotated.json.secret });
  });

  it('refuses a URL that is not http(s), an unknown member, and a body without url (400)', async () => {
    for (const [body, errorCode] of [
      [{ url: 'ftp://shop.example/' }, 'INVALID_REQUEST'],
      [{ url: 'https://shop.example/', extra: 1 }, 'UNKNOWN_MEMBER'],
      [{}, 'INVALID_REQUEST'],
      [{ url: 42 }, 'INVALID_REQUEST'],
    ] as const) {
      const answer = await call('PUT', `/accounts/${a.id}/webhook`, operator, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errorCode).toBe(errorCode);
    }
    expect((await store.webhooks.get(a.id))?.url).toBe('https://shop.example/hooks');
  });

  it("lets an account's session set its own webhook with its CSRF token, and answers another account's with 404", async () => {
    const session = await signIn(store, b.id);
    expect((await call('PUT', `/accounts/${b.id}/webhook`, { session, csrf: null }, { url: 'https://b.example/' })).status).toBe(403);
    const own = await call<{ secret: string }>('PUT', `/accounts/${b.id}/webhook`, { session }, { url: 'https://b.example/' });
    expect(own.status).toBe(200);
    expect(own.json.secret).toMatch(SECRET);
    const aBefore = await store.webhooks.get(a.id);
    expect((await call('GET', `/accounts/${a.id}/webhook`, { session })).status).toBe(404);
    expect((await call('PUT', `/accounts/${a.id}/webhook`, { session }, { url: 'https://evil.example/' })).status).toBe(404);
    expect((await call('POST', `/accounts/${a.id}/webhook/rotate`, { session })).status).toBe(404);
    expect(await store.webhooks.get(a.id)).toEqual(aBefore);
  });

  it('answers 405 with Allow for another method', async () => {
    const answer = await call('DELETE', `/accounts/${a.id}/webhook`, operator);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT');
  });
});
