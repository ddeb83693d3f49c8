/** GET /dashboard/sign-in: the address form, or, without SMTP, how to get a link from the operator. */
import { CSRF_FIELD } from '../csrf.js';
import { inputField } from './controls.js';
import { html } from './html.js';
import { renderDocument } from './layout.js';
import type { SignInPageModel } from './models.js';
import { SIGN_IN_PATH } from './paths.js';

/** The sign-in page. */
export function renderSignInPage(model: SignInPageModel): string {
  const main =
    model.csrfToken === null
      ? html`<h1>Sign in</h1>
<p>Sign-in by email is not set up on this service: ask its operator for a one-time sign-in link.</p>
<p>The operator makes one on the machine that runs the service: <code>verifield accounts login-link --account ID</code> (or <code>verifield admin login-link</code> for the operator). It works once, within 15 minutes.</p>`
      : html`<h1>Sign in</h1>
<p>Type the address you were added with as a member of an account. A one-time sign-in link is mailed to it: it works once, within 15 minutes.</p>
<form method="post" action="${SIGN_IN_PATH}" class="stacked">
<input type="hidden" name="${CSRF_FIELD}" value="${model.csrfToken}">
${inputField({ form: 'sign-in', name: 'email', label: 'Email address', type: 'email', required: true, maxLength: 254, autocomplete: 'email' })}
<button type="submit">Email me a sign-in link</button>
</form>
<p>No mail? Ask the operator of the service for a link.</p>`;
  return renderDocument({ title: 'Sign in', frame: { viewer: null, csrfToken: '' }, main });
}
