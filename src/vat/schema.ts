/** The VAT field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateVat } from './index.js';
import type { VatReason } from './reasons.js';

/**
 * An EU VAT number, its structure and check digits offline (validateVat; no VIES lookup in a form);
 * the value is the number with its prefix, without spaces or dots.
 * @example
 * ```ts
 * vatSchema()['~standard'].validate('DE 129 273 398'); // { value: 'DE129273398' }
 * ```
 */
export function vatSchema(catalog?: MessageCatalog): FieldSchema<VatReason> {
  return fieldSchema(validateVat, catalog);
}
