/** The function that answers the NIF field. */
import type { FieldValidators } from '../fields/manifest.js';
import type { NifValidationResult } from './details.js';
import { validateNif } from './index.js';

export const validators: FieldValidators<NifValidationResult> = { offline: validateNif };
