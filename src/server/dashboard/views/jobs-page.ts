/**
 * An account's batch jobs (POST /api/v1/jobs, or the upload form here): the newest first with
 * status, progress and counts, each linking to its own page (./job-page.ts: progress, downloads),
 * a link to cancel each job still queued or running (its confirmation page holds the POST form),
 * and the form that uploads a file as a job, run under one of the account's live keys.
 */
import type { BatchJobRecord, BatchJobStatus } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { notice, scrollingTable } from './controls.js';
import { fieldLabelIn, jobFieldLabel } from './fields.js';
import { html, type Markup } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, JobsPageModel } from './models.js';
import { FIELD_NAMES } from '../../../fields/catalog.js';
import { formError, selectField, type Choice } from './controls.js';
import { csrfField } from './layout.js';
import { frameMay } from '../roles.js';
import { cancelJobPath, jobPath, jobsPath } from './paths.js';
import { FRAME } from '../i18n/common.js';
import { JOB_COUNTS, JOB_STATUS, JOBS } from '../i18n/jobs.js';
import type { Words } from '../i18n/words.js';

const STATUS_CLASS: Record<BatchJobStatus, string> = {
  queued: 'status-wait',
  running: 'status-wait',
  done: 'status-ok',
  cancelled: 'status-bad',
  failed: 'status-bad',
};

/** The most values an uploaded file may hold, as the upload's hint says. */
const UPLOAD_MAX_VALUES = 100_000;

const ended = (job: BatchJobRecord): boolean => job.status !== 'queued' && job.status !== 'running';

function cancelLink(frame: Frame, accountId: string, job: BatchJobRecord): Markup {
  if (ended(job) || !frameMay(frame, 'developer')) return html``;
  const { words } = frame;
  return html`<a href="${cancelJobPath(accountId, job.id)}">${words.say(JOBS.cancel)}<span class="visually-hidden"> ${words.say(JOBS.jobNamed, { id: job.id })}</span></a>`;
}

function jobsTable(frame: Frame, accountId: string, jobs: readonly BatchJobRecord[]): Markup {
  const { words } = frame;
  if (jobs.length === 0) return html`<p class="empty">${words.sayMarkup(JOBS.noJobs, { api: html`<code>POST /api/v1/jobs</code>`, cli: html`<code>verifield jobs submit</code>` })}</p>`;
  const rows = jobs.map(
    (job) => html`<tr>
<th scope="row"><a href="${jobPath(accountId, job.id)}"><code>${job.id}</code></a></th>
<td>${jobFieldLabel(words, job.field)}</td>
<td><span class="status ${STATUS_CLASS[job.status]}">${words.say(JOB_STATUS[job.status])}</span>${job.error !== null && html`<br>${job.error}`}</td>
<td class="number">${words.number(job.done)} / ${words.number(job.total)}</td>
<td class="number">${words.number(job.valid)}</td>
<td class="number">${words.number(job.invalid)}</td>
<td>${words.timeTag(job.createdAt)}</td>
<td>${job.finishedAt === null ? '—' : words.timeTag(job.finishedAt)}</td>
<td>${cancelLink(frame, accountId, job)}</td>
</tr>`,
  );
  return scrollingTable(
    words.say(FRAME.jobs),
    html`<table>
<thead><tr><th scope="col">${words.say(JOBS.job)}</th><th scope="col">${words.say(JOBS.field)}</th><th scope="col">${words.say(JOBS.status)}</th><th scope="col" class="number">${words.say(JOBS.doneOfTotal)}</th><th scope="col" class="number">${words.say(JOBS.valid)}</th><th scope="col" class="number">${words.say(JOBS.invalid)}</th><th scope="col">${words.say(JOBS.submitted)}</th><th scope="col">${words.say(JOBS.finished)}</th><th scope="col"><span class="visually-hidden">${words.say(JOBS.action)}</span></th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
  );
}

/** The upload's field choices: the file's own (a mixed file), or one field for every line. */
function fieldChoices(words: Words): Choice[] {
  return [{ value: '', label: words.say(JOBS.asEachLineSays) }, ...FIELD_NAMES.map((field) => ({ value: field, label: fieldLabelIn(words, field) }))];
}

function uploadForm(frame: Frame, model: JobsPageModel): Markup {
  const accountId = model.overview.account.id;
  const live = model.keys.filter((key) => key.status === 'live');
  const values = model.form?.values;
  const { words } = frame;
  const form =
    live.length === 0
      ? html`<p class="empty">${words.say(JOBS.noLiveKey)}</p>`
      : html`<form method="post" action="${jobsPath(accountId)}" enctype="multipart/form-data" class="stacked">
${csrfField(frame)}
${selectField({ form: 'upload-job', name: 'key', label: words.say(JOBS.runUnderKey), choices: live.map((key) => ({ value: key.id, label: `${key.name} (${key.displayPrefix}…)` })), selected: values?.['key'] })}
${selectField({ form: 'upload-job', name: 'field', label: words.say(JOBS.validateAs), choices: fieldChoices(words), selected: values?.['field'] ?? '' })}
<div class="field">
<label for="upload-job-file">${words.say(JOBS.file)}</label>
<span class="hint" id="upload-job-file-hint">${words.sayMarkup(JOBS.fileHint, { extension: html`<code>.ndjson</code>`, values: words.number(UPLOAD_MAX_VALUES) })}</span>
<input id="upload-job-file" name="file" type="file" accept=".csv,.txt,.ndjson,.jsonl" required aria-describedby="upload-job-file-hint">
</div>
<button type="submit">${words.say(JOBS.uploadAndRun)}</button>
</form>`;
  return html`<section aria-labelledby="upload-job-heading">
<h2 id="upload-job-heading">${words.say(JOBS.uploadHeading)}</h2>
${formError(frame.words, model.form?.error)}
${form}
</section>`;
}

/** GET /dashboard/accounts/{id}/jobs. */
export function renderJobsPage(frame: Frame, model: JobsPageModel): string {
  const { overview } = model;
  const { words } = frame;
  const title = words.say(JOBS.title, { account: overview.account.name });
  return renderDocument({
    title,
    frame,
    current: 'jobs',
    main: html`${accountHeading(frame, overview, 'jobs', title)}
${notice(model.notice)}
<p>${words.counted(JOB_COUNTS.newest, model.jobs.length)}</p>
${jobsTable(frame, overview.account.id, model.jobs)}
${frameMay(frame, 'developer') && uploadForm(frame, model)}`,
  });
}
