/**
 * Who calls the admin API: the operator, by `Authorization: Bearer <VERIFIELD_ADMIN_TOKEN>`, or
 * whoever a dashboard session signs in (../dashboard/session.ts), the operator or one account. A
 * session's request that changes anything also carries the session's CSRF token in X-CSRF-Token:
 * the cookie goes with any request the browser sends, the token only with the dashboard's own.
 * The operator token carries no such risk (no browser sends it by itself), so it needs none.
 */
import { hashApiKey, hashesMatch } from '../admin/api-keys.js';
import { csrfMatches, readSession } from '../dashboard/session.js';
import { bearerToken } from '../pipeline/authenticator.js';
import type { FailureBudget } from '../pipeline/failure-budget.js';
import type { MemberRole, Store } from '../storage/types.js';
import { ADMIN_MESSAGES, AdminApiError } from './errors.js';

/** Who a request comes from: the operator (every account), or one account (only its own) with the session's role. */
export type Caller = { kind: 'operator' } | { kind: 'account'; accountId: string; role: MemberRole };

/** The request as authentication reads it. */
export interface CallerRequest {
  method: string;
  header(name: string): string | undefined;
  /** The client's address (../http/client-source.ts), for the budget of wrong operator tokens; undefined: unknown, no budget. */
  source?: string;
}

/** Methods that change nothing: the only ones a session may use without its CSRF token. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * A check of presented tokens against the operator token `adminToken`; with no token configured
 * (undefined or empty), every token is refused. Both sides are hashed first, so the comparison
 * takes the same time whatever the presented token's length, and is made in constant time.
 */
export function operatorTokenCheck(adminToken: string | undefined): (presented: string) => boolean {
  if (adminToken === undefined || adminToken === '') return () => false;
  const expected = hashApiKey(adminToken);
  return (presented) => hashesMatch(expected, hashApiKey(presented));
}

/**
 * The caller of `request`, or an {@link AdminApiError}: 401 UNAUTHENTICATED without a valid operator
 * token or session (a Bearer token that is not the operator's is refused, never passed over for a
 * cookie), 403 CSRF_TOKEN_INVALID for a session's request that changes something without its token.
 */
export async function callerOf(
  request: CallerRequest,
  options: { store: Store; now: Date; isOperatorToken: (presented: string) => boolean; tokenFailures?: FailureBudget },
): Promise<Caller> {
  const token = bearerToken(request.header('authorization'));
  if (token !== undefined) {
    const { source } = request;
    const budget = source === undefined ? undefined : options.tokenFailures;
    // Past its budget a source's tokens are not even compared: a guess, right or wrong, learns nothing.
    const retryAfter = budget?.retryAfter(source as string) ?? 0;
    if (retryAfter > 0) {
      throw new AdminApiError('AUTH_RATE_LIMITED', ADMIN_MESSAGES.AUTH_RATE_LIMITED, { 'Retry-After': String(retryAfter), Connection: 'close' });
    }
    if (options.isOperatorToken(token)) return { kind: 'operator' };
    budget?.failed(source as string);
    throw new AdminApiError('UNAUTHENTICATED', ADMIN_MESSAGES.UNAUTHENTICATED);
  }
  const signedIn = await readSession(options.store, request.header('cookie'), options.now);
  if (signedIn === null) throw new AdminApiError('UNAUTHENTICATED', ADMIN_MESSAGES.UNAUTHENTICATED);
  if (!SAFE_METHODS.has(request.method.toUpperCase()) && !csrfMatches(signedIn, request.header('x-csrf-token'))) {
    throw new AdminApiError('CSRF_TOKEN_INVALID', ADMIN_MESSAGES.CSRF_TOKEN_INVALID);
  }
  return signedIn.viewer.kind === 'operator' ? { kind: 'operator' } : { kind: 'account', accountId: signedIn.viewer.accountId, role: signedIn.viewer.role };
}
