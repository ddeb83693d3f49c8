/**
 * Webhooks are isolated per destination (docs/service.md#webhooks), on a running service whose own
 * sender posts to loopback receivers (allowed by --allow-private-webhooks): receivers that hang
 * hold only their own deliveries, a URL that keeps failing is paused and the account sees it in
 * the admin API and on the dashboard, and an address the guard refuses is tried once, never again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountAdmin } from '../../../src/server/admin/service.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Store } from '../../../src/server/storage/types.js';
import { emitEvent } from '../../../src/server/webhooks/events.js';
import { PAUSE_AFTER_FAILURES } from '../../../src/server/webhooks/pause.js';
import { adminCall, OPERATOR_TOKEN, signIn } from '../../support/admin-api.js';
import { startReceiver, type WebhookReceiver } from '../../support/fakes/webhook-receiver.js';
import { fakeConfig, startFakes, startTestServer, until, type Fakes, type TestServer } from '../../support/server.js';

/** The service's time to answer per attempt (src/server/webhooks/post.ts). */
const ATTEMPT_TIMEOUT_MS = 5_000;

let fakes: Fakes;

beforeAll(async () => {
  fakes = await startFakes();
});

afterAll(async () => {
  await fakes?.close();
});

/** What each block runs on: a service over its own embedded store (with the operator token), and loopback receivers. */
interface Setting {
  store: Store;
  service: TestServer;
  receivers: WebhookReceiver[];
}

/** Starts the block's service and `receivers` receivers before its tests, and closes them after. */
function useService(allowPrivateWebhooks: boolean, receivers: number): Setting {
  const setting = {} as Setting;
  beforeAll(async () => {
    setting.store = await openEmbeddedStore();
    setting.service = await startTestServer(setting.store, { ...fakeConfig(fakes), adminToken: OPERATOR_TOKEN, allowPrivateWebhooks });
    setting.receivers = await Promise.all(Array.from({ length: receivers }, () => startReceiver()));
  });
  afterAll(async () => {
    // The receivers go first: a hanging one's cut connections end the attempts the service waits for.
    for (const receiver of setting.receivers ?? []) await receiver.close();
    await setting.service?.close();
    await setting.store?.close();
  });
  return setting;
}

/** An account whose webhook is `url`, set through the admin API as an operator would. */
async function accountWithWebhook(service: TestServer, name: string, url: string): Promise<string> {
  const account = await createAccountAdmin(service.store).createAccount({ name, plan: 'STARTER' });
  const set = await adminCall(service.url, 'PUT', `/accounts/${account.id}/webhook`, { token: OPERATOR_TOKEN }, { body: { url } });
  expect(set.status).toBe(200);
  return account.id;
}

describe('one destination never holds up another', () => {
  const setting = useService(true, 2);

  it("delivers another account's event before the hanging ones time out, while 40 destinations of one account hang", async () => {
    const { service, store } = setting;
    const [hanging, healthy] = setting.receivers as [WebhookReceiver, WebhookReceiver];
    hanging.answer = () => 'hang';
    const slow = await accountWithWebhook(service, 'Slow', `${hanging.origin}/hooks/0`);
    const fast = await accountWithWebhook(service, 'Fast', healthy.url);
    // 40 destinations: the account's own URL and 39 jobs' own URLs, every one hanging.
    for (let i = 1; i < 40; i += 1) {
      await emitEvent({ store, now: () => new Date() }, { accountId: slow, type: 'job.completed', data: { i }, extraUrl: `${hanging.origin}/hooks/${i}` });
    }
    await until(() => new Set(hanging.received.map((r) => r.path)).size === 40, ATTEMPT_TIMEOUT_MS, 'every hanging destination reached');
    const hangingSince = Math.min(...hanging.received.map((r) => r.at));

    const due = Date.now();
    const eventId = await emitEvent({ store, now: () => new Date(due) }, { accountId: fast, type: 'job.completed', data: { fast: true } });
    await until(() => healthy.received.length === 1, ATTEMPT_TIMEOUT_MS, 'the healthy destination reached');
    const delay = (healthy.received[0]?.at ?? Number.NaN) - due;

    expect((JSON.parse(healthy.received[0]?.body ?? '{}') as { id: string }).id).toBe(eventId);
    // Arrived while the hanging attempts still hang (not one has timed out and been logged): the
    // healthy event never waited for them. The bound that load cannot break is their 5 s timeout;
    // the delay measured is the sender's poll (1 s at most) and one POST.
    expect(delay, `delivered ${delay} ms after it was due`).toBeLessThan(ATTEMPT_TIMEOUT_MS);
    expect(Date.now() - hangingSince).toBeLessThan(ATTEMPT_TIMEOUT_MS);
    const slowDeliveries = await store.webhooks.deliveries(slow, 100);
    expect(slowDeliveries.flatMap((delivery) => delivery.log)).toEqual([]);
    // Each destination has 2 attempts in flight at most: the account's URL got 2 of its 39 events.
    expect(hanging.received.filter((r) => r.path === '/hooks/0')).toHaveLength(2);
  });
});

