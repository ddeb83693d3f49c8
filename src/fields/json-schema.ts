/**
 * JSON Schema 2020-12 pieces, as the OpenAPI 3.1 document embeds them: the service's document
 * (src/server/http/openapi.ts) is written with them (a field's details schema is generated from its
 * `details.ts` instead). {@link objectOf} ties an object schema's properties to a TypeScript
 * type so that the two cannot drift apart.
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
/** `schema`, or null. */
export const orNull = (schema: SchemaObject): SchemaObject => ({ ...schema, type: [schema.type as JsonType, 'null'] });
/** A string schema. */
export const text = (description: string, extra: SchemaObject = {}): SchemaObject => ({ type: 'string', description, ...extra });
/** A boolean schema. */
export const flag = (description: string): SchemaObject => ({ type: 'boolean', description });
/** A string schema of the given values. */
export const enumOf = (values: readonly string[], description: string): SchemaObject => ({ type: 'string', enum: values, description });
/** A 32-bit integer schema. */
export const int32 = (description: string, extra: SchemaObject = {}): SchemaObject => ({ type: 'integer', format: 'int32', description, ...extra });

/** Keys a type always has (as opposed to the optional ones). */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** A property of an {@link objectOf} schema and whether the type requires it. */
export interface Property<IsRequired extends boolean> {
  schema: SchemaObject;
  required: IsRequired;
}
/** A property the type requires. */
export const always = (schema: SchemaObject): Property<true> => ({ schema, required: true });
/** An optional property. */
export const sometimes = (schema: SchemaObject): Property<false> => ({ schema, required: false });

/**
 * A closed object schema whose properties are exactly the keys of `T`, each marked required exactly
 * when `T` requires it: the compiler keeps the schema and the type in step.
 */
export function objectOf<T extends object>(
  description: string,
  properties: { [K in keyof T]-?: Property<K extends RequiredKeys<T> ? true : false> },
): SchemaObject {
  const schemas: Record<string, SchemaObject> = {};
  const required: string[] = [];
  for (const [name, property] of Object.entries(properties) as [string, Property<boolean>][]) {
    schemas[name] = property.schema;
    if (property.required) required.push(name);
  }
  // Closed, so that a field the service starts sending without documenting it fails the tests.
  return { type: 'object', description, properties: schemas, required, additionalProperties: false };
}


/** The validation depths (docs/envelope.md). */
export const LEVELS = ['BASIC', 'STANDARD', 'ADVANCED', 'PREMIUM'] as const;
