/** VIES answers, circuit breakers and status samples (../../features/vies.ts). */
import { column, optional, type TableDeclaration } from './declare.js';

// Found by the keyed hash of the prefixed number; the answer, trader name and requester sealed.
export const VIES_CACHE: TableDeclaration = {
  name: 'vies_cache',
  columns: [
    column('country_code', 'text'),
    column('number_index', 'digest'),
    column('entry', 'sealed'),
    column('checked_at', 'time'),
  ],
  primaryKey: ['country_code', 'number_index'],
  indexes: [{ name: 'vies_cache_checked_at', columns: ['checked_at'] }],
};

export const CIRCUIT_BREAKERS: TableDeclaration = {
  name: 'circuit_breakers',
  columns: [
    column('country_code', 'text', { primaryKey: true }),
    column('consecutive_failures', 'integer'),
    optional('opened_at', 'time'),
    optional('open_until', 'time'),
    optional('last_failure_at', 'time'),
  ],
};

export const VIES_STATUS_SAMPLES: TableDeclaration = {
  name: 'vies_status_samples',
  columns: [column('id', 'identity'), column('at', 'time'), column('snapshot', 'json')],
  indexes: [{ name: 'vies_status_samples_at', columns: ['at'] }],
};
