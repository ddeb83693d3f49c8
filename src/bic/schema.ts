/** The BIC field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateBic } from './index.js';
import type { BicReason } from './reasons.js';

/**
 * A BIC (validateBic); the value is the 8 or 11 characters without spaces, upper-cased.
 * @example
 * ```ts
 * bicSchema()['~standard'].validate('deut de ff'); // { value: 'DEUTDEFF' }
 * ```
 */
export function bicSchema(catalog?: MessageCatalog): FieldSchema<BicReason> {
  return fieldSchema(validateBic, catalog);
}
