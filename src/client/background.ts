/**
 * The client's methods for what the service does in the background (docs/service.md#jobs): batch
 * jobs, watched VAT numbers and the VIES evidence kept for the tax audit. The shapes of the answers
 * are the service's own (src/account-api.ts).
 */
import type { Job, JobResultLine, JobSubmission, SubmittedJob, VatEvidence, VatWatch } from '../account-api.js';
import type { FieldName } from '../fields/catalog.js';
import { ndjsonValues, textPieces } from './ndjson.js';

/** Per-call options (the same as the validation methods'). */
export interface BackgroundCallOptions {
  /** Aborts the request (the call then rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** The background methods of a client (each needs the API key). */
export interface BackgroundMethods {
  /** POST /api/v1/jobs: queues a job (429 QUOTA_EXCEEDED up front on FREE when the quota left is smaller). */
  submitJob(job: JobSubmission, options?: BackgroundCallOptions): Promise<SubmittedJob>;
  /**
   * POST /api/v1/jobs with a file as its body: CSV or NDJSON, of one field (`field`: a value per
   * line, a first line `value` being a header) or mixed (no `field`: a CSV whose header is
   * `field,value`, or NDJSON lines `{"field": …, "value": …}`, each line validated as its field).
   */
  submitJobFile(file: JobFile, options?: BackgroundCallOptions): Promise<SubmittedJob>;
  /** GET /api/v1/jobs/{id}; 404 for an unknown job or another account's. */
  job(id: string, options?: BackgroundCallOptions): Promise<Job>;
  /** GET /api/v1/jobs: the account's newest 100 jobs, newest first. */
  jobs(options?: BackgroundCallOptions): Promise<Job[]>;
  /**
   * GET /api/v1/jobs/{id}/results: the lines answered so far, in input order, read as they arrive.
   * The request is sent at the first iteration.
   */
  jobResults(id: string, options?: BackgroundCallOptions): AsyncIterable<JobResultLine>;
  /** GET /api/v1/jobs/{id}/results with `Accept: text/csv`: the CSV text (header line first) as it arrives, in pieces. */
  jobResultsCsv(id: string, options?: BackgroundCallOptions): AsyncIterable<string>;
  /** DELETE /api/v1/jobs/{id}: the job, cancelled; 409 when it had ended already. */
  cancelJob(id: string, options?: BackgroundCallOptions): Promise<Job>;
  /** POST /api/v1/vat/watch (201): re-checks the number on a schedule; 400 for a number that cannot exist. */
  watchVat(value: string, options?: BackgroundCallOptions & { traderName?: string }): Promise<VatWatch>;
  /** GET /api/v1/vat/watch: the account's watched numbers. */
  watches(options?: BackgroundCallOptions): Promise<VatWatch[]>;
  /** DELETE /api/v1/vat/watch/{id}. */
  unwatchVat(id: string, options?: BackgroundCallOptions): Promise<void>;
  /** POST /api/v1/vat/watch/{id}/check: re-checks now (one validation), answers the watch. */
  checkWatch(id: string, options?: BackgroundCallOptions): Promise<VatWatch>;
  /** GET /api/v1/vat/evidence?value=…: the account's evidence for a number, newest first. */
  evidence(value: string, options?: BackgroundCallOptions): Promise<VatEvidence[]>;
  /** GET /api/v1/vat/evidence/{id}. */
  evidenceRecord(id: string, options?: BackgroundCallOptions): Promise<VatEvidence>;
}

/** A job's file as {@link BackgroundMethods.submitJobFile} sends it. */
export interface JobFile {
  /** The file's text. */
  body: string;
  /** `csv` (text/csv) or `ndjson` (application/x-ndjson). */
  format: 'csv' | 'ndjson';
  /** The field of every line; absent: a mixed file, each line naming its field. */
  field?: FieldName;
  /** Also receives the job's `job.completed` event, as in {@link JobSubmission}. */
  webhookUrl?: string;
}

/**
 * One authenticated request of the client, answering the body read as JSON (or the error it throws).
 * `body` is sent as JSON; `text` as it is, with its type.
 */
export type JsonCall = <T>(method: string, path: string, options: { body?: unknown; text?: { body: string; type: string }; ok: number; signal?: AbortSignal | undefined }) => Promise<T>;

/** One authenticated request answering the Response itself once its status is 200 (the error it throws otherwise). */
export type StreamCall = (path: string, accept: string, signal: AbortSignal | undefined) => Promise<Response>;

const segment = (id: string): string => encodeURIComponent(id);

/** A list answer: the array itself, or the array under `key` (`{ jobs: [...] }`). */
function listOf<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const inner = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
  return Array.isArray(inner) ? (inner as T[]) : [];
}

/** The methods over the client's two kinds of call. */
export function backgroundMethods(json: JsonCall, stream: StreamCall): BackgroundMethods {
  return {
    submitJob: (job, call) =>
      json('POST', '/api/v1/jobs', { ok: 202, signal: call?.signal, body: job.webhookUrl === undefined ? { field: job.field, values: job.values } : job }),
    submitJobFile: ({ body, format, ...query }, call) =>
      json('POST', `/api/v1/jobs?${new URLSearchParams(query)}`, { ok: 202, signal: call?.signal, text: { body, type: format === 'csv' ? 'text/csv' : 'application/x-ndjson' } }),
    job: (id, call) => json('GET', `/api/v1/jobs/${segment(id)}`, { ok: 200, signal: call?.signal }),
    jobs: async (call) => listOf<Job>(await json('GET', '/api/v1/jobs', { ok: 200, signal: call?.signal }), 'jobs'),
    jobResults: (id, call) => ({
      async *[Symbol.asyncIterator]() {
        const response = await stream(`/api/v1/jobs/${segment(id)}/results`, 'application/x-ndjson', call?.signal);
        if (response.body !== null) yield* ndjsonValues(response.body) as AsyncGenerator<JobResultLine>;
      },
    }),
    jobResultsCsv: (id, call) => ({
      async *[Symbol.asyncIterator]() {
        const response = await stream(`/api/v1/jobs/${segment(id)}/results`, 'text/csv', call?.signal);
        if (response.body !== null) yield* textPieces(response.body);
      },
    }),
    cancelJob: (id, call) => json('DELETE', `/api/v1/jobs/${segment(id)}`, { ok: 200, signal: call?.signal }),
    watchVat: (value, call) =>
      json('POST', '/api/v1/vat/watch', { ok: 201, signal: call?.signal, body: call?.traderName === undefined ? { value } : { value, traderName: call.traderName } }),
    watches: async (call) => listOf<VatWatch>(await json('GET', '/api/v1/vat/watch', { ok: 200, signal: call?.signal }), 'watches'),
    unwatchVat: async (id, call) => {
      await json('DELETE', `/api/v1/vat/watch/${segment(id)}`, { ok: 204, signal: call?.signal });
    },
    checkWatch: (id, call) => json('POST', `/api/v1/vat/watch/${segment(id)}/check`, { ok: 200, signal: call?.signal }),
    evidence: async (value, call) =>
      listOf<VatEvidence>(await json('GET', `/api/v1/vat/evidence?value=${encodeURIComponent(value)}`, { ok: 200, signal: call?.signal }), 'evidence'),
    evidenceRecord: (id, call) => json('GET', `/api/v1/vat/evidence/${segment(id)}`, { ok: 200, signal: call?.signal }),
  };
}
