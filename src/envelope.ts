/**
 * The envelope's own members, without any field's details (docs/envelope.md#the-envelope). A
 * field's details.ts builds its result type on this, and src/result.ts adds every field's details
 * to it, so that the field folders and the generated list of their details import no circle.
 */
import type { ReasonCode } from './reasons.js';

/** Depth of the checks that were applied. */
export type ValidationLevel = 'BASIC' | 'STANDARD' | 'ADVANCED' | 'PREMIUM';

/** Machine-readable reasons of the service's error answers (docs/envelope.md#error-codes). */
export type ErrorCode =
  | 'INVALID_JSON'
  | 'MISSING_VALUE'
  | 'VALUE_NOT_STRING'
  | 'VALUE_TOO_LONG'
  | 'BODY_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNKNOWN_MEMBER'
  | 'MISSING_API_KEY'
  | 'INVALID_API_KEY'
  | 'EXPIRED_API_KEY'
  | 'ACCOUNT_SUSPENDED'
  | 'CONFLICTING_API_KEYS'
  | 'METHOD_NOT_ALLOWED'
  | 'FORBIDDEN'
  | 'CONCURRENCY_LIMIT'
  | 'QUOTA_EXCEEDED'
  | 'AUTH_RATE_LIMITED'
  | 'STORE_UNAVAILABLE'
  | 'INTERNAL';

/**
 * The members of the response envelope every validation shares (docs/envelope.md#the-envelope),
 * without the fields' details objects: what a field's result type (src/<field>/details.ts) extends.
 */
export interface ValidationEnvelope {
  /** Whether the input passes the checks of that field. */
  valid: boolean;
  /** Human-readable summary, written to be shown to a user. */
  message: string;
  /** Why the value was rejected, a stable code of the field's list (docs/envelope.md#reason-codes); null when valid. */
  reason: ReasonCode | null;
  /** Canonical form of the input (the form to store); null when none could be derived. */
  normalizedValue: string | null;
  /** The exact input received. */
  originalValue: string;
  /** Depth applied. */
  validationLevel: ValidationLevel;
  /** Only on error answers of the HTTP service. */
  errorCode?: ErrorCode;
}

