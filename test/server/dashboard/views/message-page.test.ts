import { describe, expect, it } from 'vitest';
import { renderMessagePage } from '../../../../src/server/dashboard/views/index.js';
import { NOBODY, OPERATOR, textOf } from '../../../support/dashboard-views.js';

describe('the message page', () => {
  it('shows its title as the heading and each paragraph', () => {
    const page = renderMessagePage(NOBODY, { title: 'Sign in', paragraphs: ['The dashboard has no passwords.', 'Run: verifield accounts login-link --account ID'] });
    expect(page).toContain('<title>Sign in · verifield</title>');
    expect(page).toContain('<h1>Sign in</h1>\n<p>The dashboard has no passwords.</p>\n<p>Run: verifield accounts login-link --account ID</p>');
  });

  it('keeps the navigation of whoever is signed in', () => {
    const page = renderMessagePage(OPERATOR, { title: 'Not found', paragraphs: ['There is no such page.'] });
    expect(textOf(page)).toContain('Accounts Signed in as the operator Sign out');
    expect(textOf(page)).toContain('Not found There is no such page.');
  });

  it('goes on to the page it names at once (a meta refresh, no script), and links to it for a browser that does not', () => {
    const page = renderMessagePage(NOBODY, { title: 'Signed in', paragraphs: [], goOnTo: { path: '/dashboard', label: 'Continue to the dashboard' } });
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/dashboard">');
    expect(page).toContain('<p><a href="/dashboard">Continue to the dashboard</a></p>');
    expect(renderMessagePage(NOBODY, { title: 'Sign in', paragraphs: [] })).not.toContain('http-equiv');
  });
});
