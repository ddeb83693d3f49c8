/**
 * The answers of the service that are not a validation: the error envelope of the validation
 * endpoints (docs/envelope.md#error-answers: the ValidationResult shape with `valid: false` and an
 * `errorCode`) and the `{ errorCode, message }` body of every other error answer of the JSON API
 * (docs/envelope.md#other-error-answers). Messages are written for the developer reading them;
 * none says whether an API key exists, none carries internals.
 */
import type { ErrorCode, ValidationResult } from '../../result.js';

/** Statuses a validation endpoint answers besides 200. */
export type ErrorStatus = 400 | 401 | 403 | 405 | 415 | 429 | 500 | 503;

/**
 * The codes of the error answers that are no validation's and no account endpoint's own: a path
 * the service does not have (or a country that is no member state) and the VAT rates not had yet.
 */
export const SERVICE_ERROR_STATUS = { NOT_FOUND: 404, RATES_UNAVAILABLE: 503 } as const;

/** A code of {@link SERVICE_ERROR_STATUS}. */
export type ServiceErrorCode = keyof typeof SERVICE_ERROR_STATUS;

/**
 * The body of every error answer of the JSON API outside the validation endpoints, whatever its
 * code: the OpenAPI document narrows `errorCode` to the codes of each endpoint.
 */
export interface ErrorBody {
  /** Machine-readable reason. */
  errorCode: string;
  /** What went wrong, written for the developer reading it, in English. */
  message: string;
}

/** {@link ErrorBody} with the codes it may carry. */
export interface ApiErrorBody<Code extends string = ErrorCode | ServiceErrorCode> extends ErrorBody {
  errorCode: Code;
}

/** The fixed messages of the error codes whose text does not depend on the request. */
export const ERROR_MESSAGES = {
  INVALID_JSON: 'The request body is not valid JSON',
  MISSING_VALUE: 'The request body must be a JSON object with a "value" string',
  VALUE_NOT_STRING: '"value" must be a string',
  VALUE_TOO_LONG: '"value" is longer than 1,024 characters',
  BODY_TOO_LARGE: 'The request body is larger than 16 KiB',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as JSON, with Content-Type: application/json',
  CONTENT_ENCODING: 'Send the request body uncompressed: Content-Encoding is not supported',
  MISSING_API_KEY: 'An API key is required: send it in the X-API-KEY header (or as Authorization: Bearer <key>)',
  // Neither key is looked up: the answer says nothing about whether either exists.
  CONFLICTING_API_KEYS: 'Two different API keys were sent, in X-API-KEY and in Authorization: Bearer; send one key',
  METHOD_NOT_ALLOWED: 'Use POST with a JSON body',
  // One sentence for unknown, revoked and expired keys: the text never tells a guesser which.
  INVALID_API_KEY: 'This API key is not valid: it may be mistyped, revoked or expired',
  ACCOUNT_SUSPENDED: 'This account is suspended: its API keys answer no validation until the operator resumes it',
  CONCURRENCY_POOL: 'The service is busy right now; retry in a second',
  // 429 AUTH_RATE_LIMITED (docs/service.md#failed-authentication): says nothing of the key sent.
  AUTH_RATE_LIMITED: 'Too many failed authentications from this address; retry after the time in Retry-After',
  // 503 STORE_UNAVAILABLE (docs/service.md#store-failure): what is wrong, never which file or host.
  STORE_UNAVAILABLE: 'The service cannot record usage right now, so it answers no validation; retry in a few seconds',
  STORE_FILE_GONE:
    "The service's data file was deleted or replaced while it was running; it answers no validation until its operator restarts it",
  INTERNAL: 'Internal error',
} as const;

/** 403: the key was created without the scope of this endpoint. */
export function forbiddenMessage(field: string): string {
  return `This API key is not allowed to use /validate/${field}: it was created without the "${field}" scope`;
}

/** 429 CONCURRENCY_LIMIT for an account at its plan's maximum. */
export function concurrencyMessage(maxConcurrent: number): string {
  return `Too many requests at once: your plan allows ${maxConcurrent} in flight; retry in a second`;
}

/** 429 QUOTA_EXCEEDED (FREE plan): names the quota and the day it resets. */
export function quotaMessage(quota: number, resetsOn: string): string {
  return `The quota of ${quota.toLocaleString('en-US')} validations for this billing period is used up; it resets on ${resetsOn}`;
}

/** 400 VALUE_NOT_STRING for an optional member of a validation body (`traderName`, `defaultCountry`). */
export function memberNotStringMessage(member: string): string {
  return `"${member}" must be a string`;
}

/** 400 VALUE_TOO_LONG for an optional member of a validation body. */
export function memberTooLongMessage(member: string): string {
  return `"${member}" is longer than 1,024 characters`;
}

/** The longest member name an UNKNOWN_MEMBER message quotes: a name is echoed, never a 16 KiB one. */
const MAX_QUOTED_MEMBER = 64;

/**
 * 400 UNKNOWN_MEMBER: a member of a JSON body the endpoint does not take, named with the ones it
 * does (a misspelt `tradername` would otherwise change the answer without a word).
 */
export function unknownMemberMessage(member: string, accepted: readonly string[]): string {
  const quoted = JSON.stringify(member.length > MAX_QUOTED_MEMBER ? `${member.slice(0, MAX_QUOTED_MEMBER)}…` : member);
  return `Unknown member ${quoted} in the request body: this endpoint takes ${accepted.join(', ')}`;
}

