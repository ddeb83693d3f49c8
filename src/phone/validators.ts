/** The function that answers the phone field. */
import type { FieldValidators } from '../fields/manifest.js';
import type { PhoneValidationResult } from './details.js';
import { validatePhone } from './index.js';

export const validators: FieldValidators<PhoneValidationResult> = {
  // Wrapped: only the option the request named is passed on, never what else a caller's object holds.
  offline: (value, options) => (options?.defaultCountry === undefined ? validatePhone(value) : validatePhone(value, { defaultCountry: options.defaultCountry })),
};
