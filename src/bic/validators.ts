/**
 * The function that answers the BIC field: offline only, since a BIC's checks ask nothing of the
 * outside world. The service's request carries the value alone, so its answers have
 * `ibanCountryMatches` null.
 */
import type { FieldValidators } from '../fields/manifest.js';
import type { BicValidationResult } from './details.js';
import { validateBic } from './index.js';

export const validators: FieldValidators<BicValidationResult> = { offline: (value) => validateBic(value) };
