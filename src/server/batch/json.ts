/** A batch job as the API shows it (GET /api/v1/jobs/{id}, the `job.completed` event's data). */
import type { Job } from '../../account-api.js';
import type { BatchJobRecord } from '../storage/types.js';

export function jobJson(job: BatchJobRecord): Job {
  return {
    id: job.id,
    field: job.field,
    status: job.status,
    total: job.total,
    done: job.done,
    valid: job.valid,
    invalid: job.invalid,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    error: job.error,
  };
}
