/**
 * Every state-changing form carries the session's CSRF token: a POST without it, with a wrong one,
 * or with another session's answers 403 and changes nothing. The token is the session's own
 * (different sessions, different tokens) and compared in constant time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfMatches, csrfTokenFor } from '../../../src/server/dashboard/csrf.js';
import { postForm, signIn, useSignedInAccount, type Browser } from '../../support/dashboard.js';
import { createKey } from '../../support/server.js';

const fixture = useSignedInAccount('STARTER');
let otherSession: Browser;
let operator: Browser;
let keyId: string;

beforeAll(async () => {
  keyId = (await createKey(fixture.server.store, fixture.account)).id;
  otherSession = await signIn(fixture.server, fixture.account.id);
  operator = await signIn(fixture.server, null);
});

/** What the forms below could change, to compare before and after. */
async function snapshot(): Promise<unknown> {
  const [stored, keys, accounts] = await Promise.all([fixture.server.store.accounts.get(fixture.account.id), fixture.server.store.keys.list(fixture.account.id), fixture.server.store.accounts.list()]);
  return { stored, keys, accounts: accounts.length };
}

describe('a POST without the session CSRF token', () => {
  const forms: { what: string; path: () => string; fields: Record<string, string | string[]>; as: () => Browser }[] = [
    { what: 'key creation', path: () => `/dashboard/accounts/${fixture.account.id}/keys`, fields: { name: 'sneaky', expires: 'never', scopes: ['iban'] }, as: () => fixture.browser },
    { what: 'revocation', path: () => `/dashboard/accounts/${fixture.account.id}/keys/${keyId}/revoke`, fields: {}, as: () => fixture.browser },
    { what: 'VAT number', path: () => `/dashboard/accounts/${fixture.account.id}/vat-number`, fields: { vatNumber: '' }, as: () => fixture.browser },
    { what: 'account creation', path: () => '/dashboard/accounts', fields: { name: 'sneaky', plan: 'PRO' }, as: () => operator },
    { what: 'plan change', path: () => `/dashboard/accounts/${fixture.account.id}/plan`, fields: { plan: 'PRO' }, as: () => operator },
    { what: 'suspension', path: () => `/dashboard/accounts/${fixture.account.id}/suspension`, fields: { suspended: 'true' }, as: () => operator },
    { what: 'sign-out', path: () => '/dashboard/logout', fields: {}, as: () => fixture.browser },
  ];

  it.each(forms)('$what: 403 without a token, with a wrong one, with another session\'s; nothing changed', async ({ path, fields, as }) => {
    const before = await snapshot();
    const browser = as();
    for (const token of [null, '', 'x', browser.csrf.slice(0, -1), `${browser.csrf}x`, otherSession.csrf]) {
      const answer = await postForm(fixture.server.url, path(), browser, { ...fields, _csrf: token });
      expect(answer.status, String(token)).toBe(403);
      expect(answer.text).toContain('Nothing was changed');
    }
    expect(await snapshot()).toEqual(before);
    // With the session's own token the same form goes through: the token was all that was missing.
    expect([200, 303]).toContain((await postForm(fixture.server.url, path(), browser, fields)).status);
  });
});

describe('the token', () => {
  it('differs between sessions and matches only its own', () => {
    expect(fixture.browser.csrf).not.toBe(otherSession.csrf);
    expect(fixture.browser.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signedIn = { csrfToken: csrfTokenFor('a session token') };
    expect(csrfMatches(signedIn, csrfTokenFor('a session token'))).toBe(true);
    expect(csrfMatches(signedIn, csrfTokenFor('another session token'))).toBe(false);
    expect(csrfMatches(signedIn, undefined)).toBe(false);
    expect(csrfMatches(signedIn, null)).toBe(false);
    expect(csrfMatches(signedIn, '')).toBe(false);
  });
});
