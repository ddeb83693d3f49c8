/**
 * Quota and concurrency over real HTTP (docs/service.md#quotas and #concurrency): a FREE account over its
 * quota, the plan's concurrent maximum seen from the far side of the VIES connection, the shared
 * pool of the non-PRO plans, and leases that always come back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingPeriod } from '../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { instrumentStore, type InstrumentedStore } from '../support/fakes/store.js';
import { startSlowProxy, type SlowProxy } from '../support/fakes/slow-proxy.js';
import { accountWithKey, fakeConfig, post, startFakes, startTestServer, type Fakes, type TestServer } from '../support/server.js';
import { germanIban } from '../support/generators/iban.js';
import { luxembourgVat } from '../support/generators/vat.js';

let fakes: Fakes;
let slowVies: SlowProxy;
/** One embedded store (SQLite in memory) for the file: the real meter decides the quota. */
let sharedStore: InstrumentedStore;

const VAT = luxembourgVat('314159');
const IBAN = germanIban('370400440532013000');

beforeAll(async () => {
  fakes = await startFakes();
  fakes.vies.register(VAT, { valid: true, name: 'SLOW SA' });
  slowVies = await startSlowProxy(fakes.vies.url, 800);
  sharedStore = instrumentStore(await openEmbeddedStore());
});

afterAll(async () => {
  await sharedStore?.close();
  await slowVies?.close();
  await fakes?.close();
});

describe('quota of a FREE account (docs/service.md#quotas: requests refused over quota)', () => {
  let store: InstrumentedStore;
  let service: TestServer;
  const QUOTA = 7;

  beforeAll(async () => {
    store = sharedStore;
    // The quota is lowered and the concurrency cap lifted so that only the quota decides.
    service = await startTestServer(store, {
      ...fakeConfig(fakes),
      planOverrides: { FREE: { quota: QUOTA, maxConcurrent: 100 } },
      sharedPoolSize: 100,
    });
  });
  afterAll(() => service?.close());

  it('N = 40 concurrent requests with q = 7: exactly 7 answered 200, 33 answered 429 QUOTA_EXCEEDED, the counter says 7', async () => {
    const { account, key } = await accountWithKey(store, 'FREE', { subscriptionStart: '2025-12-31' });
    const answers = await Promise.all(Array.from({ length: 40 }, () => post(service.url, 'iban', { value: IBAN }, key)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(QUOTA);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - QUOTA);
    const period = billingPeriod(account.subscriptionStart, new Date());
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).toMatchObject({ valid: false, errorCode: 'QUOTA_EXCEEDED', originalValue: IBAN, normalizedValue: null });
      expect(refused.body.message).toContain(String(QUOTA));
      expect(refused.body.message).toContain(period.end);
    }
    expect(await store.usage.used(account.id, period.start)).toBe(QUOTA);
    expect((await store.usage.log(account.id, 100)).filter((entry) => entry.errorCode === undefined)).toHaveLength(QUOTA);
    // The refused ones are in the log too, as refusals (docs/service.md#usage-log), none counted.
    await vi.waitFor(async () => expect((await store.usage.log(account.id, 100)).filter((entry) => entry.errorCode === 'QUOTA_EXCEEDED')).toHaveLength(40 - QUOTA));
  });

  it('once the quota is known to be used up, the request is refused before any validation or meter call', async () => {
    const { account, key } = await accountWithKey(store, 'FREE');
    for (let i = 0; i < QUOTA; i++) expect((await post(service.url, 'iban', { value: IBAN }, key)).status).toBe(200);
    const calls = store.countCalls;
    const viesCalls = fakes.vies.calls;
    const refused = await post(service.url, 'vat', { value: VAT }, key);
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('QUOTA_EXCEEDED');
    expect(store.countCalls).toBe(calls);
    expect(fakes.vies.calls).toBe(viesCalls);
    expect(await store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date()).start)).toBe(QUOTA);
  });

  it('paid plans are never blocked: the overage is counted', async () => {
    const overrides = { ...fakeConfig(fakes), planOverrides: { STARTER: { quota: 2 } } };
    const paid = await startTestServer(store, overrides);
    try {
      const { account, key } = await accountWithKey(store, 'STARTER');
      for (let i = 0; i < 5; i++) expect((await post(paid.url, 'iban', { value: IBAN }, key)).status).toBe(200);
      expect(await store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date()).start)).toBe(5);
    } finally {
      await paid.close();
    }
  });
});

describe('concurrency (docs/service.md#concurrency: 429 over the plan maximum)', () => {
  let store: InstrumentedStore;
  let service: TestServer;

  beforeAll(async () => {
    store = sharedStore;
    service = await startTestServer(store, { ...fakeConfig(fakes), viesUrl: slowVies.url, sharedPoolSize: 4 });
  });
  afterAll(() => service?.close());

  it('FREE (maximum 3): of 10 parallel slow VAT requests 3 answer 200 and 7 answer 429 with Retry-After: 1; VIES never sees more than 3', async () => {
    const { account, key } = await accountWithKey(store, 'FREE');
    slowVies.resetCounts();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(service.url, 'vat', { value: VAT }, key)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body).toMatchObject({ valid: false, errorCode: 'CONCURRENCY_LIMIT', originalValue: VAT });
      expect(answer.body.message).toContain('3');
    }
    for (const answer of ok) expect(answer.body.vatDetails?.registered).toBe(true);
    expect(slowVies.maxInFlight).toBeLessThanOrEqual(3);
    expect(slowVies.calls).toBe(3);
    // Refused requests were not counted.
    expect(await store.usage.used(account.id, billingPeriod(account.subscriptionStart, new Date()).start)).toBe(3);
  });

  it('the leases come back: after the burst, and after requests that failed, the account gets its 3 slots again', async () => {
    const { key } = await accountWithKey(store, 'FREE');
    store.failCounts(3);
    for (let i = 0; i < 3; i++) expect((await post(service.url, 'iban', { value: IBAN }, key)).status).toBe(500);
    const vat = luxembourgVat('271828');
    fakes.vies.register(vat, { valid: true });
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(service.url, 'vat', { value: vat }, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('the shared pool (4 here) refuses non-PRO requests beyond it, with Retry-After: 1; PRO does not use it', async () => {
    const starter = await accountWithKey(store, 'STARTER');
    const growth = await accountWithKey(store, 'GROWTH');
    const pro = await accountWithKey(store, 'PRO');
    const vat = luxembourgVat('161803');
    fakes.vies.register(vat, { valid: true });
    const slow = [
      ...Array.from({ length: 3 }, () => post(service.url, 'vat', { value: vat }, starter.key)),
      ...Array.from({ length: 3 }, () => post(service.url, 'vat', { value: vat }, growth.key)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The pool is full now (4 of the 6 slow requests hold a slot); a PRO request still gets through.
    const proAnswer = await post(service.url, 'iban', { value: IBAN }, pro.key);
    const answers = await Promise.all(slow);
    expect(proAnswer.status).toBe(200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body.errorCode).toBe('CONCURRENCY_LIMIT');
    }
  });
});
