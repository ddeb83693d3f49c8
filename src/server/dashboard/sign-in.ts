/**
 * Sign-in without passwords (docs/service.md): `verifield accounts login-link` and `verifield
 * admin login-link` make a one-time link valid LOGIN_LINK_TTL_MS (../policy/sessions.ts); opening
 * it uses the link up (atomically, in the store) and starts a session (./session.ts). The store
 * keeps only the SHA-256 of a link's token, so a copy of the database holds no usable link.
 */
import { UnknownAccountError } from '../admin/key-admin.js';
import { LOGIN_LINK_TTL_MS } from '../policy/sessions.js';
import type { Store } from '../storage/types.js';
import { hasTokenShape, newSecretToken, startSession, tokenHash } from './session.js';

/** Where the links point: the path is followed by the token. */
const LOGIN_PATH = '/dashboard/login/';

/** A link just made: its token exists only here and in the URL printed once. */
export interface LoginLink {
  /** The link's secret: the last segment of its URL ({@link loginPath}). */
  token: string;
  /** After this the link no longer signs in. */
  expiresAt: Date;
}

/**
 * Makes a one-time sign-in link for an account (`accountId`) or for the operator (null), valid for
 * 15 minutes from `now`, as member `memberId` of the account (null: as its owner, the links the
 * operator makes). Rejects with an UnknownAccountError for an account that does not exist.
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const { token } = await createLoginLink(store, null, new Date());
 * loginPath(token).startsWith('/dashboard/login/'); // true
 * await store.close();
 * ```
 */
export async function createLoginLink(store: Store, accountId: string | null, now: Date, memberId: string | null = null): Promise<LoginLink> {
  if (accountId !== null && (await store.accounts.get(accountId)) === null) throw new UnknownAccountError(accountId);
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + LOGIN_LINK_TTL_MS);
  await store.loginLinks.create({ hash: tokenHash(token), accountId, memberId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The path of the link with `token`, to put after the service's base URL.
 * @example
 * ```ts
 * loginPath('abc'); // '/dashboard/login/abc'
 * ```
 */
export function loginPath(token: string): string {
  return LOGIN_PATH + token;
}

/**
 * A request path as it may be logged: a sign-in link's token cut out (whoever reads the log must
 * not be able to sign in with it).
 * @example
 * ```ts
 * loggablePath('/dashboard/login/abc'); // '/dashboard/login/***'
 * loggablePath('/status'); // '/status'
 * ```
 */
export function loggablePath(path: string): string {
  return path.startsWith(LOGIN_PATH) ? `${LOGIN_PATH}***` : path;
}

/**
 * Uses the link with `token` once and starts its session; resolves with the session's token (for
 * the cookie), or null when the link is malformed, unknown, used already or expired: the caller
 * must not tell which.
 */
export async function signInWithLink(store: Store, token: string, now: Date): Promise<string | null> {
  if (!hasTokenShape(token)) return null;
  const link = await store.loginLinks.consume(tokenHash(token), now);
  if (link === null) return null;
  return startSession(store, link.accountId, now, link.memberId ?? null);
}
