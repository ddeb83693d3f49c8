/**
 * The top of every page about one account: its name, whether it is suspended, and for the
 * operator (whose header navigation lists only the accounts) the way back to the accounts and the
 * account's own pages.
 */
import type { AccountOverview } from '../../admin/service.js';
import { timeTag } from './format.js';
import { html, type Markup } from './html.js';
import type { NavItem } from './layout.js';
import type { Frame } from './models.js';
import { accountPath, ACCOUNTS_PATH, jobsPath, keysPath, membersPath, usagePath, watchesPath, webhooksPath } from './paths.js';

/** The account pages, as the operator's tabs name them. */
type AccountTab = Exclude<NavItem, 'accounts'>;

function operatorTabs(accountId: string, current: AccountTab): Markup {
  const tabs: [AccountTab, string, string][] = [
    ['overview', accountPath(accountId), 'Overview'],
    ['keys', keysPath(accountId), 'Keys'],
    ['usage', usagePath(accountId), 'Usage log'],
    ['jobs', jobsPath(accountId), 'Jobs'],
    ['watches', watchesPath(accountId), 'Watches'],
    ['webhooks', webhooksPath(accountId), 'Webhooks'],
    ['members', membersPath(accountId), 'Members'],
  ];
  return html`<nav class="account-nav" aria-label="This account"><ul>${tabs.map(
    ([tab, href, label]) => html`<li><a href="${href}"${tab === current && html` aria-current="page"`}>${label}</a></li>`,
  )}</ul></nav>`;
}

/** The top of an account page whose h1 says `heading` (e.g. "Keys of Web shop"), for `frame`'s viewer. */
export function accountHeading(frame: Frame, overview: AccountOverview, current: AccountTab, heading: string): Markup {
  const { account } = overview;
  const operator = frame.viewer?.kind === 'operator';
  return html`${operator && html`<p class="breadcrumb"><a href="${ACCOUNTS_PATH}">Accounts</a> › ${account.name}</p>`}
<h1>${heading}</h1>
${operator && operatorTabs(account.id, current)}
${account.suspendedAt !== null &&
  html`<p class="banner" role="status"><strong>Suspended</strong> since ${timeTag(account.suspendedAt)}: the account's keys are refused (401 <code>ACCOUNT_SUSPENDED</code>) until the operator resumes it.</p>`}`;
}
