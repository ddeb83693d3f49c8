/**
 * The building blocks of the OpenAPI 3.1 document (./openapi.ts): the shapes of the document (the
 * subset of OpenAPI 3.1 and JSON Schema 2020-12 it uses) and the pieces its derived schemas and
 * operations are written with: the error bodies narrowed to an endpoint's codes, references, the
 * account endpoints' common answers.
 */

import { ref, type SchemaObject } from '../shapes/json-schema.js';
import { SHAPE_SCHEMAS } from '../shapes/generated/schemas.js';

// The JSON Schema pieces (../shapes/json-schema.ts).
export { enumOf, ref, text, type JsonType, type SchemaObject } from '../shapes/json-schema.js';

// ---------------------------------------------------------------------------------------------
// The shapes of the document (the subset of OpenAPI 3.1 and JSON Schema 2020-12 it uses)

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

/**
 * A generated error shape (an `ErrorBody` or a `ValidationErrorBody`) with its `errorCode` narrowed
 * to the codes one answer may carry, and its `message` to `message` when that says more.
 */
export function withCodes(shape: SchemaObject, codes: readonly string[], description: string, message: SchemaObject = {}): SchemaObject {
  const properties = shape.properties ?? {};
  const errorCode: SchemaObject = { type: 'string', enum: codes, description: properties.errorCode?.description ?? 'Machine-readable reason.' };
  return { ...shape, description, properties: { ...properties, errorCode, message: { ...properties.message, ...message } } };
}

/**
 * The `{ errorCode, message }` body of an error answer outside the validation endpoints
 * (docs/envelope.md#other-error-answers), closed, with the codes it may carry.
 */
export const errorBody = (codes: readonly string[], description: string, message: SchemaObject = {}): SchemaObject =>
  withCodes(SHAPE_SCHEMAS.ErrorBody, codes, description, message);


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

/** {@link ACCOUNT_ERRORS} and the 403 of a key that may not use the endpoint (the watch and evidence operations). */
export const KEY_SCOPED_ERRORS = { ...ACCOUNT_ERRORS, '403': responseRef('KeyForbidden') } as const;

/** The tag and the security of an account endpoint's operation: either scheme, the key in X-API-KEY or as Authorization: Bearer. */
export const accountOperation = (tag: string): Pick<OperationObject, 'tags' | 'security'> => ({ tags: [tag], security: [{ ApiKey: [] }, { BearerKey: [] }] });
