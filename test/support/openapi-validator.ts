/**
 * Checks HTTP answers against the OpenAPI document with ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1): the status must be declared for the operation, the content type must be one it
 * declares and a JSON body must match the declared schema, declared required headers must be present and every declared header must
 * match its schema. It also records which (operation, status) pairs were seen, so a test can demand
 * that every declared status was exercised.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { HeaderObject, OpenApiDocument, ReferenceObject, ResponseObject, SchemaObject } from '../../src/server/http/openapi.js';

const ROOT = 'https://verifield.test/openapi.json';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface AnswerToCheck {
  method: Method;
  /** The request path, e.g. /api/v1/vat/rates/FR. */
  path: string;
  status: number;
  headers: Headers;
  /** The raw body text. */
  body: string;
}

function isReference(value: object): value is ReferenceObject {
  return '$ref' in value && typeof (value as ReferenceObject).$ref === 'string';
}

/** A strict ajv that knows the formats OpenAPI adds to JSON Schema. */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictRequired: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  // The document's schemas live under components; the keyword only lets the root hold them.
  ajv.addKeyword('components');
  return ajv;
}

export interface OpenApiValidator {
  /** The compiled validator of `#/components/schemas/<name>`. */
  schema(name: string): ValidateFunction;
  /** The validator of any `$ref` inside the document, e.g. `#/components/schemas/VatRates`. */
  ref(pointer: string): ValidateFunction;
  /** The path template of the document that `path` falls under, or null. */
  templateOf(path: string): string | null;
  /** Problems of an answer (empty when it conforms); records the (operation, status) pair. */
  check(answer: AnswerToCheck): string[];
  /** Every `METHOD template status` seen by `check`. */
  readonly seen: ReadonlySet<string>;
  /** Every `METHOD template status` the document declares. */
  declared(): string[];
}

export function createOpenApiValidator(document: OpenApiDocument): OpenApiValidator {
  const ajv = strictAjv();
  ajv.addSchema({ $id: ROOT, components: document.components });
  const compiled = new Map<string, ValidateFunction>();
  const seen = new Set<string>();

  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

  function ref(pointer: string): ValidateFunction {
    let validate = compiled.get(pointer);
    if (validate === undefined) {
      validate = ajv.getSchema(`${ROOT}${pointer}`);
      if (validate === undefined) throw new Error(`No schema at ${pointer}`);
      compiled.set(pointer, validate);
    }
    return validate;
  }

  function follow<T extends object>(value: T | ReferenceObject): T {
    if (!isReference(value)) return value;
    const [, , section, name] = value.$ref.split('/');
    const target = (document.components as unknown as Record<string, Record<string, T>>)[section ?? '']?.[name ?? ''];
    if (target === undefined) throw new Error(`Unresolved ${value.$ref}`);
    return target;
  }

  function validateAgainst(schema: SchemaObject, data: unknown): string[] {
    const validate = schema.$ref !== undefined ? ref(schema.$ref) : ajv.compile(schema);
    if (validate(data)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  }

  return {
    schema: (name) => ref(`#/components/schemas/${name}`),
    ref,
    templateOf(path) {
      const bare = path.split('?')[0] ?? path;
      return templates.find(({ pattern }) => pattern.test(bare))?.template ?? null;
    },
    check(answer) {
      const template = this.templateOf(answer.path);
      if (template === null) return [`${answer.path} is not a path of the document`];
      const operation = document.paths[template]?.[answer.method];
      if (operation === undefined) return [`${answer.method.toUpperCase()} ${template} is not in the document`];
      seen.add(`${answer.method.toUpperCase()} ${template} ${answer.status}`);
      const declared = operation.responses[String(answer.status)];
      if (declared === undefined) return [`${answer.method.toUpperCase()} ${template} does not declare status ${answer.status}`];
      const response = follow<ResponseObject>(declared);
      const problems: string[] = [];

      for (const [name, headerOrRef] of Object.entries(response.headers ?? {})) {
        const header = follow<HeaderObject>(headerOrRef);
        const value = answer.headers.get(name);
        if (value === null) {
          if (header.required === true) problems.push(`missing required header ${name}`);
          continue;
        }
        const typed = header.schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
        problems.push(...validateAgainst(header.schema, typed).map((problem) => `header ${name}: ${problem}`));
      }

      if (response.content === undefined) return problems;
      const contentType = answer.headers.get('content-type') ?? '';
      const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
      // An answer in another of the declared media types (CSV, NDJSON) is a text the schema cannot check.
      if (mediaType !== 'application/json' && mediaType in response.content) return problems;
      const media = response.content['application/json'];
      if (media === undefined) return [...problems, `content type ${contentType || '(none)'} is not one of ${Object.keys(response.content).join(', ')}`];
      if (mediaType !== 'application/json') problems.push(`content type ${contentType || '(none)'} is not application/json`);
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        return [...problems, `body is not JSON: ${answer.body.slice(0, 120)}`];
      }
      problems.push(...validateAgainst(media.schema, body).map((problem) => `body${problem}`));
      return problems;
    },
    seen,
    declared() {
      const all: string[] = [];
      for (const [template, item] of Object.entries(document.paths)) {
        for (const method of METHODS) {
          const operation = item[method];
          if (operation === undefined) continue;
          for (const status of Object.keys(operation.responses)) all.push(`${method.toUpperCase()} ${template} ${status}`);
        }
      }
      return all.sort();
    },
  };
}
