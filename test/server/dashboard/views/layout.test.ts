import { describe, expect, it } from 'vitest';
import { html } from '../../../../src/server/dashboard/views/html.js';
import { renderDocument } from '../../../../src/server/dashboard/views/layout.js';
import { accountFrame, anAccount, HOSTILE, NOBODY, OPERATOR, postForms, tagsOf, textOf } from '../../../support/dashboard-views.js';

const main = html`<h1>Heading</h1>`;

describe('the document around every page', () => {
  it('is a whole HTML document: doctype, language, viewport, the stylesheet and the deferred script of the dashboard', () => {
    const page = renderDocument({ title: 'Keys', frame: OPERATOR, main });
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('<title>Keys · verifield</title>');
    expect(page).toContain('<link rel="stylesheet" href="/dashboard/assets/dashboard.css">');
    expect(page).toContain('<script src="/dashboard/assets/dashboard.js" defer></script>');
    expect(page.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('starts with a skip link to the main landmark', () => {
    const page = renderDocument({ title: 'Keys', frame: OPERATOR, main });
    const body = tagsOf(page.slice(page.indexOf('<body>') + 6));
    expect(body[0]).toBe('<a class="skip-link" href="#main">');
    expect(page).toMatch(/<main id="main"[^>]*>\n<h1>Heading<\/h1>\n<\/main>/);
  });

  it('shows the operator the accounts, who is signed in, and a sign-out form carrying the CSRF token', () => {
    const page = renderDocument({ title: 'Accounts', frame: OPERATOR, current: 'accounts', main });
    expect(page).toContain('<a href="/dashboard/accounts" aria-current="page">Accounts</a>');
    expect(textOf(page)).toContain('Signed in as the operator');
    const [signOut] = postForms(page);
    expect(signOut).toMatch(/^<form method="post" action="\/dashboard\/logout">/);
    expect(signOut).toContain('<input type="hidden" name="_csrf" value="csrf-operator-token">');
    expect(page).toContain('<meta name="csrf-token" content="csrf-operator-token">');
  });

  it("shows an account its own overview, keys and usage log, and its name (escaped)", () => {
    const account = anAccount({ id: 'a/b?c', name: HOSTILE.accountName });
    const page = renderDocument({ title: 'Keys', frame: accountFrame(account), current: 'keys', main });
    expect(page).toContain('<li><a href="/dashboard/accounts/a%2Fb%3Fc">Overview</a></li>');
    expect(page).toContain('<li><a href="/dashboard/accounts/a%2Fb%3Fc/keys" aria-current="page">Keys</a></li>');
    expect(page).toContain('<li><a href="/dashboard/accounts/a%2Fb%3Fc/usage">Usage log</a></li>');
    expect(page).not.toContain('/dashboard/accounts"');
    expect(textOf(page)).toContain(`Signed in as ${HOSTILE.accountName}`);
    expect(page).not.toContain(HOSTILE.accountName);
  });

  it('has no navigation, sign-out or CSRF token when nobody is signed in, nor on a public page', () => {
    for (const frame of [NOBODY, null]) {
      const page = renderDocument({ title: 'Sign in', frame, main });
      expect(page).not.toContain('<nav');
      expect(page).not.toContain('csrf');
      expect(postForms(page)).toEqual([]);
      expect(textOf(page)).not.toContain('Signed in');
    }
  });
});
