import { describe, expect, it } from 'vitest';
import { renderRevokePage } from '../../../../src/server/dashboard/views/index.js';
import { accountFrame, aKey, anAccount, anOverview, postForms, textOf } from '../../../support/dashboard-views.js';

const id = anAccount().id;

describe('the revoke confirmation', () => {
  it('says what revoking does, and offers a Revoke button posting with the CSRF token and a Cancel link back to the keys', () => {
    const page = renderRevokePage(accountFrame(), { overview: anOverview(), key: aKey() });
    const text = textOf(page);
    expect(text).toContain('Revoke the key “checkout form” (vf_3kP9…), created 2026-11-01 08:30 UTC?');
    expect(text).toContain('Every request made with it from now on is refused with 401.');
    expect(text).toContain('This cannot be undone');
    const [, form] = postForms(page);
    expect(form).toMatch(new RegExp(`^<form method="post" action="/dashboard/accounts/${id}/keys/key-1/revoke"`));
    expect(form).toContain('<input type="hidden" name="_csrf" value="csrf-account-token">');
    expect(form).toContain('<button type="submit" class="danger">Revoke key</button>');
    expect(form).toContain(`<a href="/dashboard/accounts/${id}/keys" class="button secondary">Cancel</a>`);
  });

  it('offers nothing to do for a key revoked already', () => {
    const key = aKey({ status: 'revoked', revokedAt: new Date('2026-11-10T10:00:00Z') });
    const page = renderRevokePage(accountFrame(), { overview: anOverview(), key });
    expect(postForms(page)).toHaveLength(1);
    expect(textOf(page)).toContain('The key “checkout form” (vf_3kP9…) was revoked on 2026-11-10 10:00 UTC: there is nothing left to do. Back to the keys');
  });
});
