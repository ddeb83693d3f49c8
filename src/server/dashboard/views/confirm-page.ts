/**
 * The confirmation before a destructive action (revoke a key, rotate the webhook secret, suspend
 * an account, cancel a job): one page for all, saying what will happen, with a button that posts
 * to the page's own URL (with the session's CSRF token) and a way back; or, when the thing is
 * done already (the key revoked, the job ended), saying so with only the way back.
 */
import { ACCOUNT_PAGE } from '../i18n/account-page.js';
import { CONFIRM_PAGE } from '../i18n/confirm-page.js';
import { JOB_STATUS } from '../i18n/jobs.js';
import type { Phrase } from '../i18n/phrase.js';
import { accountHeading } from './account-heading.js';
import { html, type HtmlValue, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { CancelJobPageModel, Frame, RevokePageModel, RotatePageModel, SuspendPageModel } from './models.js';
import { accountPath, cancelJobPath, jobsPath, keysPath, revokePath, rotateWebhookPath, signOutEverywherePath, suspendPath, webhooksPath } from './paths.js';

/** The account page a confirmation belongs to and leads back to: its path and the way back's label. */
const WAY_BACK: Readonly<Record<'overview' | 'keys' | 'jobs' | 'webhooks', readonly [(accountId: string) => string, Phrase]>> = {
  overview: [(accountId) => accountPath(accountId), CONFIRM_PAGE.backToAccount],
  keys: [keysPath, CONFIRM_PAGE.backToKeys],
  jobs: [jobsPath, CONFIRM_PAGE.backToJobs],
  webhooks: [webhooksPath, CONFIRM_PAGE.backToWebhook],
};

/** The form of a confirmation: where it posts (the page's own URL), its hidden fields beside the CSRF token, its button, and the link that leaves. */
interface ConfirmForm {
  action: string;
  hidden?: Readonly<Record<string, string>>;
  button: Phrase;
  keep: Phrase;
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
  const { words } = frame;
  const [pathOf, backLabel] = WAY_BACK[tab];
  const back = pathOf(overview.account.id);
  const { form } = page;
  const body =
    page.done !== undefined && page.done !== false
      ? html`<p>${words.sayMarkup(CONFIRM_PAGE.nothingLeft, { done: page.done })}</p>
<p><a href="${back}">${words.say(backLabel)}</a></p>`
      : html`<p>${page.question}</p>
<ul>
${page.consequences.map((consequence) => html`<li>${consequence}</li>
`)}</ul>
<form method="post" action="${form.action}" class="actions">
${csrfField(frame)}
${Object.entries(form.hidden ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">
`)}<button type="submit" class="danger">${words.say(form.button)}</button>
<a href="${back}" class="button secondary">${words.say(form.keep)}</a>
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
  const { words } = frame;
  const prefix = html`<code>${key.displayPrefix}…</code>`;
  return confirmationPage(frame, overview, 'keys', {
    heading: words.say(CONFIRM_PAGE.revokeHeading, { name: overview.account.name }),
    done:
      key.status === 'revoked' &&
      (key.revokedAt === null
        ? words.sayMarkup(CONFIRM_PAGE.keyRevoked, { name: key.name, prefix })
        : words.sayMarkup(CONFIRM_PAGE.keyRevokedOn, { name: key.name, prefix, time: words.timeTag(key.revokedAt) })),
    question: words.sayMarkup(CONFIRM_PAGE.revokeQuestion, { name: html`<strong>${key.name}</strong>`, prefix, time: words.timeTag(key.createdAt) }),
    consequences: [words.say(CONFIRM_PAGE.revokeRefused), words.say(CONFIRM_PAGE.revokeFinal), words.say(CONFIRM_PAGE.revokeHistory)],
    form: { action: revokePath(overview.account.id, key.id), button: CONFIRM_PAGE.revokeButton, keep: CONFIRM_PAGE.cancel },
  });
}

