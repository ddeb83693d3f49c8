/** VIES answers kept as evidence (../../features/evidence.ts): the value, name and address sealed. */
import { accountId, column, optional, type TableDeclaration } from './declare.js';

export const VAT_EVIDENCE: TableDeclaration = {
  name: 'vat_evidence',
  columns: [
    column('id', 'text', { primaryKey: true }),
    accountId(),
    column('value_index', 'text'),
    column('value', 'sealed'),
    column('country_code', 'text'),
    column('registered', 'boolean'),
    optional('name', 'sealed'),
    optional('address', 'sealed'),
    column('request_date', 'text'),
    optional('consultation_number', 'text'),
    optional('requester', 'text'),
    column('checked_at', 'time'),
    column('reply_sha256', 'text'),
  ],
  indexes: [
    { name: 'vat_evidence_value', columns: ['account_id', 'value_index', 'checked_at'] },
    { name: 'vat_evidence_checked_at', columns: ['checked_at'] },
  ],
};
