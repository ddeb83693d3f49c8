/**
 * An account's batch jobs: GET /dashboard/accounts/{id}/jobs (the newest 100 and the upload form),
 * POST to it (a file uploaded as a job, CSRF-checked, read as it arrives: 303 to the job's page),
 * GET …/jobs/{jobId} (progress, downloads), …/progress (its JSON, for the page's script),
 * …/results.ndjson and .csv (the answered lines), GET …/jobs/{jobId}/cancel (the confirmation) and
 * POST to it (303 back to the list). A job that is not the account's is the 404 page, the same as
 * an unknown one; cancelling a job that ended already is a 409 page.
 */
import type { Hono } from 'hono';
import { admission, type KeyRefusal } from '../../pipeline/admission.js';
import { jsonResponse } from '../../answers/errors.js';
import { jobBodyReader } from '../../batch/input.js';
import { jobJson } from '../../batch/json.js';
import { jobResults, RESULT_TYPES } from '../../batch/results.js';
import { receiveJob } from '../../batch/submit.js';
import { DEFAULT_MAX_QUEUED_JOBS } from '../../config.js';
import type { BatchJobRecord, Field } from '../../storage/types.js';
import { CSRF_FIELD } from '../csrf.js';
import { openUpload, UPLOAD_REFUSED, UploadBrokenError, type OpenedUpload } from '../upload.js';
import { renderCancelJobPage, renderJobPage, renderJobsPage } from '../views/index.js';
import type { FormState } from '../views/models.js';
import { jobPath, jobsPath } from '../views/paths.js';
import { JOB_STATUS, JOBS, KEY_REFUSALS } from '../i18n/jobs.js';
import type { Words } from '../i18n/words.js';
import { accountPage, accountPost, htmlPage, notFound, PageRefusal, requireCsrf, seeOther, type DashboardDeps, type PageRequest } from './context.js';

/** The jobs the page lists: the same number as GET /api/v1/jobs. */
const LISTED_JOBS = 100;

/** The account's job the URL names; the 404 page when it has none. */
async function jobOfAccount(request: PageRequest, accountId: string): Promise<BatchJobRecord> {
  const job = await request.services.store.batchJobs.get(accountId, request.c.req.param('jobId') ?? '');
  if (job === null) throw notFound();
  return job;
}

async function jobsPage(request: PageRequest, accountId: string, status: number, form?: FormState): Promise<Response> {
  const [overview, jobs, keys] = await Promise.all([
    request.admin.accountOverview(accountId),
    request.services.store.batchJobs.list(accountId, LISTED_JOBS),
    request.admin.listKeys(accountId),
  ]);
  return htmlPage(status, renderJobsPage(request.frame, { overview, jobs, keys, ...(form === undefined ? {} : { form }) }));
}

/** The body format of an uploaded file, by its name: NDJSON for .ndjson and .jsonl, CSV for anything else (a list of values is a one-column CSV). */
function formatOf(fileName: string): 'csv' | 'ndjson' {
  return /\.(ndjson|jsonl)$/i.test(fileName) ? 'ndjson' : 'csv';
}

/** A refusal of the upload: its status and sentence, shown above the form with the choices made. */
interface UploadRefusal {
  status: number;
  message: string;
}

/** Why a key cannot run a job, in the page's language; a refusal this page does not know, as the API words it. */
function keyRefusalText(words: Words, refused: KeyRefusal, field: Field): string {
  switch (refused.code) {
    case 'INVALID_API_KEY':
    case 'EXPIRED_API_KEY':
      return words.say(KEY_REFUSALS.invalid);
    case 'ACCOUNT_SUSPENDED':
      return words.say(KEY_REFUSALS.suspended);
    case 'FORBIDDEN':
      return words.say(KEY_REFUSALS.forbidden, { field });
    default:
      return refused.message;
  }
}

