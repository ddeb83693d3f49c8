/**
 * Webhook delivery against a loopback receiver (node:http on 127.0.0.1), over the real SQL store:
 * what a receiver gets (body, content type, a signature its secret verifies), retries on a 500 and
 * on a timeout on the schedule of docs/service.md#webhooks, every attempt logged, the SSRF guard,
 * a job's own URL, and one account never seeing another's deliveries.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountAdmin } from '../../../src/server/admin/service.js';
import type { Store } from '../../../src/server/storage/types.js';
import { deliverDue, startWebhookDelivery, type WebhookDeliveryDeps } from '../../../src/server/webhooks/delivery.js';
import { emitEvent } from '../../../src/server/webhooks/events.js';
import { verifySignature } from '../../../src/server/webhooks/signature.js';
import { closeServer, listenOnLoopback, withBody } from '../../support/fakes/loopback.js';
import { openTestStore } from '../../support/store/test-store.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A receiver that answers each request as `answer` says (a status, or 'hang'). */
async function startReceiver(): Promise<{ url: string; received: Received[]; answer: (n: number) => number | 'hang'; close(): Promise<void> }> {
  const state = {
    received: [] as Received[],
    answer: (_n: number): number | 'hang' => 200,
  };
  const server: Server = createServer(
    withBody((req, res, body) => {
      state.received.push({ headers: req.headers, body, path: req.url ?? '' });
      const answer = state.answer(state.received.length);
      if (answer === 'hang') return;
      res.writeHead(answer, { 'Content-Type': 'text/plain' }).end('ok');
    }),
  );
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    get received() {
      return state.received;
    },
    set answer(fn: (n: number) => number | 'hang') {
      state.answer = fn;
    },
    get answer() {
      return state.answer;
    },
    close: () => closeServer(server),
  };
}

let store: Store;
let clock: Date;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

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

  it('refuses loopback and private destinations unless allowed, without connecting', async () => {
    const account = await accountWithWebhook('A', receiver.url);
    await emitEvent({ store, now: () => clock }, { accountId: account.id, type: 'job.completed', data: {} });
    await deliverDue(depsOf(false));
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await store.webhooks.deliveries(account.id, 10);
    expect(delivery?.log[0]?.error).toBe('destination refused: 127.0.0.1 is a loopback address');
    expect(delivery?.status).toBe('pending');
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
