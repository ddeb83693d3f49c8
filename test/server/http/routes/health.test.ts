/**
 * GET /healthz and GET /readyz over real HTTP (startServer against the loopback fakes): liveness
 * always; readiness by a real write read back from the store (Store.probe), with the VAT rates and
 * VIES status feed reported in the body; no key, no quota, nothing counted; a burst of calls costs
 * one write; a store that refuses or hangs, a service not started or closed, answer 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../src/server/http/app.js';
import type { ReadinessReport } from '../../../../src/ports.js';
import { EU_MEMBER_STATES } from '../../../../src/vat/reference/member-states.js';
import { billingPeriod } from '../../../../src/server/policy/plans.js';
import type { Store } from '../../../../src/server/storage/types.js';
import { guardStore } from '../../../../src/server/storage/guard.js';
import { ERROR_MESSAGES } from '../../../../src/server/answers/errors.js';
import { memoryStore } from '../../../support/fakes/store.js';
import { tedbRowsFor } from '../../../support/fakes/tedb.js';
import { accountWithKey, fakeConfig, get, post, startFakes, startTestServer, until, type Fakes, type TestServer } from '../../../support/server.js';
import { openTestStore } from '../../../support/store/test-store.js';
import { germanIban } from '../../../support/generators/iban.js';

let fakes: Fakes;
let inner: Store;
/** The real SQL store, its probe counted. */
let store: Store;
let probes = 0;
/** Jobs on: rates fetched and a status sample taken at start. */
let warm: TestServer;
/** Jobs off: no rates, no samples. */
let cold: TestServer;

beforeAll(async () => {
  fakes = await startFakes();
  fakes.tedb.rows = tedbRowsFor({ memberState: 'FR', situationOn: '2026-01-01+01:00', standard: '20.0', reduced: ['5.5', '10.0'] });
  inner = await openTestStore();
  const probe = inner.probe?.bind(inner);
  if (probe === undefined) throw new Error('the SQL store has a probe');
  store = {
    ...inner,
    probe: () => {
      probes++;
      return probe();
    },
  };
  warm = await startTestServer(store, { ...fakeConfig(fakes), jobs: true, planOverrides: { FREE: { quota: 1 } } });
  cold = await startTestServer(store, fakeConfig(fakes));
  await until(async () => {
    const { body } = await get<ReadinessReport>(warm.url, '/readyz');
    return body.viesStatusFeed?.state === 'current' && body.vatRates?.state === 'current';
  }, 20_000);
}, 60_000);

afterAll(async () => {
  await warm?.close();
  await cold?.close();
  await inner?.close();
  await fakes?.close();
});

