/**
 * The error answers of the JSON admin API: `{ message, errorCode }`, each code with one status, and
 * never cached. Handlers throw an {@link AdminApiError}; routes.ts turns it into the answer, so a
 * handler reads top to bottom without a branch per failure.
 */
import { ERROR_MESSAGES, jsonResponse } from '../answers/errors.js';

/** Every error code of the admin API and the one status it is answered with. */
export const ADMIN_ERROR_STATUS = {
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  UNKNOWN_MEMBER: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_TOKEN_INVALID: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  KEY_LIMIT: 409,
  ACCOUNT_SUSPENDED: 409,
  MEMBER_EXISTS: 409,
  LAST_OWNER: 409,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  AUTH_RATE_LIMITED: 429,
  INTERNAL: 500,
  STORE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

/** The machine-readable reason of an admin API error answer. */
export type AdminErrorCode = keyof typeof ADMIN_ERROR_STATUS;

/** A status the admin API answers an error with. */
export type AdminErrorStatus = (typeof ADMIN_ERROR_STATUS)[AdminErrorCode];

/** The body of every error answer of the admin API. */
export interface AdminErrorBody {
  /** What went wrong, written for the developer reading it. */
  message: string;
  /** Machine-readable reason; the status follows from it ({@link ADMIN_ERROR_STATUS}). */
  errorCode: AdminErrorCode;
}

/** The fixed messages of the admin API; the request-dependent ones are built where they arise. */
export const ADMIN_MESSAGES = {
  // One sentence whatever was wrong (no credentials, a wrong token, no operator token configured, an expired session).
  UNAUTHENTICATED:
    'Sign in: send the operator token as Authorization: Bearer <token> (the VERIFIELD_ADMIN_TOKEN of the service), or the dashboard session cookie',
  CSRF_TOKEN_INVALID: "Send the session's CSRF token in the X-CSRF-Token header (a dashboard page holds it in <meta name=\"csrf-token\">)",
  OPERATOR_ONLY_ACCOUNTS: 'Only the operator creates accounts',
  OPERATOR_ONLY_FIELDS: "Only the operator changes an account's plan or suspension",
  // A member's session: what its role does not allow (docs/service.md#dashboard).
  VIEWER_READS_ONLY: 'A viewer reads only: ask an owner of the account for the developer role',
  OWNERS_ONLY: "Only the account's owners (and the operator) manage its members and settings",
  NO_MEMBER: 'No member with this id',
  // The same words for an unknown id and an id of another account: an account learns nothing of the others.
  NO_ACCOUNT: 'No account with this id',
  NO_KEY: 'No key with this id',
  NO_WEBHOOK: 'The account has no webhook: set its URL with PUT /api/v1/admin/accounts/{id}/webhook',
  NO_PATH: 'No admin API endpoint at this path',
  INVALID_JSON: ERROR_MESSAGES.INVALID_JSON,
  NOT_AN_OBJECT: 'The request body must be a JSON object',
  UNSUPPORTED_MEDIA_TYPE: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  CONTENT_ENCODING: ERROR_MESSAGES.CONTENT_ENCODING,
  BODY_TOO_LARGE: ERROR_MESSAGES.BODY_TOO_LARGE,
  STORE_UNAVAILABLE: 'The service cannot reach its store right now; retry in a few seconds',
  AUTH_RATE_LIMITED: ERROR_MESSAGES.AUTH_RATE_LIMITED,
  INTERNAL: ERROR_MESSAGES.INTERNAL,
} as const;

/** A request the admin API refuses: thrown by a handler, answered by routes.ts. */
export class AdminApiError extends Error {
  /** Always `AdminApiError`. */
  override readonly name = 'AdminApiError';
  constructor(
    /** The reason, which decides the status. */
    readonly code: AdminErrorCode,
    message: string,
    /** Headers the answer carries besides the JSON content type and Cache-Control (e.g. Allow, Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Every admin API answer, errors included, holds account data or credentials: no cache keeps any. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** The answer of an {@link AdminApiError}. */
export function adminErrorResponse(error: AdminApiError): Response {
  const body: AdminErrorBody = { message: error.message, errorCode: error.code };
  return jsonResponse(ADMIN_ERROR_STATUS[error.code], body, { ...NO_STORE, ...error.headers });
}

/** 405 with the methods the path takes in `Allow`. */
export function methodNotAllowed(allowed: readonly string[]): AdminApiError {
  const allow = allowed.join(', ');
  return new AdminApiError('METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} on this path`, { Allow: allow });
}
