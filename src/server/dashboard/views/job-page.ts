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
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import { frameMay } from '../roles.js';
import type { Frame, JobPageModel } from './models.js';
import { cancelJobPath, jobProgressPath, jobResultsPath } from './paths.js';
import { JOB_STATUS, JOBS } from '../i18n/jobs.js';
import type { Words } from '../i18n/words.js';

const isOpen = (job: BatchJobRecord): boolean => job.status === 'queued' || job.status === 'running';

function progress(words: Words, accountId: string, job: BatchJobRecord): Markup {
  const open = isOpen(job);
  return html`<section aria-labelledby="job-progress-heading"${open && html` data-job-progress="${jobProgressPath(accountId, job.id)}"`}>
<h2 id="job-progress-heading">${words.say(JOBS.progress)}</h2>
<p><span class="status" data-job-status>${words.say(JOB_STATUS[job.status])}</span>${job.error !== null && html`: ${job.error}`}</p>
<progress class="quota" max="${job.total}" value="${job.done}" aria-label="${words.say(JOBS.valuesAnswered)}"></progress>
<p aria-live="polite">${words.sayMarkup(JOBS.progressLine, {
    done: html`<span data-job-done>${words.number(job.done)}</span>`,
    total: words.number(job.total),
    valid: html`<span data-job-valid>${words.number(job.valid)}</span>`,
    invalid: html`<span data-job-invalid>${words.number(job.invalid)}</span>`,
  })}</p>
${open && html`<p class="hint" data-job-reload>${words.say(JOBS.reload)}</p>`}
</section>`;
}

/** GET /dashboard/accounts/{id}/jobs/{jobId}. */
export function renderJobPage(frame: Frame, { overview, job }: JobPageModel): string {
  const accountId = overview.account.id;
  const { words } = frame;
  const title = words.say(JOBS.jobTitle, { id: job.id });
  return renderDocument({
    title,
    frame,
    current: 'jobs',
    main: html`${accountHeading(frame, overview, 'jobs', title)}
<dl class="facts">
<div><dt>${words.say(JOBS.field)}</dt><dd>${jobFieldLabel(words, job.field)}</dd></div>
<div><dt>${words.say(JOBS.submitted)}</dt><dd>${words.timeTag(job.createdAt)}</dd></div>
<div><dt>${words.say(JOBS.finished)}</dt><dd>${job.finishedAt === null ? '—' : words.timeTag(job.finishedAt)}</dd></div>
</dl>
${progress(words, accountId, job)}
<section aria-labelledby="job-results-heading">
<h2 id="job-results-heading">${words.say(JOBS.results)}</h2>
<p><a href="${jobResultsPath(accountId, job.id, 'csv')}" download>${words.say(JOBS.downloadCsv)}</a> · <a href="${jobResultsPath(accountId, job.id, 'ndjson')}" download>${words.say(JOBS.downloadNdjson)}</a></p>
</section>
${isOpen(job) && frameMay(frame, 'developer') && html`<p><a href="${cancelJobPath(accountId, job.id)}">${words.say(JOBS.cancelThisJob)}</a></p>`}`,
  });
}
