/**
 * The batch job endpoints (docs/service.md#jobs): submit (JSON, CSV or NDJSON), read one, list the
 * account's, stream the results (NDJSON, or CSV with Accept: text/csv), cancel. Another account's
 * job answers 404 as an unknown one does.
 */
import type { Hono } from 'hono';
import { apiErrorResponse, jsonResponse } from '../../answers/errors.js';
import { jobBodyFormat, jobBodyReader, MAX_JOB_BODY_BYTES } from '../../batch/input.js';
import { jobJson } from '../../batch/json.js';
import { jobResults, RESULT_TYPES } from '../../batch/results.js';
import type { SubmittedJob } from '../../../account-api.js';
import { BODY_TOO_LARGE_MESSAGE, receiveJob, tooManyJobsMessage, underJobCap, type SubmissionErrorCode } from '../../batch/submit.js';
import { FIELDS } from '../../storage/types.js';
import { authenticate, authenticateAccount, type ApiRouteDeps } from './api-key.js';

export const JOBS_PATH = '/api/v1/jobs';
/** Jobs listed by GET /api/v1/jobs: the newest. */
const LISTED_JOBS = 100;

/** The codes of the job endpoints' `{ errorCode, message }` answers. */
export type JobErrorCode = SubmissionErrorCode | 'UNSUPPORTED_MEDIA_TYPE' | 'JOB_NOT_FOUND' | 'JOB_ENDED';

export const JOB_MESSAGES = {
  BODY_TOO_LARGE: BODY_TOO_LARGE_MESSAGE,
  UNSUPPORTED_MEDIA_TYPE: 'Send the job as JSON (application/json), CSV (text/csv) or NDJSON (application/x-ndjson)',
  JOB_NOT_FOUND: 'There is no such job',
} as const;

function jobError(status: number, errorCode: JobErrorCode, message: string): Response {
  return apiErrorResponse(status, errorCode, message);
}

export function mountJobRoutes(app: Hono, deps: ApiRouteDeps): void {
  app.post(JOBS_PATH, async (c) => {
    const format = jobBodyFormat(c.req.header('content-type'));
    // A key that is missing or bad is told before anything is read.
    const known = await authenticateAccount(c, deps);
    if (known instanceof Response) return known;
    if (format === null) return jobError(415, 'UNSUPPORTED_MEDIA_TYPE', JOB_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
    const declared = Number(c.req.header('content-length') ?? '');
    if (Number.isFinite(declared) && declared > MAX_JOB_BODY_BYTES) return jobError(413, 'BODY_TOO_LARGE', JOB_MESSAGES.BODY_TOO_LARGE);
    const reader = jobBodyReader(format, { field: c.req.query('field'), webhookUrl: c.req.query('webhookUrl') });
    if (!('push' in reader)) return jobError(400, 'INVALID_JOB', reader.message);
    const services = await deps.services();
    const { maxQueuedJobs } = deps.config;
    // Refused before a byte of the body is read when the account is at its cap.
    if (!(await underJobCap(services.store, known.account.id, maxQueuedJobs))) return jobError(429, 'TOO_MANY_JOBS', tooManyJobsMessage(maxQueuedJobs));
    // The body is read as it arrives and never cancelled: a refusal part-way stops reading, and the
    // listener (start.ts, unread-body.ts) answers on the socket and closes it, the rest unread.
    const pieces = c.req.raw.body?.getReader() ?? null;
    let submitted;
    try {
      submitted = await receiveJob(services.store, {
        reader,
        read: async () => {
          if (pieces === null) return null;
          const next = await pieces.read();
          return next.done ? null : next.value;
        },
        authorize: async (field) => {
          const auth = await authenticate(c, deps, field);
          return auth instanceof Response ? { refusal: auth } : auth;
        },
        plans: deps.plans,
        maxQueuedJobs,
        now: deps.now,
      });
    } finally {
      pieces?.releaseLock();
    }
    if (!submitted.ok) return 'refusal' in submitted ? submitted.refusal : jobError(submitted.status, submitted.errorCode, submitted.message);
    const { job } = submitted;
    deps.jobSubmitted?.();
    const body: SubmittedJob = { id: job.id, status: 'queued', total: job.total };
    return jsonResponse(202, body, { Location: `${JOBS_PATH}/${job.id}` });
  });

  app.get(JOBS_PATH, async (c) => {
    const known = await authenticateAccount(c, deps);
    if (known instanceof Response) return known;
    const services = await deps.services();
    const jobs = await services.store.batchJobs.list(known.account.id, LISTED_JOBS);
    return jsonResponse(200, { jobs: jobs.map(jobJson) });
  });

  app.get(`${JOBS_PATH}/:id`, async (c) => {
    const known = await authenticateAccount(c, deps);
    if (known instanceof Response) return known;
    const services = await deps.services();
    const job = await services.store.batchJobs.get(known.account.id, c.req.param('id'));
    if (job === null) return jobError(404, 'JOB_NOT_FOUND', JOB_MESSAGES.JOB_NOT_FOUND);
    return jsonResponse(200, jobJson(job));
  });

  app.get(`${JOBS_PATH}/:id/results`, async (c) => {
    const known = await authenticateAccount(c, deps);
    if (known instanceof Response) return known;
    const services = await deps.services();
    const job = await services.store.batchJobs.get(known.account.id, c.req.param('id'));
    if (job === null) return jobError(404, 'JOB_NOT_FOUND', JOB_MESSAGES.JOB_NOT_FOUND);
    const format = (c.req.header('accept') ?? '').toLowerCase().includes('text/csv') ? 'csv' : 'ndjson';
    return new Response(jobResults(services.store, job, format), { status: 200, headers: { 'Content-Type': RESULT_TYPES[format], 'Cache-Control': 'no-store' } });
  });

  app.delete(`${JOBS_PATH}/:id`, async (c) => {
    const known = await authenticateAccount(c, deps);
    if (known instanceof Response) return known;
    const services = await deps.services();
    const id = c.req.param('id');
    const cancelled = await services.store.batchJobs.cancel(known.account.id, id, deps.now());
    const job = await services.store.batchJobs.get(known.account.id, id);
    if (job === null) return jobError(404, 'JOB_NOT_FOUND', JOB_MESSAGES.JOB_NOT_FOUND);
    if (!cancelled) return jobError(409, 'JOB_ENDED', `This job has already ended (${job.status})`);
    return jsonResponse(200, jobJson(job));
  });
}

/** Every field a job may name (for the OpenAPI document). */
export const JOB_FIELDS = FIELDS;
