/** The IBAN field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateIban } from './index.js';
import type { IbanReason } from './reasons.js';

/**
 * An IBAN (validateIban); the value is the IBAN without spaces, upper-cased.
 * @example
 * ```ts
 * ibanSchema()['~standard'].validate('de89 3704 0044 0532 0130 00'); // { value: 'DE89370400440532013000' }
 * ibanSchema()['~standard'].validate('DE89 3704 0044 0532 0130 12'); // { issues: [{ message: 'IBAN check digits do not match, please check the number', reason: 'IBAN_BAD_CHECKSUM' }] }
 * ```
 */
export function ibanSchema(catalog?: MessageCatalog): FieldSchema<IbanReason> {
  return fieldSchema(validateIban, catalog);
}
