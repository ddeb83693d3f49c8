/**
 * The admin API's part of the OpenAPI document (./openapi.ts): the paths of
 * src/server/admin-api/routes.ts with their parameters and responses, one error schema per status
 * with exactly the codes of src/server/admin-api/errors.ts that status answers, and the two ways in:
 * the operator token as Bearer, or the dashboard session cookie with its CSRF token on every request
 * that changes something. The answers and request bodies the paths refer to (AdminAccount,
 * AdminKeyRequest, …) are types, named by ./shapes.ts, whose schemas are generated.
 */
import { FIELD_NAMES } from '../../fields/catalog.js';
import { ADMIN_ERROR_STATUS, ADMIN_MESSAGES, type AdminErrorCode, type AdminErrorStatus } from '../admin-api/errors.js';
import { ADMIN_API_PREFIX } from '../admin-api/routes.js';
import {
  enumOf,
  errorBody,
  json,
  ref,
  responseRef,
  text,
  type HeaderObject,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
  type SecuritySchemeObject,
} from './openapi-schema.js';

/** The tag of the admin operations. */
export const ADMIN_TAG = {
  name: 'Administration',
  description:
    'Accounts, their API keys and their usage, as JSON: the operator (Authorization: Bearer with VERIFIELD_ADMIN_TOKEN, or an operator dashboard session) reaches every account; ' +
    "an account's dashboard session only its own, and another account's id answers 404 as an unknown one does. Answers are never cached.",
} as const;

const FIELDS = [...FIELD_NAMES];
const day = (description: string): SchemaObject => text(description, { format: 'date' });

/** The codes of {@link ADMIN_ERROR_STATUS} answered with `status`. */
function codesOf(status: AdminErrorStatus): AdminErrorCode[] {
  return (Object.keys(ADMIN_ERROR_STATUS) as AdminErrorCode[]).filter((code) => ADMIN_ERROR_STATUS[code] === status);
}

/** The schema name of the error body of `status`. */
const errorSchemaName = (status: AdminErrorStatus): string => `AdminError${status}`;

function errorSchema(status: AdminErrorStatus, description: string): SchemaObject {
  return errorBody(codesOf(status), description);
}

const ERROR_DESCRIPTIONS: Record<AdminErrorStatus, string> = {
  400: 'The body is not JSON (INVALID_JSON), a member the operation does not take (UNKNOWN_MEMBER; the message names it and those it takes), or a member or a query parameter is missing, of the wrong type or out of range (INVALID_REQUEST; the message says which and what is accepted).',
  401: 'No valid operator token and no valid dashboard session (a wrong Bearer token is refused, never passed over for the cookie).',
  403: "An account's session asking for what only the operator does, or what its member's role does not allow (FORBIDDEN: a viewer changes nothing, only an owner manages members and the account's settings), or a session's request that changes something without its CSRF token in X-CSRF-Token (CSRF_TOKEN_INVALID). Nothing changed.",
  404: "No such account, key or member, or one of another account (the same answer), no webhook set (for the webhook's operations), or no endpoint at this path.",
  405: 'A method the path does not take; Allow lists those it does.',
  409: "The plan's maximum of live keys is reached (KEY_LIMIT), or the account is suspended (ACCOUNT_SUSPENDED): no key was created. For members: the address is a member already (MEMBER_EXISTS), or the change would leave the account without an owner (LAST_OWNER); nothing changed.",
  413: 'The body is larger than 16 KiB.',
  415: 'The body is not sent as application/json, or is compressed.',
  429: 'Too many wrong operator tokens from this address (AUTH_RATE_LIMITED: 10 a minute); no token is checked until Retry-After has passed, and the connection is closed.',
  500: 'An internal error; the body carries no internals and X-Request-Id finds the log line.',
  503: 'The store cannot be reached or refuses writes; retry after the Retry-After seconds.',
};

const STATUSES = Object.keys(ERROR_DESCRIPTIONS).map(Number) as AdminErrorStatus[];

/** The admin API's error schemas (AdminError400 …), for `components.schemas`: its other schemas are generated from ./shapes.ts. */
export const ADMIN_SCHEMAS: Readonly<Record<string, SchemaObject>> = Object.fromEntries(
  STATUSES.map((status) => [errorSchemaName(status), errorSchema(status, ERROR_DESCRIPTIONS[status])]),
);

const noStore: Record<string, HeaderObject> = {
  'Cache-Control': { description: 'Never cached: admin answers hold account data.', required: true, schema: { type: 'string', const: 'no-store' } },
};

const errorResponseName = (status: AdminErrorStatus): string => `AdminError${status}`;

