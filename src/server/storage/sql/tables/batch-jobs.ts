/**
 * Batch jobs and their lines (../../features/batch-jobs.ts). Values and results are sealed; a job
 * being worked on carries a lease (lease_owner, lease_until) so that one instance works on it.
 */
import { accountId, column, optional, type TableDeclaration } from './declare.js';

export const BATCH_JOBS: TableDeclaration = {
  name: 'batch_jobs',
  columns: [
    column('id', 'text', { primaryKey: true }),
    accountId(),
    column('key_id', 'text'),
    column('field', 'text'),
    column('status', 'text', { check: "status IN ('queued', 'running', 'done', 'cancelled', 'failed')" }),
    column('total', 'integer', { check: 'total >= 0' }),
    column('done', 'integer', { default: 0 }),
    column('valid', 'integer', { default: 0 }),
    column('invalid', 'integer', { default: 0 }),
    optional('webhook_url', 'text'),
    column('created_at', 'time'),
    optional('started_at', 'time'),
    optional('finished_at', 'time'),
    optional('error', 'text'),
    optional('lease_owner', 'text'),
    optional('lease_until', 'time'),
  ],
  indexes: [
    { name: 'batch_jobs_account', columns: ['account_id', 'created_at'] },
    { name: 'batch_jobs_open', columns: ['created_at'], where: "status IN ('queued', 'running')" },
  ],
};

export const BATCH_JOB_LINES: TableDeclaration = {
  name: 'batch_job_lines',
  columns: [
    column('job_id', 'text', { references: { table: 'batch_jobs', column: 'id' } }),
    column('line', 'integer'),
    column('value', 'sealed'),
    optional('result', 'sealed'),
    optional('valid', 'boolean'),
  ],
  primaryKey: ['job_id', 'line'],
};
