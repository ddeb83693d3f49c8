/**
 * The webhook sender (docs/service.md#webhooks): a loop per process that claims the deliveries due
 * in the store's outbox (events.ts queued them), POSTs each, signed with the account's current
 * secret, and logs every attempt. A 2xx delivers; anything else is tried again on the schedule of
 * schedule.ts until 24 h after the event. A claim pushes a delivery's next attempt a minute ahead,
 * so several instances never send the same attempt twice, and one that dies mid-send leaves it to
 * be tried again then.
 */
import { startPollLoop } from '../answers/poll-loop.js';
import type { Store, WebhookDelivery } from '../storage/types.js';
import type { Resolve } from './destination.js';
import { postWebhook } from './post.js';
import { nextAfterFailure } from './schedule.js';
import { SIGNATURE_HEADER, signPayload } from './signature.js';

/** What the sender uses of the services. */
export interface DeliveryServices {
  store: Pick<Store, 'webhooks'>;
}

/** What the sender needs; the runtime's ApiRouteDeps (http/routes/api-key.ts) has all of it. */
export interface WebhookDeliveryDeps {
  /** The ready services (the runtime's may still be opening when the loop starts). */
  services(): DeliveryServices | Promise<DeliveryServices>;
  config: { allowPrivateWebhooks?: boolean };
  log: (line: string) => void;
  now(): Date;
}

/** Knobs of the loop (tests shorten them). */
export interface DeliveryOptions {
  /** How often the outbox is read when it was empty. Default 1 s. */
  pollMs?: number;
  /** Deliveries claimed at once. Default 20. */
  batch?: number;
  /** How long a claim holds a delivery. Default 60 s. */
  leaseMs?: number;
  /** A receiver's time to answer. Default 5 s. */
  timeoutMs?: number;
  /** Host resolution for the destination guard (tests). */
  resolve?: Resolve;
}

/** The body a receiver gets: `{ id, type, createdAt, data }`. */
export function eventBody(delivery: Pick<WebhookDelivery, 'id' | 'type' | 'createdAt' | 'data'>): string {
  return JSON.stringify({ id: delivery.id, type: delivery.type, createdAt: delivery.createdAt.toISOString(), data: delivery.data });
}

/** The host of a URL, for log lines: a path or query may hold a receiver's token. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
}

/** One attempt at one delivery, logged in the store with the delivery's new state. */
async function attempt(deps: WebhookDeliveryDeps, store: DeliveryServices['store'], options: DeliveryOptions, delivery: WebhookDelivery): Promise<boolean> {
  const endpoint = await store.webhooks.get(delivery.accountId);
  const at = deps.now();
  const attempts = delivery.attempts + 1;
  const outcome =
    endpoint === null
      ? // Signed or not at all: without a secret the receiver could not tell this service from anyone.
        { status: null, error: 'the account has no webhook secret (set one with verifield webhooks set)', durationMs: 0 }
      : await (async () => {
          const body = eventBody(delivery);
          const headers = {
            'Content-Type': 'application/json',
            'User-Agent': 'verifield-webhooks',
            [SIGNATURE_HEADER]: signPayload(endpoint.secret, body, Math.floor(deps.now().getTime() / 1000)),
          };
          return postWebhook(delivery.url, body, headers, {
            allowPrivate: deps.config.allowPrivateWebhooks === true,
            ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
            ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
          });
        })();
  const delivered = outcome.error === null;
  // Without a secret nothing can be signed, and retrying would only log the same line 30 times: one attempt says why.
  const next = delivered || endpoint === null ? { status: delivered ? ('delivered' as const) : ('failed' as const), nextAttemptAt: at } : nextAfterFailure(delivery.createdAt, attempts, at);
  await store.webhooks.recordAttempt({ eventId: delivery.id, url: delivery.url, at, status: outcome.status, error: outcome.error, durationMs: outcome.durationMs }, next);
  if (next.status === 'failed') {
    deps.log(JSON.stringify({ level: 'warn', msg: 'webhook delivery failed for good', eventId: delivery.id, type: delivery.type, accountId: delivery.accountId, host: hostOf(delivery.url), attempts }));
  }
  return delivered;
}

/**
 * Claims the deliveries due now and tries each once, in parallel; resolves with how many were
 * claimed (0: nothing was due).
 */
export async function deliverDue(deps: WebhookDeliveryDeps, options: DeliveryOptions = {}): Promise<number> {
  const { store } = await deps.services();
  const now = deps.now();
  const claimed = await store.webhooks.claimDue(now, new Date(now.getTime() + (options.leaseMs ?? 60_000)), options.batch ?? 20);
  await Promise.all(claimed.map((delivery) => attempt(deps, store, options, delivery)));
  return claimed.length;
}

/**
 * Starts the sender: reads the outbox at once, again straight away while it holds due deliveries,
 * else every `pollMs`. `stop()` ends the loop after the attempts in progress.
 */
export function startWebhookDelivery(deps: WebhookDeliveryDeps, options: DeliveryOptions = {}): { stop(): Promise<void> } {
  return startPollLoop({
    pollMs: options.pollMs ?? 1_000,
    log: deps.log,
    name: 'webhook delivery',
    // The store away (a 503 everywhere else): the outbox waits.
    failure: 'webhook delivery could not read its outbox',
    round: () => deliverDue(deps, options),
  });
}
