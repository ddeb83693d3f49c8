/** The PHONE field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validatePhone, type PhoneOptions } from './index.js';
import type { PhoneReason } from './reasons.js';

/** What {@link phoneSchema} takes besides a bare catalog: validatePhone's options, and the catalog. */
export interface PhoneSchemaOptions extends PhoneOptions {
  /** The messages' language, as the other schemas take it (`phoneSchema({ catalog: es })` is `phoneSchema(es)`). */
  readonly catalog?: MessageCatalog;
}

/**
 * A phone number (validatePhone); the value is its E.164 form. Given a catalog, as every schema, or
 * an object with `defaultCountry` (national numbers are read for that country, docs/fields/phone.md)
 * and `catalog`.
 * @example
 * ```ts
 * phoneSchema()['~standard'].validate('+49 30 901820'); // { value: '+4930901820' }
 * phoneSchema({ defaultCountry: 'GB' })['~standard'].validate('020 7946 0123'); // { value: '+442079460123' }
 * ```
 */
export function phoneSchema(options?: MessageCatalog | PhoneSchemaOptions): FieldSchema<PhoneReason> {
  // A catalog always has its `messages`; the options object has none.
  if (options === undefined || 'messages' in options) return fieldSchema(validatePhone, options);
  const { catalog, ...phoneOptions } = options;
  return fieldSchema((value) => validatePhone(value, phoneOptions), catalog);
}
