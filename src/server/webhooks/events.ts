/**
 * Raising a webhook event (docs/service.md#webhooks): one event id, one queued delivery per URL
 * (the account's endpoint when it has one, and a job's own `webhookUrl`). Nothing is sent here;
 * delivery.ts sends what the store's outbox holds, so an event raised just before a crash or a
 * restart is still delivered, and a slow receiver never holds up the job or watch that raised it.
 */
import { randomBytes } from 'node:crypto';
import type { Store, WebhookDelivery, WebhookEventType } from '../storage/types.js';

/** What {@link emitEvent} needs of the services: the store and the clock. */
export interface EventServices {
  store: Pick<Store, 'webhooks'>;
  now: () => Date;
}

/** One event to raise for an account. */
export interface NewEvent {
  accountId: string;
  type: WebhookEventType;
  /** The event's `data` object, as receivers get it. */
  data: Record<string, unknown>;
  /** A URL besides the account's endpoint (a job's own `webhookUrl`); signed with the account's secret. */
  extraUrl?: string | null;
}

/**
 * A new event id: `evt_` and 24 random characters (18 bytes, base64url). Receivers deduplicate by it.
 * @example
 * ```ts
 * /^evt_[A-Za-z0-9_-]{24}$/.test(newEventId()); // true
 * ```
 */
export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/**
 * Queues `event` for every URL it goes to, all under one event id, and resolves with that id; null
 * when there is nowhere to send it (no endpoint set and no extra URL). A job's own URL equal to the
 * account's endpoint gets the event once.
 */
export async function emitEvent(services: EventServices, event: NewEvent): Promise<string | null> {
  const endpoint = await services.store.webhooks.get(event.accountId);
  const urls = new Set<string>();
  if (endpoint !== null) urls.add(endpoint.url);
  if (event.extraUrl !== undefined && event.extraUrl !== null && event.extraUrl !== '') urls.add(event.extraUrl);
  if (urls.size === 0) return null;
  const id = newEventId();
  const createdAt = services.now();
  const deliveries: WebhookDelivery[] = [...urls].map((url) => ({
    id,
    accountId: event.accountId,
    type: event.type,
    createdAt,
    data: event.data,
    url,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: createdAt,
  }));
  await services.store.webhooks.enqueue(deliveries);
  return id;
}
