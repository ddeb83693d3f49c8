/** The operator's list of every account, with its plan and usage, and the form to create one. */
import { ACCOUNTS_PAGE } from '../i18n/accounts-page.js';
import { FRAME } from '../i18n/common.js';
import { PLAN_CHOICES } from './plans.js';
import { formError, inputField, scrollingTable, selectField } from './controls.js';
import { html } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { AccountsPageModel, Frame } from './models.js';
import { accountPath, ACCOUNTS_PATH } from './paths.js';

/** GET /dashboard/accounts. */
export function renderAccountsPage(frame: Frame, model: AccountsPageModel): string {
  const { words } = frame;
  const values = model.form?.values ?? {};
  const title = words.say(FRAME.accounts);
  const rows = model.accounts.map(
    ({ account, used, quota, period }) => html`<tr>
<th scope="row"><a href="${accountPath(account.id)}">${account.name}</a></th>
<td>${account.plan}</td>
<td class="number">${words.number(used)} / ${words.number(quota)}</td>
<td>${words.day(period.end)}</td>
<td>${account.suspendedAt === null ? html`<span class="status status-ok">${words.say(ACCOUNTS_PAGE.active)}</span>` : html`<span class="status status-bad">${words.say(ACCOUNTS_PAGE.suspended)}</span>`}</td>
</tr>`,
  );
  const table =
    model.accounts.length === 0
      ? html`<p class="empty">${words.say(ACCOUNTS_PAGE.none)}</p>`
      : scrollingTable(
          title,
          html`<table>
<caption>${words.counted(ACCOUNTS_PAGE.count, model.accounts.length)}</caption>
<thead><tr><th scope="col">${words.say(ACCOUNTS_PAGE.name)}</th><th scope="col">${words.say(ACCOUNTS_PAGE.plan)}</th><th scope="col" class="number">${words.say(ACCOUNTS_PAGE.usedOfQuota)}</th><th scope="col">${words.say(ACCOUNTS_PAGE.resetsOn)}</th><th scope="col">${words.say(ACCOUNTS_PAGE.status)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
        );
  return renderDocument({
    title,
    frame,
    current: 'accounts',
    main: html`<h1>${title}</h1>
${table}
<section aria-labelledby="create-account-heading">
<h2 id="create-account-heading">${words.say(ACCOUNTS_PAGE.create)}</h2>
${formError(words, model.form?.error)}
<form method="post" action="${ACCOUNTS_PATH}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'create-account', name: 'name', label: words.say(ACCOUNTS_PAGE.name), value: values['name'], required: true, maxLength: 100 })}
${selectField({ form: 'create-account', name: 'plan', label: words.say(ACCOUNTS_PAGE.plan), choices: PLAN_CHOICES, selected: values['plan'] ?? 'FREE' })}
${inputField({ form: 'create-account', name: 'vatNumber', label: words.say(ACCOUNTS_PAGE.vatNumber), value: values['vatNumber'], hint: words.say(ACCOUNTS_PAGE.vatNumberHint) })}
${inputField({ form: 'create-account', name: 'subscriptionStart', label: words.say(ACCOUNTS_PAGE.subscriptionStart), type: 'date', value: values['subscriptionStart'], hint: words.say(ACCOUNTS_PAGE.subscriptionStartHint) })}
<button type="submit">${words.say(ACCOUNTS_PAGE.createButton)}</button>
</form>
</section>`,
  });
}
