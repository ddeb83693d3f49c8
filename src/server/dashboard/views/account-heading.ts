/**
 * The top of every page about one account: its name, whether it is suspended, and for the
 * operator (whose header navigation lists only the accounts) the way back to the accounts and the
 * account's own pages.
 */
import type { AccountOverview } from '../../admin/service.js';
import { ACCOUNT_HEADING } from '../i18n/account-heading.js';
import { FRAME } from '../i18n/common.js';
import type { Words } from '../i18n/words.js';
import { html, type Markup } from './html.js';
import type { NavItem } from './layout.js';
import type { Frame } from './models.js';
import { accountPath, ACCOUNTS_PATH, jobsPath, keysPath, membersPath, usagePath, watchesPath, webhooksPath } from './paths.js';

/** The account pages, as the operator's tabs name them. */
type AccountTab = Exclude<NavItem, 'accounts'>;

function operatorTabs(words: Words, accountId: string, current: AccountTab): Markup {
  const tabs: [AccountTab, string, string][] = [
    ['overview', accountPath(accountId), words.say(FRAME.overview)],
    ['keys', keysPath(accountId), words.say(FRAME.keys)],
    ['usage', usagePath(accountId), words.say(FRAME.usageLog)],
    ['jobs', jobsPath(accountId), words.say(FRAME.jobs)],
    ['watches', watchesPath(accountId), words.say(FRAME.watches)],
    ['webhooks', webhooksPath(accountId), words.say(FRAME.webhooks)],
    ['members', membersPath(accountId), words.say(FRAME.members)],
  ];
  return html`<nav class="account-nav" aria-label="${words.say(ACCOUNT_HEADING.thisAccount)}"><ul>${tabs.map(
    ([tab, href, label]) => html`<li><a href="${href}"${tab === current && html` aria-current="page"`}>${label}</a></li>`,
  )}</ul></nav>`;
}

/** The top of an account page whose h1 says `heading` (e.g. "Keys of Web shop"), for `frame`'s viewer. */
export function accountHeading(frame: Frame, overview: AccountOverview, current: AccountTab, heading: string): Markup {
  const { account } = overview;
  const { words } = frame;
  const operator = frame.viewer?.kind === 'operator';
  return html`${operator && html`<p class="breadcrumb"><a href="${ACCOUNTS_PATH}">${words.say(FRAME.accounts)}</a> › ${account.name}</p>`}
<h1>${heading}</h1>
${operator && operatorTabs(words, account.id, current)}
${account.suspendedAt !== null &&
  html`<p class="banner" role="status"><strong>${words.say(ACCOUNT_HEADING.suspended)}</strong> ${words.sayMarkup(ACCOUNT_HEADING.suspendedSince, { time: words.timeTag(account.suspendedAt), code: html`<code>ACCOUNT_SUSPENDED</code>` })}</p>`}`;
}
