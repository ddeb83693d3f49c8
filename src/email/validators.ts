/** The functions that answer the email field: the offline reading, and DNS, RDAP and the blocklist through the service's ports. */
import type { FieldValidators } from '../fields/manifest.js';
import type { EmailValidationResult } from './details.js';
import { validateEmail, verifyEmail } from './index.js';
import { serviceEmailLevel } from './service-depth.js';

export const validators: FieldValidators<EmailValidationResult> = {
  // Wrapped: validateEmail's second parameter is its options, never what a caller passes along.
  offline: (value) => validateEmail(value),
  verified: (value, context) =>
    verifyEmail(value, { dns: context.dns, domainAge: context.domainAge, level: serviceEmailLevel(context.emailLevel), now: context.now }),
};
