/**
 * The depth at which the service runs `verifyEmail` for a plan's email level
 * (docs/fields/email.md#depth): the service always asks DNS, so no plan runs email below STANDARD,
 * the shallowest depth `verifyEmail` has; BASIC (offline only) is `validateEmail`'s.
 */
import type { ValidationLevel } from '../result.js';
import type { EmailVerificationLevel } from './verify.js';

/** The shallowest depth the service runs email at. */
export const SERVICE_MIN_EMAIL_LEVEL: EmailVerificationLevel = 'STANDARD';

/**
 * The `verifyEmail` level the service applies for a plan whose email level is `planLevel`.
 * @example
 * ```ts
 * serviceEmailLevel('BASIC'); // 'STANDARD'
 * serviceEmailLevel('ADVANCED'); // 'ADVANCED'
 * ```
 */
export function serviceEmailLevel(planLevel: ValidationLevel): EmailVerificationLevel {
  return planLevel === 'BASIC' ? SERVICE_MIN_EMAIL_LEVEL : planLevel;
}
