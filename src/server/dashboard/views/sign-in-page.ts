/** GET /dashboard/sign-in: the address form, or, without SMTP, how to get a link from the operator. */
import { CSRF_FIELD } from '../csrf.js';
import { SIGN_IN } from '../i18n/sign-in.js';
import type { Words } from '../i18n/words.js';
import { inputField } from './controls.js';
import { html } from './html.js';
import { renderDocument } from './layout.js';
import type { SignInPageModel } from './models.js';
import { SIGN_IN_PATH } from './paths.js';

/** The sign-in page. */
export function renderSignInPage(words: Words, model: SignInPageModel): string {
  const title = words.say(SIGN_IN.title);
  const main =
    model.csrfToken === null
      ? html`<h1>${title}</h1>
<p>${words.say(SIGN_IN.notSetUp)}</p>
<p>${words.sayMarkup(SIGN_IN.operatorMakesOne, { accountCommand: html`<code>verifield accounts login-link --account ID</code>`, operatorCommand: html`<code>verifield admin login-link</code>` })}</p>`
      : html`<h1>${title}</h1>
<p>${words.say(SIGN_IN.typeYourAddress)}</p>
<form method="post" action="${SIGN_IN_PATH}" class="stacked">
<input type="hidden" name="${CSRF_FIELD}" value="${model.csrfToken}">
${inputField({ form: 'sign-in', name: 'email', label: words.say(SIGN_IN.emailAddress), type: 'email', required: true, maxLength: 254, autocomplete: 'email' })}
<button type="submit">${words.say(SIGN_IN.emailMe)}</button>
</form>
<p>${words.say(SIGN_IN.askTheOperator)}</p>`;
  return renderDocument({ title, frame: { viewer: null, csrfToken: '', words }, main });
}
