/**
 * An account's batch jobs (POST /api/v1/jobs, or the upload form here): the newest first with
 * status, progress and counts, each linking to its own page (./job-page.ts: progress, downloads),
 * a link to cancel each job still queued or running (its confirmation page holds the POST form),
 * and the form that uploads a file as a job, run under one of the account's live keys.
 */
import type { BatchJobRecord, BatchJobStatus } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { notice, scrollingTable } from './controls.js';
import { FIELD_LABELS, jobFieldLabel } from './fields.js';
import { formatCount, timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, JobsPageModel } from './models.js';
import { FIELD_NAMES } from '../../../fields/catalog.js';
import { formError, selectField, type Choice } from './controls.js';
import { csrfField } from './layout.js';
import { frameMay } from '../roles.js';
import { cancelJobPath, jobPath, jobsPath } from './paths.js';

const STATUS_CLASS: Record<BatchJobStatus, string> = {
  queued: 'status-wait',
  running: 'status-wait',
  done: 'status-ok',
  cancelled: 'status-bad',
  failed: 'status-bad',
};

const ended = (job: BatchJobRecord): boolean => job.status !== 'queued' && job.status !== 'running';

function cancelLink(frame: Frame, accountId: string, job: BatchJobRecord): Markup {
  if (ended(job) || !frameMay(frame, 'developer')) return html``;
  return html`<a href="${cancelJobPath(accountId, job.id)}">Cancel<span class="visually-hidden"> job ${job.id}</span></a>`;
}

function jobsTable(frame: Frame, accountId: string, jobs: readonly BatchJobRecord[]): Markup {
  if (jobs.length === 0) return html`<p class="empty">No jobs yet. Upload a file below, or submit one with <code>POST /api/v1/jobs</code> or <code>verifield jobs submit</code>.</p>`;
  const rows = jobs.map(
    (job) => html`<tr>
<th scope="row"><a href="${jobPath(accountId, job.id)}"><code>${job.id}</code></a></th>
<td>${jobFieldLabel(job.field)}</td>
<td><span class="status ${STATUS_CLASS[job.status]}">${job.status}</span>${job.error !== null && html`<br>${job.error}`}</td>
<td class="number">${formatCount(job.done)} / ${formatCount(job.total)}</td>
<td class="number">${formatCount(job.valid)}</td>
<td class="number">${formatCount(job.invalid)}</td>
<td>${timeTag(job.createdAt)}</td>
<td>${job.finishedAt === null ? '—' : timeTag(job.finishedAt)}</td>
<td>${cancelLink(frame, accountId, job)}</td>
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

/** The upload's field choices: the file's own (a mixed file), or one field for every line. */
const FIELD_CHOICES: readonly Choice[] = [
  { value: '', label: 'As each line says (mixed)' },
  ...FIELD_NAMES.map((field) => ({ value: field, label: FIELD_LABELS[field] })),
];

function uploadForm(frame: Frame, model: JobsPageModel): Markup {
  const accountId = model.overview.account.id;
  const live = model.keys.filter((key) => key.status === 'live');
  const values = model.form?.values;
  const form =
    live.length === 0
      ? html`<p class="empty">A job runs under one of the account's keys, and it has none that is live: create one on the Keys page first.</p>`
      : html`<form method="post" action="${jobsPath(accountId)}" enctype="multipart/form-data" class="stacked">
${csrfField(frame)}
${selectField({ form: 'upload-job', name: 'key', label: 'Run under the key', choices: live.map((key) => ({ value: key.id, label: `${key.name} (${key.displayPrefix}…)` })), selected: values?.['key'] })}
${selectField({ form: 'upload-job', name: 'field', label: 'Validate the values as', choices: FIELD_CHOICES, selected: values?.['field'] ?? '' })}
<div class="field">
<label for="upload-job-file">File</label>
<span class="hint" id="upload-job-file-hint">CSV or NDJSON (<code>.ndjson</code>): up to 100,000 values, 16 MiB.</span>
<input id="upload-job-file" name="file" type="file" accept=".csv,.txt,.ndjson,.jsonl" required aria-describedby="upload-job-file-hint">
</div>
<button type="submit">Upload and run</button>
</form>`;
  return html`<section aria-labelledby="upload-job-heading">
<h2 id="upload-job-heading">Upload a file</h2>
${formError(frame.words, model.form?.error)}
${form}
</section>`;
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
${jobsTable(frame, overview.account.id, model.jobs)}
${frameMay(frame, 'developer') && uploadForm(frame, model)}`,
  });
}
