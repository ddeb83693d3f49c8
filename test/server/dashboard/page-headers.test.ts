/**
 * The headers of every /dashboard and /status answer: pages, redirects, refusals and errors all
 * carry the Content-Security-Policy (own script and style only, no 'unsafe-inline'), nosniff, no
 * referrer, no framing; the dashboard is never cached, a successful /status for a minute. The
 * pages themselves hold no inline script, style or event handler, which that policy would block.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getPage, postForm, signIn, useSignedInAccount, type Browser, type PageAnswer } from '../../support/dashboard.js';
import { createKey } from '../../support/server.js';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const fixture = useSignedInAccount('STARTER');
let keyId: string;
let operator: Browser;

beforeAll(async () => {
  keyId = (await createKey(fixture.server.store, fixture.account)).id;
  operator = await signIn(fixture.server, null);
});

function expectSecurityHeaders(answer: PageAnswer, what: string): void {
  expect(answer.headers.get('content-security-policy'), what).toBe(CSP);
  expect(answer.headers.get('content-security-policy'), what).not.toContain('unsafe-inline');
  expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(answer.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(answer.headers.get('x-frame-options'), what).toBe('DENY');
}

/** Script or style the CSP above would block: inline <script>, <style>, style="", on…="" handlers, javascript: URLs. */
function inlineCode(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*>/gi)) if (!/\ssrc="\/dashboard\/assets\//.test(match[0])) found.push(match[0]);
  for (const pattern of [/<style\b/gi, /\sstyle\s*=/gi, /\son[a-z]+\s*=/gi, /javascript:/gi]) for (const match of html.matchAll(pattern)) found.push(match[0]);
  return found;
}

describe('every dashboard answer', () => {
  it('pages: the security headers, Cache-Control: no-store, HTML without inline code', async () => {
    const pages: [Browser | null, string, number][] = [
      [null, '/dashboard', 200],
      [fixture.browser, `/dashboard/accounts/${fixture.account.id}`, 200],
      [fixture.browser, `/dashboard/accounts/${fixture.account.id}?days=90`, 200],
      [fixture.browser, `/dashboard/accounts/${fixture.account.id}/keys`, 200],
      [fixture.browser, `/dashboard/accounts/${fixture.account.id}/keys/${keyId}/revoke`, 200],
      [fixture.browser, `/dashboard/accounts/${fixture.account.id}/usage`, 200],
      [operator, '/dashboard/accounts', 200],
      [operator, `/dashboard/accounts/${fixture.account.id}`, 200],
      [fixture.browser, '/dashboard/accounts', 404],
      [fixture.browser, '/dashboard/nothing-here', 404],
      [fixture.browser, `/dashboard/accounts/${fixture.account.id}?days=7`, 400],
      [null, '/dashboard/login/not-a-token', 400],
    ];
    for (const [browser, path, status] of pages) {
      const answer = await getPage(fixture.server.url, path, browser);
      expect(answer.status, path).toBe(status);
      expectSecurityHeaders(answer, path);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=UTF-8');
      expect(answer.text, path).toMatch(/^<!doctype html>/i);
      expect(inlineCode(answer.text), path).toEqual([]);
    }
  });

  it('redirects and refusals of forms carry them too', async () => {
    const answers: [string, PageAnswer][] = [
      ['signed out', await getPage(fixture.server.url, `/dashboard/accounts/${fixture.account.id}`)],
      ['entry', await getPage(fixture.server.url, '/dashboard', fixture.browser)],
      ['csrf', await postForm(fixture.server.url, `/dashboard/accounts/${fixture.account.id}/vat-number`, fixture.browser, { _csrf: 'wrong', vatNumber: '' })],
      ['form', await postForm(fixture.server.url, `/dashboard/accounts/${fixture.account.id}/vat-number`, fixture.browser, { vatNumber: '' })],
    ];
    expect(answers.map(([, answer]) => answer.status)).toEqual([303, 303, 403, 303]);
    for (const [what, answer] of answers) {
      expectSecurityHeaders(answer, what);
      expect(answer.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('the assets: the stylesheet and the script, served by the service itself', async () => {
    const css = await getPage(fixture.server.url, '/dashboard/assets/dashboard.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expectSecurityHeaders(css, 'css');
    const js = await getPage(fixture.server.url, '/dashboard/assets/dashboard.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect((await getPage(fixture.server.url, '/dashboard/assets/nothing.js')).status).toBe(404);
  });
});

describe('/status', () => {
  it('is public and cacheable for a minute, with the same security headers and no inline code', async () => {
    const answer = await getPage(fixture.server.url, '/status');
    expect(answer.status).toBe(200);
    expectSecurityHeaders(answer, '/status');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(inlineCode(answer.text)).toEqual([]);
  });
});
