/**
 * An account's overview: its plan and limits, the billing period and the day it resets, the
 * validations used and left (and the overage on a paid plan), the daily chart of the last 30 or
 * 90 days, the account's VAT number; for the operator, the forms that change the plan and suspend
 * or resume the account.
 */
import { accountHeading } from './account-heading.js';
import { formError, inputField, notice, selectField, shownBefore, shownOnce } from './controls.js';
import { frameMay } from '../roles.js';
import { formatCount, formatQuantity } from './format.js';
import { html, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { AccountPageModel, ChartDays, Frame } from './models.js';
import { accountFormPath, accountPath, signInLinkPath, signOutEverywherePath, suspendPath } from './paths.js';
import { PLAN_CHOICES } from './plans.js';
import { usageChart } from './usage-chart.js';

const DAY_MS = 86_400_000;
const CHART_CHOICES: readonly ChartDays[] = [30, 90];

/** The last day of a period whose `end` (YYYY-MM-DD) is exclusive. */
function lastDayBefore(end: string): string {
  return new Date(Date.parse(end) - DAY_MS).toISOString().slice(0, 10);
}

/** The error of `form` if it is the one sent back. */
function errorOf(model: AccountPageModel, form: string): string | undefined {
  return model.failed?.form === form ? model.failed.error : undefined;
}

function planAndPeriod(model: AccountPageModel): Markup {
  const { overview } = model;
  const { limits, period } = overview;
  const paid = !limits.blocksOverQuota;
  return html`<section aria-labelledby="plan-heading">
<h2 id="plan-heading">Plan and billing period</h2>
<dl class="facts">
<div><dt>Plan</dt><dd>${overview.account.plan}</dd></div>
<div><dt>Validations per billing period</dt><dd>${formatCount(limits.quota)}</dd></div>
<div><dt>Requests at once</dt><dd>${formatCount(limits.maxConcurrent)}</dd></div>
<div><dt>Live keys at most</dt><dd>${formatCount(limits.maxKeys)}</dd></div>
<div><dt>Email validation depth</dt><dd>${limits.emailLevel}</dd></div>
<div><dt>Billing period</dt><dd>${period.start} to ${lastDayBefore(period.end)} (UTC)</dd></div>
<div><dt>Count resets on</dt><dd>${period.end}</dd></div>
</dl>
</section>
<section aria-labelledby="period-heading">
<h2 id="period-heading">This billing period</h2>
<dl class="facts">
<div><dt>Used</dt><dd>${formatCount(overview.used)} of ${formatCount(overview.quota)}</dd></div>
<div><dt>Remaining</dt><dd>${formatCount(overview.remaining)}</dd></div>
<div><dt>Overage</dt><dd>${
    paid
      ? html`${formatQuantity(overview.overage, 'validation')} beyond the quota, billed as overage`
      : html`none: the ${overview.account.plan} plan refuses validations beyond its quota (429)`
  }</dd></div>
</dl>
<progress class="quota" max="${overview.quota}" value="${Math.min(overview.used, overview.quota)}" aria-label="Share of the quota used">${formatCount(overview.used)} of ${formatCount(overview.quota)}</progress>
</section>`;
}

function chartSection(model: AccountPageModel): Markup {
  const accountId = model.overview.account.id;
  return html`<section aria-labelledby="chart-heading">
<h2 id="chart-heading">Validations per day</h2>
<nav aria-label="Days shown" class="switch"><ul>${CHART_CHOICES.map(
    (days) => html`<li><a href="${accountPath(accountId, days)}"${days === model.days && html` aria-current="page"`}>Last ${days} days</a></li>`,
  )}</ul></nav>
${usageChart(model.usage, model.days)}
</section>`;
}

function vatNumberSection(frame: Frame, model: AccountPageModel): Markup {
  const { account } = model.overview;
  const failed = model.failed?.form === 'vat-number' ? model.failed.values['vatNumber'] : undefined;
  const action = accountFormPath(account.id, 'vat-number');
  return html`<section aria-labelledby="vat-heading">
<h2 id="vat-heading">VAT number</h2>
<p>${account.vatNumber === null ? 'No VAT number set.' : html`Set to <strong>${account.vatNumber}</strong>.`} When one is set, VAT numbers are checked with VIES with it as the requester, so that VIES answers with a consultation number for your records.</p>
${frameMay(frame, 'owner') && html`${formError(frame.words, errorOf(model, 'vat-number'))}
<form method="post" action="${action}" class="inline">
${csrfField(frame)}
${inputField({ form: 'vat-number', name: 'vatNumber', label: 'The account’s EU VAT number', value: failed ?? account.vatNumber ?? '', hint: 'With its country prefix, e.g. FR40303265045.' })}
<button type="submit">Save VAT number</button>
</form>
${account.vatNumber !== null &&
  html`<form method="post" action="${action}" class="inline">${csrfField(frame)}<input type="hidden" name="vatNumber" value=""><button type="submit" class="secondary">Remove VAT number</button></form>`}`}
</section>`;
}

/** The operator's form that makes a sign-in link for the account, and the link it made, shown once. */
function signInLinkPart(frame: Frame, model: AccountPageModel): Markup {
  const { account } = model.overview;
  const link = model.signInLink;
  return html`${
    typeof link === 'string' &&
    shownOnce(frame.words, {
      id: 'sign-in-link',
      heading: html`A sign-in link for “${account.name}”`,
      about: html`It signs in once as the account's owner, within 15 minutes: send it to the account's owner over a channel you trust (a chat's link preview would use it up).`,
      label: 'The sign-in link',
      value: link,
      copy: 'Copy link',
    })
  }${link === null && shownBefore(frame.words, 'Make another link if it was not copied.')}