const EXTRA_ERROR_HEADERS: Partial<Record<AdminErrorStatus, Record<string, HeaderObject>>> = {
  405: { Allow: { description: 'The methods the path takes.', required: true, schema: { type: 'string' } } },
  500: { 'X-Request-Id': { description: "Identifies the failure in the service's log (which holds no token, key or cookie).", required: true, schema: { type: 'string' } } },
  429: { 'Retry-After': { description: 'Seconds until this address may try a token again.', required: true, schema: { type: 'integer', minimum: 1 } } },
  503: { 'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 0 } } },
};

const ERROR_EXAMPLES: Partial<Record<AdminErrorStatus, { summary: string; value: unknown }>> = {
  401: { summary: 'Neither token nor session', value: { message: ADMIN_MESSAGES.UNAUTHENTICATED, errorCode: 'UNAUTHENTICATED' } },
  403: { summary: 'No CSRF token', value: { message: ADMIN_MESSAGES.CSRF_TOKEN_INVALID, errorCode: 'CSRF_TOKEN_INVALID' } },
  404: { summary: 'Unknown, or not yours', value: { message: ADMIN_MESSAGES.NO_ACCOUNT, errorCode: 'NOT_FOUND' } },
};

/** The admin API's responses, for `components.responses`: one per error status. */
export const ADMIN_RESPONSES: Readonly<Record<string, ResponseObject>> = Object.fromEntries(
  STATUSES.map((status) => {
    const example = ERROR_EXAMPLES[status];
    const response: ResponseObject = {
      description: ERROR_DESCRIPTIONS[status],
      headers: { ...noStore, ...EXTRA_ERROR_HEADERS[status] },
      content: json(errorSchemaName(status), example === undefined ? undefined : { example }),
    };
    return [errorResponseName(status), response];
  }),
);

const pathId = (parameterName: string, description: string): ParameterObject => ({ name: parameterName, in: 'path', required: true, description, schema: { type: 'string' } });
const query = (parameterName: string, description: string, schema: SchemaObject): ParameterObject => ({ name: parameterName, in: 'query', required: false, description, schema });

/** The admin API's parameters, for `components.parameters`. */
export const ADMIN_PARAMETERS: Readonly<Record<string, ParameterObject>> = {
  AdminAccountId: pathId('accountId', "The account's id."),
  AdminKeyId: pathId('keyId', "The key's id."),
  AdminMemberId: pathId('memberId', "The member's id."),
  AdminUsageDays: query('days', 'Days shown, today included: 1 to 366. Default 30.', { type: 'integer', minimum: 1, maximum: 366, default: 30 }),
  AdminLogField: query('field', 'Only this endpoint.', enumOf(FIELDS, 'A validation endpoint.')),
  AdminLogValid: query('valid', 'Only counted entries of this verdict (a refused request has none).', enumOf(['true', 'false'], 'The verdict.')),
  AdminLogStatus: query('status', 'Only these statuses: a class (2xx, 4xx, 5xx) or one status (429).', {
    type: 'string',
    pattern: '^([1-5]xx|[1-5][0-9][0-9])$',
    description: 'A status class or one status.',
  }),
  AdminLogDay: query('day', 'Only this UTC day.', day('YYYY-MM-DD.')),
  AdminLogBefore: query(
    'before',
    'Only entries older than this position: the nextBefore of the previous page, or an ISO 8601 time (entries answered strictly before it).',
    text('A nextBefore, or an ISO 8601 time such as 2026-03-10T12:00:00Z.'),
  ),
  AdminLogLimit: query('limit', 'Entries per page: 1 to 500. Default 50.', { type: 'integer', minimum: 1, maximum: 500, default: 50 }),
};

/** The security schemes of the admin API, for `components.securitySchemes`. */
export const ADMIN_SECURITY_SCHEMES: Readonly<Record<string, SecuritySchemeObject>> = {
  OperatorToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator token: Authorization: Bearer <VERIFIELD_ADMIN_TOKEN>. Reaches every account. Without the variable set, no token is accepted.',
  },
  SessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'verifield_session',
    description: 'A dashboard session (verifield accounts login-link, verifield admin login-link): HttpOnly, so only the dashboard pages of the same origin send it.',
  },
  CsrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: "The session's CSRF token, required with the session cookie on POST, PUT, PATCH and DELETE; a dashboard page holds it in <meta name=\"csrf-token\">.",
  },
};

/** GET needs the token or a session; a change by a session needs its CSRF token too. */
const READ_SECURITY = [{ OperatorToken: [] }, { SessionCookie: [] }] as const;
const WRITE_SECURITY = [{ OperatorToken: [] }, { SessionCookie: [], CsrfToken: [] }] as const;

