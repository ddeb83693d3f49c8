/**
 * An account's overview: its plan and limits, the billing period and the day it resets, the
 * validations used and left (and the overage on a paid plan), the daily chart of the last 30 or
 * 90 days, the account's VAT number; for the operator, the forms that change the plan and suspend
 * or resume the account.
 */
import { ACCOUNT_PAGE } from '../i18n/account-page.js';
import type { Words } from '../i18n/words.js';
import { accountHeading } from './account-heading.js';
import { formError, inputField, notice, selectField, shownBefore, shownOnce } from './controls.js';
import { frameMay } from '../roles.js';
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

function planAndPeriod(words: Words, model: AccountPageModel): Markup {
  const { overview } = model;
  const { limits, period } = overview;
  const paid = !limits.blocksOverQuota;
  const usedOf = words.say(ACCOUNT_PAGE.usedOf, { used: overview.used, quota: overview.quota });
  return html`<section aria-labelledby="plan-heading">
<h2 id="plan-heading">${words.say(ACCOUNT_PAGE.planAndPeriod)}</h2>
<dl class="facts">
<div><dt>${words.say(ACCOUNT_PAGE.plan)}</dt><dd>${overview.account.plan}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.quota)}</dt><dd>${words.number(limits.quota)}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.atOnce)}</dt><dd>${words.number(limits.maxConcurrent)}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.maxKeys)}</dt><dd>${words.number(limits.maxKeys)}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.emailDepth)}</dt><dd>${limits.emailLevel}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.billingPeriod)}</dt><dd>${words.say(ACCOUNT_PAGE.periodDays, { start: words.day(period.start), last: words.day(lastDayBefore(period.end)) })}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.resetsOn)}</dt><dd>${words.day(period.end)}</dd></div>
</dl>
</section>
<section aria-labelledby="period-heading">
<h2 id="period-heading">${words.say(ACCOUNT_PAGE.thisPeriod)}</h2>
<dl class="facts">
<div><dt>${words.say(ACCOUNT_PAGE.used)}</dt><dd>${usedOf}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.remaining)}</dt><dd>${words.number(overview.remaining)}</dd></div>
<div><dt>${words.say(ACCOUNT_PAGE.overage)}</dt><dd>${
    paid ? words.counted(ACCOUNT_PAGE.beyondQuota, overview.overage) : words.say(ACCOUNT_PAGE.noOverage, { plan: overview.account.plan })
  }</dd></div>
</dl>
<progress class="quota" max="${overview.quota}" value="${Math.min(overview.used, overview.quota)}" aria-label="${words.say(ACCOUNT_PAGE.quotaShare)}">${usedOf}</progress>
</section>`;
}

function chartSection(words: Words, model: AccountPageModel): Markup {
  const accountId = model.overview.account.id;
  return html`<section aria-labelledby="chart-heading">
<h2 id="chart-heading">${words.say(ACCOUNT_PAGE.perDay)}</h2>
<nav aria-label="${words.say(ACCOUNT_PAGE.daysShown)}" class="switch"><ul>${CHART_CHOICES.map(
    (days) => html`<li><a href="${accountPath(accountId, days)}"${days === model.days && html` aria-current="page"`}>${words.counted(ACCOUNT_PAGE.lastDays, days)}</a></li>`,
  )}</ul></nav>
${usageChart(words, model.usage, model.days)}
</section>`;
}

function vatNumberSection(frame: Frame, model: AccountPageModel): Markup {
  const { account } = model.overview;
  const { words } = frame;
  const failed = model.failed?.form === 'vat-number' ? model.failed.values['vatNumber'] : undefined;
  const action = accountFormPath(account.id, 'vat-number');
  return html`<section aria-labelledby="vat-heading">
<h2 id="vat-heading">${words.say(ACCOUNT_PAGE.vatNumber)}</h2>
<p>${account.vatNumber === null ? words.say(ACCOUNT_PAGE.noVatNumber) : words.sayMarkup(ACCOUNT_PAGE.vatNumberSet, { number: html`<strong>${account.vatNumber}</strong>` })} ${words.say(ACCOUNT_PAGE.vatNumberUse)}</p>
${frameMay(frame, 'owner') && html`${formError(words, errorOf(model, 'vat-number'))}
<form method="post" action="${action}" class="inline">
${csrfField(frame)}
${inputField({ form: 'vat-number', name: 'vatNumber', label: words.say(ACCOUNT_PAGE.vatNumberLabel), value: failed ?? account.vatNumber ?? '', hint: words.say(ACCOUNT_PAGE.vatNumberHint) })}
<button type="submit">${words.say(ACCOUNT_PAGE.saveVatNumber)}</button>
</form>
${account.vatNumber !== null &&
  html`<form method="post" action="${action}" class="inline">${csrfField(frame)}<input type="hidden" name="vatNumber" value=""><button type="submit" class="secondary">${words.say(ACCOUNT_PAGE.removeVatNumber)}</button></form>`}`}
</section>`;
}

