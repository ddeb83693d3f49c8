/**
 * Webhook delivery against a loopback receiver (node:http on 127.0.0.1), over the real SQL store:
 * what a receiver gets (body, content type, a signature its secret verifies), retries on a 500 and
 * on a timeout on the schedule of docs/service.md#webhooks, every attempt logged, the SSRF guard,
 * a job's own URL, and one account never seeing another's deliveries.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountAdmin } from '../../../src/server/admin/service.js';
import type { Store } from '../../../src/server/storage/types.js';
import { createWebhookSender, deliverDue, startWebhookDelivery, type WebhookDeliveryDeps } from '../../../src/server/webhooks/delivery.js';
import { emitEvent } from '../../../src/server/webhooks/events.js';
import { verifySignature } from '../../../src/server/webhooks/signature.js';
import { startReceiver, type Received, type WebhookReceiver } from '../../support/fakes/webhook-receiver.js';
import { openTestStore } from '../../support/store/test-store.js';

let store: Store;
let clock: Date;
let receiver: WebhookReceiver;

function depsOf(allowPrivate = true): WebhookDeliveryDeps {
  return { services: () => ({ store }), config: { allowPrivateWebhooks: allowPrivate }, log: () => undefined, now: () => clock };
}

async function accountWithWebhook(name: string, url: string): Promise<{ id: string; secret: string }> {
  const admin = createAccountAdmin(store, { now: () => clock });
  const account = await admin.createAccount({ name, plan: 'STARTER' });
  const { secret } = await admin.setWebhook(account.id, url);
  return { id: account.id, secret };
}

beforeEach(async () => {
  store = await openTestStore();
  clock = new Date('2026-03-01T10:00:00Z');
  receiver = await startReceiver();
});

afterEach(async () => {
  await receiver.close();
  await store.close();
});

describe('webhook delivery', () => {
  it('POSTs { id, type, createdAt, data } as JSON, signed with the account secret, and logs the attempt', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    const eventId = await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: { job: { id: 'j1', status: 'done' } } });
    expect(eventId).toMatch(/^evt_/);
    expect(await deliverDue(depsOf())).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received as [Received];
    expect(got.path).toBe('/hooks');
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual({ id: eventId, type: 'job.completed', createdAt: clock.toISOString(), data: { job: { id: 'j1', status: 'done' } } });
    const signature = got.headers['verifield-signature'] as string;
    expect(verifySignature(signature, got.body, account.secret, 300, clock.getTime() / 1000)).toBe(true);
    expect(verifySignature(signature, got.body, 'whsec_wrong', 300, clock.getTime() / 1000)).toBe(false);

    const [delivery] = await store.webhooks.deliveries(account.id, 10);
    expect(delivery).toMatchObject({ id: eventId, status: 'delivered', attempts: 1, url: receiver.url });
    expect(delivery?.log).toHaveLength(1);
    expect(delivery?.log[0]).toMatchObject({ status: 200, error: null });
    // Delivered once: nothing is due any more.
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await deliverDue(depsOf())).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a 500 after 30 s, then 60 s, and stops once a 2xx comes; every attempt logged', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    receiver.answer = (n) => (n <= 2 ? 500 : 204);
    await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'vat.details_changed', data: {} });
    await deliverDue(depsOf());
    expect(receiver.received).toHaveLength(1);
    // Not due before its time.
    clock = new Date(clock.getTime() + 29_000);
    expect(await deliverDue(depsOf())).toBe(0);
    clock = new Date(clock.getTime() + 1_000);
    expect(await deliverDue(depsOf())).toBe(1);
    clock = new Date(clock.getTime() + 59_000);
    expect(await deliverDue(depsOf())).toBe(0);
    clock = new Date(clock.getTime() + 1_000);
    expect(await deliverDue(depsOf())).toBe(1);
    expect(receiver.received).toHaveLength(3);
    // Every attempt carries the same event id: receivers deduplicate by it.
    expect(new Set(receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id)).size).toBe(1);
    const [delivery] = await store.webhooks.deliveries(account.id, 10);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.log.map((attempt) => attempt.status).sort()).toEqual([204, 500, 500]);
    expect(delivery?.log.filter((attempt) => attempt.status === 500).every((attempt) => attempt.error === 'answered 500')).toBe(true);
  });

  it('gives a receiver that does not answer its timeout, logs it, and tries again', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    receiver.answer = (n) => (n === 1 ? 'hang' : 200);
    await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: {} });
    const started = Date.now();
    await deliverDue(depsOf(), { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
    let [delivery] = await store.webhooks.deliveries(account.id, 10);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery?.log[0]).toMatchObject({ status: null, error: 'no answer within 0.3 s' });
    expect(delivery?.nextAttemptAt.getTime()).toBe(clock.getTime() + 30_000);
    clock = new Date(clock.getTime() + 30_000);
    await deliverDue(depsOf(), { timeoutMs: 300 });
    [delivery] = await store.webhooks.deliveries(account.id, 10);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('marks a delivery failed once its retries would run past 24 h after the event', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    receiver.answer = () => 503;
    const created = clock.getTime();
    await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: {} });
    for (let i = 0; i < 40; i += 1) {
      await deliverDue(depsOf());
      const [delivery] = await store.webhooks.deliveries(account.id, 1);
      if (delivery?.status !== 'pending') break;
      clock = delivery.nextAttemptAt;
    }
    const [delivery] = await store.webhooks.deliveries(account.id, 1);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toBe(30);
    expect(receiver.received).toHaveLength(30);
    expect(clock.getTime() - created).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('refuses loopback and private destinations unless allowed, without connecting, and never tries them again', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: {} });
    await deliverDue(depsOf(false));
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await store.webhooks.deliveries(account.id, 10);
    expect(delivery?.log[0]?.error).toBe('destination refused: 127.0.0.1 is a loopback address');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await deliverDue(depsOf(false))).toBe(0);
  });

  it('fails at once, without a retry, a name that resolves to a private address (the guard inside the lookup)', async () => {
    const url = receiver.url.replace('127.0.0.1', 'rebind.example');
    const account = await accountWithWebhook('A', url);
    await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: {} });
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    await deliverDue(depsOf(false), { resolve });
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await store.webhooks.deliveries(account.id, 10);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(delivery?.log[0]?.error).toBe('destination refused: rebind.example resolves to 127.0.0.1, a loopback address');
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await deliverDue(depsOf(false), { resolve })).toBe(0);
  });

  it("sends a job's own URL the same event, signed with the account's secret", async () => {
    const other = await startReceiver();
    try {
      const account = await accountWithWebhook('A', receiver.url);
      const eventId = await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: { job: { id: 'j' } }, extraUrl: other.url });
      expect(await deliverDue(depsOf())).toBe(2);
      for (const got of [receiver.received[0], other.received[0]]) {
        expect((JSON.parse(got?.body ?? '{}') as { id: string }).id).toBe(eventId);
        expect(verifySignature(got?.headers['verifield-signature'] as string, got?.body ?? '', account.secret, 300, clock.getTime() / 1000)).toBe(true);
      }
    } finally {
      await other.close();
    }
  });

  it('signs with the secret in force when sending: a rotated secret signs the retries', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    receiver.answer = (n) => (n === 1 ? 500 : 200);
    await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: {} });
    await deliverDue(depsOf());
    const { secret } = await createAccountAdmin(store, { now: () => clock }).rotateWebhookSecret(account.id);
    clock = new Date(clock.getTime() + 30_000);
    await deliverDue(depsOf());
    const retry = receiver.received[1] as Received;
    expect(verifySignature(retry.headers['verifield-signature'] as string, retry.body, secret, 300, clock.getTime() / 1000)).toBe(true);
    expect(verifySignature(retry.headers['verifield-signature'] as string, retry.body, account.secret, 300, clock.getTime() / 1000)).toBe(false);
  });

  it("queues nothing for an account without a webhook, and shows an account none of another's deliveries", async () => {
    const admin = createAccountAdmin(store, { now: () => clock });
    const bare = await admin.createAccount({ name: 'No hook', plan: 'FREE' });
    expect(await emitEvent({ store, now: () => clock }, { accountId: bare.id, type: 'job.completed', data: {} })).toBeNull();
    const a = await accountWithWebhook('A', receiver.url);
    const b = await accountWithWebhook('B', receiver.url);
    await emitEvent({ store, now: () => clock }, { accountId: a.id, type: 'job.completed', data: { who: 'a' } });
    await deliverDue(depsOf());
    expect(await store.webhooks.deliveries(a.id, 10)).toHaveLength(1);
    expect(await store.webhooks.deliveries(b.id, 10)).toEqual([]);
    expect(await admin.webhookDeliveries(b.id)).toEqual([]);
  });

  it('runs as a loop that delivers what is queued, and stops', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    const loop = startWebhookDelivery(depsOf(), { pollMs: 20 });
    try {
      await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: {} });
      await expect.poll(() => receiver.received.length, { timeout: 5_000 }).toBe(1);
    } finally {
      await loop.stop();
    }
  });
});

describe('destinations', () => {
  it("claims at most 2 deliveries of one URL at a time, so another URL's delivery is not behind its backlog", async () => {
    const other = await startReceiver();
    try {
      const a = await accountWithWebhook('A', receiver.url);
      const b = await accountWithWebhook('B', other.url);
      for (let i = 0; i < 30; i += 1) await emitEvent({ store, now: () => clock }, { accountId: a.id, type: 'job.completed', data: { i } });
      await emitEvent({ store, now: () => clock }, { accountId: b.id, type: 'job.completed', data: {} });
      expect(await deliverDue(depsOf(), { batch: 20 })).toBe(3);
      expect(receiver.received).toHaveLength(2);
      expect(other.received).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('pauses a URL after 5 failures in a row: its deliveries held, one probe at a time on the retry schedule, all sent once a probe is delivered', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    receiver.answer = () => 500;
    for (let i = 0; i < 10; i += 1) await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: { i } });
    const sender = createWebhookSender(depsOf());
    const run = async (): Promise<number> => {
      const claimed = await sender.round();
      await sender.settled();
      return claimed;
    };
    while ((await run()) > 0);
    // 2 + 2 + 2: the pause came with the 5th failure, the 6th was already in flight.
    expect(receiver.received).toHaveLength(6);
    const paused = await createAccountAdmin(store, { now: () => clock }).webhook(account.id);
    expect(paused?.destination).toMatchObject({ failures: 6, lastError: 'answered 500' });
    expect(paused?.destination.nextProbeAt?.getTime()).toBe(clock.getTime() + 60_000);
    const held = (await store.webhooks.deliveries(account.id, 20)).filter((delivery) => delivery.attempts === 0);
    expect(held).toHaveLength(4);
    expect(held.every((delivery) => delivery.nextAttemptAt.getTime() === clock.getTime() + 60_000)).toBe(true);

    // Not before the probe's time; then one delivery, not the 10 due.
    clock = new Date(clock.getTime() + 59_000);
    expect(await run()).toBe(0);
    clock = new Date(clock.getTime() + 1_000);
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    expect(receiver.received).toHaveLength(7);
    // The next probe 2 min later (the 30 s schedule doubled twice over the pause); it is delivered, and the rest follow.
    receiver.answer = () => 200;
    clock = new Date(clock.getTime() + 120_000);
    expect(await run()).toBe(1);
    while ((await run()) > 0);
    expect((await store.webhooks.deliveries(account.id, 20)).every((delivery) => delivery.status === 'delivered')).toBe(true);
    expect((await createAccountAdmin(store, { now: () => clock }).webhook(account.id))?.destination).toMatchObject({ failures: 0, pausedSince: null });
  });
});

describe("a job's own URL on an account without a webhook", () => {
  it('is never sent unsigned: one attempt says why, and the delivery fails', async () => {
    const admin = createAccountAdmin(store, { now: () => clock });
    const bare = await admin.createAccount({ name: 'No hook', plan: 'STARTER' });
    const eventId = await emitEvent({ store, now: () => clock }, { accountId: bare.id, type: 'job.completed', data: {}, extraUrl: receiver.url });
    expect(eventId).toMatch(/^evt_/);
    expect(await deliverDue(depsOf())).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await store.webhooks.deliveries(bare.id, 10);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(delivery?.log[0]?.error).toBe('the account has no webhook secret (set one with verifield webhooks set)');
  });
});
