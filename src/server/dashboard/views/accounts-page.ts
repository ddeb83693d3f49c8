/** The operator's list of every account, with its plan and usage, and the form to create one. */
import { PLAN_CHOICES } from './plans.js';
import { formatCount, formatQuantity } from './format.js';
import { formError, inputField, scrollingTable, selectField } from './controls.js';
import { html } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { AccountsPageModel, Frame } from './models.js';
import { accountPath, ACCOUNTS_PATH } from './paths.js';

/** GET /dashboard/accounts. */
export function renderAccountsPage(frame: Frame, model: AccountsPageModel): string {
  const values = model.form?.values ?? {};
  const rows = model.accounts.map(
    ({ account, used, quota, period }) => html`<tr>
<th scope="row"><a href="${accountPath(account.id)}">${account.name}</a></th>
<td>${account.plan}</td>
<td class="number">${formatCount(used)} / ${formatCount(quota)}</td>
<td>${period.end}</td>
<td>${account.suspendedAt === null ? html`<span class="status status-ok">active</span>` : html`<span class="status status-bad">suspended</span>`}</td>
</tr>`,
  );
  const table =
    model.accounts.length === 0
      ? html`<p class="empty">No accounts yet: create the first one below.</p>`
      : scrollingTable(
          'Accounts',
          html`<table>
<caption>${formatQuantity(model.accounts.length, 'account')}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Plan</th><th scope="col" class="number">Used / quota</th><th scope="col">Period resets on</th><th scope="col">Status</th></tr></thead>
<tbody>${rows}</tbody>
</table>`,
        );
  return renderDocument({
    title: 'Accounts',
    frame,
    current: 'accounts',
    main: html`<h1>Accounts</h1>
${table}
<section aria-labelledby="create-account-heading">
<h2 id="create-account-heading">Create an account</h2>
${formError(frame.words, model.form?.error)}
<form method="post" action="${ACCOUNTS_PATH}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'create-account', name: 'name', label: 'Name', value: values['name'], required: true, maxLength: 100 })}
${selectField({ form: 'create-account', name: 'plan', label: 'Plan', choices: PLAN_CHOICES, selected: values['plan'] ?? 'FREE' })}
${inputField({ form: 'create-account', name: 'vatNumber', label: 'VAT number (optional)', value: values['vatNumber'], hint: 'The account’s own EU VAT number, sent to VIES as requester, e.g. FR40303265045.' })}
${inputField({ form: 'create-account', name: 'subscriptionStart', label: 'Subscription start (optional)', type: 'date', value: values['subscriptionStart'], hint: 'The day that anchors the monthly billing periods; default: today (UTC).' })}
<button type="submit">Create account</button>
</form>
</section>`,
  });
}
