/** The NIF field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateNif } from './index.js';
import type { NifReason } from './reasons.js';

/**
 * A Spanish NIF, NIE or entity NIF (validateNif); the value is the nine characters, upper-cased.
 * @example
 * ```ts
 * nifSchema()['~standard'].validate('12345678-z'); // { value: '12345678Z' }
 * ```
 */
export function nifSchema(catalog?: MessageCatalog): FieldSchema<NifReason> {
  return fieldSchema(validateNif, catalog);
}
