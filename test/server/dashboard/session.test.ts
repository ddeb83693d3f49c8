/**
 * Dashboard sessions over HTTP, on a clock the test moves: the cookie's attributes, the 12-hour
 * idle expiry (a request keeps the session going), and sign-out, which ends the session on the
 * server so that the old cookie signs nobody in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, readSession, SESSION_COOKIE, startSession } from '../../../src/server/dashboard/session.js';
import { SESSION_IDLE_MS } from '../../../src/server/policy/sessions.js';
import type { Account } from '../../../src/server/storage/types.js';
import { getPage, loginUrl, postForm, signIn, startDashboardServer, testClock, type Browser, type DashboardServer } from '../../support/dashboard.js';
import { createAccount } from '../../support/server.js';

const MINUTE = 60_000;

let server: DashboardServer;
let account: Account;

beforeAll(async () => {
  server = await startDashboardServer(testClock('2026-11-26T09:00:00Z'));
  account = await createAccount(server.store, 'GROWTH');
});

afterAll(async () => {
  await server.close();
});

/** Whether `browser` is signed in: its overview answers 200 (signed out: 303 to /dashboard). */
async function signedIn(browser: Browser): Promise<boolean> {
  const answer = await getPage(server.url, `/dashboard/accounts/${account.id}`, browser);
  if (answer.status === 303) expect(answer.headers.get('location')).toBe('/dashboard');
  else expect(answer.status).toBe(200);
  return answer.status === 200;
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, for the whole site, without Max-Age; not Secure over plain HTTP', async () => {
    const opened = await fetch(await loginUrl(server, account.id, server.clock.now()), { redirect: 'manual' });
    const [cookie] = opened.headers.getSetCookie();
    expect(cookie).toMatch(/^verifield_session=[A-Za-z0-9_-]{43}; /);
    const attributes = (cookie as string).split(';').slice(1).map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict']));
    expect(attributes.some((part) => /^(Max-Age|Expires)=/i.test(part))).toBe(false);
    expect(attributes).not.toContain('Secure');
  });

  it('is Secure when a proxy in front says the request came over HTTPS', async () => {
    const opened = await fetch(await loginUrl(server, account.id, server.clock.now()), { redirect: 'manual', headers: { 'X-Forwarded-Proto': 'https' } });
    expect(opened.status).toBe(200);
    expect(opened.headers.getSetCookie()[0]).toMatch(/; Secure(;|$)/);
  });
});

describe('idle expiry', () => {
  it('ends a session 12 hours after its last request; each request keeps it going', async () => {
    const browser = await signIn(server, account.id);
    server.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect(await signedIn(browser)).toBe(true);
    // 24 hours after sign-in, but less than 12 since the last request.
    server.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect(await signedIn(browser)).toBe(true);
    server.clock.advance(SESSION_IDLE_MS + MINUTE);
    expect(await signedIn(browser)).toBe(false);
    // Gone for good: the clock does not bring it back, and the entry shows the sign-in help.
    const entry = await getPage(server.url, '/dashboard', browser);
    expect(entry.status).toBe(200);
    expect(entry.text).toContain('verifield admin login-link');
  });

  it('is touched at most once a minute, so a busy dashboard does not write per page', async () => {
    const token = await startSession(server.store, account.id, server.clock.now());
    const hash = (await readSession(server.store, `${SESSION_COOKIE}=${token}`, server.clock.now()))?.sessionHash as string;
    const started = (await server.store.sessions.find(hash))?.lastSeenAt.getTime();
    server.clock.advance(30_000);
    await readSession(server.store, `${SESSION_COOKIE}=${token}`, server.clock.now());
    expect((await server.store.sessions.find(hash))?.lastSeenAt.getTime()).toBe(started);
    server.clock.advance(31_000);
    await readSession(server.store, `${SESSION_COOKIE}=${token}`, server.clock.now());
    expect((await server.store.sessions.find(hash))?.lastSeenAt.getTime()).toBe(server.clock.now().getTime());
  });
});

describe('sign-out', () => {
  it('ends the session on the server and removes the cookie: the old cookie is refused afterwards', async () => {
    const browser = await signIn(server, account.id);
    const out = await postForm(server.url, '/dashboard/logout', browser);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/dashboard');
    expect(out.headers.getSetCookie()[0]).toMatch(/^verifield_session=; .*Max-Age=0/);
    // A browser that kept the cookie anyway (or a copy of it) is signed in no more.
    expect(await signedIn(browser)).toBe(false);
    expect((await postForm(server.url, '/dashboard/logout', browser)).headers.getSetCookie()).toEqual([]);
  });

  it('ends only its own session', async () => {
    const first = await signIn(server, account.id);
    const second = await signIn(server, account.id);
    await postForm(server.url, '/dashboard/logout', first);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(true);
  });
});

describe('readSession', () => {
  it('reads nothing from a missing, malformed or unknown cookie', async () => {
    const now = server.clock.now();
    for (const header of [undefined, '', 'other=1', `${SESSION_COOKIE}=`, `${SESSION_COOKIE}=short`, `${SESSION_COOKIE}=${'A'.repeat(43)}`, `${SESSION_COOKIE}=${'%'.repeat(43)}`]) {
      expect(await readSession(server.store, header, now), String(header)).toBeNull();
    }
  });

  it('finds the cookie among others', () => {
    expect(cookieValue('a=1; verifield_session=abc ; b=2', SESSION_COOKIE)).toBe('abc');
    expect(cookieValue('xverifield_session=abc', SESSION_COOKIE)).toBeUndefined();
  });
});
