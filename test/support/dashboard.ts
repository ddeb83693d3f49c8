/**
 * What the dashboard tests share: the service on loopback with a clock the test moves, signing in
 * the way a person does (a login link made as the CLI makes it, opened over HTTP, the cookie kept,
 * the CSRF token read from the page's `<meta name="csrf-token">`), and GET / form POST helpers that
 * do not follow redirects, so a test sees each 303 and its Set-Cookie.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createLoginLink, loginPath } from '../../src/server/dashboard/sign-in.js';
import type { AppConfig } from '../../src/server/http/app.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Account, Plan, Store } from '../../src/server/storage/types.js';
import { createAccount, startTestServer, type TestServer } from './server.js';

/** A clock that stands still until the test moves it. */
export interface TestClock {
  now: () => Date;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
}

/** A clock standing at `start`. */
export function testClock(start: string | Date): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

/** The service with the dashboard, over a fresh in-memory embedded store, on `clock`. */
export interface DashboardServer extends TestServer {
  clock: TestClock;
}

/**
 * Starts the service (no jobs, no key cache: a revocation or suspension applies at the next
 * request) on a fresh in-memory embedded store; `config` may add to or change the settings.
 */
export async function startDashboardServer(clock: TestClock = testClock(new Date()), config: Partial<AppConfig> = {}): Promise<DashboardServer> {
  const store = await openEmbeddedStore();
  const server = await startTestServer(store, { port: 0, host: '127.0.0.1', jobs: false, keyCacheMs: 0, now: clock.now, ...config });
  return {
    ...server,
    clock,
    async close() {
      await server.close();
      await store.close();
    },
  };
}

/** A signed-in browser: its session cookie (as the Cookie header sends it) and the session's CSRF token. */
export interface Browser {
  cookie: string;
  csrf: string;
}

/** An answer read whole. */
export interface PageAnswer {
  status: number;
  headers: Headers;
  text: string;
}

async function read(response: Response): Promise<PageAnswer> {
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** GET `path` as `browser` (null: nobody signed in), without following redirects. */
export async function getPage(base: string, path: string, browser: Browser | null = null, headers: Record<string, string> = {}): Promise<PageAnswer> {
  return read(await fetch(`${base}${path}`, { redirect: 'manual', headers: { ...(browser === null ? {} : { Cookie: browser.cookie }), ...headers } }));
}

/** POSTs a form (`fields`; an array is a repeated field) as `browser`, with its CSRF token unless `fields` has `_csrf` (null: none sent). */
export async function postForm(
  base: string,
  path: string,
  browser: Browser | null,
  fields: Record<string, string | readonly string[] | null> = {},
): Promise<PageAnswer> {
  const form = new URLSearchParams();
  const withToken: Record<string, string | readonly string[] | null> = { _csrf: browser?.csrf ?? null, ...fields };
  for (const [name, value] of Object.entries(withToken)) {
    if (value === null) continue;
    for (const one of typeof value === 'string' ? [value] : value) form.append(name, one);
  }
  return read(
    await fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(browser === null ? {} : { Cookie: browser.cookie }) },
      body: form.toString(),
    }),
  );
}

/** Where a form that made a secret leads: `path` with a one-time `?reveal=` reference (src/server/dashboard/reveal.ts). */
export function revealLocation(path: string): RegExp {
  return new RegExp(`^${path}\\?reveal=[A-Za-z0-9_-]{43}$`);
}

/**
 * Follows, as a browser does, the answer of a form that made a secret: a 303 to `path?reveal=…`,
 * whose page answers 200, never cached. Resolves with that Location and the page.
 */
export async function followToReveal(base: string, answer: PageAnswer, path: string, browser: Browser): Promise<{ location: string; page: PageAnswer }> {
  expect(answer.status).toBe(303);
  const location = answer.headers.get('location') ?? '';
  expect(location).toMatch(revealLocation(path));
  const page = await getPage(base, location, browser);
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-store');
  return { location, page };
}

/** What a page says when its `?reveal=` shows nothing: the secret was shown (or cannot be) already. */
export const SHOWN_BEFORE = 'This secret was shown once and is not shown again';

/** The `verifield_session=…` pair of a Set-Cookie header, as a browser sends it back. */
export function sessionCookieOf(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] as string)
    .find((pair) => pair.startsWith('verifield_session=') && pair !== 'verifield_session=');
}

/** The CSRF token a page carries for scripts (`<meta name="csrf-token" content="…">`). */
export function csrfOf(html: string): string {
  const match = /<meta name="csrf-token" content="([^"]+)">/.exec(html);
  if (match === null) throw new Error('the page carries no CSRF token');
  return match[1] as string;
}

/** A new one-time sign-in URL for an account (or the operator: null), made the way the CLI makes it. */
export async function loginUrl(server: { url: string; store: Store }, accountId: string | null, now: Date): Promise<string> {
  const { token } = await createLoginLink(server.store, accountId, now);
  return `${server.url}${loginPath(token)}`;
}

/** Signs in with a new login link, as a person opening it would: the cookie from the answer, the CSRF token from the first page. */
export async function signIn(server: DashboardServer, accountId: string | null): Promise<Browser> {
  const opened = await fetch(await loginUrl(server, accountId, server.clock.now()), { redirect: 'manual' });
  const cookie = sessionCookieOf(opened.headers);
  if (opened.status !== 200 || cookie === undefined) throw new Error(`the login link did not sign in: ${opened.status}`);
  const first = await getPage(server.url, '/dashboard/accounts' + (accountId === null ? '' : `/${accountId}`), { cookie, csrf: '' });
  if (first.status !== 200) throw new Error(`the first page after sign-in answered ${first.status}`);
  return { cookie, csrf: csrfOf(first.text) };
}

/** A test file's service with one account and a browser signed in to it ({@link useSignedInAccount}). */
export interface SignedInAccount {
  readonly server: DashboardServer;
  readonly account: Account;
  readonly browser: Browser;
}

/**
 * The commonest setting of a dashboard test file: the service started before its tests (with
 * {@link startDashboardServer}, `config` added to its settings), one account of `plan`, its owner
 * signed in; closed after them. The members are read inside the tests (they exist once the file's
 * beforeAll has run).
 */
export function useSignedInAccount(plan: Plan = 'STARTER', config: Partial<AppConfig> = {}): SignedInAccount {
  let current: SignedInAccount | undefined;
  beforeAll(async () => {
    const server = await startDashboardServer(undefined, config);
    const account = await createAccount(server.store, plan);
    current = { server, account, browser: await signIn(server, account.id) };
  });
  afterAll(async () => {
    await current?.server.close();
  });
  const started = (): SignedInAccount => {
    if (current === undefined) throw new Error('useSignedInAccount: read before the beforeAll hook ran');
    return current;
  };
  return {
    get server() {
      return started().server;
    },
    get account() {
      return started().account;
    },
    get browser() {
      return started().browser;
    },
  };
}
