/** A batch job as the API shows it (GET /api/v1/jobs/{id}, the `job.completed` event's data). */
import type { BatchJobRecord, BatchJobStatus, Field } from '../storage/types.js';

/** The job status object. */
export interface JobJson {
  id: string;
  field: Field;
  status: BatchJobStatus;
  total: number;
  done: number;
  valid: number;
  invalid: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());

export function jobJson(job: BatchJobRecord): JobJson {
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
