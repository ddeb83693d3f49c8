/** The EMAIL field's Standard Schema (docs/standard-schema.md); `verifield/standard-schema` re-exports it. */
import type { MessageCatalog } from '../messages/catalog.js';
import { fieldSchema, type FieldSchema } from '../standard-schema/field-schema.js';
import { validateEmailSyntax } from './syntax-entry.js';
import type { EmailReason } from './reasons.js';

/**
 * An email address, its syntax and typo check (validateEmailSyntax: no lists, so a form stays small);
 * the value is the address trimmed, its domain lower-cased.
 * @example
 * ```ts
 * emailSchema()['~standard'].validate(' Jane.Doe@Example.COM '); // { value: 'Jane.Doe@example.com' }
 * ```
 */
export function emailSchema(catalog?: MessageCatalog): FieldSchema<EmailReason> {
  return fieldSchema(validateEmailSyntax, catalog);
}
