/**
 * An account's members (owners and the operator): who may ask for a sign-in link by email, each
 * with its role (a form to change it) and a button to remove it; the form to add one by address
 * and role. The account's last owner keeps its role and stays (the server refuses, the page says why).
 */
import { MEMBER_ROLES, type MemberRecord } from '../../storage/types.js';
import { FRAME, ROLE_NAMES } from '../i18n/common.js';
import { MEMBERS_PAGE } from '../i18n/members-page.js';
import type { Words } from '../i18n/words.js';
import { accountHeading } from './account-heading.js';
import { formError, inputField, notice, scrollingTable, selectField, type Choice } from './controls.js';
import { html, type Markup } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { Frame, MembersPageModel } from './models.js';
import { memberPath, membersPath, SIGN_IN_PATH } from './paths.js';

/** The roles as the selects offer them, in the page's language. */
function roleChoices(words: Words): readonly Choice[] {
  return MEMBER_ROLES.map((role) => ({ value: role, label: words.say(ROLE_NAMES[role]) }));
}

function memberRow(frame: Frame, accountId: string, member: MemberRecord): Markup {
  const { words } = frame;
  return html`<tr>
<th scope="row">${member.email}</th>
<td><form method="post" action="${memberPath(accountId, member.id, 'role')}" class="inline">
${csrfField(frame)}
${selectField({ form: `role-${member.id}`, name: 'role', label: words.say(MEMBERS_PAGE.roleOf, { email: member.email }), choices: roleChoices(words), selected: member.role })}
<button type="submit" class="secondary">${words.say(MEMBERS_PAGE.changeRole)}</button>
</form></td>
<td>${words.timeTag(member.createdAt)}</td>
<td><form method="post" action="${memberPath(accountId, member.id, 'remove')}" class="inline">
${csrfField(frame)}<button type="submit" class="danger">${words.say(MEMBERS_PAGE.remove)}<span class="visually-hidden"> ${member.email}</span></button>
</form></td>
</tr>`;
}

/** GET /dashboard/accounts/{id}/members. */
export function renderMembersPage(frame: Frame, model: MembersPageModel): string {
  const { overview, members } = model;
  const { words } = frame;
  const accountId = overview.account.id;
  const heading = words.say(MEMBERS_PAGE.title, { name: overview.account.name });
  const table =
    members.length === 0
      ? html`<p class="empty">${words.say(MEMBERS_PAGE.none)}</p>`
      : scrollingTable(
          words.say(FRAME.members),
          html`<table>
<thead><tr><th scope="col">${words.say(MEMBERS_PAGE.email)}</th><th scope="col">${words.say(MEMBERS_PAGE.role)}</th><th scope="col">${words.say(MEMBERS_PAGE.added)}</th><th scope="col"><span class="visually-hidden">${words.say(MEMBERS_PAGE.action)}</span></th></tr></thead>
<tbody>${members.map((member) => memberRow(frame, accountId, member))}</tbody>
</table>`,
        );
  return renderDocument({
    title: heading,
    frame,
    current: 'members',
    main: html`${accountHeading(frame, overview, 'members', heading)}
${notice(model.notice)}
<p>${words.sayMarkup(MEMBERS_PAGE.signInAt, { link: html`<a href="${SIGN_IN_PATH}">${words.say(MEMBERS_PAGE.signInPage)}</a>` })} ${words.say(MEMBERS_PAGE.roleHelp)} ${words.say(MEMBERS_PAGE.lastOwner)}</p>
${formError(words, model.form?.error)}
${table}
<section aria-labelledby="add-member-heading">
<h2 id="add-member-heading">${words.say(MEMBERS_PAGE.addMember)}</h2>
<form method="post" action="${membersPath(accountId)}" class="stacked">
${csrfField(frame)}
${inputField({ form: 'add-member', name: 'email', label: words.say(MEMBERS_PAGE.emailAddress), type: 'email', value: model.form?.values['email'], required: true, maxLength: 254 })}
${selectField({ form: 'add-member', name: 'role', label: words.say(MEMBERS_PAGE.role), choices: roleChoices(words), selected: model.form?.values['role'] ?? 'viewer' })}
<button type="submit">${words.say(MEMBERS_PAGE.addButton)}</button>
</form>
</section>`,
  });
}
