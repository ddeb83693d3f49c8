/**
 * The function that answers the IBAN field. A request's `nationalCheck` member (field.ts) is a
 * string the body took as it came: only `report` changes the answer, so that no other string
 * reaches validateIban, which throws on a mode it does not know.
 */
import type { FieldValidators } from '../fields/manifest.js';
import type { IbanValidationResult } from './details.js';
import { validateIban } from './index.js';

export const validators: FieldValidators<IbanValidationResult> = {
  offline: (value, options) => (options?.nationalCheck === 'report' ? validateIban(value, { nationalCheck: 'report' }) : validateIban(value)),
};
