/**
 * The function that answers the BIC field: offline only, since a BIC's checks ask nothing of the
 * outside world. A request's `iban` member (field.ts) is passed on as `options.iban`.
 */
import type { FieldValidators } from '../fields/manifest.js';
import type { BicValidationResult } from './details.js';
import { validateBic } from './index.js';

export const validators: FieldValidators<BicValidationResult> = {
  // Wrapped: only the member the request named is passed on, never what else a caller's object holds.
  offline: (value, options) => (options?.iban === undefined ? validateBic(value) : validateBic(value, { iban: options.iban })),
};