/** A second and a bit: the shared check is over. */
const pastReuse = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"}, never cached, without a key', async () => {
    const response = await fetch(`${warm.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('is ready when the store takes a write, and reports the rates and the feed', async () => {
    await pastReuse();
    const before = probes;
    const response = await fetch(`${warm.url}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const report = (await response.json()) as ReadinessReport;
    expect(probes).toBe(before + 1);
    expect(report).toEqual({
      status: 'ready',
      checkedAt: expect.any(String),
      store: { writable: true, latencyMs: expect.any(Number), message: null },
      vatRates: { state: 'current', fetchedAt: expect.any(String), lastFailureAt: null, missing: expect.any(Array) },
      registries: expect.any(Array),
      viesStatusFeed: { state: 'current', lastSampleAt: expect.any(String), samples: expect.any(Number) },
    });
    // Every registry, VIES first; the fakes' configuration asks all of them, and none is failing.
    expect(report.registries?.map(({ registry, countryCodes, configured, failingCountryCodes }) => [registry, countryCodes.length, configured, failingCountryCodes])).toEqual([
      ['VIES', 28, true, []],
      ['HMRC', 1, true, []],
      ['UID', 1, true, []],
      ['BRREG', 1, true, []],
    ]);
    expect(report.registries?.[0]?.countryCodes).toContain('XI');
    // The fake TEDB answers for France alone: the rates are partial, and the report names the 26 states without them.
    expect(report.vatRates?.missing).toEqual(EU_MEMBER_STATES.filter((code) => code !== 'FR'));
    expect(report.viesStatusFeed?.samples).toBeGreaterThan(0);
    expect(Date.parse(report.vatRates?.fetchedAt ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('is ready without rates or samples yet: validations do not need them', async () => {
    const { status, body } = await get<ReadinessReport>(cold.url, '/readyz');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ready',
      store: { writable: true },
      vatRates: { state: 'none', fetchedAt: null, lastFailureAt: null, missing: EU_MEMBER_STATES },
      viesStatusFeed: { state: 'none', lastSampleAt: null, samples: 0 },
    });
  });

  it('shares one check among the calls of the same second: a burst costs one write', async () => {
    await pastReuse();
    const before = probes;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${warm.url}/readyz`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(probes).toBe(before + 1);
    await pastReuse();
    await fetch(`${warm.url}/readyz`);
    expect(probes).toBe(before + 2);
  });

  it('needs no key and spends no quota, even when a key is sent', async () => {
    const free = await accountWithKey(store, 'FREE');
    for (const path of ['/healthz', '/readyz', '/healthz', '/readyz']) {
      const response = await fetch(`${warm.url}${path}`, { headers: { 'X-API-KEY': free.key, Authorization: `Bearer ${free.key}` } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('ratelimit'), path).toBeNull();
    }
    // The FREE quota of this service is one validation: it is still there.
    expect((await post(warm.url, 'iban', { value: germanIban('370400440532013000') }, free.key)).status).toBe(200);
    expect(await store.usage.used(free.account.id, billingPeriod(free.account.subscriptionStart, new Date()).start)).toBe(1);
  });

  it('answers 503 when the store refuses the write, without saying more than that in public', async () => {
    const logs: string[] = [];
    const refusing: Store = { ...inner, probe: () => Promise.reject(new Error('could not extend file "base/5/16384": No space left on device')) };
    const app = createApp({ ...fakeConfig(fakes), store: refusing, log: (line) => logs.push(line) });
    const response = await app.fetch(new Request('http://service/readyz'));
    expect(response.status).toBe(503);
    const report = (await response.json()) as ReadinessReport;
    expect(report).toMatchObject({ status: 'not-ready', store: { writable: false, latencyMs: null, message: 'The store refused a write' } });
    // The rates (restored from the store, which the warm service saved them to) are still reported.
    expect(report.vatRates).toMatchObject({ state: 'current' });
    expect(JSON.stringify(report)).not.toContain('No space');
    expect(logs.some((line) => line.includes('No space left on device'))).toBe(true);
    await app.close();
  });

  it('answers as an outage when its own probe is the write that finds the disk full', async () => {
    // Nothing else wrote since the disk filled: the guard learns of the outage from this probe.
    const diskFull = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    // Its own close is a no-op: closing the guard (which stops its probe timer) leaves the shared store open.
    const guarded = guardStore({ ...inner, probe: () => Promise.reject(diskFull), close: () => Promise.resolve() }, { log: () => undefined });
    expect(guarded.availability.outage()).toBeNull();
    const app = createApp({ ...fakeConfig(fakes), store: guarded, log: () => undefined });
    const response = await app.fetch(new Request('http://service/readyz'));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'not-ready', store: { writable: false, message: ERROR_MESSAGES.STORE_UNAVAILABLE } });
    expect(guarded.availability.outage()?.message).toBe(ERROR_MESSAGES.STORE_UNAVAILABLE);
    await app.close();
    await guarded.close();
  });

  it('answers 503 when the store does not take the write within 2 seconds', async () => {
    const hanging: Store = { ...inner, probe: () => new Promise<void>(() => undefined) };
    const app = createApp({ ...fakeConfig(fakes), store: hanging, log: () => undefined });
    await app.ready();
    const started = Date.now();
    const response = await app.fetch(new Request('http://service/readyz'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'not-ready', store: { writable: false, message: 'The store did not take a write within 2 s' } });
    await app.close();
  });

  it('checks a store that has no probe with a read', async () => {
    const plain = memoryStore();
    const app = createApp({ ...fakeConfig(fakes), store: plain, log: () => undefined });
    expect((await app.fetch(new Request('http://service/readyz'))).status).toBe(200);
    plain.rates.load = () => Promise.reject(new Error('connection lost'));
    await pastReuse();
    expect((await app.fetch(new Request('http://service/readyz'))).status).toBe(503);
    await app.close();
  });

  it('answers 503 once the service is closed, and when it could not start', async () => {
    const app = createApp({ ...fakeConfig(fakes), store: memoryStore(), log: () => undefined });
    expect((await app.fetch(new Request('http://service/readyz'))).status).toBe(200);
    await app.close();
    await pastReuse();
    const closed = await app.fetch(new Request('http://service/readyz'));
    expect(closed.status).toBe(503);
    expect(await closed.json()).toMatchObject({ status: 'not-ready', store: { writable: false }, vatRates: null, viesStatusFeed: null });
    // healthz only says that the process answers.
    expect((await app.fetch(new Request('http://service/healthz'))).status).toBe(200);

    const broken = memoryStore();
    broken.rates.load = () => Promise.reject(new Error('relation "vat_rates" does not exist'));
    const unstartable = createApp({ ...fakeConfig(fakes), store: broken, log: () => undefined });
    const answer = await unstartable.fetch(new Request('http://service/readyz'));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ status: 'not-ready', vatRates: null });
    await unstartable.close();
  });
});
