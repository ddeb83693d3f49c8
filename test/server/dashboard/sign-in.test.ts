/**
 * One-time sign-in links over HTTP: a link signs in once, stops working 15 minutes after it was
 * made, and every link that cannot sign in (used, expired, unknown, malformed) gets the same 400
 * page, never a 500. The store keeps only the links' and sessions' hashes.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnknownAccountError } from '../../../src/server/admin/key-admin.js';
import { createLoginLink, loginPath } from '../../../src/server/dashboard/sign-in.js';
import { startSession } from '../../../src/server/dashboard/session.js';
import { LOGIN_LINK_TTL_MS } from '../../../src/server/policy/sessions.js';
import { openEmbeddedStore } from '../../../src/server/storage/index.js';
import type { Account } from '../../../src/server/storage/types.js';
import { getPage, loginUrl, sessionCookieOf, startDashboardServer, testClock, type DashboardServer } from '../../support/dashboard.js';
import { createAccount } from '../../support/server.js';

const REFUSED = 'This sign-in link is not valid: it was used already, it expired (links last 15 minutes), or it was mistyped.';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

let server: DashboardServer;
let account: Account;

beforeAll(async () => {
  server = await startDashboardServer(testClock('2026-11-26T09:00:00Z'));
  account = await createAccount(server.store, 'STARTER');
});

afterAll(async () => {
  await server.close();
});

/** Opens a link as a browser would, without following the redirect. */
async function open(url: string): Promise<Response> {
  return fetch(url, { redirect: 'manual' });
}

describe('GET /dashboard/login/{token}', () => {
  it('signs in once: a session cookie and a page going on to /dashboard, which leads to the account; the second use is refused', async () => {
    const url = await loginUrl(server, account.id, server.clock.now());
    const first = await open(url);
    expect(first.status).toBe(200);
    // Not a redirect: the browser moves on from a page of ours, a same-site navigation that carries the new SameSite=Strict cookie.
    const landing = await first.text();
    expect(landing).toContain('<meta http-equiv="refresh" content="0; url=/dashboard">');
    expect(landing).toContain('<a href="/dashboard">Continue to the dashboard</a>');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const cookie = sessionCookieOf(first.headers);
    expect(cookie).toMatch(/^verifield_session=[A-Za-z0-9_-]{43}$/);

    const entry = await getPage(server.url, '/dashboard', { cookie: cookie as string, csrf: '' });
    expect(entry.status).toBe(303);
    expect(entry.headers.get('location')).toBe(`/dashboard/accounts/${account.id}`);

    const again = await open(url);
    expect(again.status).toBe(400);
    expect(sessionCookieOf(again.headers)).toBeUndefined();
    expect(await again.text()).toContain(REFUSED);
  });

  it('an operator link leads to every account', async () => {
    const opened = await open(await loginUrl(server, null, server.clock.now()));
    const cookie = sessionCookieOf(opened.headers) as string;
    const entry = await getPage(server.url, '/dashboard', { cookie, csrf: '' });
    expect(entry.headers.get('location')).toBe('/dashboard/accounts');
    expect((await getPage(server.url, '/dashboard/accounts', { cookie, csrf: '' })).status).toBe(200);
  });

  it('works until 15 minutes after it was made, and not after', async () => {
    const made = server.clock.now();
    const late = await loginUrl(server, account.id, made);
    const inTime = await loginUrl(server, account.id, made);
    server.clock.advance(LOGIN_LINK_TTL_MS - 1_000);
    expect((await open(inTime)).status).toBe(200);
    server.clock.advance(2_000);
    const refused = await open(late);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(REFUSED);
  });

  it('answers a malformed or unknown token with the same 400 page, never a 500', async () => {
    const known = await (await open(`${server.url}${loginPath('A'.repeat(43))}`)).text();
    expect(known).toContain(REFUSED);
    for (const token of ['abc', 'A'.repeat(42), 'A'.repeat(44), '%00', '..%2F..%2Fetc', 'x'.repeat(4_000), '%E0%A4%A', '<script>']) {
      const answer = await open(`${server.url}${loginPath(token)}`);
      expect(answer.status, token).toBe(400);
      expect(await answer.text(), token).toBe(known);
    }
  });

  it('without a token is no page: a visitor is sent to the sign-in help', async () => {
    const answer = await getPage(server.url, '/dashboard/login/');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard');
    const help = await getPage(server.url, '/dashboard');
    expect(help.status).toBe(200);
    expect(help.text).toContain('verifield accounts login-link --account ID');
    expect(help.text).toContain('verifield admin login-link');
  });

  it('is not made for an account that does not exist', async () => {
    await expect(createLoginLink(server.store, 'no-such-account', server.clock.now())).rejects.toBeInstanceOf(UnknownAccountError);
  });

  it('ends the session the browser had before', async () => {
    const before = sessionCookieOf((await open(await loginUrl(server, account.id, server.clock.now()))).headers) as string;
    const after = await fetch(await loginUrl(server, null, server.clock.now()), { redirect: 'manual', headers: { Cookie: before } });
    expect(after.status).toBe(200);
    expect((await getPage(server.url, `/dashboard/accounts/${account.id}`, { cookie: before, csrf: '' })).headers.get('location')).toBe('/dashboard');
  });

  it('never logs a token', async () => {
    const url = await loginUrl(server, account.id, server.clock.now());
    await open(url);
    await open(url);
    const token = url.slice(url.lastIndexOf('/') + 1);
    expect(server.logs.join('\n')).not.toContain(token);
  });
});

describe('what the store keeps', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'verifield-sign-in-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('only hashes: neither a link token nor a session token is in the database files', async () => {
    const store = await openEmbeddedStore(dataDir);
    const now = new Date();
    const { token: linkToken } = await createLoginLink(store, null, now);
    const sessionToken = await startSession(store, null, now);
    await store.close();
    const files = readdirSync(dataDir).map((name) => readFileSync(join(dataDir, name)).toString('latin1'));
    // The hashes are there: the rows were written where this test looks.
    expect(files.some((file) => file.includes(sha256(linkToken)))).toBe(true);
    expect(files.some((file) => file.includes(sha256(sessionToken)))).toBe(true);
    for (const file of files) {
      expect(file).not.toContain(linkToken);
      expect(file).not.toContain(sessionToken);
    }
  });
});
