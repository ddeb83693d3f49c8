/**
 * Watched VAT numbers (docs/service.md#vat-monitoring) over the real SQL store and the loopback
 * VIES fake: the endpoints, a re-check counted once with its evidence, exactly one event when the
 * fake deregisters a watched number (delivered to a loopback receiver, signed), none for an
 * outage (the verdict kept, nothing counted, tried again within minutes), details changes, the
 * schedule, and one account never reaching another's watches.
 */
import { createServer, type Server } from 'node:http';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountAdmin } from '../../../src/server/admin/service.js';
import type { ApiRouteDeps } from '../../../src/server/http/routes/api-key.js';
import { createRuntimeState } from '../../../src/server/pipeline/runtime-state.js';
import { mountWatchRoutes } from '../../../src/server/http/routes/watch.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { createServices, type Services } from '../../../src/server/services.js';
import { createMemoryLimiter } from '../../../src/server/storage/memory/limiter.js';
import type { Store } from '../../../src/server/storage/types.js';
import { checkDueWatches, startWatchScheduler } from '../../../src/server/watch/scheduler.js';
import type { VatWatch } from '../../../src/account-api.js';
import { deliverDue } from '../../../src/server/webhooks/delivery.js';
import { verifySignature } from '../../../src/server/webhooks/signature.js';
import { closeServer, listenOnLoopback, withBody } from '../../support/fakes/loopback.js';
import { startViesFake, type ViesFake } from '../../support/fakes/vies.js';
import { openTestStore } from '../../support/store/test-store.js';

const LU = 'LU26375245';
const MINUTE = 60_000;
const DAY = 86_400_000;
const INTERVAL = 7 * DAY;

let store: Store;
let vies: ViesFake;
let clock: Date;
let services: Services;
let deps: ApiRouteDeps;
let app: Hono;
let receiver: { url: string; bodies: Array<{ body: string; signature: string }>; server: Server };

