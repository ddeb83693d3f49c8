/** The function that answers the SSN field. */
import type { FieldValidators } from '../fields/manifest.js';
import type { SsnValidationResult } from './details.js';
import { validateSsn } from './index.js';

export const validators: FieldValidators<SsnValidationResult> = { offline: validateSsn };