const parameterRef = (parameterName: string): ReferenceObject => ({ $ref: `#/components/parameters/${parameterName}` });

const SAMPLE_ACCOUNT_ID = '0192f1a4-6c1e-7d3a-9b2f-4e5d6c7b8a90';

interface AdminOperation {
  operationId: string;
  summary: string;
  description: string;
  parameters?: readonly string[];
  request?: { schema: string; example: unknown };
  /** The success status, its description and schema. */
  success: { status: 200 | 201; description: string; schema: string; headers?: Record<string, HeaderObject>; example?: unknown; csv?: { description: string; example: string } };
  errors: readonly AdminErrorStatus[];
}

/** The headers of an answer in CSV (`Accept: text/csv`). */
const CSV_HEADERS: Record<string, HeaderObject> = {
  'Content-Disposition': { description: 'With Accept: text/csv: attachment, with a file name.', schema: { type: 'string' } },
};

function operation(method: 'get' | 'post' | 'put' | 'patch' | 'delete', spec: AdminOperation): OperationObject {
  const responses: Record<string, ResponseObject | ReferenceObject> = {
    [String(spec.success.status)]: {
      description: spec.success.description,
      headers: { ...noStore, ...spec.success.headers, ...(spec.success.csv === undefined ? {} : CSV_HEADERS) },
      content: {
        ...json(spec.success.schema, spec.success.example === undefined ? undefined : { example: { value: spec.success.example } }),
        ...(spec.success.csv === undefined ? {} : { 'text/csv': { schema: { type: 'string', description: spec.success.csv.description }, examples: { example: { value: spec.success.csv.example } } } }),
      },
    },
  };
  for (const status of spec.errors) responses[String(status)] = responseRef(errorResponseName(status));
  const result: OperationObject = {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: [ADMIN_TAG.name],
    security: method === 'get' ? READ_SECURITY : WRITE_SECURITY,
    responses,
  };
  if (spec.parameters !== undefined) result.parameters = spec.parameters.map(parameterRef);
  if (spec.request !== undefined) {
    result.requestBody = {
      required: true,
      description: 'application/json, at most 16 KiB.',
      content: { 'application/json': { schema: ref(spec.request.schema), examples: { example: { value: spec.request.example } } } },
    };
  }
  return result;
}

/** Statuses every admin operation may answer besides its own (429: wrong operator tokens from one address). */
const ALWAYS = [401, 429, 500, 503] as const;
/** Statuses of an operation with a JSON body, sent by a session with its CSRF token. */
const WITH_BODY = [400, 403, 413, 415] as const;
/** Statuses of an operation on one account or key named in the path: 404 for an unknown one, or another account's. */
const ONE_NAMED = [404, ...ALWAYS] as const;

/** A path item that may also take PUT (the webhook's URL is set with PUT). */

const MEMBER_EXAMPLE = { id: '0192f1a5-1b2c-7d3e-8f40-5a6b7c8d9e0f', email: 'ana@shop.example', role: 'developer', createdAt: '2026-01-15T10:00:00.000Z' };