async function startReceiver(): Promise<typeof receiver> {
  const bodies: Array<{ body: string; signature: string }> = [];
  const server = createServer(
    withBody((req, res, body) => {
      bodies.push({ body, signature: String(req.headers['verifield-signature']) });
      res.writeHead(200).end();
    }),
  );
  const port = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}/`, bodies, server };
}

async function newAccount(name: string, plan = 'STARTER'): Promise<{ id: string; key: string }> {
  const admin = createAccountAdmin(store, { now: () => clock });
  const account = await admin.createAccount({ name, plan, subscriptionStart: '2026-03-01' });
  const { key } = await admin.createKey({ accountId: account.id, name: 'k' });
  return { id: account.id, key };
}

function call(method: string, path: string, key: string, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method,
      headers: { 'X-API-KEY': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

async function watch(key: string, value: string, traderName?: string): Promise<VatWatch> {
  const response = await call('POST', '/api/v1/vat/watch', key, traderName === undefined ? { value } : { value, traderName });
  expect(response.status).toBe(201);
  return (await response.json()) as VatWatch;
}

async function listed(key: string): Promise<VatWatch[]> {
  const response = await call('GET', '/api/v1/vat/watch', key);
  expect(response.status).toBe(200);
  return ((await response.json()) as { watches: VatWatch[] }).watches;
}

/** Moves the clock past every watch's next check, and runs the scheduler's round. */
async function nextRound(): Promise<void> {
  clock = new Date(clock.getTime() + INTERVAL * 1.1 + 1_000);
  while ((await checkDueWatches(deps)) > 0);
}

beforeEach(async () => {
  store = await openTestStore();
  vies = await startViesFake();
  vies.register(LU, { valid: true, name: 'ACME SARL', address: '1 RUE DU MARCHE\nL-1234 LUXEMBOURG' });
  clock = new Date('2026-03-02T09:00:00Z');
  services = createServices({ viesUrl: vies.url, now: () => clock, log: () => undefined, jobs: false }, { store, ownsStore: false, limiter: createMemoryLimiter() });
  const runtime = createRuntimeState(services, { jobConcurrencyPerState: 2 });
  deps = {
    runtime: () => runtime,
    services: () => services,
    plans: PLANS,
    log: () => undefined,
    now: () => clock,
    config: { jobConcurrencyPerState: 2, maxQueuedJobs: 20, watchIntervalMs: INTERVAL, allowPrivateWebhooks: true, evidenceYears: 10 },
  };
  app = new Hono();
  mountWatchRoutes(app, deps);
  receiver = await startReceiver();
});

afterEach(async () => {
  await closeServer(receiver.server);
  await vies.close();
  await store.close();
});

describe('POST/GET/DELETE /api/v1/vat/watch', () => {
  it('watches a number (normalized, due at once), lists it, and deletes it', async () => {
    const a = await newAccount('A');
    const created = await watch(a.key, 'lu 2637 5245', 'Acme');
    expect(created).toMatchObject({ value: LU, traderName: 'Acme', registered: null, lastCheckedAt: null, nextCheckAt: clock.toISOString() });
    // Watching it again answers the same watch.
    const again = await call('POST', '/api/v1/vat/watch', a.key, { value: LU });
    expect(again.status).toBe(200);
    expect(((await again.json()) as VatWatch).id).toBe(created.id);
    expect((await listed(a.key)).map((w) => w.id)).toEqual([created.id]);
    expect((await call('DELETE', `/api/v1/vat/watch/${created.id}`, a.key)).status).toBe(204);
    expect(await listed(a.key)).toEqual([]);
    expect((await call('DELETE', `/api/v1/vat/watch/${created.id}`, a.key)).status).toBe(404);
  });

  it('refuses a number that cannot exist with the validation reason, and numbers VIES does not answer for', async () => {
    const a = await newAccount('A');
    const bad = await call('POST', '/api/v1/vat/watch', a.key, { value: 'LU26375246' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errorCode: 'INVALID_VAT_NUMBER', reason: expect.stringMatching(/^VAT_/) });
    const gb = await call('POST', '/api/v1/vat/watch', a.key, { value: 'GB980780684' });
    expect(gb.status).toBe(400);
    expect(await gb.json()).toMatchObject({ errorCode: 'NOT_IN_VIES' });
    const noValue = await call('POST', '/api/v1/vat/watch', a.key, {});
    expect(noValue.status).toBe(400);
    expect(await noValue.json()).toMatchObject({ errorCode: 'MISSING_VALUE' });
    expect((await call('POST', '/api/v1/vat/watch', 'vf_nope', { value: LU })).status).toBe(401);
    expect(await listed(a.key)).toEqual([]);
  });

  it("never shows or touches another account's watch: 404 as for an unknown id", async () => {
    const a = await newAccount('A');
    const b = await newAccount('B');
    const mine = await watch(a.key, LU);
    expect(await listed(b.key)).toEqual([]);
    expect((await call('DELETE', `/api/v1/vat/watch/${mine.id}`, b.key)).status).toBe(404);
    expect((await call('POST', `/api/v1/vat/watch/${mine.id}/check`, b.key)).status).toBe(404);
    expect((await listed(a.key)).map((w) => w.id)).toEqual([mine.id]);
    expect(vies.calls).toBe(0);
  });
});

/** Minutes from now until the watch's next check. */
function minutesToNext(w: VatWatch | undefined): number {
  return (Date.parse(w?.nextCheckAt ?? '') - clock.getTime()) / MINUTE;
}

/** The wait of a retry: `step` minutes, spread by up to 10 % as every check is (the share depends on the watch's id). */
function expectRetryIn(w: VatWatch | undefined, step: number): void {
  const minutes = minutesToNext(w);
  expect(minutes).toBeGreaterThanOrEqual(step);
  expect(minutes).toBeLessThan(step * 1.1);
}

/** Moves the clock to the watch's next check, and runs the scheduler's round. */
async function untilNextCheck(w: VatWatch | undefined): Promise<void> {
  clock = new Date(Date.parse(w?.nextCheckAt ?? ''));
  while ((await checkDueWatches(deps)) > 0);
}

describe('re-checks without an answer (VIES down): retried within minutes, never counted', () => {
  it('retries a watch created while VIES is down within a minute or so, counts nothing, then records and counts the verdict once', async () => {
    const a = await newAccount('A');
    vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    const created = await watch(a.key, LU);
    expect(await checkDueWatches(deps)).toBe(1);
    const [waiting] = await listed(a.key);
    expect(waiting).toMatchObject({ registered: null, lastCheckedAt: null, lastAttemptAt: clock.toISOString() });
    expectRetryIn(waiting, 1);
    expect(await store.usage.log(a.id, 10)).toEqual([]);
    expect(await store.evidence.forValue(a.id, LU)).toEqual([]);

    vies.reset();
    await untilNextCheck(waiting);
    const [known] = await listed(a.key);
    expect(known).toMatchObject({ registered: true, name: 'ACME SARL', lastCheckedAt: clock.toISOString() });
    expect(minutesToNext(known)).toBeGreaterThanOrEqual(INTERVAL / MINUTE);
    const log = await store.usage.log(a.id, 10);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ endpoint: 'vat', requestId: `watch:${created.id}:${clock.toISOString()}`, valid: true });
  });

  it('waits 1, 2, 4 … 32 minutes, then every hour, while VIES stays down, and never a day', async () => {
    const a = await newAccount('A');
    vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    await watch(a.key, LU);
    await checkDueWatches(deps);
    for (const step of [1, 2, 4, 8, 16, 32, 60, 60, 60]) {
      const [w] = await listed(a.key);
      expectRetryIn(w, step);
      expect(w).toMatchObject({ registered: null, lastCheckedAt: null });
      await untilNextCheck(w);
    }
    expect(await store.usage.log(a.id, 100)).toEqual([]);
    expect(vies.calls).toBe(10);
  });

  it('retries a weekly re-check that finds VIES down within minutes, keeping and not counting, then counts the answer once', async () => {
    const a = await newAccount('A');
    await watch(a.key, LU);
    await checkDueWatches(deps);
    const first = (await listed(a.key))[0] as VatWatch;
    vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    await untilNextCheck(first);
    const [down] = await listed(a.key);
    expect(down).toMatchObject({ registered: true, lastCheckedAt: first.lastCheckedAt, lastAttemptAt: clock.toISOString() });
    expectRetryIn(down, 1);
    await untilNextCheck(down);
    const [stillDown] = await listed(a.key);
    expectRetryIn(stillDown, 2);
    expect(await store.usage.log(a.id, 10)).toHaveLength(1);

    vies.reset();
    await untilNextCheck(stillDown);
    const [back] = await listed(a.key);
    expect(back).toMatchObject({ registered: true, lastCheckedAt: clock.toISOString() });
    expect(minutesToNext(back)).toBeGreaterThanOrEqual(INTERVAL / MINUTE);
    expect(await store.usage.log(a.id, 10)).toHaveLength(2);
    // A later outage starts again from a minute: the verdict in between ended the last one.
    vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    await untilNextCheck(back);
    expectRetryIn((await listed(a.key))[0], 1);
  });

  it('spends no FREE quota on attempts VIES did not answer', async () => {
    const a = await newAccount('A', 'FREE');
    deps = { ...deps, plans: { ...PLANS, FREE: { ...PLANS.FREE, quota: 1 } } };
    app = new Hono();
    mountWatchRoutes(app, deps);
    vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    const created = await watch(a.key, LU);
    await checkDueWatches(deps);
    // A check asked for now, while VIES is down: answered, not counted.
    const now = await call('POST', `/api/v1/vat/watch/${created.id}/check`, a.key);
    expect(now.status).toBe(200);
    expect(await now.json()).toMatchObject({ registered: null, lastCheckedAt: null });
    expect(await store.usage.log(a.id, 10)).toEqual([]);

    vies.reset();
    await untilNextCheck((await listed(a.key))[0]);
    expect((await listed(a.key))[0]).toMatchObject({ registered: true });
    expect(await store.usage.log(a.id, 10)).toHaveLength(1);
  });
});

describe('re-checks', () => {
  it('checks a new watch at once, counts it once under the watch key, and keeps its evidence', async () => {
    const a = await newAccount('A');
    const created = await watch(a.key, LU);
    expect(await checkDueWatches(deps)).toBe(1);
    const [checked] = await listed(a.key);
    expect(checked).toMatchObject({ registered: true, name: 'ACME SARL', lastCheckedAt: clock.toISOString(), lastAttemptAt: clock.toISOString() });
    const next = Date.parse(checked?.nextCheckAt ?? '') - clock.getTime();
    expect(next).toBeGreaterThanOrEqual(INTERVAL);
    expect(next).toBeLessThan(INTERVAL * 1.1);
    const log = await store.usage.log(a.id, 10);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ endpoint: 'vat', requestId: `watch:${created.id}:${clock.toISOString()}`, valid: true });
    expect(await store.evidence.forValue(a.id, LU)).toHaveLength(1);
    // Not due again before its next check.
    expect(await checkDueWatches(deps)).toBe(0);
  });

  it('fires exactly one vat.registration_changed when VIES deregisters the number, delivered signed', async () => {
    const a = await newAccount('A');
    const { secret } = await createAccountAdmin(store, { now: () => clock }).setWebhook(a.id, receiver.url);
    await watch(a.key, LU);
    await checkDueWatches(deps);
    await nextRound();
    expect(await store.webhooks.deliveries(a.id, 10)).toEqual([]);

    vies.register(LU, { valid: false });
    await nextRound();
    await nextRound();
    const deliveries = await store.webhooks.deliveries(a.id, 10);
    expect(deliveries.map((d) => d.type)).toEqual(['vat.registration_changed']);
    await deliverDue({ services: () => services, config: deps.config, log: () => undefined, now: () => clock });
    expect(receiver.bodies).toHaveLength(1);
    const got = receiver.bodies[0] as { body: string; signature: string };
    expect(verifySignature(got.signature, got.body, secret, 300, clock.getTime() / 1000)).toBe(true);
    const event = JSON.parse(got.body) as { type: string; data: { watch: VatWatch; previous: { registered: boolean } } };
    expect(event.type).toBe('vat.registration_changed');
    expect(event.data.watch).toMatchObject({ value: LU, registered: false });
    expect(event.data.previous.registered).toBe(true);
    // Registered again: one more event, the other way.
    vies.register(LU, { valid: true, name: 'ACME SARL', address: '1 RUE DU MARCHE\nL-1234 LUXEMBOURG' });
    await nextRound();
    expect((await store.webhooks.deliveries(a.id, 10)).map((d) => d.type)).toEqual(['vat.registration_changed', 'vat.registration_changed']);
    expect(await store.usage.log(a.id, 100)).toHaveLength(5);
  });

  it('fires no event and keeps the verdict while VIES is down, and counts nothing', async () => {
    const a = await newAccount('A');
    await createAccountAdmin(store, { now: () => clock }).setWebhook(a.id, receiver.url);
    await watch(a.key, LU);
    await checkDueWatches(deps);
    const known = (await listed(a.key))[0] as VatWatch;
    vies.register(LU, { valid: false });
    vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    await nextRound();
    const [after] = await listed(a.key);
    expect(after).toMatchObject({ registered: true, name: 'ACME SARL', lastCheckedAt: known.lastCheckedAt, lastAttemptAt: clock.toISOString() });
    expect(await store.webhooks.deliveries(a.id, 10)).toEqual([]);
    expect(await store.usage.log(a.id, 10)).toHaveLength(1);
  });

  it('fires vat.details_changed when the published name or address changes, not for spacing', async () => {
    const a = await newAccount('A');
    await createAccountAdmin(store, { now: () => clock }).setWebhook(a.id, receiver.url);
    await watch(a.key, LU);
    await checkDueWatches(deps);
    vies.register(LU, { valid: true, name: 'ACME  SARL', address: '1 RUE DU MARCHE L-1234 LUXEMBOURG' });
    await nextRound();
    expect(await store.webhooks.deliveries(a.id, 10)).toEqual([]);
    vies.register(LU, { valid: true, name: 'ACME HOLDING SARL', address: '1 RUE DU MARCHE L-1234 LUXEMBOURG' });
    await nextRound();
    const [delivery] = await store.webhooks.deliveries(a.id, 10);
    expect(delivery?.type).toBe('vat.details_changed');
    expect((delivery?.data as { watch: VatWatch }).watch.name).toBe('ACME HOLDING SARL');
  });

  it('asks VIES itself on each re-check (a cached answer would hide a change)', async () => {
    const a = await newAccount('A');
    const created = await watch(a.key, LU);
    await checkDueWatches(deps);
    vies.register(LU, { valid: false });
    const now = await call('POST', `/api/v1/vat/watch/${created.id}/check`, a.key);
    expect(now.status).toBe(200);
    expect(await now.json()).toMatchObject({ id: created.id, registered: false });
    expect(vies.calls).toBe(2);
  });

  it("uses the account's own interval when it has one", async () => {
    const a = await newAccount('A');
    await store.accounts.update(a.id, { watchIntervalMs: 60_000 }, clock);
    await watch(a.key, LU);
    await checkDueWatches(deps);
    const [checked] = await listed(a.key);
    const next = Date.parse(checked?.nextCheckAt ?? '') - clock.getTime();
    expect(next).toBeGreaterThanOrEqual(60_000);
    expect(next).toBeLessThan(66_000);
  });

  it('refuses a re-check now to a FREE account whose quota is used up (429), and the scheduler skips it', async () => {
    const a = await newAccount('A', 'FREE');
    const created = await watch(a.key, LU);
    const plans = { ...PLANS, FREE: { ...PLANS.FREE, quota: 1 } };
    deps = { ...deps, plans };
    app = new Hono();
    mountWatchRoutes(app, deps);
    await checkDueWatches(deps);
    expect((await call('POST', `/api/v1/vat/watch/${created.id}/check`, a.key)).status).toBe(429);
    await nextRound();
    expect(vies.calls).toBe(1);
    expect(await store.usage.log(a.id, 10)).toHaveLength(1);
  });

  it('runs as a loop that checks a new watch at once, and stops', async () => {
    const a = await newAccount('A');
    await watch(a.key, LU);
    const scheduler = startWatchScheduler(deps, { pollMs: 20 });
    try {
      await expect.poll(async () => (await listed(a.key))[0]?.registered, { timeout: 5_000 }).toBe(true);
    } finally {
      await scheduler.stop();
    }
  });
});
