/**
 * The webhook sender (docs/service.md#webhooks): a loop per process that claims the deliveries due
 * in the store's outbox (events.ts queued them), POSTs each, signed with the account's current
 * secret, and logs every attempt. A 2xx delivers; anything else is tried again on the schedule of
 * schedule.ts until 24 h after the event; an address the guard refuses (destination.ts) fails at
 * once. A claim pushes a delivery's next attempt a minute ahead, so several instances never send the
 * same attempt twice, and one that dies mid-send leaves it to be tried again then.
 *
 * Each destination (one URL) is its own queue: a claim takes no more of a URL than it has room for
 * (2 attempts in flight, 1 while it is paused: pause.ts), a round never waits for the attempts it
 * started, so a receiver that hangs for its 5 s holds only its own deliveries.
 */
import { startPollLoop } from '../answers/poll-loop.js';
import type { Store, WebhookDelivery } from '../storage/types.js';
import type { Resolve } from './destination.js';
import { afterAttempt, FRESH_DESTINATION, nextProbeAt, PAUSE_AFTER_FAILURES, type DestinationState } from './pause.js';
import { postWebhook } from './post.js';
import { nextAfterFailure, RETRY_WINDOW_MS } from './schedule.js';
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
  /** How often the outbox is read when nothing more could be claimed. Default 1 s. */
  pollMs?: number;
  /** Deliveries claimed at once at most. Default 100. */
  batch?: number;
  /** Attempts in flight to one destination. Default 2. */
  perDestination?: number;
  /** Attempts in flight in all. Default 256. */
  maxInFlight?: number;
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

/** One attempt at one delivery, logged in the store with the delivery's new state; resolves with the attempt. */
async function attempt(deps: WebhookDeliveryDeps, store: DeliveryServices['store'], options: DeliveryOptions, delivery: WebhookDelivery): Promise<{ at: Date; error: string | null }> {
  const endpoint = await store.webhooks.get(delivery.accountId);
  const at = deps.now();
  const attempts = delivery.attempts + 1;
  const outcome =
    endpoint === null
      ? // Signed or not at all: without a secret the receiver could not tell this service from anyone.
        { status: null, error: 'the account has no webhook secret (set one with verifield webhooks set)', durationMs: 0, refused: false }
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
  // Final at once: without a secret nothing can be signed, and a refused address stays refused; retrying
  // would only log the same line 30 times (and knock 30 times on an address the operator closed).
  const final = delivered || endpoint === null || outcome.refused;
  const next = final ? { status: delivered ? ('delivered' as const) : ('failed' as const), nextAttemptAt: at } : nextAfterFailure(delivery.createdAt, attempts, at);
  await store.webhooks.recordAttempt({ eventId: delivery.id, url: delivery.url, at, status: outcome.status, error: outcome.error, durationMs: outcome.durationMs }, next);
  if (next.status === 'failed') {
    const why = outcome.refused ? 'destination refused' : endpoint === null ? 'no secret' : 'retries exhausted';
    deps.log(JSON.stringify({ level: 'warn', msg: 'webhook delivery failed for good', why, eventId: delivery.id, type: delivery.type, accountId: delivery.accountId, host: hostOf(delivery.url), attempts }));
  }
  return { at, error: outcome.error };
}

/** The sender of one process: its queues per destination and their pause states. */
export interface WebhookSender {
  /** Claims what is due and has room, and starts each attempt; resolves with how many were claimed, without waiting for them. */
  round(): Promise<number>;
  /** Resolves once no attempt is in flight. */
  settled(): Promise<void>;
  /** Stops the rounds that an attempt's end starts (see `roundOnSettle`). */
  stop(): void;
}

