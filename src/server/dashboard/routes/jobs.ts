/**
 * An account's batch jobs: GET /dashboard/accounts/{id}/jobs (the newest 100), GET
 * …/jobs/{jobId}/cancel (the confirmation) and POST to it (CSRF-checked; 303 back to the list). A
 * job that is not the account's is the 404 page, the same as an unknown one; cancelling a job that
 * ended already is a 409 page (its confirmation says there is nothing left to do).
 */
import type { Hono } from 'hono';
import type { BatchJobRecord } from '../../storage/types.js';
import { renderCancelJobPage, renderJobsPage } from '../views/index.js';
import { jobsPath } from '../views/paths.js';
import { accountPage, accountPost, htmlPage, notFound, PageRefusal, seeOther, type DashboardDeps, type PageRequest } from './context.js';

/** The jobs the page lists: the same number as GET /api/v1/jobs. */
const LISTED_JOBS = 100;

/** The account's job the URL names; the 404 page when it has none. */
async function jobOfAccount(request: PageRequest, accountId: string): Promise<BatchJobRecord> {
  const job = await request.services.store.batchJobs.get(accountId, request.c.req.param('jobId') ?? '');
  if (job === null) throw notFound();
  return job;
}

/** Mounts the jobs page and the cancellation with its confirmation. */
export function mountJobPages(app: Hono, deps: DashboardDeps): void {
  app.get(
    '/dashboard/accounts/:id/jobs',
    accountPage(deps, async (request, accountId) => {
      const [overview, jobs] = await Promise.all([request.admin.accountOverview(accountId), request.services.store.batchJobs.list(accountId, LISTED_JOBS)]);
      return htmlPage(200, renderJobsPage(request.frame, { overview, jobs }));
    }),
  );

  app.get(
    '/dashboard/accounts/:id/jobs/:jobId/cancel',
    accountPage(deps, async (request, accountId) => {
      const [overview, job] = await Promise.all([request.admin.accountOverview(accountId), jobOfAccount(request, accountId)]);
      return htmlPage(200, renderCancelJobPage(request.frame, { overview, job }));
    }),
  );

  app.post(
    '/dashboard/accounts/:id/jobs/:jobId/cancel',
    accountPost(deps, async (request, accountId) => {
      const { store } = request.services;
      const job = await jobOfAccount(request, accountId);
      if (!(await store.batchJobs.cancel(accountId, job.id, request.services.now()))) {
        throw new PageRefusal(409, 'Job already ended', [`Job ${job.id} had ended (${job.status}) before the cancellation came: nothing was changed.`]);
      }
      return seeOther(jobsPath(accountId));
    }),
  );
}
