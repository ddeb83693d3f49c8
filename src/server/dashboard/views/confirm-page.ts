/**
 * The confirmation before a destructive action (revoke a key, rotate the webhook secret, suspend
 * an account, cancel a job): one page for all, saying what will happen, with a button that posts
 * to the page's own URL (with the session's CSRF token) and a way back; or, when the thing is
 * done already (the key revoked, the job ended), saying so with only the way back.
 */
import { accountHeading, type AccountTab } from './account-heading.js';
import { formatCount, timeTag } from './format.js';
import { html, type HtmlValue, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { CancelJobPageModel, Frame, RevokePageModel, RotatePageModel, SuspendPageModel } from './models.js';
import { accountPath, cancelJobPath, jobsPath, keysPath, revokePath, rotateWebhookPath, suspendPath, webhooksPath } from './paths.js';

/** What {@link confirmationPage} lays out. */
interface Confirmation {
  overview: RevokePageModel['overview'];
  /** The account tab the page belongs to. */
  tab: AccountTab;
  /** The tab's title. */
  title: string;
  /** The page's heading. */
  heading: string;
  /** Where the way back leads: the page the action is on. */
  back: string;
  /** Done already: what the page says instead of the question, with the way back labelled `backLabel`. */
  done?: Markup;
  backLabel: string;
  /** The question, e.g. "Revoke the key …?". */
  question: Markup;
  /** What the action does, one item each. */
  consequences: readonly HtmlValue[];
  /** Where the button posts: the confirmation's own URL. */
  action: string;
  /** Hidden fields the form sends beside the CSRF token. */
  hidden?: Readonly<Record<string, string>>;
  /** The button's text. */
  button: string;
  /** The text of the link that leaves without doing anything. */
  keep: string;
}

function confirmationPage(frame: Frame, page: Confirmation): string {
  const body =
    page.done !== undefined
      ? html`<p>${page.done}: there is nothing left to do.</p>
<p><a href="${page.back}">${page.backLabel}</a></p>`
      : html`<p>${page.question}</p>
<ul>
${page.consequences.map((consequence) => html`<li>${consequence}</li>
`)}</ul>
<form method="post" action="${page.action}" class="actions">
${csrfField(frame)}
${Object.entries(page.hidden ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">
`)}<button type="submit" class="danger">${page.button}</button>
<a href="${page.back}" class="button secondary">${page.keep}</a>
</form>`;
  return renderDocument({
    title: page.title,
    frame,
    current: page.tab,
    main: html`${accountHeading(frame, page.overview, page.tab, page.heading)}
${body}`,
  });
}

/** GET /dashboard/accounts/{id}/keys/{keyId}/revoke. */
export function renderRevokePage(frame: Frame, model: RevokePageModel): string {
  const { overview, key } = model;
  const accountId = overview.account.id;
  return confirmationPage(frame, {
    overview,
    tab: 'keys',
    title: `Revoke the key ${key.name}`,
    heading: `Revoke a key of ${overview.account.name}`,
    back: keysPath(accountId),
    ...(key.status === 'revoked' && {
      done: html`The key “${key.name}” (<code>${key.displayPrefix}…</code>) was revoked${key.revokedAt !== null && html` on ${timeTag(key.revokedAt)}`}`,
    }),
    backLabel: 'Back to the keys',
    question: html`Revoke the key “<strong>${key.name}</strong>” (<code>${key.displayPrefix}…</code>), created ${timeTag(key.createdAt)}?`,
    consequences: [
      'Every request made with it from now on is refused with 401.',
      'This cannot be undone: a program that uses it needs a new key.',
      'Its past usage stays in the usage log and the counts.',
    ],
    action: revokePath(accountId, key.id),
    button: 'Revoke key',
    keep: 'Cancel',
  });
}

/** GET /dashboard/accounts/{id}/webhooks/rotate. */
export function renderRotatePage(frame: Frame, model: RotatePageModel): string {
  const { overview, endpoint } = model;
  const accountId = overview.account.id;
  return confirmationPage(frame, {
    overview,
    tab: 'webhooks',
    title: 'Rotate the webhook signing secret',
    heading: `Rotate the webhook secret of ${overview.account.name}`,
    back: webhooksPath(accountId),
    backLabel: 'Back to the webhook',
    question: html`Make a new signing secret for the events sent to <code>${endpoint.url}</code>?`,
    consequences: [
      html`From now on every event is signed with the new secret; receivers that check <code>Verifield-Signature</code> with the current one refuse them until they are given the new one.`,
      'The current secret stops signing at once: this cannot be undone.',
      'The new secret is shown once, on the next page: copy it there.',
    ],
    action: rotateWebhookPath(accountId),
    button: 'Rotate the secret',
    keep: 'Cancel',
  });
}

/** GET /dashboard/accounts/{id}/suspension (the operator's). */
export function renderSuspendPage(frame: Frame, model: SuspendPageModel): string {
  const { account } = model.overview;
  return confirmationPage(frame, {
    overview: model.overview,
    tab: 'overview',
    title: `Suspend ${account.name}`,
    heading: `Suspend ${account.name}`,
    back: accountPath(account.id),
    ...(account.suspendedAt !== null && { done: html`The account “${account.name}” was suspended on ${timeTag(account.suspendedAt)}` }),
    backLabel: 'Back to the account',
    question: html`Suspend the account “<strong>${account.name}</strong>”?`,
    consequences: [
      html`Every request with its keys is refused (401 <code>ACCOUNT_SUSPENDED</code>) until you resume it; its jobs and watches wait.`,
      'Nothing is deleted: its keys, usage and settings stay, and resuming it makes its keys work again at once.',
    ],
    action: suspendPath(account.id),
    hidden: { suspended: 'true' },
    button: 'Suspend account',
    keep: 'Cancel',
  });
}

/** GET /dashboard/accounts/{id}/jobs/{jobId}/cancel. */
export function renderCancelJobPage(frame: Frame, model: CancelJobPageModel): string {
  const { overview, job } = model;
  const accountId = overview.account.id;
  const ended = job.status !== 'queued' && job.status !== 'running';
  return confirmationPage(frame, {
    overview,
    tab: 'jobs',
    title: `Cancel the job ${job.id}`,
    heading: `Cancel a job of ${overview.account.name}`,
    back: jobsPath(accountId),
    ...(ended && { done: html`The job <code>${job.id}</code> has ended (${job.status})` }),
    backLabel: 'Back to the jobs',
    question: html`Cancel the job <code>${job.id}</code> (${job.status}, ${formatCount(job.done)} of ${formatCount(job.total)} done), submitted ${timeTag(job.createdAt)}?`,
    consequences: [
      'No more of its values are validated or counted from now on.',
      'The answers it has stay readable over the API; the rest are never answered.',
      'This cannot be undone: submit the values again for a new job.',
    ],
    action: cancelJobPath(accountId, job.id),
    button: 'Cancel job',
    keep: 'Keep the job',
  });
}
