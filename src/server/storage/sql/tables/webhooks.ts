/**
 * Webhook endpoints, the outbox of events and the attempt log (../../features/webhooks.ts); the
 * secret and the event data are sealed.
 */
import { accountId, column, optional, type TableDeclaration } from './declare.js';

export const WEBHOOK_ENDPOINTS: TableDeclaration = {
  name: 'webhook_endpoints',
  columns: [
    accountId({ primaryKey: true }),
    column('url', 'text'),
    column('secret', 'sealed'),
    column('updated_at', 'time'),
  ],
};

export const WEBHOOK_DELIVERIES: TableDeclaration = {
  name: 'webhook_deliveries',
  columns: [
    column('event_id', 'text'),
    column('url', 'text'),
    accountId(),
    column('type', 'text'),
    column('created_at', 'time'),
    column('data', 'sealed'),
    column('status', 'text', { check: "status IN ('pending', 'delivered', 'failed')" }),
    column('attempts', 'integer', { default: 0 }),
    column('next_attempt_at', 'time'),
  ],
  primaryKey: ['event_id', 'url'],
  indexes: [
    { name: 'webhook_deliveries_due', columns: ['next_attempt_at'], where: "status = 'pending'" },
    { name: 'webhook_deliveries_account', columns: ['account_id', 'created_at'] },
  ],
};

export const WEBHOOK_ATTEMPTS: TableDeclaration = {
  name: 'webhook_attempts',
  columns: [
    column('id', 'identity'),
    column('event_id', 'text'),
    column('url', 'text'),
    column('at', 'time'),
    optional('status', 'integer'),
    optional('error', 'text'),
    column('duration_ms', 'integer'),
  ],
  foreignKeys: [{ columns: ['event_id', 'url'], table: 'webhook_deliveries', references: ['event_id', 'url'] }],
  indexes: [{ name: 'webhook_attempts_delivery', columns: ['event_id', 'url', 'at'] }],
};