/** A sender; {@link startWebhookDelivery} runs its rounds in a loop. */
export function createWebhookSender(deps: WebhookDeliveryDeps, options: DeliveryOptions & { roundOnSettle?: boolean } = {}): WebhookSender {
  const perDestination = options.perDestination ?? 2;
  const inFlight = new Map<string, number>();
  // Only the destinations whose last attempt failed: a healthy one needs no entry.
  const states = new Map<string, DestinationState>();
  const running = new Set<Promise<void>>();
  let stopped = options.roundOnSettle !== true;
  let current: Promise<number> | null = null;
  let again = false;

  /** How many more attempts `url` may have in flight now. */
  const roomOf = (url: string, now: Date): number => {
    const busy = inFlight.get(url) ?? 0;
    const probeAt = nextProbeAt(states.get(url) ?? FRESH_DESTINATION);
    if (probeAt === null) return perDestination - busy;
    return busy === 0 && probeAt.getTime() <= now.getTime() ? 1 : 0;
  };

  const settle = async (store: DeliveryServices['store'], delivery: WebhookDelivery, result: { at: Date; error: string | null }): Promise<void> => {
    const state = afterAttempt(states.get(delivery.url) ?? FRESH_DESTINATION, result);
    if (state.failures === 0) states.delete(delivery.url);
    else states.set(delivery.url, state);
    const probeAt = nextProbeAt(state);
    if (probeAt === null || result.error === null) return;
    // Paused: the other deliveries wait for the next probe, and those whose 24 h end before it fail now.
    const failed = await store.webhooks.hold(delivery.url, probeAt, new Date(probeAt.getTime() - RETRY_WINDOW_MS));
    if (state.failures === PAUSE_AFTER_FAILURES || failed > 0) {
      deps.log(JSON.stringify({ level: 'warn', msg: 'webhook destination paused', host: hostOf(delivery.url), failures: state.failures, nextProbeAt: probeAt.toISOString(), failedForGood: failed }));
    }
  };

  const start = (store: DeliveryServices['store'], delivery: WebhookDelivery): void => {
    inFlight.set(delivery.url, (inFlight.get(delivery.url) ?? 0) + 1);
    const task = attempt(deps, store, options, delivery)
      .then((result) => settle(store, delivery, result))
      .catch((error: unknown) => {
        // The store away mid-attempt: the claim runs out and the delivery is tried again then.
        deps.log(JSON.stringify({ level: 'error', msg: 'webhook attempt could not be recorded', error: error instanceof Error ? error.name : 'error', host: hostOf(delivery.url) }));
      })
      .finally(() => {
        const left = (inFlight.get(delivery.url) ?? 1) - 1;
        if (left === 0) inFlight.delete(delivery.url);
        else inFlight.set(delivery.url, left);
        running.delete(task);
        // A slot came free: the destination's next delivery goes now, not at the next poll. A failed
        // round here is the store away, which the poll loop reports.
        if (!stopped) serialized().catch(() => undefined);
      });
    running.add(task);
  };

  const round = async (): Promise<number> => {
    const free = (options.maxInFlight ?? 256) - running.size;
    if (free <= 0) return 0;
    const { store } = await deps.services();
    const now = deps.now();
    const urls = new Map<string, number>();
    for (const url of new Set([...inFlight.keys(), ...states.keys()])) urls.set(url, roomOf(url, now));
    const claimed = await store.webhooks.claimDue(now, new Date(now.getTime() + (options.leaseMs ?? 60_000)), Math.min(free, options.batch ?? 100), { perUrl: perDestination, urls });
    for (const delivery of claimed) start(store, delivery);
    return claimed.length;
  };

  /** One round at a time: a round asked for during another runs right after it. */
  const serialized = (): Promise<number> => {
    if (current !== null) {
      again = true;
      return current;
    }
    current = (async () => {
      let claimed = 0;
      do {
        again = false;
        claimed += await round();
      } while (again);
      return claimed;
    })().finally(() => {
      current = null;
    });
    return current;
  };

  return {
    round: serialized,
    stop() {
      stopped = true;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/**
 * One round of a new sender, waited for: claims the deliveries due now and tries each once; resolves
 * with how many were claimed (0: nothing was due).
 */
export async function deliverDue(deps: WebhookDeliveryDeps, options: DeliveryOptions = {}): Promise<number> {
  const sender = createWebhookSender(deps, options);
  const claimed = await sender.round();
  await sender.settled();
  return claimed;
}

/**
 * Starts the sender: reads the outbox at once, again straight away while it claimed something, else
 * every `pollMs`. `stop()` ends the loop and waits for the attempts in flight.
 */
export function startWebhookDelivery(deps: WebhookDeliveryDeps, options: DeliveryOptions = {}): { stop(): Promise<void> } {
  const sender = createWebhookSender(deps, { ...options, roundOnSettle: true });
  const loop = startPollLoop({
    pollMs: options.pollMs ?? 1_000,
    log: deps.log,
    name: 'webhook delivery',
    // The store away (a 503 everywhere else): the outbox waits.
    failure: 'webhook delivery could not read its outbox',
    round: () => sender.round(),
  });
  return {
    async stop() {
      sender.stop();
      await loop.stop();
      await sender.settled();
    },
  };
}
