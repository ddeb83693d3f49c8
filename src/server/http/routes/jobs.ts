/**
 * The batch job endpoints (docs/service.md#jobs): submit (JSON, CSV or NDJSON), read one, list the
 * account's, stream the results (NDJSON, or CSV with Accept: text/csv), cancel. Another account's
 * job answers 404 as an unknown one does.
 */
import type { Context, Hono } from 'hono';
import { apiErrorResponse, jsonResponse } from '../../answers/errors.js';
import { jobBodyFormat, MAX_JOB_BODY_BYTES, readJsonJob, readListJob, type JobInputReading } from '../../batch/input.js';
import { jobJson } from '../../batch/json.js';
import { CSV_HEADER, csvLine, ndjsonLine, resultStream } from '../../batch/results.js';
import type { SubmittedJob } from '../../../account-api.js';
import { submitJob } from '../../batch/submit.js';
import { FIELDS } from '../../storage/types.js';
import { authenticate, authenticateAccount, type ApiRouteDeps } from './api-key.js';

export const JOBS_PATH = '/api/v1/jobs';
/** Jobs listed by GET /api/v1/jobs: the newest. */
const LISTED_JOBS = 100;

/** The codes of the job endpoints' `{ errorCode, message }` answers. */
export type JobErrorCode = 'INVALID_JOB' | 'UNKNOWN_MEMBER' | 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'QUOTA_EXCEEDED' | 'JOB_NOT_FOUND' | 'JOB_ENDED';

export const JOB_MESSAGES = {
  BODY_TOO_LARGE: 'The request body is larger than 16 MiB',
  UNSUPPORTED_MEDIA_TYPE: 'Send the job as JSON (application/json), CSV (text/csv) or NDJSON (application/x-ndjson)',
  JOB_NOT_FOUND: 'There is no such job',
} as const;

function jobError(status: number, errorCode: JobErrorCode, message: string): Response {
  return apiErrorResponse(status, errorCode, message);
}

/** The body as text, or null when it is larger than MAX_JOB_BODY_BYTES (read no further). */
async function boundedText(c: Context): Promise<string | null> {
  const declared = Number(c.req.header('content-length') ?? '');
  if (Number.isFinite(declared) && declared > MAX_JOB_BODY_BYTES) return null;
  const body = c.req.raw.body;
  if (body === null) return '';
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JOB_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

export function mountJobRoutes(app: Hono, deps: ApiRouteDeps): void {
  app.post(JOBS_PATH, async (c) => {
    const format = jobBodyFormat(c.req.header('content-type'));
    // A key that is missing or bad is told before anything is read.
    const known = await authenticateAccount(c, deps);
    if (known instanceof Response) return known;
    if (format === null) return jobError(415, 'UNSUPPORTED_MEDIA_TYPE', JOB_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
    const text = await boundedText(c);
    if (text === null) return jobError(413, 'BODY_TOO_LARGE', JOB_MESSAGES.BODY_TOO_LARGE);
    const reading: JobInputReading = format === 'json' ? readJsonJob(text) : readListJob(format, text, c.req.query('field'), c.req.query('webhookUrl'));
    if (!reading.ok) return jobError(400, reading.unknownMember ? 'UNKNOWN_MEMBER' : 'INVALID_JOB', reading.message);
    const { input } = reading;
    const auth = await authenticate(c, deps, input.field);
    if (auth instanceof Response) return auth;
    const services = await deps.services();
    const submitted = await submitJob(services.store, { account: auth.account, key: auth.key, plan: deps.plans[auth.account.plan], input, now: deps.now() });
    if (!submitted.ok) return jobError(429, 'QUOTA_EXCEEDED', submitted.message);
    const { job } = submitted;
    deps.jobSubmitted?.();
    const body: SubmittedJob = { id: job.id, status: job.status, total: job.total };
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
    const csv = (c.req.header('accept') ?? '').toLowerCase().includes('text/csv');
    const stream = csv ? resultStream(services.store, job.id, csvLine, CSV_HEADER) : resultStream(services.store, job.id, ndjsonLine);
    return new Response(stream, {
      status: 200,
      headers: { 'Content-Type': csv ? 'text/csv; charset=UTF-8' : 'application/x-ndjson; charset=UTF-8', 'Cache-Control': 'no-store' },
    });
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
