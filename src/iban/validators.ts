/** The function that answers the IBAN field. */
import type { FieldValidators } from '../fields/manifest.js';
import type { IbanValidationResult } from './details.js';
import { validateIban } from './index.js';

export const validators: FieldValidators<IbanValidationResult> = { offline: validateIban };
