/**
 * JSON Schema 2020-12 as the OpenAPI 3.1 document embeds it: the type of a schema (the generated
 * ones of ./generated/schemas.ts and the few the document derives from code tables) and the small
 * pieces those derived ones are written with. Object shapes are never written here: they are
 * TypeScript types, whose schemas scripts/generate-schemas.ts generates.
 */

/** The JSON Schema types. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** A JSON Schema 2020-12 object, as OpenAPI 3.1 embeds it. */
export interface SchemaObject {
  $ref?: string;
  type?: JsonType | readonly JsonType[];
  title?: string;
  description?: string;
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Readonly<Record<string, SchemaObject>>;
  required?: readonly string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  anyOf?: readonly SchemaObject[];
  examples?: readonly unknown[];
  default?: string | number | boolean | null;
}

/** A reference to `#/components/schemas/<name>`. */
export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
/** A string schema. */
export const text = (description: string, extra: SchemaObject = {}): SchemaObject => ({ type: 'string', description, ...extra });
/** A string schema of the given values. */
export const enumOf = (values: readonly string[], description: string): SchemaObject => ({ type: 'string', enum: values, description });
