/**
 * The OpenAPI document on its own: the ten endpoints and statuses of docs/service.md#openapi-document, the two health
 * endpoints and the admin API, every schema valid
 * under a strict JSON Schema 2020-12 compiler, every reference resolving, and the schemas in step
 * with what the library's validators really return (samples from the real validators must match,
 * and every documented property must show up in some sample). test/server/http/openapi.test.ts checks a real
 * server's answers against the same document.
 */
import { Hono } from 'hono';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryVatCache } from '../../../src/adapters/memory.js';
import { verifyEmail } from '../../../src/email/verify.js';
import { validateEmail } from '../../../src/email/index.js';
import { validateIban } from '../../../src/iban/index.js';
import { validateNas } from '../../../src/nas/index.js';
import { validateNif } from '../../../src/nif/index.js';
import { validatePhone } from '../../../src/phone/index.js';
import type { DnsResolver, VatRegistry, VatRegistryAnswer } from '../../../src/ports.js';
import { VatRegistryError } from '../../../src/ports.js';
import type { ValidationResult } from '../../../src/result.js';
import { errorEnvelope } from '../../../src/server/answers/errors.js';
import { version as packageVersion } from '../../../package.json';
import { ERROR_CODES_BY_STATUS, openApiDocument, openApiRoute, type SchemaObject } from '../../../src/server/http/openapi.js';
import { ADMIN_ERROR_STATUS, type AdminErrorCode } from '../../../src/server/admin-api/errors.js';
import { REASONS } from '../../../src/reasons.js';
import { FIELD_NAMES, requestMembers } from '../../../src/fields/catalog.js';
import { validateSsn } from '../../../src/ssn/index.js';
import { validateVat, verifyVat } from '../../../src/vat/index.js';
import { FIELD_OPERATIONS } from '../../../src/fields/operations.js';
import { makeIban, registryCountries, seededPicker } from '../../support/generators/iban.js';
import { arbValidNif } from '../../support/generators/nif.js';
import { createOpenApiValidator, strictAjv } from '../../support/openapi-validator.js';
import { anyValidVat, seededRng, VALID_VAT_BUILDERS } from '../../support/generators/vat.js';

const doc = openApiDocument;
const validator = createOpenApiValidator(doc);
const schemas = doc.components.schemas;

