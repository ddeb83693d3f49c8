/**
 * Account suspension and plan changes as a running service sees them, over real HTTP: a suspended
 * account's good key answers 401 ACCOUNT_SUSPENDED and counts nothing, a resumed one answers 200,
 * and a change made with `accounts.update` reaches the service's key cache long before the cache's
 * own age would let it (the store's keys version moves with the change).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../src/server/answers/errors.js';
import { billingPeriod } from '../../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import { instrumentStore, type InstrumentedStore } from '../../support/fakes/store.js';
import { refusedBeforeValue } from '../../support/envelopes.js';
import { germanIban } from '../../support/generators/iban.js';
import { accountWithKey, fakeConfig, post, startFakes, startTestServer, until, type Fakes, type TestServer } from '../../support/server.js';

const IBAN = germanIban('370400440532013000');
/** The key cache's age here: far longer than any wait below, so only the keys version can explain a change seen. */
const KEY_CACHE_MS = 60_000;
/** How long a change may take to reach the service: the version is read at most every 100 ms. */
const NOTICED_WITHIN_MS = 2_000;

let fakes: Fakes;
let store: InstrumentedStore;
let service: TestServer;

beforeAll(async () => {
  fakes = await startFakes();
  store = instrumentStore(await openEmbeddedStore());
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: KEY_CACHE_MS });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
});

/** The quota named by an answer's RateLimit-Policy header. */
const quotaOf = (headers: Headers): number | undefined => {
  const match = /;q=(\d+)/.exec(headers.get('RateLimit-Policy') ?? '');
  return match === null ? undefined : Number(match[1]);
};

describe('a suspended account', () => {
  it('answers 401 ACCOUNT_SUSPENDED to its good key and counts nothing; resumed, 200 again', async () => {
    const { account, key } = await accountWithKey(store, 'GROWTH');
    const period = billingPeriod(account.subscriptionStart, new Date()).start;
    expect((await post(service.url, 'iban', { value: IBAN }, key)).status).toBe(200);
    expect(await store.usage.used(account.id, period)).toBe(1);

    const suspended = await store.accounts.update(account.id, { suspended: true }, new Date());
    expect(suspended?.suspendedAt).toBeInstanceOf(Date);
    // Requests answered from the warm cache before the change reached it were counted: measure from here.
    await until(async () => (await post(service.url, 'iban', { value: IBAN }, key)).status === 401, NOTICED_WITHIN_MS, 'suspension seen');
    const usedWhenSuspended = await store.usage.used(account.id, period);
    const countsBefore = store.countCalls;
    const refused = await Promise.all(Array.from({ length: 5 }, () => post(service.url, 'iban', { value: IBAN }, key)));
    for (const answer of refused) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(refusedBeforeValue('ACCOUNT_SUSPENDED', ERROR_MESSAGES.ACCOUNT_SUSPENDED));
    }
    // Refused before the meter: neither counted nor even offered to it.
    expect(store.countCalls).toBe(countsBefore);
    expect(await store.usage.used(account.id, period)).toBe(usedWhenSuspended);

    await store.accounts.update(account.id, { suspended: false }, new Date());
    await until(async () => (await post(service.url, 'iban', { value: IBAN }, key)).status === 200, NOTICED_WITHIN_MS, 'resumption seen');
    expect(await store.usage.used(account.id, period)).toBe(usedWhenSuspended + 1);
  });

  it('answers its unknown and revoked keys as any other account would: 401 INVALID_API_KEY', async () => {
    const { account, key } = await accountWithKey(store, 'PRO');
    const [record] = await store.keys.list(account.id);
    await store.keys.revoke(record?.id ?? '', new Date());
    await store.accounts.update(account.id, { suspended: true }, new Date());
    const revoked = await post(service.url, 'iban', { value: IBAN }, key);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ errorCode: 'INVALID_API_KEY', message: ERROR_MESSAGES.INVALID_API_KEY });
  });
});

describe('a plan change', () => {
  it('reaches a running service with a warm key cache within its version check, not its age', async () => {
    const { account, key } = await accountWithKey(store, 'FREE');
    const before = await post(service.url, 'iban', { value: IBAN }, key);
    expect(before.status).toBe(200);
    expect(quotaOf(before.headers)).toBe(250);

    await store.accounts.update(account.id, { plan: 'STARTER' }, new Date());
    await until(async () => quotaOf((await post(service.url, 'iban', { value: IBAN }, key)).headers) === 10_000, NOTICED_WITHIN_MS, 'new plan seen');
  });
});
