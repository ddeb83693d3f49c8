/** A batch job as the API shows it (GET /api/v1/jobs/{id}, the `job.completed` event's data). */
import type { Job } from '../../account-api.js';
import type { BatchJobRecord } from '../storage/types.js';

const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());

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
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    error: job.error,
  };
}
