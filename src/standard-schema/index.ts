/**
 * verifield/standard-schema: each field's offline validator as a Standard Schema v1
 * (docs/standard-schema.md), for the form libraries and servers that take one (TanStack Form,
 * React Hook Form's standard resolver, Hono's standard validator, tRPC). Each schema lives in its
 * field's folder (`src/<field>/schema.ts`) and imports its own validator only, so a form that uses
 * `ibanSchema` carries no phone metadata.
 */
export {
  NOT_A_STRING_MESSAGE,
  fieldSchema,
  type FieldFailure,
  type FieldIssue,
  type FieldSchema,
  type FieldSchemaProps,
  type FieldSchemaResult,
  type FieldValidator,
} from './field-schema.js';
export type { StandardSchemaV1 } from './spec.js';

// One schema per field, each in its folder (src/<field>/schema.ts), gathered from the field folders.
export * from '../fields/generated/standard-schema.js';