function problems(schemaName: string, data: unknown): string[] {
  const validate = validator.schema(schemaName);
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/** docs/service.md#openapi-document: the endpoints and the statuses each declares. */
const CONTRACT_ENDPOINTS: Record<string, { method: 'get' | 'post'; statuses: string[] }> = {
  '/api/v1/validate/vat': { method: 'post', statuses: ['200', '400', '401', '415', '429', '500', '503'] },
  '/api/v1/validate/iban': { method: 'post', statuses: ['200', '400', '401', '415', '429', '500', '503'] },
  '/api/v1/validate/email': { method: 'post', statuses: ['200', '400', '401', '415', '429', '500', '503'] },
  '/api/v1/validate/phone': { method: 'post', statuses: ['200', '400', '401', '415', '429', '500', '503'] },
  '/api/v1/validate/nif': { method: 'post', statuses: ['200', '400', '401', '415', '429', '500', '503'] },
  '/api/v1/validate/nas': { method: 'post', statuses: ['200', '400', '401', '403', '415', '429', '500', '503'] },
  '/api/v1/validate/ssn': { method: 'post', statuses: ['200', '400', '401', '415', '429', '500', '503'] },
  '/api/v1/vat/rates': { method: 'get', statuses: ['200', '503'] },
  '/api/v1/vat/rates/{countryCode}': { method: 'get', statuses: ['200', '404', '503'] },
  '/api/v1/status/vies': { method: 'get', statuses: ['200'] },
  '/healthz': { method: 'get', statuses: ['200'] },
  '/readyz': { method: 'get', statuses: ['200', '503'] },
};

/** The contract's endpoints, and the validation endpoint of a field added as a folder, with the 403 where its openapi.ts declares it. */
const SPEC_ENDPOINTS: Record<string, { method: 'get' | 'post'; statuses: string[] }> = {
  ...Object.fromEntries(
    FIELD_NAMES.map((field) => [
      `/api/v1/validate/${field}`,
      { method: 'post' as const, statuses: ['200', '400', '401', ...(FIELD_OPERATIONS[field].declaresForbidden ? ['403'] : []), '415', '429', '500', '503'] },
    ]),
  ),
  ...CONTRACT_ENDPOINTS,
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

/** The jobs, watch and evidence endpoints (src/server/http/routes/{jobs,watch,evidence}.ts): each path's methods and statuses. */
const ACCOUNT_ENDPOINTS: Record<string, Partial<Record<Method, string[]>>> = {
  '/api/v1/jobs': {
    get: ['200', '401', '500', '503'],
    post: ['202', '400', '401', '403', '413', '415', '429', '500', '503'],
  },
  '/api/v1/jobs/{id}': {
    get: ['200', '401', '404', '500', '503'],
    delete: ['200', '401', '404', '409', '500', '503'],
  },
  '/api/v1/jobs/{id}/results': { get: ['200', '401', '404', '500', '503'] },
  '/api/v1/vat/watch': {
    get: ['200', '401', '403', '500', '503'],
    post: ['200', '201', '400', '401', '403', '415', '500', '503'],
  },
  '/api/v1/vat/watch/{id}': { delete: ['204', '401', '403', '404', '500', '503'] },
  '/api/v1/vat/watch/{id}/check': { post: ['200', '401', '403', '404', '429', '500', '503'] },
  '/api/v1/vat/evidence': { get: ['200', '400', '401', '403', '500', '503'] },
  '/api/v1/vat/evidence/{id}': { get: ['200', '401', '403', '404', '500', '503'] },
};

/** The admin API (src/server/admin-api/routes.ts): each path's methods and the statuses each declares. */
const ADMIN_ENDPOINTS: Record<string, Partial<Record<Method, string[]>>> = {
  '/api/v1/admin/accounts': {
    get: ['200', '401', '429', '500', '503'],
    post: ['201', '400', '401', '403', '413', '415', '429', '500', '503'],
  },
  '/api/v1/admin/accounts/{accountId}': {
    get: ['200', '401', '404', '429', '500', '503'],
    patch: ['200', '400', '401', '403', '404', '413', '415', '429', '500', '503'],
  },
  '/api/v1/admin/accounts/{accountId}/keys': {
    get: ['200', '401', '404', '429', '500', '503'],
    post: ['201', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
  },
  '/api/v1/admin/keys/{keyId}': { delete: ['200', '401', '403', '404', '429', '500', '503'] },
  '/api/v1/admin/accounts/{accountId}/usage': { get: ['200', '400', '401', '404', '429', '500', '503'] },
  '/api/v1/admin/accounts/{accountId}/log': { get: ['200', '400', '401', '404', '429', '500', '503'] },
  '/api/v1/admin/accounts/{accountId}/webhook': {
    get: ['200', '401', '404', '429', '500', '503'],
    put: ['200', '400', '401', '403', '404', '413', '415', '429', '500', '503'],
  },
  '/api/v1/admin/accounts/{accountId}/webhook/rotate': { post: ['200', '401', '403', '404', '429', '500', '503'] },
  '/api/v1/admin/accounts/{accountId}/members': {
    get: ['200', '401', '403', '404', '429', '500', '503'],
    post: ['201', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
  },
  '/api/v1/admin/accounts/{accountId}/members/{memberId}': {
    patch: ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
    delete: ['200', '401', '403', '404', '409', '429', '500', '503'],
  },
};

/** Every `$ref` string anywhere in `value`. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function resolvePointer(pointer: string): unknown {
  expect(pointer.startsWith('#/')).toBe(true);
  let node: unknown = doc;
  for (const part of pointer.slice(2).split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, versioned as the package, with the interface version (docs/service.md#openapi-document) in x-api-version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(packageVersion);
    expect(doc.info['x-api-version']).toBe('1.0.25');
    // The interface's major version stays in every path.
    for (const path of Object.keys(doc.paths).filter((p) => p.startsWith('/api/'))) expect(path).toMatch(/^\/api\/v1\//);
    expect(doc.info.title.length).toBeGreaterThan(0);
    // The document must survive a JSON round trip unchanged (no undefined, functions or symbols).
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('declares exactly the ten endpoints of docs/service.md#endpoints, the two health endpoints, the jobs, watch and evidence endpoints and the admin API, each with exactly its statuses', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([...Object.keys(SPEC_ENDPOINTS), ...Object.keys(ACCOUNT_ENDPOINTS), ...Object.keys(ADMIN_ENDPOINTS)].sort());
    for (const [path, { method, statuses }] of Object.entries(SPEC_ENDPOINTS)) {
      const item = doc.paths[path];
      expect(Object.keys(item ?? {}), path).toEqual([method]);
      expect(Object.keys(item?.[method]?.responses ?? {}).sort(), path).toEqual(statuses);
    }
    for (const [path, methods] of Object.entries({ ...ACCOUNT_ENDPOINTS, ...ADMIN_ENDPOINTS })) {
      const item = doc.paths[path];
      expect(Object.keys(item ?? {}).sort(), path).toEqual(Object.keys(methods).sort());
      for (const [method, statuses] of Object.entries(methods) as [Method, string[]][]) {
        expect(Object.keys(item?.[method]?.responses ?? {}).sort(), `${method} ${path}`).toEqual(statuses);
      }
    }
  });

  it('asks the admin API for the operator token or a session, and for the CSRF token with a session on every change', () => {
    expect(doc.components.securitySchemes.OperatorToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.SessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'verifield_session' });
    expect(doc.components.securitySchemes.CsrfToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-CSRF-Token' });
    for (const [path, methods] of Object.entries(ADMIN_ENDPOINTS)) {
      for (const method of Object.keys(methods) as Method[]) {
        const operation = doc.paths[path]?.[method];
        const session = method === 'get' ? { SessionCookie: [] } : { SessionCookie: [], CsrfToken: [] };
        expect(operation?.security, `${method} ${path}`).toEqual([{ OperatorToken: [] }, session]);
        expect(operation?.tags, `${method} ${path}`).toEqual(['Administration']);
        // Never cached: every answer, success or error, says no-store.
        for (const response of Object.values(operation?.responses ?? {})) {
          const resolved = ('$ref' in response ? resolvePointer(response.$ref) : response) as { headers?: Record<string, { required?: boolean; schema: unknown }> };
          expect(resolved.headers?.['Cache-Control'], `${method} ${path}`).toMatchObject({ required: true, schema: { const: 'no-store' } });
        }
        // Rotating a webhook secret is the one change without a body: the service makes the secret.
        expect(operation?.requestBody === undefined, `${method} ${path}`).toBe(method === 'get' || method === 'delete' || path.endsWith('/webhook/rotate'));
      }
    }
  });

  it('asks for the key (X-API-KEY or Authorization: Bearer) on the validation endpoints only, which also take the optional X-Service-SDK and Accept-Language headers', () => {
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-KEY' });
    expect(doc.components.securitySchemes.BearerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, { method }] of Object.entries(SPEC_ENDPOINTS)) {
      const operation = doc.paths[path]?.[method];
      if (path.startsWith('/api/v1/validate/')) {
        // Two alternatives: either scheme alone is enough.
        expect(operation?.security, path).toEqual([{ ApiKey: [] }, { BearerKey: [] }]);
        expect(operation?.parameters, path).toEqual([{ $ref: '#/components/parameters/ServiceSdk' }, { $ref: '#/components/parameters/AcceptLanguage' }]);
        expect(operation?.requestBody?.required, path).toBe(true);
      } else {
        expect(operation?.security, path).toEqual([]);
      }
    }
    // The jobs, watch and evidence endpoints take the same key, either way.
    for (const [path, methods] of Object.entries(ACCOUNT_ENDPOINTS)) {
      for (const method of Object.keys(methods) as Method[]) expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ ApiKey: [] }, { BearerKey: [] }]);
    }
    expect(doc.components.parameters.ServiceSdk).toMatchObject({ name: 'X-Service-SDK', in: 'header', required: false });
    expect(doc.components.parameters.AcceptLanguage).toMatchObject({ name: 'Accept-Language', in: 'header', required: false });
  });

  it('declares the reason of each field as its list of codes or null, and the language headers of the validation answers', () => {
    for (const field of Object.keys(REASONS) as (keyof typeof REASONS)[]) {
      const path = `/api/v1/validate/${field}`;
      const ok = doc.paths[path]?.post?.responses['200'] as unknown as { headers?: Record<string, { $ref?: string }>; content: { 'application/json': { schema: { $ref: string } } } };
      const schema = resolvePointer(ok.content['application/json'].schema.$ref) as { properties: Record<string, { enum?: unknown[] }>; required: string[] };
      expect(schema.properties.reason?.enum, field).toEqual([...REASONS[field], null]);
      expect(schema.required, field).toContain('reason');
      expect(Object.keys(schema.properties).slice(0, 3), field).toEqual(['valid', 'message', 'reason']);
      expect(ok.headers?.['Content-Language'], field).toEqual({ $ref: '#/components/headers/ContentLanguage' });
      expect(ok.headers?.Vary, field).toEqual({ $ref: '#/components/headers/VaryAcceptLanguage' });
    }
    expect(doc.components.headers.ContentLanguage).toMatchObject({ required: true, schema: { enum: ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl'] } });
    for (const name of ['BadRequest', 'Unauthorized', 'TooManyRequests', 'InternalError', 'StoreUnavailable', 'Forbidden']) {
      expect(doc.components.responses[name]?.headers?.['Content-Language'], name).toEqual({ $ref: '#/components/headers/ContentLanguageEnglish' });
    }
  });

  it('declares the RateLimit fields on every validation answer once the key is known: always on a 200', () => {
    for (const path of Object.keys(SPEC_ENDPOINTS).filter((p) => p.startsWith('/api/v1/validate/'))) {
      const responses = doc.paths[path]?.post?.responses ?? {};
      const ok = responses['200'] as { headers?: Record<string, { required?: boolean }> };
      expect(ok.headers?.['RateLimit-Policy']?.required, path).toBe(true);
      expect(ok.headers?.RateLimit?.required, path).toBe(true);
      for (const name of ['BadRequest', 'TooManyRequests', 'InternalError', ...(path.endsWith('/nas') ? ['Forbidden'] : [])]) {
        expect(Object.keys(doc.components.responses[name]?.headers ?? {}), name).toEqual(expect.arrayContaining(['RateLimit-Policy', 'RateLimit']));
      }
      // A 401 has no key to tell the state of; every answer names its request (its usage log entry).
      expect(Object.keys(doc.components.responses.Unauthorized?.headers ?? {})).toEqual(['Content-Language', 'X-Request-Id']);
      expect(ok.headers?.['X-Request-Id']?.required, path).toBe(true);
    }
  });

  it('has unique operation ids', () => {
    const ids = Object.values(doc.paths).flatMap((item) => METHODS.map((method) => item[method])).filter((op) => op !== undefined).map((op) => op.operationId);
    // 32 operations besides the validation endpoints, and one per field.
    expect(ids).toHaveLength(32 + FIELD_NAMES.length);
    expect(new Set(ids).size).toBe(32 + FIELD_NAMES.length);
  });

  it('resolves every $ref', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(30);
    for (const pointer of refs) expect(resolvePointer(pointer), pointer).toBeDefined();
  });

  it('compiles every schema with a strict JSON Schema 2020-12 compiler, and every schema is used', () => {
    for (const name of Object.keys(schemas)) expect(() => validator.schema(name), name).not.toThrow();
    const reachable = new Set<string>();
    const visit = (pointer: string): void => {
      if (reachable.has(pointer)) return;
      reachable.add(pointer);
      for (const inner of refsIn(resolvePointer(pointer))) visit(inner);
    };
    for (const pointer of refsIn({ paths: doc.paths })) visit(pointer);
    const unused = Object.keys(schemas).filter((name) => !reachable.has(`#/components/schemas/${name}`));
    // The 405 envelopes (answered to methods that have no operation) and NotFound (answered to paths that have none) are
    // there for readers and generators; ValidationResult (docs/envelope.md#the-envelope, with its ErrorCode) is used by the job results' lines.
    expect(unused.sort()).toEqual(['AdminError405', 'MethodNotAllowedResult', 'NotFound']);
  });

  it('closes every JSON request body (a member it does not list is 400 UNKNOWN_MEMBER), each validation body listing exactly the members its field takes', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item) as [Method, { requestBody?: { content: Record<string, { schema: SchemaObject }> } }][]) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (schema === undefined) continue;
        // A component may name another (JobRequest is JobSubmission): follow the references to the object.
        let resolved = schema;
        while (resolved.$ref !== undefined) resolved = resolvePointer(resolved.$ref) as SchemaObject;
        expect(resolved.additionalProperties, `${method} ${path}`).toBe(false);
        const field = path.startsWith('/api/v1/validate/') ? path.slice('/api/v1/validate/'.length) : null;
        if (field !== null) expect(Object.keys(resolved.properties ?? {}), path).toEqual(requestMembers(field as Parameters<typeof requestMembers>[0]));
      }
    }
    expect(problems('PhoneValidationRequest', { value: '020 7946 0958', defaultCountry: 'GB' })).toEqual([]);
    expect(problems('BicValidationRequest', { value: 'DEUTDEFF', iban: 'DE89 3704 0044 0532 0130 00' })).toEqual([]);
    expect(problems('BicValidationRequest', { value: 'DEUTDEFF', defaultCountry: 'GB' }).length).toBeGreaterThan(0);
    expect(problems('ValidationRequest', { value: 'x', defaultCountry: 'GB' }).length).toBeGreaterThan(0);
  });

  it('compiles the header and parameter schemas strictly too', () => {
    const ajv = strictAjv();
    for (const header of Object.values(doc.components.headers)) expect(() => ajv.compile(header.schema)).not.toThrow();
    for (const parameter of Object.values(doc.components.parameters)) expect(() => ajv.compile(parameter.schema)).not.toThrow();
  });

  it('gives every error status of a validation endpoint the envelope with the error codes of that status', () => {
    const statusSchemas: Record<number, string> = {
      400: 'BadRequestResult',
      401: 'UnauthorizedResult',
      403: 'ForbiddenResult',
      405: 'MethodNotAllowedResult',
      415: 'UnsupportedMediaTypeResult',
      429: 'TooManyRequestsResult',
      500: 'InternalErrorResult',
      503: 'StoreUnavailableResult',
    };
    for (const [status, codes] of Object.entries(ERROR_CODES_BY_STATUS)) {
      const name = statusSchemas[Number(status)] as string;
      expect(schemas[name]?.properties?.errorCode?.enum).toEqual(codes);
      for (const code of codes) {
        expect(problems(name, errorEnvelope(code, 'Some message', 'some value')), code).toEqual([]);
        // The same code under another status does not pass: each status names its own reasons.
        for (const other of Object.values(statusSchemas).filter((o) => o !== name)) {
          expect(problems(other, errorEnvelope(code, 'Some message', '')).length, `${code} as ${other}`).toBeGreaterThan(0);
        }
      }
    }
    expect(problems('BadRequestResult', { ...errorEnvelope('INVALID_JSON', 'x', ''), valid: true }).length).toBeGreaterThan(0);
    expect(problems('BadRequestResult', { ...errorEnvelope('INVALID_JSON', 'x', ''), stack: 'at x' }).length).toBeGreaterThan(0);
  });

  it('gives every error status of the admin API the { message, errorCode } body with exactly the codes of that status', () => {
    const statuses = [...new Set(Object.values(ADMIN_ERROR_STATUS))];
    for (const status of statuses) {
      const codes = (Object.keys(ADMIN_ERROR_STATUS) as AdminErrorCode[]).filter((code) => ADMIN_ERROR_STATUS[code] === status);
      expect(schemas[`AdminError${status}`]?.properties?.errorCode?.enum, String(status)).toEqual(codes);
      expect(doc.components.responses[`AdminError${status}`], String(status)).toBeDefined();
      for (const code of codes) {
        expect(problems(`AdminError${status}`, { message: 'Some message', errorCode: code }), code).toEqual([]);
        for (const other of statuses.filter((o) => o !== status)) {
          expect(problems(`AdminError${other}`, { message: 'Some message', errorCode: code }).length, `${code} as ${other}`).toBeGreaterThan(0);
        }
      }
    }
    expect(problems('AdminError400', { message: 'x', errorCode: 'INVALID_JSON', stack: 'at x' }).length).toBeGreaterThan(0);
  });

  it('holds examples that match their own schemas', () => {
    let checked = 0;
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      const media = node as { schema?: SchemaObject; examples?: Record<string, { value: unknown }> };
      if (media.schema !== undefined && media.examples !== undefined) {
        for (const [name, example] of Object.entries(media.examples)) {
          const validate = media.schema.$ref !== undefined ? validator.ref(media.schema.$ref) : strictAjv().compile(media.schema);
          expect(validate(example.value), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked++;
        }
      }
      for (const inner of Object.values(node)) walk(inner);
    };
    walk(doc);
    // One request example per validation endpoint, the 400 example, the 404 example, the parameter examples.
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('documents request examples that validate as the endpoint says, typed the way a person types', () => {
    const example = (path: string): string => {
      const value = doc.paths[path]?.post?.requestBody?.content['application/json']?.examples?.typed?.value as { value: string };
      return value.value;
    };
    expect(validateIban(example('/api/v1/validate/iban')).valid).toBe(true);
    expect(validateNif(example('/api/v1/validate/nif')).valid).toBe(true);
    expect(validateNas(example('/api/v1/validate/nas')).valid).toBe(true);
    expect(validateSsn(example('/api/v1/validate/ssn')).valid).toBe(true);
    expect(validatePhone(example('/api/v1/validate/phone')).valid).toBe(true);
    expect(validateVat(example('/api/v1/validate/vat')).vatDetails.format_valid).toBe(true);
    expect(validateEmail(example('/api/v1/validate/email')).emailDetails.signals.syntax_valid).toBe(true);
  });
});

describe('GET /api/v1/openapi.json (openApiRoute)', () => {
  it('serves the document as cacheable JSON', async () => {
    const app = new Hono();
    openApiRoute(app);
    const response = await app.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.json()).toEqual(doc);
  });
});

// ---------------------------------------------------------------------------------------------
// The schemas against what the library really returns

const stubDns: DnsResolver = {
  mx: async (domain) =>
    domain === 'nomail.example.org'
      ? { kind: 'nxdomain' }
      : domain === 'afallback.example.org'
        ? { kind: 'nodata' }
        : { kind: 'records', ttl: 300, records: [{ exchange: 'aspmx.l.google.com', priority: 1 }, { exchange: 'alt1.aspmx.l.google.com', priority: 5 }] },
  a: async (domain) => (domain === 'nomail.example.org' ? { kind: 'nxdomain' } : { kind: 'records', ttl: 300, records: ['203.0.113.7'] }),
};

function stubRegistry(answer: (query: Parameters<VatRegistry['check']>[0]) => VatRegistryAnswer): VatRegistry {
  return { check: async (query) => answer(query) };
}

async function vatSamples(): Promise<ValidationResult[]> {
  const rng = seededRng(7);
  const out: ValidationResult[] = [];
  for (const variants of Object.values(VALID_VAT_BUILDERS)) for (const build of Object.values(variants)) out.push(validateVat(build(rng)));
  out.push(validateVat(''), validateVat('US123'), validateVat('GR123456789'), validateVat('\u0000DE\uD800'));

  const germany = VALID_VAT_BUILDERS.DE?.standard?.(rng) as string;
  const spain = VALID_VAT_BUILDERS.ES?.entity?.(rng) as string;
  const france = VALID_VAT_BUILDERS.FR?.['numeric key']?.(rng) as string;
  const requestDate = '2026-01-15';
  out.push(await verifyVat(germany, { registry: stubRegistry(() => ({ valid: true, requestDate })) }));
  out.push(await verifyVat(germany, { registry: stubRegistry(() => ({ valid: false, requestDate })) }));
  out.push(await verifyVat(germany, { registry: stubRegistry(() => ({ valid: true, requestDate })), traderName: 'Muster GmbH' }));
  out.push(
    await verifyVat(spain, {
      registry: stubRegistry(() => ({ valid: true, requestDate, traderNameMatch: 'VALID' })),
      traderName: 'Ejemplo SL',
    }),
  );
  const cache = memoryVatCache();
  const frenchRegistry = stubRegistry(() => ({
    valid: true,
    requestDate,
    name: 'EXEMPLE SARL',
    address: '1 RUE DE LA PAIX\n75002 PARIS',
    requestIdentifier: 'WAPIAAAAZ1234567',
  }));
  out.push(await verifyVat(france, { registry: frenchRegistry, cache, traderName: 'Exemple', requester: germany }));
  out.push(await verifyVat(france, { registry: frenchRegistry, cache }));
  const outage: VatRegistry = {
    check: async () => {
      throw new VatRegistryError('fault', 'MS_UNAVAILABLE', 'outage', true, 'down');
    },
  };
  out.push(await verifyVat(germany, { registry: outage }));
  out.push(await verifyVat(france, { registry: outage, cache }));
  out.push(await verifyVat('GB123', { registry: outage }));
  // A national registry's verdict: the registry named, and what it said of the entity.
  const swiss = VALID_VAT_BUILDERS.CH?.standard?.(rng) as string;
  out.push(await verifyVat(swiss, { registry: outage, uid: stubRegistry(() => ({ valid: false, requestDate, entityStatus: ['NOT_VAT_REGISTERED'] })) }));
  return out;
}

async function emailSamples(): Promise<ValidationResult[]> {
  const addresses = ['jane.doe@example.com', 'info@gmial.com', '', 'not an email', 'x@nomail.example.org', 'ops@afallback.example.org', 'a@mailinator.com', 'me@duck.com'];
  const out: ValidationResult[] = [];
  for (const address of addresses) {
    out.push(validateEmail(address));
    for (const level of ['BASIC', 'STANDARD', 'ADVANCED', 'PREMIUM'] as const) out.push(validateEmail(address, { level }));
    for (const level of ['STANDARD', 'ADVANCED', 'PREMIUM'] as const) {
      out.push(
        await verifyEmail(address, {
          dns: stubDns,
          level,
          domainAge: { registeredAt: async () => new Date('2020-02-02T00:00:00Z') },
          blocklist: ['blocked.example.net'],
        }),
      );
    }
  }
  out.push(await verifyEmail('x@blocked.example.net', { dns: stubDns, blocklist: ['blocked.example.net'] }));
  return out;
}

function offlineSamples(): Record<string, ValidationResult[]> {
  const pick = seededPicker(11);
  const ibans = registryCountries.map((country) => makeIban(country, pick));
  const nifs = fc.sample(arbValidNif, { seed: 3, numRuns: 40 });
  return {
    IbanValidationResult: [
      ...ibans.map((iban) => validateIban(iban)),
      ...ibans.map((iban) => validateIban(`${iban}0`)),
      validateIban('XX12 3456'),
      validateIban(''),
      validateIban('DE89 3704 0044 0532 0130 12'),
    ],
    NifValidationResult: [...nifs.map((nif) => validateNif(nif)), validateNif('12345678A'), validateNif('A5881850B'), validateNif('hello'), validateNif('')],
    NasValidationResult: ['046 454 286', '130 692 544', '930 692 541', '123 456 789', '12', '000 000 000', ''].map((v) => validateNas(v)),
    SsnValidationResult: ['123-45-6789', '078-05-1120', '900-70-1234', '666-12-3456', '123-00-4567', 'x', ''].map((v) => validateSsn(v)),
    PhoneValidationResult: ['+1 650 253 0000', '+44 20 7946 0958', '+33 1', '650', '+999 1234', '0044 7400 123456', '+7 912 345 67 89', ''].map((v) =>
      validatePhone(v),
    ),
  };
}

const DETAILS: Record<string, { key: keyof ValidationResult; schema: string; nested?: string }> = {
  VatValidationResult: { key: 'vatDetails', schema: 'VatDetails' },
  IbanValidationResult: { key: 'ibanDetails', schema: 'IbanDetails' },
  EmailValidationResult: { key: 'emailDetails', schema: 'EmailDetails', nested: 'EmailSignals' },
  PhoneValidationResult: { key: 'phoneDetails', schema: 'PhoneDetails' },
  NifValidationResult: { key: 'nifDetails', schema: 'NifDetails' },
  NasValidationResult: { key: 'nasDetails', schema: 'NasDetails' },
  SsnValidationResult: { key: 'ssnDetails', schema: 'SsnDetails' },
};

describe('the schemas and the real validators', () => {
  it('match every sample of every field, and every documented property appears in some sample', async () => {
    const samples: Record<string, ValidationResult[]> = {
      ...offlineSamples(),
      VatValidationResult: await vatSamples(),
      EmailValidationResult: await emailSamples(),
    };
    for (const [resultSchema, results] of Object.entries(samples)) {
      const { key, schema, nested } = DETAILS[resultSchema] as (typeof DETAILS)[string];
      const seenKeys = new Set<string>();
      const seenNested = new Set<string>();
      for (const result of results) {
        expect(problems(resultSchema, result), `${resultSchema} ${JSON.stringify(result)}`).toEqual([]);
        // The generic envelope of docs/envelope.md#the-envelope accepts every field's answer too.
        expect(problems('ValidationResult', result)).toEqual([]);
        const details = result[key] as Record<string, unknown> | undefined;
        for (const name of Object.keys(details ?? {})) seenKeys.add(name);
        if (nested !== undefined) for (const name of Object.keys((details?.signals as object | undefined) ?? {})) seenNested.add(name);
      }
      expect([...seenKeys].sort(), schema).toEqual(Object.keys(schemas[schema]?.properties ?? {}).sort());
      if (nested !== undefined) expect([...seenNested].sort(), nested).toEqual(Object.keys(schemas[nested]?.properties ?? {}).sort());
    }
  });

  it('match whatever string a user types, for every field', () => {
    const fields: [string, (value: string) => ValidationResult][] = [
      ['IbanValidationResult', validateIban],
      ['NifValidationResult', validateNif],
      ['NasValidationResult', validateNas],
      ['SsnValidationResult', validateSsn],
      ['PhoneValidationResult', validatePhone],
      ['VatValidationResult', validateVat],
      ['EmailValidationResult', (value) => validateEmail(value, { level: 'ADVANCED' })],
    ];
    const rng = seededRng(5);
    const typed = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(...Array.from({ length: 20 }, () => anyValidVat(rng))),
      fc.stringMatching(/^[A-Z]{2}[0-9 ]{2,30}$/),
      fc.emailAddress(),
    );
    fc.assert(
      fc.property(typed, (value) => {
        for (const [name, validate] of fields) expect(problems(name, validate(value)), `${name}(${JSON.stringify(value)})`).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuse an answer with a field the document does not know', () => {
    const result = validateIban('DE89 3704 0044 0532 0130 00');
    expect(problems('IbanValidationResult', result)).toEqual([]);
    expect(problems('IbanValidationResult', { ...result, ibanDetails: { ...result.ibanDetails, bank: 'x' } }).length).toBeGreaterThan(0);
    expect(problems('IbanValidationResult', { ...result, vatDetails: validateVat('DE123').vatDetails }).length).toBeGreaterThan(0);
  });
});
