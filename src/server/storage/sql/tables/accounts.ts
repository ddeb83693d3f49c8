/** The accounts and their API keys (../../features/accounts.ts), declared once (./declare.ts). */
import { accountId, column, optional, type TableDeclaration } from './declare.js';

export const ACCOUNTS: TableDeclaration = {
  name: 'accounts',
  columns: [
    column('id', 'text', { primaryKey: true, default: 'new-id' }),
    column('name', 'text'),
    column('plan', 'text', { check: "plan IN ('FREE', 'STARTER', 'GROWTH', 'PRO')" }),
    column('subscription_start', 'day'),
    optional('vat_number', 'text'),
    column('created_at', 'time', { default: 'now' }),
    optional('suspended_at', 'time'),
    // The account's own watch interval, if it has one.
    optional('watch_interval_ms', 'bigint', { check: 'watch_interval_ms > 0' }),
  ],
};

// Never the key itself: its SHA-256 and a display prefix.
export const API_KEYS: TableDeclaration = {
  name: 'api_keys',
  columns: [
    column('id', 'text', { primaryKey: true, default: 'new-id' }),
    accountId(),
    column('name', 'text'),
    column('display_prefix', 'text'),
    column('hash', 'digest', { unique: true }),
    // No check naming the fields: the key insert checks them against the field registry, so a
    // field added later needs no migration.
    column('scopes', 'scopes'),
    optional('expires_at', 'time'),
    optional('revoked_at', 'time'),
    column('created_at', 'time'),
  ],
  indexes: [{ name: 'api_keys_account', columns: ['account_id'] }],
};

// Moved by every key creation and revocation: key caches of every process read it.
export const KEYS_VERSION: TableDeclaration = {
  name: 'keys_version',
  columns: [column('id', 'small', { primaryKey: true, check: 'id = 1' }), column('version', 'bigint')],
  rows: ['INSERT INTO keys_version (id, version) VALUES (1, 0)'],
};
