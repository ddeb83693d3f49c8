/**
 * Webhooks in SQL (Store.webhooks): each account's endpoint, whose signing secret is sealed
 * (../sealing.ts); the outbox, one row per event and URL, whose data is sealed (it may name a VAT
 * number or a job's counts); and the log of attempts. A due delivery is claimed by pushing its
 * next attempt to the lease's end in one statement, so that one instance sends it at a time; the
 * attempt's record then sets its state and real next time. A paused destination's deliveries are
 * held (pushed to its next probe) in one statement too.
 */
import type { Sealer } from '../sealing.js';
import type { Store, WebhookAttempt, WebhookClaimRoom, WebhookDelivery, WebhookEventType } from '../types.js';
import type { SqlClient } from './client.js';
import { dateColumn, parameterList } from './values.js';

interface DeliveryRow {
  event_id: string;
  account_id: string;
  type: string;
  created_at: unknown;
  data: string;
  url: string;
  status: string;
  attempts: number | string;
  next_attempt_at: unknown;
}

interface AttemptRow {
  event_id: string;
  url: string;
  at: unknown;
  status: number | string | null;
  error: string | null;
  duration_ms: number | string;
}

const DELIVERY_COLUMNS = 'event_id, account_id, type, created_at, data, url, status, attempts, next_attempt_at';

