/** The last good VAT rates and the job slots claimed (../../features/housekeeping.ts). */
import { column, type TableDeclaration } from './declare.js';

// A single row.
export const VAT_RATES: TableDeclaration = {
  name: 'vat_rates',
  columns: [
    column('id', 'small', { primaryKey: true, check: 'id = 1' }),
    column('rates', 'json'),
    column('saved_at', 'time', { default: 'now' }),
  ],
};

export const JOB_RUNS: TableDeclaration = {
  name: 'job_runs',
  columns: [
    column('job', 'text'),
    column('slot', 'text'),
    column('instance', 'text'),
    column('claimed_at', 'time', { default: 'now' }),
  ],
  primaryKey: ['job', 'slot'],
};
