/**
 * An account's members (owners and the operator): who may ask for a sign-in link by email, each
 * with its role (a form to change it) and a button to remove it; the form to add one by address
 * and role. The account's last owner keeps its role and stays (the server refuses, the page says why).
 */
import { MEMBER_ROLES, type MemberRecord } from '../../storage/types.js';
import { accountHeading } from './account-heading.js';
import { formError, inputField, notice, scrollingTable, selectField, type Choice } from './controls.js';
import { timeTag } from './format.js';
import { html, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { Frame, MembersPageModel } from './models.js';
import { memberPath, membersPath } from './paths.js';

const ROLE_CHOICES: readonly Choice[] = MEMBER_ROLES.map((role) => ({ value: role, label: role }));

/** What each role may do, as the page explains it. */
const ROLE_HELP = 'Owners do everything, members included; developers manage keys, webhooks and jobs; viewers read only.';

function memberRow(frame: Frame, accountId: string, member: MemberRecord): Markup {
  return html`<tr>
<th scope="row">${member.email}</th>
<td><form method="post" action="${memberPath(accountId, member.id, 'role')}" class="inline">
${csrfField(frame)}
${selectField({ form: `role-${member.id}`, name: 'role', label: `Role of ${member.email}`, choices: ROLE_CHOICES, selected: member.role })}
<button type="submit" class="secondary">Change role</button>
</form></td>
<td>${timeTag(member.createdAt)}</td>
<td><form method="post" action="${memberPath(accountId, member.id, 'remove')}" class="inline">
${csrfField(frame)}<button type="submit" class="danger">Remove<span class="visually-hidden"> ${member.email}</span></button>
</form></td>
</tr>`;
}

/** GET /dashboard/accounts/{id}/members. */
export function renderMembersPage(frame: Frame, model: MembersPageModel): string {
  const { overview, members } = model;
  const accountId = overview.account.id;
  const heading = `Members of ${overview.account.name}`;
  const table =
    members.length === 0
      ? html`<p class="empty">No members yet: add the first owner below.</p>`
      : scrollingTable(
          'Members',
          html`<table>
<thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${members.map((member) => memberRow(frame, accountId, member))}</tbody>
</table>`,
        );
  return renderDocument({
    title: heading,
    frame,
    current: 'members',
    main: html`${accountHeading(frame, overview, 'members', heading)}
${notice(model.notice)}
<p>Members sign in at <a href="/dashboard/sign-in">the sign-in page</a> with their address: a one-time link is mailed to it. ${ROLE_HELP} The last owner cannot be removed or given another role.</p>
${formError(frame.words, model.form?.error)}
${table}
<section aria-labelledby="add-member-heading">
<h2 id="add-member-heading">Add a member</h2>
<form method="post" action="${membersPath(accountId)}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'add-member', name: 'email', label: 'Email address', type: 'email', value: model.form?.values['email'], required: true, maxLength: 254 })}
${selectField({ form: 'add-member', name: 'role', label: 'Role', choices: ROLE_CHOICES, selected: model.form?.values['role'] ?? 'viewer' })}
<button type="submit">Add member</button>
</form>
</section>`,
  });
}