/** Webhook endpoints, deliveries and attempts over `sql`, sealed by `sealer`. */
export function sqlWebhooks(sql: SqlClient, sealer: Sealer): Store['webhooks'] {
  const d = sql.dialect;
  const time = (n: number): string => d.param(n, 'time');

  const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
    id: row.event_id,
    accountId: row.account_id,
    type: row.type as WebhookEventType,
    createdAt: dateColumn(row.created_at),
    data: JSON.parse(sealer.open(row.data)) as Record<string, unknown>,
    url: row.url,
    status: row.status as WebhookDelivery['status'],
    attempts: Number(row.attempts),
    nextAttemptAt: dateColumn(row.next_attempt_at),
  });
  const toAttempt = (row: AttemptRow): WebhookAttempt => ({
    eventId: row.event_id,
    url: row.url,
    at: dateColumn(row.at),
    status: row.status === null ? null : Number(row.status),
    error: row.error,
    durationMs: Number(row.duration_ms),
  });

  const SET = `INSERT INTO webhook_endpoints (account_id, url, secret, updated_at) VALUES ($1, $2, $3, ${time(4)})
    ON CONFLICT (account_id) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret, updated_at = EXCLUDED.updated_at`;
  const GET = 'SELECT account_id, url, secret, updated_at FROM webhook_endpoints WHERE account_id = $1';
  // A delivery queued twice (an emitter retried) stays one delivery.
  const ENQUEUE = `INSERT INTO webhook_deliveries (event_id, url, account_id, type, created_at, data, status, attempts, next_attempt_at)
    VALUES ($1, $2, $3, $4, ${time(5)}, $6, $7, ${d.param(8, 'integer')}, ${time(9)}) ON CONFLICT (event_id, url) DO NOTHING`;
  // The oldest due deliveries, at most `room` of each URL (place within its URL), so that a destination's
  // backlog never fills a claim that other destinations wait on. No SKIP LOCKED (PostgreSQL refuses it
  // beside a window function): the outer conditions, checked again on each row, keep two instances from
  // claiming one delivery.
  const claimDue = (room: WebhookClaimRoom | undefined): { text: string; values: unknown[] } => {
    const param = parameterList(d, 4);
    const full = [...(room?.urls ?? new Map<string, number>())].filter(([, n]) => n <= 0).map(([url]) => param.add(url, 'text'));
    const some = [...(room?.urls ?? new Map<string, number>())].filter(([, n]) => n > 0).map(([url, n]) => `WHEN ${param.add(url, 'text')} THEN ${param.add(n, 'integer')}`);
    const perUrl = param.add(room?.perUrl ?? 1_000_000, 'integer');
    const text = `UPDATE webhook_deliveries SET next_attempt_at = ${time(2)}
    WHERE (event_id, url) IN (SELECT event_id, url FROM (
        SELECT event_id, url, next_attempt_at, ROW_NUMBER() OVER (PARTITION BY url ORDER BY next_attempt_at, event_id) AS place
        FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${time(1)}${full.length === 0 ? '' : ` AND url NOT IN (${full.join(', ')})`}
      ) AS due WHERE place <= ${some.length === 0 ? perUrl : `CASE url ${some.join(' ')} ELSE ${perUrl} END`}
      ORDER BY next_attempt_at, event_id LIMIT ${d.param(3, 'integer')})
      AND status = 'pending' AND next_attempt_at <= ${time(1)}
    RETURNING ${DELIVERY_COLUMNS}`;
    return { text, values: param.values };
  };
  const FAIL_HELD = `UPDATE webhook_deliveries SET status = 'failed' WHERE url = $1 AND status = 'pending' AND created_at < ${time(2)}`;
  const HOLD = `UPDATE webhook_deliveries SET next_attempt_at = ${time(2)} WHERE url = $1 AND status = 'pending' AND next_attempt_at < ${time(2)}`;
  const INSERT_ATTEMPT = `INSERT INTO webhook_attempts (event_id, url, at, status, error, duration_ms)
    VALUES ($1, $2, ${time(3)}, ${d.param(4, 'integer')}, $5, ${d.param(6, 'integer')})`;
  const UPDATE_DELIVERY = `UPDATE webhook_deliveries SET status = $3, next_attempt_at = ${time(4)}, attempts = attempts + 1
    WHERE event_id = $1 AND url = $2`;
  const DELIVERIES = `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE account_id = $1
    ORDER BY created_at DESC, event_id DESC, url LIMIT ${d.param(2, 'integer')}`;

  return {
    async set(endpoint) {
      await sql.query(SET, [endpoint.accountId, endpoint.url, sealer.seal(endpoint.secret), d.time(endpoint.updatedAt)]);
    },
    async get(accountId) {
      const { rows } = await sql.query<{ account_id: string; url: string; secret: string; updated_at: unknown }>(GET, [accountId]);
      const row = rows[0];
      return row === undefined ? null : { accountId: row.account_id, url: row.url, secret: sealer.open(row.secret), updatedAt: dateColumn(row.updated_at) };
    },
    async enqueue(deliveries) {
      if (deliveries.length === 0) return;
      await sql.transaction(async (tx) => {
        for (const delivery of deliveries) {
          await tx.query(ENQUEUE, [
            delivery.id,
            delivery.url,
            delivery.accountId,
            delivery.type,
            d.time(delivery.createdAt),
            sealer.seal(JSON.stringify(delivery.data)),
            delivery.status,
            delivery.attempts,
            d.time(delivery.nextAttemptAt),
          ]);
        }
      });
    },
    async claimDue(now, leaseUntil, limit, room) {
      const query = claimDue(room);
      const { rows } = await sql.query<DeliveryRow>(query.text, [d.time(now), d.time(leaseUntil), limit, ...query.values]);
      return rows.map(toDelivery);
    },
    async hold(url, until, createdBefore) {
      return sql.transaction(async (tx) => {
        const failed = await tx.query(FAIL_HELD, [url, d.time(createdBefore)]);
        await tx.query(HOLD, [url, d.time(until)]);
        return failed.rowCount;
      });
    },
    async recordAttempt(attempt, next) {
      await sql.transaction(async (tx) => {
        await tx.query(INSERT_ATTEMPT, [attempt.eventId, attempt.url, d.time(attempt.at), attempt.status, attempt.error, Math.round(attempt.durationMs)]);
        await tx.query(UPDATE_DELIVERY, [attempt.eventId, attempt.url, next.status, d.time(next.nextAttemptAt)]);
      });
    },
    async deliveries(accountId, limit) {
      const { rows } = await sql.query<DeliveryRow>(DELIVERIES, [accountId, limit]);
      if (rows.length === 0) return [];
      const param = parameterList(d, 1);
      const ids = [...new Set(rows.map((row) => row.event_id))].map((id) => param.add(id, 'text'));
      const attempts = await sql.query<AttemptRow>(
        `SELECT event_id, url, at, status, error, duration_ms FROM webhook_attempts WHERE event_id IN (${ids.join(', ')}) ORDER BY at, id`,
        param.values,
      );
      const logs = new Map<string, WebhookAttempt[]>();
      for (const row of attempts.rows) {
        const key = `${row.event_id}\u0000${row.url}`;
        const log = logs.get(key) ?? [];
        log.push(toAttempt(row));
        logs.set(key, log);
      }
      return rows.map((row) => ({ ...toDelivery(row), log: logs.get(`${row.event_id}\u0000${row.url}`) ?? [] }));
    },
  };
}
