/**
 * The one envelope every validator returns (docs/envelope.md). Each field's details object
 * (docs/envelope.md#details-objects) is declared in its folder (`src/<field>/details.ts`) and
 * re-exported here, so that the envelope, the server and the client all speak of the same shapes.
 */

import type { FieldDetailsMembers } from './fields/generated/details.js';
import type { ValidationEnvelope, ValidationLevel } from './envelope.js';
import type { ReasonCode } from './reasons.js';

// Each field's details type and result type, declared in its folder (src/<field>/details.ts).
export type * from './fields/generated/details.js';

export type { ErrorCode, ValidationEnvelope, ValidationLevel } from './envelope.js';

/**
 * The response envelope of every validation (docs/envelope.md#the-envelope), with the details
 * object of every field as an optional member (`ibanDetails` …, derived from the field folders).
 */
export interface ValidationResult extends ValidationEnvelope, FieldDetailsMembers {}

/**
 * Throws the TypeError that docs/envelope.md#non-string-input promises for a non-string input. Strings, however odd,
 * never throw: they get an envelope.
 * @example
 * ```ts
 * requireString('DE89 3704', 'validateIban'); // undefined
 * let thrown = '';
 * try { requireString(42, 'validateIban'); } catch (error) { thrown = String(error); }
 * thrown; // 'TypeError: validateIban expects a string, got number'
 * ```
 */
export function requireString(value: unknown, functionName: string): asserts value is string {
  if (typeof value !== 'string') {
    throw new TypeError(`${functionName} expects a string, got ${value === null ? 'null' : typeof value}`);
  }
}

/**
 * The fields every envelope shares, in the order they are serialised. `reason` is null exactly when
 * `valid` is true.
 * @example
 * ```ts
 * envelope('DE89', false, 'Too short to be an IBAN', 'DE89', 'STANDARD', 'IBAN_TOO_SHORT'); // { valid: false, message: 'Too short to be an IBAN', reason: 'IBAN_TOO_SHORT', normalizedValue: 'DE89', originalValue: 'DE89', validationLevel: 'STANDARD' }
 * ```
 */
export function envelope<Reason extends ReasonCode>(
  originalValue: string,
  valid: boolean,
  message: string,
  normalizedValue: string | null,
  validationLevel: ValidationLevel = 'STANDARD',
  reason: Reason | null = null,
): ValidationResult & { reason: Reason | null } {
  return { valid, message, reason, normalizedValue, originalValue, validationLevel };
}

/**
 * Removes every character of `separators` from `value` and upper-cases it: the compact form
 * that the number fields normalise to.
 * @example
 * ```ts
 * compact('046 454-286', /[\s-]/g); // '046454286'
 * compact('es b-64717838', /[\s-]/g); // 'ESB64717838'
 * ```
 */
export function compact(value: string, separators: RegExp): string {
  return value.replace(separators, '').toUpperCase();
}
