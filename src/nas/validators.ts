/** The function that answers the NAS field. */
import type { FieldValidators } from '../fields/manifest.js';
import type { NasValidationResult } from './details.js';
import { validateNas } from './index.js';

export const validators: FieldValidators<NasValidationResult> = { offline: validateNas };
