/**
 * Dashboard sessions (docs/service.md): a random token in the `verifield_session` cookie, stored
 * only as its SHA-256 with the account it signs in (null: the operator). A session ends after
 * SESSION_IDLE_MS without a request (../policy/sessions.ts), or at sign-out, when its row is
 * deleted: the old cookie then signs nobody in.
 */
import { randomBytes } from 'node:crypto';
import { hashApiKey, hashesMatch } from '../admin/api-keys.js';
import { SESSION_IDLE_MS } from '../policy/sessions.js';
import type { Store } from '../storage/types.js';
import { csrfTokenFor } from './csrf.js';
import type { Viewer } from './views/models.js';

/** Here too, so that whatever reads sessions (the admin API) checks their CSRF tokens from the same module. */
export { csrfMatches } from './csrf.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'verifield_session';

/** A session is marked as used at most this often: a page of a busy dashboard costs no write. */
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_BYTES = 32;
/** 32 bytes in base64url, unpadded: the shape of every session and login-link token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A signed-in request: who, the stored session's hash (to end it), and the session's CSRF token. */
export interface SignedIn {
  /** Who is signed in: the operator, or one account. */
  viewer: Viewer;
  /** SHA-256 hex of the session token, as the store keeps it. */
  sessionHash: string;
  /** What the session's forms carry in `_csrf` (./csrf.ts). */
  csrfToken: string;
}

/** A new secret token: 32 random bytes, base64url (43 characters). Sessions and login links use it. */
export function newSecretToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether `text` has the shape of a token from {@link newSecretToken}; anything else is refused before it is hashed. */
export function hasTokenShape(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

/** SHA-256 of a token, lower-case hex: the only form in which the store keeps it (the same hash as API keys'). */
export function tokenHash(token: string): string {
  return hashApiKey(token);
}

/**
 * Starts a session for `accountId` (null: the operator), as member `memberId` (null: the account's
 * owner by an operator's link); resolves with its token, for the cookie only.
 */
export async function startSession(store: Store, accountId: string | null, now: Date, memberId: string | null = null): Promise<string> {
  const token = newSecretToken();
  await store.sessions.create({ hash: tokenHash(token), accountId, memberId, createdAt: now, lastSeenAt: now });
  return token;
}

/** Ends the session: its row goes, so its cookie no longer signs in anywhere. */
export async function endSession(store: Store, signedIn: SignedIn): Promise<void> {
  await store.sessions.delete(signedIn.sessionHash);
}

/** The value of cookie `name` in a Cookie header, or undefined. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(';')) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

/**
 * The session the Cookie header carries, or null: no cookie, a token of the wrong shape, no such
 * session, idle for longer than SESSION_IDLE_MS, or an account or member that no longer exists. A
 * member's role is read with the session, so that a change of role holds from the next request. Marks the
 * session as used when it was last seen more than a minute ago.
 */
export async function readSession(store: Store, cookieHeader: string | undefined, now: Date): Promise<SignedIn | null> {
  const token = cookieValue(cookieHeader, SESSION_COOKIE);
  if (token === undefined || !hasTokenShape(token)) return null;
  const hash = tokenHash(token);
  const session = await store.sessions.find(hash);
  // Found by its hash already; compared in constant time all the same, as API keys are.
  if (session === null || !hashesMatch(session.hash, hash)) return null;
  const idle = now.getTime() - session.lastSeenAt.getTime();
  if (idle > SESSION_IDLE_MS) return null;
  let viewer: Viewer;
  if (session.accountId === null) viewer = { kind: 'operator' };
  else {
    const account = await store.accounts.get(session.accountId);
    if (account === null) return null;
    const memberId = session.memberId ?? null;
    const member = memberId === null ? null : await store.members.get(account.id, memberId);
    if (memberId !== null && member === null) return null;
    viewer = { kind: 'account', accountId: account.id, accountName: account.name, role: member?.role ?? 'owner', memberEmail: member?.email ?? null };
  }
  if (idle > TOUCH_INTERVAL_MS) await store.sessions.touch(hash, now);
  return { viewer, sessionHash: hash, csrfToken: csrfTokenFor(token) };
}

/**
 * The Set-Cookie value that holds a session: HttpOnly (no script reads it), SameSite=Strict (no
 * other site's request carries it), Secure when the page came over HTTPS. No Max-Age: the server
 * ends the session after 12 hours idle, and a browser session ends it sooner.
 */
export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the session cookie (sign-out). */
export function expiredSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Whether a request came over HTTPS: its URL, or the `X-Forwarded-Proto` of a proxy in front that ends TLS. */
export function cameOverHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  const forwarded = request.headers.get('x-forwarded-proto');
  return forwarded !== null && forwarded.split(',')[0]?.trim().toLowerCase() === 'https';
}
