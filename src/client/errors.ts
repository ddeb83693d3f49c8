/**
 * How the client reports an answer that is not the expected result: one error class carrying the
 * HTTP status, the service's `errorCode` and the body it sent. A negative verdict is not an error:
 * it is a 200 with `valid: false` and comes back as the result.
 */
import type { ErrorCode, ValidationResult } from '../result.js';

/**
 * The body of an error answer: the envelope of a validation endpoint, or `{ errorCode, message }`
 * of every other endpoint (docs/envelope.md#other-error-answers). `errorCode` is optional there
 * because a proxy in front of the service may answer `{ message }` alone.
 */
export type ErrorBody = ValidationResult | { errorCode?: string; message: string };

/**
 * The service answered with an error status (400, 401, 403, 404, 429, 500, 503, ...), or with a body
 * the client could not read as the expected JSON.
 */
export class VerifieldApiError extends Error {
  /** Always `VerifieldApiError`. */
  override readonly name = 'VerifieldApiError';
  /** HTTP status of the answer. */
  readonly status: number;
  /**
   * The service's machine-readable reason: an {@link ErrorCode} on the validation endpoints, also
   * the other endpoints' own codes (`NOT_FOUND`, `JOB_NOT_FOUND`, …); null when the body has none.
   */
  readonly errorCode: ErrorCode | (string & {}) | null;
  /** The parsed body: the error envelope, `{ message }`, or null when it was not JSON. */
  readonly body: ErrorBody | null;
  /** Seconds the service asked to wait (`Retry-After` on 429 and 503); null when not sent. */
  readonly retryAfter: number | null;

  constructor(status: number, message: string, body: ErrorBody | null, retryAfter: number | null) {
    super(message);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    this.errorCode = body !== null && 'errorCode' in body && typeof body.errorCode === 'string' ? body.errorCode : null;
  }
}

/** Whether `error` is a {@link VerifieldApiError}, also across copies of the package (instanceof is not). */
export function isVerifieldApiError(error: unknown): error is VerifieldApiError {
  return error instanceof VerifieldApiError || (error instanceof Error && error.name === 'VerifieldApiError' && 'status' in error);
}
