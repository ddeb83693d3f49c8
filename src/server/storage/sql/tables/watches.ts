/**
 * Watched VAT numbers (../../features/watches.ts): found by `value_index`, the keyed hash of the
 * value, which is sealed with what VIES said; a watch being checked has its next time pushed ahead.
 */
import { accountId, column, optional, type TableDeclaration } from './declare.js';

export const VAT_WATCHES: TableDeclaration = {
  name: 'vat_watches',
  columns: [
    column('id', 'text', { primaryKey: true }),
    accountId(),
    column('key_id', 'text'),
    column('value_index', 'text'),
    column('value', 'sealed'),
    optional('trader_name', 'sealed'),
    optional('registered', 'boolean'),
    optional('name', 'sealed'),
    optional('address', 'sealed'),
    optional('last_checked_at', 'time'),
    optional('last_attempt_at', 'time'),
    column('next_check_at', 'time'),
    column('created_at', 'time'),
  ],
  unique: [['account_id', 'value_index']],
  indexes: [{ name: 'vat_watches_due', columns: ['next_check_at'] }],
};
