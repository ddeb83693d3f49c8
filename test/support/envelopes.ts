/**
 * The error envelope of a validation endpoint that refused a request before reading its value (a
 * key refused, a body that is no JSON object), as docs/envelope.md spells it. Written out here
 * rather than built with the service's own builder, so that a test compares the answer with the
 * documented shape, not with whatever the code builds.
 */
import type { ErrorCode, ValidationResult } from '../../src/result.js';

/** The body of such a refusal with `errorCode` and `message`: no value was read, so `originalValue` is ''. */
export function refusedBeforeValue(errorCode: ErrorCode, message: string): ValidationResult {
  return { valid: false, message, reason: null, normalizedValue: null, originalValue: '', validationLevel: 'STANDARD', errorCode };
}

/** The answer of an offline validator that refused `input` without reading a value in it (no details): STANDARD, normalizedValue null. */
export function refusedWithoutValue<Reason extends string>(input: string, message: string, reason: Reason) {
  return { valid: false, message, reason, normalizedValue: null, originalValue: input, validationLevel: 'STANDARD' } as const;
}
