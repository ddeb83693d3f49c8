/**
 * A revoked key stops working on every /api/v1 endpoint at the same moment (docs/service.md#api-keys):
 * validation, jobs, watches and evidence ask the service's one authenticator, whose key cache
 * follows `keyCacheMs`. Over real HTTP, on a store that cannot tell that its keys changed (no
 * version mark: a key revoked by another process is seen only once the cache lets it go).
 */
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Store } from '../../../src/server/storage/types.js';
import { DEFAULT_KEY_CACHE_MS } from '../../../src/server/pipeline/authenticator.js';
import { createAccount, createKey, fakeConfig, post, startFakes, startTestServer, type Fakes, type TestServer } from '../../support/server.js';
import { germanIban } from '../../support/generators/iban.js';

let fakes: Fakes;
let inner: Store;
let service: TestServer | undefined;

beforeAll(async () => {
  fakes = await startFakes();
});

afterEach(async () => {
  await service?.close();
  await inner?.close();
  service = undefined;
});

afterAll(async () => {
  await fakes?.close();
});

/** The embedded store without the keys' version mark or hash prefixes: revocations are seen through the cache's age only. */
async function blindStore(): Promise<Store> {
  inner = await openEmbeddedStore();
  const { version: _version, hashPrefixes: _prefixes, ...keys } = inner.keys;
  expect(typeof keys.findByHash).toBe('function');
  return { ...inner, keys };
}

/** The status of each endpoint for `key`: a validation, the jobs, the watches, the evidence. */
async function statuses(url: string, key: string): Promise<Record<string, number>> {
  const get = async (path: string): Promise<number> => {
    const response = await fetch(`${url}${path}`, { headers: { 'X-API-KEY': key } });
    await response.arrayBuffer();
    return response.status;
  };
  return {
    validation: (await post(url, 'iban', { value: germanIban('370400440532013000') }, key)).status,
    jobs: await get('/api/v1/jobs'),
    watches: await get('/api/v1/vat/watch'),
    evidence: await get('/api/v1/vat/evidence?value=LU26375245'),
  };
}

const ALL = (status: number): Record<string, number> => ({ validation: status, jobs: status, watches: status, evidence: status });

/** A service with `keyCacheMs` and a key that every endpoint took, then revoked in the store (as by another process). */
async function usedThenRevoked(keyCacheMs: number): Promise<{ url: string; key: string }> {
  const store = await blindStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs });
  const account = await createAccount(store, 'STARTER');
  const { key, id } = await createKey(store, account);
  expect(await statuses(service.url, key)).toEqual(ALL(200));
  await store.keys.revoke(id, new Date());
  return { url: service.url, key };
}

describe('a revoked key', () => {
  it('stops working on every endpoint at once without a key cache (keyCacheMs: 0)', async () => {
    const { url, key } = await usedThenRevoked(0);
    expect(await statuses(url, key)).toEqual(ALL(401));
  });

  it('keeps working on every endpoint alike while keyCacheMs lets the cached lookup stand', async () => {
    const { url, key } = await usedThenRevoked(60_000);
    // Past the default cache age: the account endpoints follow keyCacheMs as validation does, not a cache of their own.
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_KEY_CACHE_MS + 300));
    expect(await statuses(url, key)).toEqual(ALL(200));
  });
});
