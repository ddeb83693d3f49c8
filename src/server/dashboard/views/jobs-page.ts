/**
 * An account's batch jobs (POST /api/v1/jobs): the newest first with status, progress and counts,
 * and a link to cancel each job still queued or running (its confirmation page holds the POST
 * form). Values and results are not shown here: they are read over the API.
 */
import type { BatchJobRecord, BatchJobStatus } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { notice, scrollingTable } from './controls.js';
import { FIELD_LABELS } from './fields.js';
import { formatCount, timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, JobsPageModel } from './models.js';
import { cancelJobPath } from './paths.js';

const STATUS_CLASS: Record<BatchJobStatus, string> = {
  queued: 'status-wait',
  running: 'status-wait',
  done: 'status-ok',
  cancelled: 'status-bad',
  failed: 'status-bad',
};

const ended = (job: BatchJobRecord): boolean => job.status !== 'queued' && job.status !== 'running';

function cancelLink(accountId: string, job: BatchJobRecord): Markup {
  if (ended(job)) return html``;
  return html`<a href="${cancelJobPath(accountId, job.id)}">Cancel<span class="visually-hidden"> job ${job.id}</span></a>`;
}

function jobsTable(accountId: string, jobs: readonly BatchJobRecord[]): Markup {
  if (jobs.length === 0) return html`<p class="empty">No jobs yet. Submit one with <code>POST /api/v1/jobs</code> or <code>verifield jobs submit</code>.</p>`;
  const rows = jobs.map(
    (job) => html`<tr>
<th scope="row"><code>${job.id}</code></th>
<td>${job.field === 'mixed' ? 'Mixed fields' : FIELD_LABELS[job.field]}</td>
<td><span class="status ${STATUS_CLASS[job.status]}">${job.status}</span>${job.error !== null && html`<br>${job.error}`}</td>
<td class="number">${formatCount(job.done)} / ${formatCount(job.total)}</td>
<td class="number">${formatCount(job.valid)}</td>
<td class="number">${formatCount(job.invalid)}</td>
<td>${timeTag(job.createdAt)}</td>
<td>${job.finishedAt === null ? '—' : timeTag(job.finishedAt)}</td>
<td>${cancelLink(accountId, job)}</td>
</tr>`,
  );
  return scrollingTable(
    'Jobs',
    html`<table>
<thead><tr><th scope="col">Job</th><th scope="col">Field</th><th scope="col">Status</th><th scope="col" class="number">Done / total</th><th scope="col" class="number">Valid</th><th scope="col" class="number">Invalid</th><th scope="col">Submitted</th><th scope="col">Finished</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** GET /dashboard/accounts/{id}/jobs. */
export function renderJobsPage(frame: Frame, model: JobsPageModel): string {
  const { overview } = model;
  return renderDocument({
    title: `Jobs of ${overview.account.name}`,
    frame,
    current: 'jobs',
    main: html`${accountHeading(frame, overview, 'jobs', `Jobs of ${overview.account.name}`)}
${notice(model.notice)}
<p>The newest ${formatCount(model.jobs.length)} jobs. Each value of a job counts one validation when it is answered; a cancelled job keeps the answers it has.</p>
${jobsTable(overview.account.id, model.jobs)}`,
  });
}