/** The operator's form that makes a sign-in link for the account, and the link it made, shown once. */
function signInLinkPart(frame: Frame, model: AccountPageModel): Markup {
  const { account } = model.overview;
  const { words } = frame;
  const link = model.signInLink;
  return html`${
    typeof link === 'string' &&
    shownOnce(words, {
      id: 'sign-in-link',
      heading: html`${words.say(ACCOUNT_PAGE.linkHeading, { name: account.name })}`,
      about: html`${words.say(ACCOUNT_PAGE.linkAbout)}`,
      label: words.say(ACCOUNT_PAGE.linkLabel),
      value: link,
      copy: words.say(ACCOUNT_PAGE.copyLink),
    })
  }${link === null && shownBefore(words, words.say(ACCOUNT_PAGE.anotherLink))}
<form method="post" action="${signInLinkPath(account.id)}" class="inline">
${csrfField(frame)}
<button type="submit" class="secondary">${words.say(ACCOUNT_PAGE.makeLink)}</button>
<span class="hint">${words.sayMarkup(ACCOUNT_PAGE.makeLinkHint, { command: html`<code>verifield accounts login-link</code>` })}</span>
</form>`;
}

function operatorSection(frame: Frame, model: AccountPageModel): Markup {
  const { account } = model.overview;
  const { words } = frame;
  const suspended = account.suspendedAt !== null;
  return html`<section aria-labelledby="operator-heading">
<h2 id="operator-heading">${words.say(ACCOUNT_PAGE.operator)}</h2>
${signInLinkPart(frame, model)}
${formError(words, errorOf(model, 'plan'))}
<form method="post" action="${accountFormPath(account.id, 'plan')}" class="inline">
${csrfField(frame)}
${selectField({ form: 'plan', name: 'plan', label: words.say(ACCOUNT_PAGE.plan), choices: PLAN_CHOICES, selected: model.failed?.form === 'plan' ? model.failed.values['plan'] : account.plan })}
<button type="submit">${words.say(ACCOUNT_PAGE.changePlan)}</button>
</form>
${formError(words, errorOf(model, 'suspension'))}
${
  suspended
    ? html`<form method="post" action="${suspendPath(account.id)}" class="inline">
${csrfField(frame)}
<input type="hidden" name="suspended" value="false">
<button type="submit">${words.say(ACCOUNT_PAGE.resumeAccount)}</button>
<span class="hint">${words.say(ACCOUNT_PAGE.resumeHint)}</span>
</form>`
    : html`<p class="inline"><a href="${suspendPath(account.id)}" class="button danger">${words.say(ACCOUNT_PAGE.suspendAccount)}</a>
<span class="hint">${words.say(ACCOUNT_PAGE.suspendHint)}</span></p>`
}
</section>`;
}

/** Sign out everywhere (owners and the operator): a link to its confirmation. */
function sessionsSection(words: Words, accountId: string): Markup {
  return html`<section aria-labelledby="sessions-heading">
<h2 id="sessions-heading">${words.say(ACCOUNT_PAGE.sessions)}</h2>
<p>${words.say(ACCOUNT_PAGE.sessionsAbout)}</p>
<p class="actions"><a href="${signOutEverywherePath(accountId)}" class="button secondary">${words.say(ACCOUNT_PAGE.signOutEverywhere)}</a></p>
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
${planAndPeriod(frame.words, model)}
${chartSection(frame.words, model)}
${vatNumberSection(frame, model)}
${frameMay(frame, 'owner') && sessionsSection(frame.words, account.id)}
${frame.viewer?.kind === 'operator' && operatorSection(frame, model)}`,
  });
}
