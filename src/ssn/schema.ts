/** The SSN field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateSsn } from './index.js';
import type { SsnReason } from './reasons.js';

/**
 * A US SSN (validateSsn); the value is the nine digits.
 * @example
 * ```ts
 * ssnSchema()['~standard'].validate('536-22-1234'); // { value: '536221234' }
 * ```
 */
export function ssnSchema(catalog?: MessageCatalog): FieldSchema<SsnReason> {
  return fieldSchema(validateSsn, catalog);
}