/** GET /dashboard/accounts/{id}/webhooks/rotate. */
export function renderRotatePage(frame: Frame, { overview, endpoint }: RotatePageModel): string {
  const { words } = frame;
  return confirmationPage(frame, overview, 'webhooks', {
    heading: words.say(CONFIRM_PAGE.rotateHeading, { name: overview.account.name }),
    question: words.sayMarkup(CONFIRM_PAGE.rotateQuestion, { url: html`<code>${endpoint.url}</code>` }),
    consequences: [words.sayMarkup(CONFIRM_PAGE.rotateReceivers, { header: html`<code>Verifield-Signature</code>` }), words.say(CONFIRM_PAGE.rotateFinal)],
    form: { action: rotateWebhookPath(overview.account.id), button: CONFIRM_PAGE.rotateButton, keep: CONFIRM_PAGE.cancel },
  });
}

/** GET /dashboard/accounts/{id}/suspension (the operator's). */
export function renderSuspendPage(frame: Frame, { overview }: SuspendPageModel): string {
  const { words } = frame;
  const { account } = overview;
  const consequences = [words.sayMarkup(CONFIRM_PAGE.suspendRefused, { code: html`401 <code>ACCOUNT_SUSPENDED</code>` }), words.say(CONFIRM_PAGE.suspendKeeps)];
  return confirmationPage(frame, overview, 'overview', {
    heading: words.say(CONFIRM_PAGE.suspendHeading, { name: account.name }),
    done: account.suspendedAt !== null && words.sayMarkup(CONFIRM_PAGE.accountSuspended, { name: account.name, time: words.timeTag(account.suspendedAt) }),
    question: words.sayMarkup(CONFIRM_PAGE.suspendQuestion, { name: html`<strong>${account.name}</strong>` }),
    consequences,
    form: { action: suspendPath(account.id), hidden: { suspended: 'true' }, button: ACCOUNT_PAGE.suspendAccount, keep: CONFIRM_PAGE.cancel },
  });
}

/** GET /dashboard/accounts/{id}/jobs/{jobId}/cancel. */
export function renderCancelJobPage(frame: Frame, { overview, job }: CancelJobPageModel): string {
  const { words } = frame;
  const status = JOB_STATUS[job.status];
  const id = html`<code>${job.id}</code>`;
  const progress = words.say(CONFIRM_PAGE.progress, { status, done: job.done, total: job.total });
  return confirmationPage(frame, overview, 'jobs', {
    heading: words.say(CONFIRM_PAGE.cancelHeading, { name: overview.account.name }),
    done: job.status !== 'queued' && job.status !== 'running' && words.sayMarkup(CONFIRM_PAGE.jobEnded, { id, status: words.say(status) }),
    question: words.sayMarkup(CONFIRM_PAGE.cancelQuestion, { id, progress, time: words.timeTag(job.createdAt) }),
    consequences: [words.say(CONFIRM_PAGE.cancelStops), words.say(CONFIRM_PAGE.cancelAnswers), words.say(CONFIRM_PAGE.cancelFinal)],
    form: { action: cancelJobPath(overview.account.id, job.id), button: CONFIRM_PAGE.cancelButton, keep: CONFIRM_PAGE.keepJob },
  });
}

/** GET /dashboard/accounts/{id}/sign-out-everywhere (owners and the operator). */
export function renderSignOutEverywherePage(frame: Frame, { overview }: SuspendPageModel): string {
  const { words } = frame;
  const { account } = overview;
  const yours = frame.viewer?.kind === 'account';
  return confirmationPage(frame, overview, 'overview', {
    heading: words.say(CONFIRM_PAGE.signOutHeading, { name: account.name }),
    question: words.sayMarkup(CONFIRM_PAGE.signOutQuestion, { name: html`<strong>${account.name}</strong>` }),
    consequences: [words.say(yours ? CONFIRM_PAGE.signOutYours : CONFIRM_PAGE.signOutOperator), words.say(CONFIRM_PAGE.signOutKeys)],
    form: { action: signOutEverywherePath(account.id), button: ACCOUNT_PAGE.signOutEverywhere, keep: CONFIRM_PAGE.cancel },
  });
}
