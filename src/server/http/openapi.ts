/**
 * The OpenAPI 3.1 description of the service: one validation endpoint per field of the field
 * catalog (src/fields/catalog.ts, described by each field's src/<field>/openapi.ts through
 * src/fields/operations.ts: texts, request members, example), the three public reference
 * endpoints, the two health endpoints, the jobs, watch and evidence endpoints and the admin API
 * (./openapi-*.ts), served at GET /api/v1/openapi.json. Its schemas are not written here: each JSON
 * shape is a TypeScript type with its TSDoc, and ./generated/schemas.ts holds the JSON Schema
 * scripts/generate-schemas.ts derives from it (./shapes.ts names them). What this module adds is
 * derived from the catalogs: each field's result (the envelope, the field's reason codes, its
 * details), the request bodies of the field folders' members, and the error bodies narrowed to the
 * codes of each status. test/server/http/openapi.test.ts validates every response of a real server
 * against the document.
 */
import type { Env, Hono, Schema } from 'hono';
// The package's version, inlined from package.json at build time (the client sends it too).
import { CLIENT_VERSION as PACKAGE_VERSION } from '../../client/version.js';
import type { ErrorCode } from '../../result.js';
import { FIELD_CATALOG, FIELD_NAMES, validationPath, type FieldName } from '../../fields/catalog.js';
import { FIELD_OPERATIONS } from '../../fields/operations.js';
import { MAX_VALUE_CHARACTERS } from '../policy/limits.js';
import { ERROR_MESSAGES, SERVICE_ERROR_STATUS, type ServiceErrorCode } from '../answers/errors.js';
import { ANSWER_LANGUAGES, DEFAULT_LANGUAGE } from '../answers/answer-language.js';
import { CATALOG_LANGUAGES } from '../../messages/catalogs.js';
import { SHAPE_SCHEMAS } from '../shapes/generated/schemas.js';
import { ADMIN_PARAMETERS, ADMIN_PATHS, ADMIN_RESPONSES, ADMIN_SCHEMAS, ADMIN_SECURITY_SCHEMES, ADMIN_TAG } from './openapi-admin.js';
import { EVIDENCE_PATHS, EVIDENCE_SCHEMAS, EVIDENCE_TAG } from './openapi-evidence.js';
import { JOBS_TAG, paths as JOB_PATHS, schemas as JOB_SCHEMAS } from './openapi-jobs.js';
import { WATCH_PATHS, WATCH_TAG } from './openapi-watch.js';
import {
  errorBody,
  withCodes,
  headerRef,
  json,
  ref,
  responseRef,
  text,
  type HeaderObject,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from './openapi-schema.js';

export type { HeaderObject, OpenApiDocument, OperationObject, ReferenceObject, ResponseObject, SchemaObject } from './openapi-schema.js';

/**
 * The generated shapes the document lists as components: all but the two error bodies, which it
 * narrows to the codes of each status instead ({@link errorResult}, errorBody of ./openapi-schema.ts).
 */
const NARROWED_SHAPES: ReadonlySet<string> = new Set(['ErrorBody', 'ValidationErrorBody']);
const shapeComponents: Record<string, SchemaObject> = Object.fromEntries(Object.entries(SHAPE_SCHEMAS).filter(([name]) => !NARROWED_SHAPES.has(name)));

/** The error codes each error status of a validation path answers with. */
export const ERROR_CODES_BY_STATUS = {
  400: ['INVALID_JSON', 'MISSING_VALUE', 'VALUE_NOT_STRING', 'VALUE_TOO_LONG', 'UNKNOWN_MEMBER', 'BODY_TOO_LARGE'],
  401: ['MISSING_API_KEY', 'INVALID_API_KEY', 'EXPIRED_API_KEY', 'ACCOUNT_SUSPENDED', 'CONFLICTING_API_KEYS'],
  403: ['FORBIDDEN'],
  405: ['METHOD_NOT_ALLOWED'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['CONCURRENCY_LIMIT', 'QUOTA_EXCEEDED', 'AUTH_RATE_LIMITED'],
  500: ['INTERNAL'],
  503: ['STORE_UNAVAILABLE'],
} as const satisfies Record<number, readonly ErrorCode[]>;

// Every error code belongs to some status: adding a code to result.ts or errors.ts without placing it here fails to compile.
type UnplacedErrorCode = Exclude<ErrorCode, (typeof ERROR_CODES_BY_STATUS)[keyof typeof ERROR_CODES_BY_STATUS][number]>;
const everyErrorCodePlaced: [UnplacedErrorCode] extends [never] ? true : false = true;
void everyErrorCodePlaced;

type ErrorStatus = keyof typeof ERROR_CODES_BY_STATUS;

/**
 * The envelope's own members as the generated ValidationResult schema describes them: every
 * property but the fields' details objects and the error answers' errorCode.
 */
const envelopeFields: Record<string, SchemaObject> = Object.fromEntries(
  Object.entries(SHAPE_SCHEMAS.ValidationResult.properties ?? {}).filter(([name]) => name !== 'errorCode' && !FIELD_NAMES.some((field) => FIELD_OPERATIONS[field].detailsMember === name)),
);

/** The reason of one field's answers: a code of its list (src/reasons.ts), or null when valid. */
function reasonOf(field: FieldName): SchemaObject {
  return {
    type: ['string', 'null'],
    enum: [...FIELD_OPERATIONS[field].reasons, null],
    description: `Why the value was rejected, one of the ${field} codes (docs/fields/${field}.md#reasons); null when valid. Codes are added, never renamed.`,
  };
}

/** The answer of one validation endpoint: the envelope, its field's reasons and that endpoint's details object only. */
function fieldResult(field: FieldName): SchemaObject {
  const { resultDescription, detailsMember, detailsSchemaName, detailsAlwaysPresent } = FIELD_OPERATIONS[field];
  return {
    type: 'object',
    description: resultDescription,
    properties: { ...envelopeFields, reason: reasonOf(field), [detailsMember]: ref(detailsSchemaName) },
    required: [...Object.keys(envelopeFields), ...(detailsAlwaysPresent ? [detailsMember] : [])],
    additionalProperties: false,
  };
}

/** Each field's result schema (its details schema is generated from src/<field>/details.ts, with the shapes). */
const fieldSchemas: Record<string, SchemaObject> = Object.fromEntries(FIELD_NAMES.map((field) => [FIELD_OPERATIONS[field].resultSchema, fieldResult(field)]));

/** The body of an error status of a validation endpoint: the envelope with `valid` false and the errorCode of that status. */
const errorResult = (status: ErrorStatus, description: string): SchemaObject => withCodes(SHAPE_SCHEMAS.ValidationErrorBody, ERROR_CODES_BY_STATUS[status], description);

const VALUE_DESCRIPTION = 'The input to validate, as a user typed it.';

/** A `value` property: at most MAX_VALUE_CHARACTERS (docs/service.md#request-bodies). */
const valueProperty = (description: string): SchemaObject => text(description, { maxLength: MAX_VALUE_CHARACTERS });

/**
 * The request bodies: `ValidationRequest` for the fields that take `value` alone, and one
 * `<Field>ValidationRequest` per field with request members (src/<field>/field.ts and openapi.ts).
 * Closed: a member the endpoint does not take is refused (400 UNKNOWN_MEMBER), never ignored.
 */
const requestSchemas: Record<string, SchemaObject> = Object.fromEntries(
  FIELD_NAMES.flatMap((field) => {
    const operation = FIELD_OPERATIONS[field];
    if (operation.requestSchema === 'ValidationRequest') return [];
    const members = Object.entries(operation.requestMembers ?? {}).map(([member, { description, examples }]) => [
      member,
      text(description, { maxLength: MAX_VALUE_CHARACTERS, ...(examples === undefined ? {} : { examples: [...examples] }) }),
    ]);
    const schema: SchemaObject = {
      type: 'object',
      description: `Body of POST ${validationPath(field)}. At most 16 KiB; any other member is refused (400 UNKNOWN_MEMBER).`,
      properties: { value: valueProperty(operation.valueDescription ?? VALUE_DESCRIPTION), ...Object.fromEntries(members) },
      required: ['value'],
      additionalProperties: false,
    };
    return [[operation.requestSchema, schema]];
  }),
);

const schemas: Record<string, SchemaObject> = {
  ValidationRequest: {
    type: 'object',
    description: `Body of the endpoints of ${FIELD_NAMES.filter((field) => FIELD_OPERATIONS[field].requestSchema === 'ValidationRequest').join(', ')}: value alone. At most 16 KiB; any other member is refused (400 UNKNOWN_MEMBER).`,
    properties: { value: valueProperty(VALUE_DESCRIPTION) },
    required: ['value'],
    additionalProperties: false,
  },
  ...requestSchemas,
  ...fieldSchemas,
  BadRequestResult: errorResult(
    400,
    'A malformed request: body over 16 KiB, invalid JSON, a member the endpoint does not take (UNKNOWN_MEMBER), missing or non-string value, value over 1,024 characters.',
  ),
  UnsupportedMediaTypeResult: errorResult(415, 'The body is not sent as application/json (UTF-8), or is compressed (Content-Encoding).'),
  UnauthorizedResult: errorResult(
    401,
    'A missing, unknown, revoked or expired API key, a key of a suspended account (ACCOUNT_SUSPENDED), or two different keys in X-API-KEY and Authorization: Bearer. The message does not reveal whether a key exists.',
  ),
  ForbiddenResult: errorResult(403, 'The API key was created without the nas scope.'),
  TooManyRequestsResult: errorResult(
    429,
    "Over the plan's concurrent-request maximum or the shared pool (CONCURRENCY_LIMIT), over the FREE quota (QUOTA_EXCEEDED), or too many failed authentications from this address (AUTH_RATE_LIMITED).",
  ),
  InternalErrorResult: errorResult(500, 'An internal error; the body carries no internals.'),
  StoreUnavailableResult: errorResult(
    503,
    'The store cannot take writes (disk full or read-only, database unreachable), or its data file was deleted or replaced while the service ran; the message says which.',
  ),
  MethodNotAllowedResult: errorResult(405, 'Any method but POST on a validation path, answered with Allow: POST.'),
  NotMemberState: errorBody(['NOT_FOUND'] satisfies ServiceErrorCode[], 'The code is not an EU member state.', { pattern: '^Not an EU member state: ' }),
  RatesUnavailable: errorBody(['RATES_UNAVAILABLE'] satisfies ServiceErrorCode[], 'No rates have been retrieved yet; retry after the Retry-After seconds.'),
  ServerError: errorBody(['INTERNAL'] satisfies ErrorCode[], 'An internal error; the body carries no internals and X-Request-Id finds the log line.', { const: ERROR_MESSAGES.INTERNAL }),
  // The account endpoints (jobs, watches, evidence) check the key as a validation does and refuse it with the same codes, without the envelope.
  KeyUnauthorized: errorBody(ERROR_CODES_BY_STATUS[401], 'A missing, unknown, revoked or expired API key, a key of a suspended account, or two different keys. The message does not reveal whether a key exists.'),
  KeyForbidden: errorBody(ERROR_CODES_BY_STATUS[403], 'The API key lacks the scope the operation needs.'),
  KeyStoreUnavailable: errorBody(ERROR_CODES_BY_STATUS[503], 'The store cannot be reached or refuses writes; retry after the Retry-After seconds.'),
  NotFound: errorBody(
    Object.keys(SERVICE_ERROR_STATUS).filter((code) => SERVICE_ERROR_STATUS[code as ServiceErrorCode] === 404),
    'No endpoint at this path. The message says which path was meant: a field in the wrong case, an unknown field (with the list of fields), a trailing slash, or where this document is.',
  ),
};

// ---------------------------------------------------------------------------------------------
// Responses, parameters, headers


const retryAfter: HeaderObject = {
  description: 'Seconds to wait before retrying.',
  schema: { type: 'integer', minimum: 0 },
};

const RATE_LIMIT_NOTE =
  'The IETF httpapi draft RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-11), one policy "monthly" for the billing period.';

const headers: Record<string, HeaderObject> = {
  RetryAfter: retryAfter,
  RateLimitPolicy: {
    description:
      `${RATE_LIMIT_NOTE} q: validations the plan includes per period; w: the period's length in seconds; ` +
      'verifield-over-quota: refused (FREE: 429 QUOTA_EXCEEDED once used up) or billed (paid plans go on and pay the overage).',
    schema: { type: 'string', pattern: '^"monthly";q=[0-9]+;w=[0-9]+;verifield-over-quota=(refused|billed)$' },
  },
  RateLimit: {
    description: `${RATE_LIMIT_NOTE} r: validations left in the period (0 once the included quota is used); t: seconds until the period resets.`,
    schema: { type: 'string', pattern: '^"monthly";r=[0-9]+;t=[0-9]+$' },
  },
  ContentLanguage: {
    description:
      'The language of the message: the catalog Accept-Language picked (RFC 4647 lookup: es-MX is answered in es), en when none matched or none was asked for.',
    required: true,
    schema: { type: 'string', enum: ANSWER_LANGUAGES },
  },
  ContentLanguageEnglish: {
    description: 'Error answers are in English whatever Accept-Language asks for.',
    schema: { type: 'string', const: DEFAULT_LANGUAGE },
  },
  VaryAcceptLanguage: {
    description: 'The answer depends on Accept-Language.',
    required: true,
    schema: { type: 'string', const: 'Accept-Language' },
  },
  RequestId: {
    description:
      "The request's id: its entry in the account's usage log (docs/service.md#usage-log) once the key was found, counted or refused, and the failure's line in the service's log.",
    schema: { type: 'string' },
  },
  RatesCacheControl: {
    description: 'The rates may be cached for one hour.',
    required: true,
    schema: { type: 'string', const: 'public, max-age=3600' },
  },
};

/** The quota state the validation answers carry once the key is known; `required` on answers that always have it. */
const quotaHeaders = (required: boolean): Record<string, HeaderObject | ReferenceObject> => ({
  'RateLimit-Policy': required ? { ...(headers.RateLimitPolicy as HeaderObject), required: true } : headerRef('RateLimitPolicy'),
  RateLimit: required ? { ...(headers.RateLimit as HeaderObject), required: true } : headerRef('RateLimit'),
});

/** Error answers say they are English (docs/service.md#languages); every validation answer names its request. */
const english = { 'Content-Language': headerRef('ContentLanguageEnglish'), 'X-Request-Id': headerRef('RequestId') };

const responses: Record<string, ResponseObject> = {
  BadRequest: {
    description: 'Missing or malformed body or value. Not counted. Carries the quota state of the key.',
    headers: { ...quotaHeaders(false), ...english },
    content: json('BadRequestResult', {
      invalidJson: {
        summary: 'The body is not JSON',
        value: { valid: false, message: 'The request body is not valid JSON', reason: null, normalizedValue: null, originalValue: '', validationLevel: 'STANDARD', errorCode: 'INVALID_JSON' },
      },
    }),
  },
  UnsupportedMediaType: {
    description: 'The body is not sent as application/json, or is compressed. Not counted. Carries the quota state of the key.',
    headers: { ...quotaHeaders(false), ...english },
    content: json('UnsupportedMediaTypeResult'),
  },
  Unauthorized: {
    description: 'Missing or invalid API key, a key of a suspended account, or two different keys. Not counted.',
    headers: english,
    content: json('UnauthorizedResult'),
  },
  Forbidden: {
    description: 'The API key lacks the nas scope. Not counted. Carries the quota state of the key.',
    headers: { ...quotaHeaders(false), ...english },
    content: json('ForbiddenResult'),
  },
  TooManyRequests: {
    description:
      "The plan's concurrent-request maximum is exceeded, or the server-wide pool shared by non-PRO plans is full (CONCURRENCY_LIMIT, with Retry-After), " +
      'or a FREE account is over its quota (QUOTA_EXCEEDED; the message names the quota and the reset date, RateLimit says r=0 and when it resets), ' +
      'or this address failed authentication too often (AUTH_RATE_LIMITED: 20 failures at once, 2 more a second; refused without a key lookup or reading the body, the connection closed; a key known to be good still passes). Not counted.',
    headers: { 'Retry-After': { ...retryAfter, description: 'Seconds to wait; sent with CONCURRENCY_LIMIT and AUTH_RATE_LIMITED.' }, ...quotaHeaders(false), ...english },
    content: json('TooManyRequestsResult'),
  },
  InternalError: {
    description: 'Internal server error. The body carries no internals. Not counted.',
    headers: { ...quotaHeaders(false), ...english },
    content: json('InternalErrorResult'),
  },
  StoreUnavailable: {
    description:
      'The service cannot record usage, so it answers no validation: the store refuses writes (it recovers by itself; retry after the Retry-After seconds), ' +
      'or its data file was deleted or replaced while it ran (its operator must restart it). Never counted.',
    headers: {
      'Retry-After': { ...retryAfter, required: true },
      ...quotaHeaders(false),
      ...english,
    },
    content: json('StoreUnavailableResult', {
      storeUnavailable: {
        summary: 'The store refuses writes',
        value: { valid: false, message: ERROR_MESSAGES.STORE_UNAVAILABLE, reason: null, normalizedValue: null, originalValue: '', validationLevel: 'STANDARD', errorCode: 'STORE_UNAVAILABLE' },
      },
    }),
  },
  // The jobs, watch and evidence endpoints fail through the app's error handler (app.ts), which
  // answers { errorCode, message } outside /api/v1/validate/: not the validation envelope of InternalError.
  ServerError: {
    description: 'Internal server error. The body carries no internals. Not counted.',
    headers: { 'X-Request-Id': { description: "Identifies the failure in the service's log (which never holds the key or the value).", required: true, schema: { type: 'string' } } },
    content: json('ServerError'),
  },
  KeyUnauthorized: {
    description: 'Missing or invalid API key, a key of a suspended account, or two different keys (the codes of the validation endpoints). Nothing done.',
    content: json('KeyUnauthorized'),
  },
  KeyForbidden: {
    description: 'The API key lacks the scope the operation needs (the field of a job; vat for watches and evidence). Nothing done.',
    content: json('KeyForbidden'),
  },
  KeyStoreUnavailable: {
    description: 'The store cannot be reached or refuses writes. Nothing done; retry after the Retry-After seconds.',
    headers: { 'Retry-After': { ...retryAfter, required: true } },
    content: json('KeyStoreUnavailable'),
  },
  RatesUnavailable: {
    description: 'No rates retrieved yet: the service has never reached the source. Retry.',
    headers: { 'Retry-After': { ...retryAfter, required: true } },
    content: json('RatesUnavailable'),
  },
};

const parameters: Record<string, ParameterObject> = {
  AcceptLanguage: {
    name: 'Accept-Language',
    in: 'header',
    required: false,
    description:
      `The language of the message of a 200 (RFC 9110 §12.5.4, matched by RFC 4647 lookup, q weights and * honoured, q=0 excludes): ${CATALOG_LANGUAGES.join(', ')} have a catalog, ` +
      'anything else is answered in English. Only the first 32 ranges are read; a malformed header is ignored (English), never a 400. reason and every other field stay the same.',
    schema: { type: 'string' },
    examples: { spanish: { value: 'es-ES,es;q=0.9,en;q=0.8' } },
  },
  ServiceSdk: {
    name: 'X-Service-SDK',
    in: 'header',
    required: false,
    description:
      'Identifies the SDK making the call (free text, at most 64 printable ASCII characters), recorded in the usage log. ' +
      'An invalid value is ignored, never a 400. The verifield client sends verifield-js/<version>.',
    schema: { type: 'string', maxLength: 64, pattern: '^[\\x20-\\x7E]{1,64}$' },
    examples: { client: { value: 'verifield-js/1.0.0' } },
  },
  CountryCode: {
    name: 'countryCode',
    in: 'path',
    required: true,
    description: 'Member state code such as FR, DE, EL; GR is also accepted for Greece (the answer says EL). Case is ignored.',
    schema: { type: 'string' },
    examples: { greece: { value: 'EL' }, france: { value: 'FR' } },
  },
};

// ---------------------------------------------------------------------------------------------
// Operations

function validationOperation(field: FieldName): OperationObject {
  const operation = FIELD_OPERATIONS[field];
  const errorResponses: Record<string, ReferenceObject> = {
    '400': responseRef('BadRequest'),
    '401': responseRef('Unauthorized'),
    ...(operation.declaresForbidden ? { '403': responseRef('Forbidden') } : {}),
    '415': responseRef('UnsupportedMediaType'),
    '429': responseRef('TooManyRequests'),
    '500': responseRef('InternalError'),
    '503': responseRef('StoreUnavailable'),
  };
  return {
    operationId: FIELD_CATALOG[field].operation,
    summary: operation.summary,
    description: operation.description,
    tags: ['Validation'],
    // Either scheme: the key in X-API-KEY or as Authorization: Bearer (the same key in both is accepted too).
    security: [{ ApiKey: [] }, { BearerKey: [] }],
    parameters: [{ $ref: '#/components/parameters/ServiceSdk' }, { $ref: '#/components/parameters/AcceptLanguage' }],
    requestBody: {
      required: true,
      description: 'application/json, at most 16 KiB (another Content-Type: 415); a member the endpoint does not take: 400 UNKNOWN_MEMBER.',
      content: {
        'application/json': { schema: ref(operation.requestSchema), examples: { typed: { summary: 'As a user typed it', value: operation.example } } },
      },
    },
    responses: {
      '200': {
        description:
          'Validation performed, including a negative verdict (valid false). Counts as one call; the RateLimit fields count it. The message is in the language Content-Language names.',
        headers: { ...quotaHeaders(true), 'Content-Language': headerRef('ContentLanguage'), Vary: headerRef('VaryAcceptLanguage'), 'X-Request-Id': { ...(headers.RequestId as HeaderObject), required: true } },
        content: json(operation.resultSchema),
      },
      ...errorResponses,
    },
  };
}

const paths: Record<string, PathItemObject> = {};
for (const field of FIELD_NAMES) paths[validationPath(field)] = { post: validationOperation(field) };

const REFERENCE_NOTE = 'No API key; spends no quota.';

paths['/api/v1/vat/rates'] = {
  get: {
    operationId: 'vatRates',
    summary: 'VAT rates of the 27 member states',
    description:
      "Read daily from the Commission's tax-rate database (TEDB) after midnight in Brussels; when the source is unavailable the previous rates keep being served (fetchedAt shows their age). " +
      `The rates a state has, not the rate applied to a sale. ${REFERENCE_NOTE}`,
    tags: ['Reference'],
    security: [],
    responses: {
      '200': { description: 'The rates.', headers: { 'Cache-Control': headerRef('RatesCacheControl') }, content: json('VatRates') },
      '503': responseRef('RatesUnavailable'),
    },
  },
};

paths['/api/v1/vat/rates/{countryCode}'] = {
  get: {
    operationId: 'vatRatesFor',
    summary: 'VAT rates of one member state',
    description: `GR is accepted for Greece; the answer's code is EL. Countries outside the union (for example GB, NO, CH, US) answer 404. ${REFERENCE_NOTE}`,
    tags: ['Reference'],
    security: [],
    parameters: [{ $ref: '#/components/parameters/CountryCode' }],
    responses: {
      '200': { description: "The member state's rates.", headers: { 'Cache-Control': headerRef('RatesCacheControl') }, content: json('CountryVatRates') },
      '404': {
        description: 'The code is not an EU member state.',
        content: json('NotMemberState', { unitedKingdom: { value: { errorCode: 'NOT_FOUND', message: 'Not an EU member state: GB' } } }),
      },
      '503': responseRef('RatesUnavailable'),
    },
  },
};

paths['/api/v1/status/vies'] = {
  get: {
    operationId: 'viesStatus',
    summary: 'VIES availability per member state over the last 30 days',
    description:
      "The Commission's status feed is sampled every five minutes; a country whose own lookups failed three times in a row is reported unavailable (decidedBy SERVICE_LOOKUPS) " +
      `while the circuit breaker stays open. ${REFERENCE_NOTE}`,
    tags: ['Reference'],
    security: [],
    responses: { '200': { description: 'The availability report.', content: json('ViesStatusResponse') } },
  },
};

const HEALTH_NOTE = 'No API key; spends no quota; never cached.';
const noStore = { 'Cache-Control': { description: 'Never cached: every call is a fresh look.', required: true, schema: { type: 'string', const: 'no-store' } } } as const;

paths['/healthz'] = {
  get: {
    operationId: 'healthz',
    summary: 'Liveness: the process is alive',
    description: `Always 200 while the process answers HTTP; it checks nothing else. ${HEALTH_NOTE}`,
    tags: ['Operations'],
    security: [],
    responses: { '200': { description: 'The process is alive.', headers: noStore, content: json('HealthStatus') } },
  },
};

paths['/readyz'] = {
  get: {
    operationId: 'readyz',
    summary: 'Readiness: the store takes writes',
    description:
      'Writes one row to the store and reads it back (and a key to Redis, when configured), within 2 seconds. ' +
      'The VAT rates and the VIES status feed are reported in the body but do not decide readiness: validations work without them. ' +
      `A check is shared by the calls of the same second, so calling often costs one write a second. ${HEALTH_NOTE}`,
    tags: ['Operations'],
    security: [],
    responses: {
      '200': { description: 'Ready: the store took the write.', headers: noStore, content: json('ReadinessReport') },
      '503': {
        description: 'Not ready: the store did not take the write in time, is unavailable (store.message says why), or the service has not started.', headers: noStore, content: json('ReadinessReport') },
    },
  },
};

/** The OpenAPI 3.1 document of the service, served at GET /api/v1/openapi.json. */
export const openApiDocument: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'verifield validation service',
    version: PACKAGE_VERSION,
    'x-api-version': '1.0.25',
    summary: 'Validate the fields billing and onboarding forms collect: EU VAT, IBAN, email, phone, Spanish NIF, Canadian SIN (NAS), US SSN.',
    description:
      'Every validation endpoint takes a JSON body with one value string and answers 200 with the same envelope plus a field-specific details object; ' +
      'a negative verdict is a normal 200 with valid false. Error statuses are kept for transport, authentication, quota and server problems, and carry the envelope with an errorCode; ' +
      'every other error answer of the API is { errorCode, message }, and a path the service does not have is 404 NOT_FOUND with a message naming the path meant. ' +
      'One API key (in X-API-KEY, or as Authorization: Bearer) and one quota cover the validation endpoints; every answer once the key is known carries the quota state in the RateLimit-Policy and RateLimit fields. ' +
      'Methods other than POST on a validation path answer 405 METHOD_NOT_ALLOWED with Allow: POST. ' +
      'The VAT rates, VIES status and health endpoints need no key. ' +
      'The admin endpoints under /api/v1/admin manage accounts, their keys and their usage, for the operator token (Bearer) or a dashboard session with its CSRF token. ' +
      'The checks are of shape and checksum (and VIES registration for VAT): a valid IBAN does not prove that the account exists, a valid SSN or SIN does not prove that it was issued.',
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: '/', description: 'The service that serves this document' }],
  tags: [
    { name: 'Validation', description: 'The seven validation endpoints: API key required, one call each against the quota.' },
    { name: 'Reference', description: 'Public reference data: no API key, no quota.' },
    { name: 'Operations', description: 'Liveness and readiness for supervisors and load balancers: no API key, no quota.' },
    JOBS_TAG,
    WATCH_TAG,
    EVIDENCE_TAG,
    ADMIN_TAG,
  ],
  paths: { ...paths, ...JOB_PATHS, ...WATCH_PATHS, ...EVIDENCE_PATHS, ...ADMIN_PATHS },
  components: {
    schemas: { ...shapeComponents, ...schemas, ...JOB_SCHEMAS, ...EVIDENCE_SCHEMAS, ...ADMIN_SCHEMAS },
    responses: { ...responses, ...ADMIN_RESPONSES },
    parameters: { ...parameters, ...ADMIN_PARAMETERS },
    headers,
    securitySchemes: {
      ...ADMIN_SECURITY_SCHEMES,
      ApiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-KEY',
        description: 'The API key, shown once at creation. Keep it server-side.',
      },
      BearerKey: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The same API key as Authorization: Bearer <key>. When X-API-KEY is sent too, both must carry the same key (two different keys: 401 CONFLICTING_API_KEYS).',
      },
    },
  },
};

/** Where the document is served. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

let serialized: string | undefined;

/**
 * Registers GET /api/v1/openapi.json on `app`: the document, serialised once, cacheable for an hour,
 * without key or quota.
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * const app = new Hono();
 * openApiRoute(app);
 * (await app.request('/api/v1/openapi.json')).status; // 200
 * ```
 */
export function openApiRoute<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>): void {
  app.get(OPENAPI_PATH, (c) => {
    serialized ??= JSON.stringify(openApiDocument);
    return c.body(serialized, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
  });
}