describe('a destination that keeps failing', () => {
  const setting = useService(true, 1);

  it('is paused after 5 failures in a row, its other events held, and the account sees since when and why', async () => {
    const { service, store } = setting;
    const [failing] = setting.receivers as [WebhookReceiver];
    failing.answer = () => 500;
    const accountId = await accountWithWebhook(service, 'Failing', failing.url);
    for (let i = 0; i < 12; i += 1) await emitEvent({ store, now: () => new Date() }, { accountId, type: 'vat.details_changed', data: { i } });

    const session = await signIn(store, accountId);
    let shown: Record<string, unknown> = {};
    await until(
      async () => {
        shown = (await adminCall(service.url, 'GET', `/accounts/${accountId}/webhook`, { session })).json;
        return shown['state'] === 'paused';
      },
      10_000,
      'the webhook shown paused',
    );
    expect(shown).toMatchObject({ url: failing.url, lastError: 'answered 500' });
    expect(shown['consecutiveFailures']).toBeGreaterThanOrEqual(PAUSE_AFTER_FAILURES);
    const pausedSince = Date.parse(String(shown['pausedSince']));
    // The next probe follows the retry schedule: 30 s after the last failure, then doubling.
    expect(Date.parse(String(shown['nextProbeAt'])) - pausedSince).toBeGreaterThanOrEqual(30_000);

    // Held: of 12 events, the 5 that paused it and at most one more in flight then were tried; the
    // rest wait for the probe instead of being retried each on its own.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(failing.received.length).toBeGreaterThanOrEqual(PAUSE_AFTER_FAILURES);
    expect(failing.received.length).toBeLessThanOrEqual(PAUSE_AFTER_FAILURES + 1);
    const held = (await store.webhooks.deliveries(accountId, 20)).filter((delivery) => delivery.log.length === 0);
    expect(held.length).toBeGreaterThanOrEqual(12 - PAUSE_AFTER_FAILURES - 1);
    expect(held.every((delivery) => delivery.status === 'pending' && delivery.nextAttemptAt.getTime() >= pausedSince + 30_000)).toBe(true);

    const page = await fetch(`${service.url}/dashboard/accounts/${accountId}/webhooks`, { headers: { Cookie: session.cookie } });
    expect(page.status).toBe(200);
    const text = (await page.text()).replace(/\s+/g, ' ');
    expect(text).toContain('paused</span> since');
    expect(text).toContain('last error: answered 500');
  });
});

describe('an address the guard refuses', () => {
  const setting = useService(false, 1);

  it('is one attempt, a final failure logged as such, never a retry', async () => {
    const { service, store } = setting;
    const [receiver] = setting.receivers as [WebhookReceiver];
    const accountId = await accountWithWebhook(service, 'Private', receiver.url);
    const eventId = await emitEvent({ store, now: () => new Date() }, { accountId, type: 'job.completed', data: {} });
    await until(async () => (await store.webhooks.deliveries(accountId, 10))[0]?.status === 'failed', 5_000, 'the delivery failed');
    const [delivery] = await store.webhooks.deliveries(accountId, 10);
    expect(delivery).toMatchObject({ id: eventId, status: 'failed', attempts: 1 });
    expect(delivery?.log.map((attempt) => attempt.error)).toEqual(['destination refused: 127.0.0.1 is a loopback address']);
    expect(receiver.received).toHaveLength(0);
    const line = service.logs.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry['msg'] === 'webhook delivery failed for good');
    expect(line).toMatchObject({ why: 'destination refused', eventId, attempts: 1, host: new URL(receiver.url).host });
  });
});
