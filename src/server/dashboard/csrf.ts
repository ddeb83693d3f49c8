/**
 * The dashboard's CSRF tokens: HMAC-SHA256 of a fixed label keyed by the session token, base64url.
 * Keyed by the session, a token needs no storage, cannot be computed by a page of another site
 * (it never sees the session cookie, which is HttpOnly) and dies with its session. The pages put
 * it in every form's hidden `_csrf` field and in `<meta name="csrf-token">` for scripts calling
 * the admin API (header X-CSRF-Token).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What is signed: only a label, since the key (the session token) already makes the token the session's own. */
const CSRF_LABEL = 'verifield dashboard csrf v1';

/** The label of the sign-in form's token: another label, so that it is never a session's token, even for the same key. */
const SIGN_IN_CSRF_LABEL = 'verifield dashboard sign-in csrf v1';

/** The name of the hidden form field that carries the token. */
export const CSRF_FIELD = '_csrf';

/** The CSRF token of the session whose token (the cookie's value, never stored) is `sessionToken`. */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update(CSRF_LABEL).digest('base64url');
}

/**
 * The CSRF token of the sign-in form, before any session: keyed by the random token of the
 * short-lived pre-session cookie (./routes/sign-in.ts), which a page of another site cannot read or set.
 */
export function signInCsrfTokenFor(preSessionToken: string): string {
  return createHmac('sha256', preSessionToken).update(SIGN_IN_CSRF_LABEL).digest('base64url');
}

/**
 * Whether `presented` (a form's `_csrf`, or an X-CSRF-Token header) is the token of the signed-in
 * session, compared in constant time. Absent or empty: false.
 */
export function csrfMatches(signedIn: { readonly csrfToken: string }, presented: string | undefined | null): boolean {
  if (presented === undefined || presented === null || presented === '') return false;
  const expected = Buffer.from(signedIn.csrfToken, 'utf8');
  const actual = Buffer.from(presented, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