/** The first own member of `body` that is not in `accepted`; undefined when there is none. Allocates nothing. */
export function unknownMemberOf(body: object, accepted: readonly string[]): string | undefined {
  for (const member in body) if (!accepted.includes(member)) return member;
  return undefined;
}

/**
 * The body of an error status of a validation endpoint (docs/envelope.md#error-answers): the
 * envelope with `valid` false and the errorCode; the OpenAPI document narrows errorCode to the
 * codes of each status.
 */
export interface ValidationErrorBody {
  /** Always false on an error answer. */
  valid: false;
  /** What went wrong, in English whatever Accept-Language asks for. */
  message: string;
  /** Always null on an error answer: errorCode says what went wrong. */
  reason: null;
  /** Always null on an error answer. */
  normalizedValue: null;
  /**
   * The value sent, when a string value arrived (its first 1,024 characters when it is longer);
   * otherwise the empty string.
   * @maxLength 1024
   */
  originalValue: string;
  /** Always STANDARD on an error answer. */
  validationLevel: 'STANDARD';
  /** Machine-readable reason. */
  errorCode: ErrorCode;
}

/** The error envelope of a validation endpoint. */
export function errorEnvelope(code: ErrorCode, message: string, originalValue: string): ValidationErrorBody {
  return { valid: false, message, reason: null, normalizedValue: null, originalValue, validationLevel: 'STANDARD', errorCode: code };
}

/**
 * The envelope of a request refused before any endpoint read it: broken HTTP framing, headers too
 * large, a client too slow. It has no `errorCode`: no endpoint was reached, and the status says
 * what happened. (A wrong method is answered with METHOD_NOT_ALLOWED, see {@link methodNotAllowed}.)
 */
export function refusalEnvelope(message: string): ValidationResult {
  return { valid: false, message, reason: null, normalizedValue: null, originalValue: '', validationLevel: 'STANDARD' };
}

/** The `Allow` header of the validation paths, sent with every 405 (in English, as every error: docs/service.md#languages). */
const ALLOW_POST = { Allow: 'POST', 'Content-Language': 'en' } as const;

/** 405 METHOD_NOT_ALLOWED on a validation path (any method but POST), with `Allow: POST`. */
export function methodNotAllowed(): Response {
  return errorResponse(405, 'METHOD_NOT_ALLOWED', ERROR_MESSAGES.METHOD_NOT_ALLOWED, '', ALLOW_POST);
}

/** The Content-Type of every answer of the service. */
export const JSON_TYPE = 'application/json; charset=UTF-8';

/** A JSON response; `headers` are added to the content type. */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: headers === undefined ? { 'Content-Type': JSON_TYPE } : { 'Content-Type': JSON_TYPE, ...headers },
  });
}

/**
 * The answer of a validation endpoint before any transport writes it: the Hono route turns it into a
 * Response ({@link answerResponse}), the Node listener's fast path writes it straight (fast-path.ts).
 */
export interface ValidationAnswer {
  status: number;
  body: ValidationResult;
  /** Headers besides the JSON content type. */
  headers?: Record<string, string>;
}

/** An error answer of a validation endpoint, not yet written. */
export function errorAnswer(
  status: ErrorStatus,
  code: ErrorCode,
  message: string,
  originalValue = '',
  headers?: Record<string, string>,
): ValidationAnswer {
  const body = errorEnvelope(code, message, originalValue);
  return headers === undefined ? { status, body } : { status, body, headers };
}

/** A validation answer as a Web Response. */
export function answerResponse(answer: ValidationAnswer): Response {
  return jsonResponse(answer.status, answer.body, answer.headers);
}

/** An error answer of a validation endpoint ({@link errorAnswer}), as a Response. */
export function errorResponse(...answer: Parameters<typeof errorAnswer>): Response {
  return answerResponse(errorAnswer(...answer));
}

/** An error answer of the JSON API outside the validation endpoints: `{ errorCode, message }` ({@link ApiErrorBody}). */
export function apiErrorResponse<Code extends string>(
  status: number,
  errorCode: Code,
  message: string,
  headers?: Record<string, string>,
  extra?: Record<string, unknown>,
): Response {
  const body: ApiErrorBody<Code> = { errorCode, message };
  return jsonResponse(status, extra === undefined ? body : { ...body, ...extra }, headers);
}

const SEPARATORS = /[\s.\-/]/g;

/**
 * The text of an error as it may be logged: the raw key and the value (also without separators)
 * are cut out, whatever the error's author put in its message.
 */
export function describeError(error: unknown, secrets: readonly string[]): string {
  let text = String(error);
  if (error instanceof Error) {
    // One line: the message, then the top frames (where it happened, not what was asked).
    const frames = (error.stack ?? '').split('\n').slice(1, 6).map((frame) => frame.trim());
    text = [`${error.name}: ${error.message}`, ...frames].join(' | ');
  }
  for (const secret of secrets) {
    if (secret.length < 3) continue;
    text = text.split(secret).join('***');
    const compacted = secret.replace(SEPARATORS, '');
    if (compacted.length >= 3 && compacted !== secret) text = text.split(compacted).join('***');
  }
  return text;
}
