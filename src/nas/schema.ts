/** The NAS field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateNas } from './index.js';
import type { NasReason } from './reasons.js';

/**
 * A Canadian SIN (validateNas); the value is the nine digits.
 * @example
 * ```ts
 * nasSchema()['~standard'].validate('046 454 286'); // { value: '046454286' }
 * ```
 */
export function nasSchema(catalog?: MessageCatalog): FieldSchema<NasReason> {
  return fieldSchema(validateNas, catalog);
}