/** The admin API's paths, for `paths`. */
export const ADMIN_PATHS: Readonly<Record<string, PathItemObject>> = {
  [`${ADMIN_API_PREFIX}/accounts`]: {
    get: operation('get', {
      operationId: 'listAccounts',
      summary: 'Accounts with their plan and usage',
      description: "Every account for the operator; for an account's session, its own account only.",
      success: { status: 200, description: 'The accounts.', schema: 'AdminAccountList' },
      errors: ALWAYS,
    }),
    post: operation('post', {
      operationId: 'createAccount',
      summary: 'Create an account (operator only)',
      description: "An account's session gets 403.",
      request: { schema: 'AdminAccountRequest', example: { name: 'Web shop', plan: 'starter', vatNumber: 'FR40303265045' } },
      success: {
        status: 201,
        description: 'The account, created.',
        schema: 'AdminAccount',
        headers: { Location: { description: "The new account's URL.", required: true, schema: { type: 'string', pattern: `^${ADMIN_API_PREFIX}/accounts/` } } },
      },
      errors: [...WITH_BODY, ...ALWAYS],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}`]: {
    get: operation('get', {
      operationId: 'getAccount',
      summary: 'One account: plan, billing period, used, remaining, overage, limits, suspension',
      description: "Another account's id answers 404 to an account's session, as an unknown id does.",
      parameters: ['AdminAccountId'],
      success: { status: 200, description: 'The account.', schema: 'AdminAccount' },
      errors: ONE_NAMED,
    }),
    patch: operation('patch', {
      operationId: 'updateAccount',
      summary: "Change an account's name, VAT number, plan or suspension",
      description:
        "plan and suspended are the operator's only (403 for an account's session, nothing changed). A running service applies a new plan or a suspension to the next request.",
      parameters: ['AdminAccountId'],
      request: { schema: 'AdminAccountUpdate', example: { plan: 'PRO', suspended: false } },
      success: { status: 200, description: 'The account as changed.', schema: 'AdminAccount' },
      errors: [...WITH_BODY, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}/keys`]: {
    get: operation('get', {
      operationId: 'listAccountKeys',
      summary: "An account's API keys",
      description: 'With their state and last use; never the key, never its hash.',
      parameters: ['AdminAccountId'],
      success: { status: 200, description: 'The keys.', schema: 'AdminKeyList' },
      errors: ONE_NAMED,
    }),
    post: operation('post', {
      operationId: 'createAccountKey',
      summary: 'Create an API key: the answer holds the key, this once',
      description: "Within the plan's maximum of live keys (409 KEY_LIMIT); none for a suspended account (409 ACCOUNT_SUSPENDED).",
      parameters: ['AdminAccountId'],
      request: { schema: 'AdminKeyRequest', example: { name: 'checkout', expires: '1y', scopes: ['iban', 'vat'] } },
      success: {
        status: 201,
        description: 'The key, created. Its `key` is shown only here.',
        schema: 'AdminCreatedKey',
        example: {
          key: 'vf_0000000000000000000000000000000000000000000',
          id: '0192f1a5-0d2b-7c44-8e1a-5f6e7d8c9b0a',
          accountId: SAMPLE_ACCOUNT_ID,
          name: 'checkout',
          displayPrefix: 'vf_0000',
          scopes: ['vat', 'iban'],
          createdAt: '2026-01-15T10:00:00.000Z',
          expiresAt: '2027-01-15T10:00:00.000Z',
          revokedAt: null,
          status: 'live',
          lastUsedAt: null,
        },
      },
      errors: [...WITH_BODY, 409, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/keys/{keyId}`]: {
    delete: operation('delete', {
      operationId: 'revokeKey',
      summary: 'Revoke an API key',
      description: "It stops working at once. Revoking a revoked key changes nothing (alreadyRevoked true). Another account's key answers 404 to an account's session.",
      parameters: ['AdminKeyId'],
      success: { status: 200, description: 'The key is revoked.', schema: 'AdminRevokedKey' },
      errors: [403, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}/usage`]: {
    get: operation('get', {
      operationId: 'accountUsage',
      summary: 'Validations per day, endpoint and verdict',
      description: 'Over the last `days` days, today included, from the per-day totals (kept after the usage log rows are pruned).',
      parameters: ['AdminAccountId', 'AdminUsageDays'],
      success: {
        status: 200,
        description: 'The daily totals.',
        schema: 'AdminUsage',
        example: { from: '2026-01-01', to: '2026-01-30', totals: [{ day: '2026-01-29', field: 'vat', valid: true, count: 12 }] },
      },
      errors: [400, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}/log`]: {
    get: operation('get', {
      operationId: 'accountUsageLog',
      summary: 'The usage log, newest first, filtered; or all of it as CSV',
      description:
        'Every request whose key was found: counted ones (requests, job lines, watch checks) with their verdict and reason, and refused ones with their status and errorCode (never counted). Values as the log keeps them (personal numbers masked). The next page: the same query with before=nextBefore. Accept: text/csv answers every matching entry as CSV.',
      parameters: ['AdminAccountId', 'AdminLogField', 'AdminLogValid', 'AdminLogStatus', 'AdminLogDay', 'AdminLogBefore', 'AdminLogLimit'],
      success: {
        status: 200,
        description: 'One page; with Accept: text/csv, every entry the filter selects (limit ignored), streamed.',
        schema: 'AdminLogPage',
        csv: {
          description:
            'A header line, then one line per entry, newest first: at,requestId,keyId,field,value,status,valid,errorCode,reason,latencyMs (valid empty for a refusal). A cell starting with =, +, - or @ starts with a quote (\') so no spreadsheet runs it.',
          example:
            'at,requestId,keyId,field,value,status,valid,errorCode,reason,latencyMs\r\n2026-03-10T12:00:01.000Z,019cd7b4-c400-7aaa-8bbb-0123456789ab,0192f1a5-0d2b-7c44-8e1a-5f6e7d8c9b0a,iban,DE89370400440532013001,200,false,,IBAN_BAD_CHECKSUM,3\r\n',
        },
      },
      errors: [400, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}/webhook`]: {
    get: operation('get', {
      operationId: 'getAccountWebhook',
      summary: "The account's webhook URL (never its secret)",
      description: 'Events job.completed, vat.registration_changed and vat.details_changed are POSTed there, signed. 404 when none is set.',
      parameters: ['AdminAccountId'],
      success: {
        status: 200,
        description: 'The webhook, with what its last attempts say (docs/service.md#webhooks).',
        schema: 'AdminWebhook',
        example: {
          url: 'https://shop.example/hooks/verifield',
          updatedAt: '2026-01-15T10:00:00.000Z',
          state: 'paused',
          consecutiveFailures: 6,
          pausedSince: '2026-01-16T08:12:40.000Z',
          nextProbeAt: '2026-01-16T08:14:05.000Z',
          lastError: 'answered 503',
        },
      },
      errors: ONE_NAMED,
    }),
    put: operation('put', {
      operationId: 'setAccountWebhook',
      summary: "Set the account's webhook URL, with a new signing secret: the answer holds it, this once",
      description: 'Replaces the URL and the secret; deliveries already queued are signed with the new secret from now on.',
      parameters: ['AdminAccountId'],
      request: { schema: 'AdminWebhookRequest', example: { url: 'https://shop.example/hooks/verifield' } },
      success: {
        status: 200,
        description: 'The webhook set. Its `secret` is shown only here.',
        schema: 'AdminWebhookSet',
        example: { url: 'https://shop.example/hooks/verifield', secret: 'whsec_0000000000000000000000000000000000000000000' },
      },
      errors: [...WITH_BODY, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}/webhook/rotate`]: {
    post: operation('post', {
      operationId: 'rotateAccountWebhookSecret',
      summary: "Replace the webhook's signing secret: the answer holds the new one, this once",
      description: 'The URL stays. 404 when the account has no webhook.',
      parameters: ['AdminAccountId'],
      success: { status: 200, description: 'The new secret.', schema: 'AdminWebhookRotated', example: { secret: 'whsec_0000000000000000000000000000000000000000000' } },
      errors: [403, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}/members`]: {
    get: operation('get', {
      operationId: 'listAccountMembers',
      summary: "The account's members: who may ask for a sign-in link by email, with their roles",
      description: 'Oldest first. The operator and the account\'s owners only (another member\'s session gets 403).',
      parameters: ['AdminAccountId'],
      success: { status: 200, description: 'The members.', schema: 'AdminMemberList', example: { members: [MEMBER_EXAMPLE] } },
      errors: [403, ...ONE_NAMED],
    }),
    post: operation('post', {
      operationId: 'addAccountMember',
      summary: 'Add a member: an address and a role',
      description: 'The address is kept trimmed and lower-cased, once per account (409 MEMBER_EXISTS). The operator adds the first owner; owners add more.',
      parameters: ['AdminAccountId'],
      request: { schema: 'AdminMemberRequest', example: { email: 'ana@shop.example', role: 'developer' } },
      success: {
        status: 201,
        description: 'The member, added.',
        schema: 'AdminMember',
        example: MEMBER_EXAMPLE,
        headers: { Location: { description: "The new member's URL.", required: true, schema: { type: 'string', pattern: `^${ADMIN_API_PREFIX}/accounts/` } } },
      },
      errors: [...WITH_BODY, 409, ...ONE_NAMED],
    }),
  },
  [`${ADMIN_API_PREFIX}/accounts/{accountId}/members/{memberId}`]: {
    patch: operation('patch', {
      operationId: 'updateAccountMember',
      summary: "Change a member's role",
      description: 'The role holds from the member\'s next request. The last owner stays owner (409 LAST_OWNER).',
      parameters: ['AdminAccountId', 'AdminMemberId'],
      request: { schema: 'AdminMemberUpdate', example: { role: 'viewer' } },
      success: { status: 200, description: 'The member, changed.', schema: 'AdminMember', example: MEMBER_EXAMPLE },
      errors: [...WITH_BODY, 409, ...ONE_NAMED],
    }),
    delete: operation('delete', {
      operationId: 'removeAccountMember',
      summary: 'Remove a member: its sessions and unused links end with it',
      description: 'The last owner is not removed (409 LAST_OWNER).',
      parameters: ['AdminAccountId', 'AdminMemberId'],
      success: { status: 200, description: 'The member, removed.', schema: 'AdminMember', example: MEMBER_EXAMPLE },
      errors: [403, 409, ...ONE_NAMED],
    }),
  },
};
