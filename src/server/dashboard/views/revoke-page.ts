/** The confirmation before a key is revoked: what will happen, a Revoke button and a way back. */
import { accountHeading } from './account-heading.js';
import { timeTag } from './format.js';
import { html } from './html.js';
import { csrfField, renderDocument } from './layout.js';
import type { Frame, RevokePageModel } from './models.js';
import { keysPath, revokePath } from './paths.js';

/** GET /dashboard/accounts/{id}/keys/{keyId}/revoke. */
export function renderRevokePage(frame: Frame, model: RevokePageModel): string {
  const { overview, key } = model;
  const accountId = overview.account.id;
  const body =
    key.status === 'revoked'
      ? html`<p>The key “${key.name}” (<code>${key.displayPrefix}…</code>) was revoked${key.revokedAt !== null && html` on ${timeTag(key.revokedAt)}`}: there is nothing left to do.</p>
<p><a href="${keysPath(accountId)}">Back to the keys</a></p>`
      : html`<p>Revoke the key “<strong>${key.name}</strong>” (<code>${key.displayPrefix}…</code>), created ${timeTag(key.createdAt)}?</p>
<ul>
<li>Every request made with it from now on is refused with 401.</li>
<li>This cannot be undone: a program that uses it needs a new key.</li>
<li>Its past usage stays in the usage log and the counts.</li>
</ul>
<form method="post" action="${revokePath(accountId, key.id)}" class="actions">
${csrfField(frame)}
<button type="submit" class="danger">Revoke key</button>
<a href="${keysPath(accountId)}" class="button secondary">Cancel</a>
</form>`;
  return renderDocument({
    title: `Revoke the key ${key.name}`,
    frame,
    current: 'keys',
    main: html`${accountHeading(frame, overview, 'keys', `Revoke a key of ${overview.account.name}`)}
${body}`,
  });
}
