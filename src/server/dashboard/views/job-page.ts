/**
 * One batch job: its status and a progress bar, its counts, the link to cancel it while it runs,
 * and its answered lines to download (NDJSON or CSV, the same bodies as GET /api/v1/jobs/{id}/results).
 * While the job is queued or running, the dashboard's script (../assets/dashboard.js) polls its
 * progress (`data-job-progress`) and updates the bar and the counts in place; without script, the
 * page says to reload it.
 */
import type { BatchJobRecord } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { jobFieldLabel } from './fields.js';
import { formatCount, timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import { frameMay } from '../roles.js';
import type { Frame, JobPageModel } from './models.js';
import { cancelJobPath, jobProgressPath, jobResultsPath } from './paths.js';

const isOpen = (job: BatchJobRecord): boolean => job.status === 'queued' || job.status === 'running';

function progress(accountId: string, job: BatchJobRecord): Markup {
  const open = isOpen(job);
  return html`<section aria-labelledby="job-progress-heading"${open && html` data-job-progress="${jobProgressPath(accountId, job.id)}"`}>
<h2 id="job-progress-heading">Progress</h2>
<p><span class="status" data-job-status>${job.status}</span>${job.error !== null && html`: ${job.error}`}</p>
<progress class="quota" max="${job.total}" value="${job.done}" aria-label="Values answered"></progress>
<p aria-live="polite"><span data-job-done>${formatCount(job.done)}</span> of ${formatCount(job.total)} values answered: <span data-job-valid>${formatCount(job.valid)}</span> valid, <span data-job-invalid>${formatCount(job.invalid)}</span> invalid.</p>
${open && html`<p class="hint" data-job-reload>Reload to see the progress.</p>`}
</section>`;
}

/** GET /dashboard/accounts/{id}/jobs/{jobId}. */
export function renderJobPage(frame: Frame, { overview, job }: JobPageModel): string {
  const accountId = overview.account.id;
  return renderDocument({
    title: `Job ${job.id}`,
    frame,
    current: 'jobs',
    main: html`${accountHeading(frame, overview, 'jobs', `Job ${job.id}`)}
<dl class="facts">
<div><dt>Field</dt><dd>${jobFieldLabel(job.field)}</dd></div>
<div><dt>Submitted</dt><dd>${timeTag(job.createdAt)}</dd></div>
<div><dt>Finished</dt><dd>${job.finishedAt === null ? '—' : timeTag(job.finishedAt)}</dd></div>
</dl>
${progress(accountId, job)}
<section aria-labelledby="job-results-heading">
<h2 id="job-results-heading">Results</h2>
<p><a href="${jobResultsPath(accountId, job.id, 'csv')}" download>Download CSV</a> · <a href="${jobResultsPath(accountId, job.id, 'ndjson')}" download>Download NDJSON</a></p>
</section>
${isOpen(job) && frameMay(frame, 'developer') && html`<p><a href="${cancelJobPath(accountId, job.id)}">Cancel this job</a></p>`}`,
  });
}
