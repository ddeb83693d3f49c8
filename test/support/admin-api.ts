/**
 * What the admin API tests share: a call over real HTTP with the operator token or a dashboard
 * session (cookie and CSRF token), and a session started the way the dashboard starts one
 * (src/server/dashboard/session.ts), the CSRF token read back as the pages get it.
 */
import { readSession, SESSION_COOKIE, startSession } from '../../src/server/dashboard/session.js';
import type { Store } from '../../src/server/storage/types.js';

/** The operator token the tests' services run with (VERIFIELD_ADMIN_TOKEN takes 32 characters or more). */
export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

/** A signed-in dashboard session: its token, the Cookie header its browser sends and its CSRF token. */
export interface Session {
  token: string;
  cookie: string;
  csrf: string;
}

/** Starts a session for `accountId` (null: the operator), as a login link would. */
export async function signIn(store: Store, accountId: string | null, memberId: string | null = null): Promise<Session> {
  const token = await startSession(store, accountId, new Date(), memberId);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const signedIn = await readSession(store, cookie, new Date());
  if (signedIn === null) throw new Error('the session just started is not readable');
  return { token, cookie, csrf: signedIn.csrfToken };
}

/** Who sends an admin request: the operator token (or any Bearer text), a session (with or without its CSRF token), or nobody. */
export type As = { token: string } | { session: Pick<Session, 'cookie' | 'csrf'>; csrf?: string | null } | 'nobody';

/** An admin API answer. */
export interface AdminAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (null when it is not JSON). */
  json: T;
}

/** Options of {@link adminCall}. */
export interface AdminCallOptions {
  /** Sent as JSON (a string or bytes are sent as they are). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The headers that say who sends a request: a session sends its CSRF token unless `csrf` says otherwise (null: none). */
function credentials(as: As): Record<string, string> {
  if (as === 'nobody') return {};
  if ('token' in as) return { Authorization: `Bearer ${as.token}` };
  const csrf = as.csrf === undefined ? as.session.csrf : as.csrf;
  return { Cookie: as.session.cookie, ...(csrf === null ? {} : { 'X-CSRF-Token': csrf }) };
}

/** One admin API request over HTTP to `base` (the service's URL); `path` starts after /api/v1/admin. */
export async function adminCall<T = Record<string, unknown>>(base: string, method: string, path: string, as: As, options: AdminCallOptions = {}): Promise<AdminAnswer<T>> {
  const headers: Record<string, string> = { ...credentials(as), ...options.headers };
  let body: string | Blob | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string') body = options.body;
    else if (options.body instanceof Uint8Array) body = new Blob([new Uint8Array(options.body)]);
    else body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${base}/api/v1/admin${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Left null: the caller's assertions say what was expected.
  }
  return { status: response.status, headers: response.headers, text, json: json as T };
}
