/**
 * The building blocks of the OpenAPI 3.1 document (./openapi.ts): the shapes of the document (the
 * subset of OpenAPI 3.1 and JSON Schema 2020-12 it uses) and small schema pieces, among them
 * {@link objectOf}, which ties an object schema's properties to a TypeScript type so that the two
 * cannot drift apart.
 */

// ---------------------------------------------------------------------------------------------
// The shapes of the document (the subset of OpenAPI 3.1 and JSON Schema 2020-12 it uses)

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
  examples?: readonly unknown[];
  default?: string | number | boolean | null;
}

/** A `$ref` to another part of the document. */
export interface ReferenceObject {
  $ref: string;
}

/** A response header. */
export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: SchemaObject;
}

/** A header, path or query parameter of an operation. */
export interface ParameterObject {
  name: string;
  in: 'header' | 'path' | 'query';
  description: string;
  required: boolean;
  schema: SchemaObject;
  examples?: Readonly<Record<string, { summary?: string; value: unknown }>>;
}

/** A body of one media type: its schema and examples. */
export interface MediaTypeObject {
  schema: SchemaObject;
  examples?: Readonly<Record<string, { summary?: string; value: unknown }>>;
}

/** One response of an operation. */
export interface ResponseObject {
  description: string;
  headers?: Readonly<Record<string, HeaderObject | ReferenceObject>>;
  content?: Readonly<Record<string, MediaTypeObject>>;
}

/** One method on one path. */
export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: readonly string[];
  security: readonly Readonly<Record<string, readonly string[]>>[];
  parameters?: readonly (ParameterObject | ReferenceObject)[];
  requestBody?: { required: boolean; description: string; content: Readonly<Record<string, MediaTypeObject>> };
  responses: Readonly<Record<string, ResponseObject | ReferenceObject>>;
}

/** The methods of one path. */
export interface PathItemObject {
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  patch?: OperationObject;
  delete?: OperationObject;
}

/** How a request proves who sends it: a key or token in a header or cookie, or a Bearer token. */
export type SecuritySchemeObject =
  | { type: 'apiKey'; in: 'header' | 'cookie'; name: string; description: string }
  | { type: 'http'; scheme: 'bearer'; description: string };

/** The OpenAPI 3.1 document of the service. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    /** The version of the verifield package that serves the document. */
    version: string;
    /** The version of the interface itself; its major version is also in the path (/api/v1). */
    'x-api-version': string;
    summary: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: readonly { url: string; description: string }[];
  tags: readonly { name: string; description: string }[];
  paths: Readonly<Record<string, PathItemObject>>;
  components: {
    schemas: Readonly<Record<string, SchemaObject>>;
    responses: Readonly<Record<string, ResponseObject>>;
    parameters: Readonly<Record<string, ParameterObject>>;
    headers: Readonly<Record<string, HeaderObject>>;
    securitySchemes: Readonly<Record<string, SecuritySchemeObject>>;
  };
}

// ---------------------------------------------------------------------------------------------
// Schema pieces

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

/**
 * The `{ errorCode, message }` body of an error answer outside the validation endpoints
 * (docs/envelope.md#other-error-answers), closed, with the codes it may carry.
 */
export const errorBody = (codes: readonly string[], description: string, message: SchemaObject = {}): SchemaObject => ({
  type: 'object',
  description,
  properties: { errorCode: enumOf(codes, 'Machine-readable reason.'), message: text('What went wrong, in English, for the developer reading it.', message) },
  required: ['errorCode', 'message'],
  additionalProperties: false,
});

/** The validation depths (docs/envelope.md). */
export const LEVELS = ['BASIC', 'STANDARD', 'ADVANCED', 'PREMIUM'] as const;

/** A JSON body of the named schema, with optional examples. */
export const json = (schemaName: string, examples?: MediaTypeObject['examples']): Readonly<Record<string, MediaTypeObject>> => ({
  'application/json': examples === undefined ? { schema: ref(schemaName) } : { schema: ref(schemaName), examples },
});
/** A reference to `#/components/responses/<name>`. */
export const responseRef = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });
/** A reference to `#/components/headers/<name>`. */
export const headerRef = (name: string): ReferenceObject => ({ $ref: `#/components/headers/${name}` });

/**
 * The answers every operation of the account endpoints (jobs, watches, evidence) may give about its
 * key or the service: `{ errorCode, message }` with the validation endpoints' codes (./openapi.ts).
 */
export const ACCOUNT_ERRORS = {
  '401': responseRef('KeyUnauthorized'),
  '500': responseRef('ServerError'),
  '503': responseRef('KeyStoreUnavailable'),
} as const;
