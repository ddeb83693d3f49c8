/**
 * The confirmation before a destructive action (revoke a key, rotate the webhook secret, suspend
 * an account, cancel a job): one page for all, saying what will happen, with a button that posts
 * to the page's own URL (with the session's CSRF token) and a way back; or, when the thing is
 * done already (the key revoked, the job ended), saying so with only the way back.
 */
import { accountHeading } from './account-heading.js';
import { formatCount, timeTag } from './format.js';
import { html, type HtmlValue, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { CancelJobPageModel, Frame, RevokePageModel, RotatePageModel, SuspendPageModel } from './models.js';
import { accountPath, cancelJobPath, jobsPath, keysPath, revokePath, rotateWebhookPath, signOutEverywherePath, suspendPath, webhooksPath } from './paths.js';

/** The account page a confirmation belongs to and leads back to: its path and the way back's label. */
const WAY_BACK: Readonly<Record<'overview' | 'keys' | 'jobs' | 'webhooks', readonly [(accountId: string) => string, string]>> = {
  overview: [(accountId) => accountPath(accountId), 'Back to the account'],
  keys: [keysPath, 'Back to the keys'],
  jobs: [jobsPath, 'Back to the jobs'],
  webhooks: [webhooksPath, 'Back to the webhook'],
};

/** The form of a confirmation: where it posts (the page's own URL), its hidden fields beside the CSRF token, its button, and the link that leaves. */
interface ConfirmForm {
  action: string;
  hidden?: Readonly<Record<string, string>>;
  button: string;
  keep: string;
}

/** What {@link confirmationPage} lays out. */
interface Confirmation {
  /** The page's heading, and its title. */
  heading: string;
  /** Done already: what the page says instead of the question, with only the way back. */
  done?: Markup | false;
  /** The question, e.g. "Revoke the key …?", and what the action does, one item each. */
  question: Markup;
  consequences: readonly HtmlValue[];
  form: ConfirmForm;
}

function confirmationPage(frame: Frame, overview: RevokePageModel['overview'], tab: keyof typeof WAY_BACK, page: Confirmation): string {
  const [pathOf, backLabel] = WAY_BACK[tab];
  const back = pathOf(overview.account.id);
  const { form } = page;
  const body =
    page.done !== undefined && page.done !== false
      ? html`<p>${page.done}: there is nothing left to do.</p>
<p><a href="${back}">${backLabel}</a></p>`
      : html`<p>${page.question}</p>
<ul>
${page.consequences.map((consequence) => html`<li>${consequence}</li>
`)}</ul>
<form method="post" action="${form.action}" class="actions">
${csrfField(frame)}
${Object.entries(form.hidden ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">
`)}<button type="submit" class="danger">${form.button}</button>
<a href="${back}" class="button secondary">${form.keep}</a>
</form>`;
  return renderDocument({
    title: page.heading,
    frame,
    current: tab,
    main: html`${accountHeading(frame, overview, tab, page.heading)}
${body}`,
  });
}

/** GET /dashboard/accounts/{id}/keys/{keyId}/revoke. */
export function renderRevokePage(frame: Frame, { overview, key }: RevokePageModel): string {
  const what = html`the key “<strong>${key.name}</strong>” (<code>${key.displayPrefix}…</code>)`;
  return confirmationPage(frame, overview, 'keys', {
    heading: `Revoke a key of ${overview.account.name}`,
    done: key.status === 'revoked' && html`The key “${key.name}” (<code>${key.displayPrefix}…</code>) was revoked${key.revokedAt !== null && html` on ${timeTag(key.revokedAt)}`}`,
    question: html`Revoke ${what}, created ${timeTag(key.createdAt)}?`,
    consequences: ['Every request made with it from now on is refused with 401.', 'This cannot be undone: a program that uses it needs a new key.', 'Its past usage stays in the usage log and the counts.'],
    form: { action: revokePath(overview.account.id, key.id), button: 'Revoke key', keep: 'Cancel' },
  });
}

/** GET /dashboard/accounts/{id}/webhooks/rotate. */
export function renderRotatePage(frame: Frame, { overview, endpoint }: RotatePageModel): string {
  return confirmationPage(frame, overview, 'webhooks', {
    heading: `Rotate the webhook secret of ${overview.account.name}`,
    question: html`Make a new signing secret for the events sent to <code>${endpoint.url}</code>?`,
    consequences: [
      html`From now on every event is signed with the new secret; receivers that check <code>Verifield-Signature</code> with the current one refuse them until they are given the new one.`,
      'The current secret stops signing at once: this cannot be undone. The new secret is shown once, on the next page: copy it there.',
    ],
    form: { action: rotateWebhookPath(overview.account.id), button: 'Rotate the secret', keep: 'Cancel' },
  });
}

/** GET /dashboard/accounts/{id}/suspension (the operator's). */
export function renderSuspendPage(frame: Frame, { overview }: SuspendPageModel): string {
  const { account } = overview;
  const consequences = [
    html`Every request with its keys is refused (401 <code>ACCOUNT_SUSPENDED</code>) until you resume it; its jobs and watches wait.`,
    'Nothing is deleted: its keys, usage and settings stay, and resuming it makes its keys work again at once.',
  ];
  return confirmationPage(frame, overview, 'overview', {
    heading: `Suspend ${account.name}`,
    done: account.suspendedAt !== null && html`The account “${account.name}” was suspended on ${timeTag(account.suspendedAt)}`,
    question: html`Suspend the account “<strong>${account.name}</strong>”?`,
    consequences,
    form: { action: suspendPath(account.id), hidden: { suspended: 'true' }, button: 'Suspend account', keep: 'Cancel' },
  });
}

/** GET /dashboard/accounts/{id}/jobs/{jobId}/cancel. */
export function renderCancelJobPage(frame: Frame, { overview, job }: CancelJobPageModel): string {
  const progress = `${job.status}, ${formatCount(job.done)} of ${formatCount(job.total)} done`;
  return confirmationPage(frame, overview, 'jobs', {
    heading: `Cancel a job of ${overview.account.name}`,
    done: job.status !== 'queued' && job.status !== 'running' && html`The job <code>${job.id}</code> has ended (${job.status})`,
    question: html`Cancel the job <code>${job.id}</code> (${progress}), submitted ${timeTag(job.createdAt)}?`,
    consequences: ['No more of its values are validated or counted from now on.', 'The answers it has stay readable over the API; the rest are never answered.', 'This cannot be undone: submit the values again for a new job.'],
    form: { action: cancelJobPath(overview.account.id, job.id), button: 'Cancel job', keep: 'Keep the job' },
  });
}

/** GET /dashboard/accounts/{id}/sign-out-everywhere (owners and the operator). */
export function renderSignOutEverywherePage(frame: Frame, { overview }: SuspendPageModel): string {
  const { account } = overview;
  const yours = frame.viewer?.kind === 'account';
  return confirmationPage(frame, overview, 'overview', {
    heading: `Sign out everywhere from ${account.name}`,
    question: html`End every dashboard session of the account “<strong>${account.name}</strong>”?`,
    consequences: [
      yours ? 'Every browser signed in to the account is signed out, this one included.' : 'Every browser signed in to the account is signed out (your operator session stays).',
      'Each member signs in again with a new link. API keys are not affected: revoke a key on the Keys page.',
    ],
    form: { action: signOutEverywherePath(account.id), button: 'Sign out everywhere', keep: 'Cancel' },
  });
}