/** Reads `upload` as a job of the account, under the key the form chose; the job queued, or why not. */
async function submitUpload(request: PageRequest, accountId: string, upload: OpenedUpload, deps: DashboardDeps): Promise<BatchJobRecord | UploadRefusal> {
  const chosenKey = upload.fields.get('key') ?? '';
  const reader = jobBodyReader(formatOf(upload.fileName), { field: upload.fields.get('field') ?? '' });
  if (!('push' in reader)) return { status: 400, message: reader.message };
  const { store } = request.services;
  const { words } = request.frame;
  const submitted = await receiveJob<UploadRefusal>(store, {
    reader,
    read: upload.read,
    async authorize(field: Field) {
      const [account, keys] = await Promise.all([store.accounts.get(accountId), store.keys.list(accountId)]);
      const key = keys.find((listed) => listed.id === chosenKey);
      if (account === null || key === undefined) return { refusal: { status: 400, message: words.say(JOBS.chooseKey) } };
      const refused = admission({ key, account }, field, request.services.now());
      if (refused !== null) return { refusal: { status: refused.status === 403 ? 403 : 409, message: words.say(JOBS.keyCannotRun, { name: key.name, reason: keyRefusalText(words, refused, field) }) } };
      return { account, key };
    },
    plans: deps.plans,
    maxQueuedJobs: deps.jobs?.maxQueuedJobs ?? DEFAULT_MAX_QUEUED_JOBS,
    now: request.services.now,
  });
  if (submitted.ok) return submitted.job;
  return 'refusal' in submitted ? submitted.refusal : { status: submitted.status, message: submitted.message };
}

/** Mounts the jobs pages, the upload, the downloads and the cancellation with its confirmation. */
export function mountJobPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/jobs',
    accountPage(deps, async (request, accountId) => jobsPage(request, accountId, 200)),
  );

  app.post(
    '/dashboard/accounts/:id/jobs',
    accountPage(deps, async (request, accountId) => {
      const upload = await openUpload(request.c.req.raw);
      if (!upload.ok) throw new PageRefusal(upload.status, JOBS.uploadNotAccepted, [upload.message]);
      requireCsrf(request, upload.fields.get(CSRF_FIELD));
      const chosen = { key: upload.fields.get('key') ?? '', field: upload.fields.get('field') ?? '' };
      let outcome: BatchJobRecord | UploadRefusal;
      try {
        outcome = await submitUpload(request, accountId, upload, deps);
      } catch (error) {
        if (!(error instanceof UploadBrokenError)) throw error;
        outcome = { status: 400, message: request.frame.words.say(UPLOAD_REFUSED.brokeOff) };
      }
      if ('message' in outcome) return jobsPage(request, accountId, outcome.status, { values: chosen, error: outcome.message });
      deps.jobs?.submitted();
      return seeOther(jobPath(accountId, outcome.id));
    }),
  );

  // A job's page, and its cancellation's confirmation: the account's overview and the job.
  for (const [path, render] of [['', renderJobPage], ['/cancel', renderCancelJobPage]] as const) {
    app.get(
      `/dashboard/accounts/:id/jobs/:jobId${path}`,
      accountPage(deps, async (request, accountId) => {
        const [overview, job] = await Promise.all([request.admin.accountOverview(accountId), jobOfAccount(request, accountId)]);
        return htmlPage(200, render(request.frame, { overview, job }));
      }),
    );
  }

  app.get(
    '/dashboard/accounts/:id/jobs/:jobId/progress',
    accountPage(deps, async (request, accountId) => {
      const job = await jobOfAccount(request, accountId);
      // The status word in the page's language, which the page's script shows in place of `status`.
      return jsonResponse(200, { ...jobJson(job), statusText: request.frame.words.say(JOB_STATUS[job.status]) });
    }),
  );

  for (const format of ['ndjson', 'csv'] as const) {
    app.get(
      `/dashboard/accounts/:id/jobs/:jobId/results.${format}`,
      accountPage(deps, async (request, accountId) => {
        const job = await jobOfAccount(request, accountId);
        return new Response(jobResults(request.services.store, job, format), {
          status: 200,
          headers: { 'Content-Type': RESULT_TYPES[format], 'Content-Disposition': `attachment; filename="job-${job.id}.${format}"` },
        });
      }),
    );
  }


  app.post(
    '/dashboard/accounts/:id/jobs/:jobId/cancel',
    accountPost(deps, async (request, accountId) => {
      const { store } = request.services;
      const job = await jobOfAccount(request, accountId);
      if (!(await store.batchJobs.cancel(accountId, job.id, request.services.now()))) {
        throw new PageRefusal(409, JOBS.alreadyEndedTitle, [{ phrase: JOBS.alreadyEnded, values: { id: job.id, status: JOB_STATUS[job.status] } }]);
      }
      return seeOther(jobsPath(accountId));
    }),
  );
}