<form method="post" action="${signInLinkPath(account.id)}" class="inline">
${csrfField(frame)}
<button type="submit" class="secondary">Make a sign-in link</button>
<span class="hint">A one-time link that signs in as the account's owner, as <code>verifield accounts login-link</code> makes.</span>
</form>`;
}

function operatorSection(frame: Frame, model: AccountPageModel): Markup {
  const { account } = model.overview;
  const suspended = account.suspendedAt !== null;
  return html`<section aria-labelledby="operator-heading">
<h2 id="operator-heading">Operator</h2>
${signInLinkPart(frame, model)}
${formError(frame.words, errorOf(model, 'plan'))}
<form method="post" action="${accountFormPath(account.id, 'plan')}" class="inline">
${csrfField(frame)}
${selectField({ form: 'plan', name: 'plan', label: 'Plan', choices: PLAN_CHOICES, selected: model.failed?.form === 'plan' ? model.failed.values['plan'] : account.plan })}
<button type="submit">Change plan</button>
</form>
${formError(frame.words, errorOf(model, 'suspension'))}
${
  suspended
    ? html`<form method="post" action="${suspendPath(account.id)}" class="inline">
${csrfField(frame)}
<input type="hidden" name="suspended" value="false">
<button type="submit">Resume account</button>
<span class="hint">Its keys work again at once.</span>
</form>`
    : html`<p class="inline"><a href="${suspendPath(account.id)}" class="button danger">Suspend account</a>
<span class="hint">Its keys are refused (401) until you resume it; nothing is deleted. You confirm on the next page.</span></p>`
}
</section>`;
}

/** Sign out everywhere (owners and the operator): a link to its confirmation. */
function sessionsSection(accountId: string): Markup {
  return html`<section aria-labelledby="sessions-heading">
<h2 id="sessions-heading">Sessions</h2>
<p>A browser left signed in somewhere? End every dashboard session of the account; each member then signs in again with a new link.</p>
<p class="actions"><a href="${signOutEverywherePath(accountId)}" class="button secondary">Sign out everywhere</a></p>
</section>`;
}

/** GET /dashboard/accounts/{id}. */
export function renderAccountPage(frame: Frame, model: AccountPageModel): string {
  const { account } = model.overview;
  return renderDocument({
    title: account.name,
    frame,
    current: 'overview',
    main: html`${accountHeading(frame, model.overview, 'overview', account.name)}
${notice(model.notice)}
${planAndPeriod(model)}
${chartSection(model)}
${vatNumberSection(frame, model)}
${frameMay(frame, 'owner') && sessionsSection(account.id)}
${frame.viewer?.kind === 'operator' && operatorSection(frame, model)}`,
  });
}
