/**
 * Webhook endpoints, the outbox of events and the delivery log (docs/service.md#webhooks).
 */
/** An account's webhook endpoint. `secret` is the signing secret (sealed at rest). */
export interface WebhookEndpoint {
  accountId: string;
  url: string;
  secret: string;
  updatedAt: Date;
}

/** Event types sent to webhooks. */
export type WebhookEventType = 'job.completed' | 'vat.registration_changed' | 'vat.details_changed';

/** One event to deliver to one URL, with its delivery state. */
export interface WebhookDelivery {
  /** Event id (`evt_…`): the same for every delivery of the event; receivers deduplicate by it. */
  id: string;
  accountId: string;
  type: WebhookEventType;
  createdAt: Date;
  /** The event's `data` object. */
  data: Record<string, unknown>;
  /** Where it goes: the account's URL, or a job's own `webhookUrl`. */
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
}

/** How many deliveries of each URL a claim may take: `perUrl`, or the number `urls` gives (0: none). */
export interface WebhookClaimRoom {
  perUrl: number;
  urls: ReadonlyMap<string, number>;
}

/** One delivery attempt, for the log. */
export interface WebhookAttempt {
  eventId: string;
  url: string;
  at: Date;
  /** HTTP status of the answer; null when none came (timeout, refused, network). */
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Webhook endpoints, the outbox of events and the delivery log. Secrets and event data are sealed. */
export interface WebhookRepository {
  /** Sets (or replaces) the account's URL and secret. */
  set(endpoint: WebhookEndpoint): Promise<void>;
  get(accountId: string): Promise<WebhookEndpoint | null>;
  /** Queues one delivery per URL of an event; the same event id for each. */
  enqueue(deliveries: readonly WebhookDelivery[]): Promise<void>;
  /**
   * Claims up to `limit` pending deliveries due at `now`, the oldest first, pushing their `nextAttemptAt` to
   * `leaseUntil`; with `room`, no more of one URL than the room it has (docs/service.md#webhooks).
   */
  claimDue(now: Date, leaseUntil: Date, limit: number, room?: WebhookClaimRoom): Promise<WebhookDelivery[]>;
  /**
   * Holds a paused URL's pending deliveries until `until` (none is due sooner), and fails those created
   * before `createdBefore` (their retry window ends first); resolves with how many were failed.
   */
  hold(url: string, until: Date, createdBefore: Date): Promise<number>;
  /** Logs an attempt and sets the delivery's new state. */
  recordAttempt(attempt: WebhookAttempt, next: { status: WebhookDelivery['status']; nextAttemptAt: Date }): Promise<void>;
  /** An account's deliveries, newest first, with their attempts. */
  deliveries(accountId: string, limit: number): Promise<Array<WebhookDelivery & { log: WebhookAttempt[] }>>;
}

/** The store's webhooks. */
export interface Webhooks {
  /** Webhook endpoints, the outbox and the delivery log. */
  webhooks: WebhookRepository;
}
