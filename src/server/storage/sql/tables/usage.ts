/**
 * The usage meter and log (../../features/usage.ts). No foreign keys on purpose: one entry must
 * never be able to fail the group-committed batch that carries the other requests' counts.
 */
import { column, optional, type TableDeclaration } from './declare.js';

export const USAGE_COUNTERS: TableDeclaration = {
  name: 'usage_counters',
  columns: [column('account_id', 'text'), column('period_start', 'day'), column('used', 'integer', { check: 'used >= 0' })],
  primaryKey: ['account_id', 'period_start'],
  clustered: true,
};

// One row per counted request, and per refused request of a known key (error_code set, never
// counted), kept for the retention; the primary key makes a retried request id count once. A page
// of the log walks an index in its own order, (at, request_id) descending.
export const USAGE_LOG: TableDeclaration = {
  name: 'usage_log',
  columns: [
    column('request_id', 'text', { primaryKey: true }),
    column('account_id', 'text'),
    column('key_id', 'text'),
    column('period_start', 'day'),
    column('endpoint', 'text'),
    column('value', 'text'),
    column('valid', 'boolean'),
    column('status', 'small'),
    column('latency_ms', 'integer'),
    optional('sdk', 'text'),
    column('at', 'time'),
    // Added by ../later-migrations.ts: the refusal's errorCode (null: a counted request), and the
    // reason of a counted invalid answer.
    optional('error_code', 'text'),
    optional('reason', 'text'),
  ],
  indexes: [
    { name: 'usage_log_page', columns: ['account_id', 'at', 'request_id'] },
    { name: 'usage_log_field_page', columns: ['account_id', 'endpoint', 'valid', 'at', 'request_id'] },
    // Added by ../later-migrations.ts: the answers other than 200 (the refusals), so that a status
    // filter without 200 walks them alone, however many counted rows the account has.
    { name: 'usage_log_refused_page', columns: ['account_id', 'at', 'request_id'], where: 'status <> 200' },
  ],
};

// Kept for good: what billing and the dashboard read once the log rows are pruned.
export const USAGE_DAILY: TableDeclaration = {
  name: 'usage_daily',
  columns: [
    column('account_id', 'text'),
    column('day', 'day'),
    column('key_id', 'text'),
    column('endpoint', 'text'),
    column('valid', 'boolean'),
    column('count', 'integer'),
  ],
  primaryKey: ['account_id', 'day', 'key_id', 'endpoint', 'valid'],
  clustered: true,
};

// Each key's last use, moved by the meter's batch and kept past the log's retention.
export const USAGE_KEY_LAST: TableDeclaration = {
  name: 'usage_key_last',
  columns: [column('account_id', 'text'), column('key_id', 'text'), column('at', 'time')],
  primaryKey: ['account_id', 'key_id'],
  clustered: true,
};
