/**
 * The bodies and query strings of the admin API, read and type-checked: JSON of at most 16 KiB
 * (read as the validation endpoints read theirs, ../pipeline/body.ts), an object whose members have
 * the types of the body's schema, generated from its type (../http/shapes.ts), and no member the
 * schema does not have (a typo such as `suspend` would
 * otherwise change nothing and answer 200). What the values mean (a plan's name, a day, an expiry)
 * is checked by the account administration (../admin/service.ts), whose RangeError becomes a 400.
 */
import { FIELD_NAMES, isFieldName, type FieldName } from '../../fields/catalog.js';
import { readLogPosition, type AccountRequest, type AccountUpdate, type LogSearch } from '../admin/service.js';
import { parseScopes, type KeyRequest } from '../admin/key-admin.js';
import { parseRole } from '../admin/members.js';
import type { MemberRole } from '../storage/types.js';
import { unknownMemberMessage, unknownMemberOf } from '../answers/errors.js';
import { isJsonContentType, readLimitedBody } from '../pipeline/body.js';
import { SHAPE_SCHEMAS, type ShapeName } from '../shapes/generated/schemas.js';
import type { SchemaObject } from '../shapes/json-schema.js';
import { ADMIN_MESSAGES, AdminApiError } from './errors.js';

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

type JsonObject = Readonly<Record<string, unknown>>;

function invalid(message: string): AdminApiError {
  return new AdminApiError('INVALID_REQUEST', message);
}

/**
 * The JSON object a request carries: content type JSON (else 415), no content encoding (415), at
 * most 16 KiB (413), valid UTF-8 JSON (400 INVALID_JSON), an object (400 INVALID_REQUEST).
 */
export async function readJsonObject(request: Request): Promise<JsonObject> {
  if (!isJsonContentType(request.headers.get('content-type'))) throw new AdminApiError('UNSUPPORTED_MEDIA_TYPE', ADMIN_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
  const encoding = request.headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') throw new AdminApiError('UNSUPPORTED_MEDIA_TYPE', ADMIN_MESSAGES.CONTENT_ENCODING);
  const bytes = await readLimitedBody(request);
  if (bytes === 'too-large') throw new AdminApiError('BODY_TOO_LARGE', ADMIN_MESSAGES.BODY_TOO_LARGE);
  if (bytes === 'unreadable') throw new AdminApiError('INVALID_JSON', ADMIN_MESSAGES.INVALID_JSON);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fatalUtf8.decode(bytes));
  } catch {
    throw new AdminApiError('INVALID_JSON', ADMIN_MESSAGES.INVALID_JSON);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid(ADMIN_MESSAGES.NOT_AN_OBJECT);
  return parsed as JsonObject;
}

/** The body of POST /api/v1/admin/accounts/{id}/keys: a new key for the account in the URL. At most 16 KiB. */
export interface AdminKeyRequest {
  /**
   * 1 to 100 printable characters.
   * @minLength 1
   * @maxLength 100
   */
  name: string;
  /**
   * How long the key works: a number and h, d, w or y (12h, 30d, 8w, 1y), 10 years at most (longer is 400 INVALID_REQUEST), or never. Default never.
   * @pattern ^([1-9][0-9]{0,5}[hdwy]|never)$
   */
  expires?: string;
  /**
   * The endpoints the key may call (any case); default all: the scope "all fields", fields added later included. A list, even one naming every field, stays as chosen.
   * @minItems 1
   * @uniqueItems
   */
  scopes?: FieldName[];
}

/** The body of PUT /api/v1/admin/accounts/{id}/webhook: the account's webhook URL. At most 16 KiB. */
export interface AdminWebhookRequest {
  /**
   * An http or https URL without user name or password, at most 2048 characters. Loopback and private addresses are refused at delivery unless the service runs with --allow-private-webhooks.
   * @format uri
   * @maxLength 2048
   */
  url: string;
}

/** The body of POST /api/v1/admin/accounts/{id}/members: a new member of the account. At most 16 KiB. */
export interface AdminMemberRequest {
  /**
   * The member's address, kept trimmed and lower-cased: once per account. Sign-in links are mailed there.
   * @maxLength 254
   */
  email: string;
  /** owner: everything an account does, members included; developer: keys, webhooks and jobs; viewer: reads only. */
  role: 'owner' | 'developer' | 'viewer';
}

/** The body of PATCH /api/v1/admin/accounts/{id}/members/{memberId}: the member's new role. At most 16 KiB. */
export interface AdminMemberUpdate {
  /** The new role; the account's last owner keeps the role owner (409 LAST_OWNER). */
  role: 'owner' | 'developer' | 'viewer';
}

/** Each request body of the admin API, by the name of its schema in SHAPE_SCHEMAS (../http/shapes.ts). */
interface AdminBodies {
  AdminAccountRequest: AccountRequest;
  AdminAccountUpdate: AccountUpdate;
  AdminKeyRequest: AdminKeyRequest;
  AdminWebhookRequest: AdminWebhookRequest;
  AdminMemberRequest: AdminMemberRequest;
  AdminMemberUpdate: AdminMemberUpdate;
}

/** The object schema of a shape, through the `$ref` an alias (AdminAccountRequest = AccountRequest) is generated as. */
function objectSchema(name: ShapeName): SchemaObject {
  const schema = SHAPE_SCHEMAS[name];
  // The generator refers only to shapes it generated, so the name after the prefix is a ShapeName.
  return schema.$ref === undefined ? schema : objectSchema(schema.$ref.replace('#/components/schemas/', '') as ShapeName);
}

/** What a string-or-boolean member must be, as the messages say it. */
function expected(schema: SchemaObject): { accepts: (value: unknown) => boolean; words: string } {
  const type = JSON.stringify(schema.type);
  if (type === '"string"') return { accepts: (value) => typeof value === 'string', words: 'a string' };
  if (type === '["string","null"]') return { accepts: (value) => typeof value === 'string' || value === null, words: 'a string or null' };
  if (type === '"boolean"') return { accepts: (value) => typeof value === 'boolean', words: 'true or false' };
  throw new Error(`admin request bodies: no reader for a member of type ${type}`);
}

/** A list of field names (any case), as the names in lower case: the array members of the admin bodies are lists of fields. */
function fieldNamesOf(member: string, schema: SchemaObject, value: unknown): FieldName[] {
  if (schema.items?.$ref !== '#/components/schemas/FieldName') throw new Error(`admin request bodies: no reader for the items of "${member}"`);
  const message = `"${member}" must be a non-empty array of field names (${FIELD_NAMES.join(', ')})`;
  if (!Array.isArray(value) || value.length === 0) throw invalid(message);
  const names = value.map((item: unknown) => (typeof item === 'string' ? item.trim().toLowerCase() : null));
  const unknown = names.find((name) => name === null || !isFieldName(name));
  if (unknown !== undefined) throw invalid(`${message}; ${unknown === null ? 'an item is not a string' : `unknown: ${JSON.stringify(unknown)}`}`);
  return names.filter((name): name is FieldName => name !== null);
}

/**
 * The body of the request `name` names, checked against its generated schema: no member outside
 * its properties (400 UNKNOWN_MEMBER, naming them), the required ones present, each of its type
 * (400 INVALID_REQUEST). The absent optional members stay absent.
 */
function bodyOf<N extends keyof AdminBodies>(body: JsonObject, name: N): AdminBodies[N] {
  const schema = objectSchema(name);
  const properties = schema.properties ?? {};
  const members = Object.keys(properties);
  const unknown = unknownMemberOf(body, members);
  if (unknown !== undefined) throw new AdminApiError('UNKNOWN_MEMBER', unknownMemberMessage(unknown, members));
  const read: Record<string, unknown> = {};
  for (const [member, memberSchema] of Object.entries(properties)) {
    const value = body[member];
    const required = schema.required?.includes(member) === true;
    if (value === undefined && !required) continue;
    if (memberSchema.type === 'array') {
      read[member] = fieldNamesOf(member, memberSchema, value);
      continue;
    }
    const { accepts, words } = expected(memberSchema);
    if (!accepts(value)) throw invalid(required ? `"${member}" is required and must be ${words}` : `"${member}" must be ${words}`);
    read[member] = value;
  }
  // The schema is generated from AdminBodies[N] itself, and each member read was checked against it.
  return read as unknown as AdminBodies[N];
}

/** POST /api/v1/admin/accounts. */
export function accountRequestOf(body: JsonObject): AccountRequest {
  return bodyOf(body, 'AdminAccountRequest');
}

/** PATCH /api/v1/admin/accounts/{id}. */
export function accountUpdateOf(body: JsonObject): AccountUpdate {
  return bodyOf(body, 'AdminAccountUpdate');
}

/**
 * POST /api/v1/admin/accounts/{id}/keys, for the account in the URL. Without `scopes` the key gets
 * the scope "all fields" (fields added later included); a list, even one naming every field, stays
 * as chosen.
 */
export function keyRequestOf(body: JsonObject, accountId: string): KeyRequest {
  const { name, expires, scopes } = bodyOf(body, 'AdminKeyRequest');
  const request: KeyRequest = { accountId, name };
  if (expires !== undefined) request.expires = expires;
  if (scopes !== undefined) request.scopes = parseScopes(scopes.join(','));
  return request;
}

/**
 * A whole number written in digits, or NaN for anything else: the account administration then
 * refuses it with its own message, which names the range it takes.
 */
export function wholeNumber(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/** The query of GET /api/v1/admin/accounts/{id}/log: `field`, `valid`, `status`, `day`, `before`, `limit`. */
export function logSearchOf(query: (name: string) => string | undefined): LogSearch {
  const search: LogSearch = {};
  const field = query('field');
  if (field !== undefined && field !== '') search.field = field;
  const valid = query('valid');
  if (valid !== undefined && valid !== '') {
    if (valid !== 'true' && valid !== 'false') throw invalid('valid must be true or false');
    search.valid = valid === 'true';
  }
  const day = query('day');
  if (day !== undefined && day !== '') search.day = day;
  const status = query('status');
  if (status !== undefined && status !== '') search.status = status;
  const before = query('before');
  // A RangeError (anything but a position or an ISO time) is answered 400 INVALID_REQUEST with its message.
  if (before !== undefined && before !== '') Object.assign(search, readLogPosition(before));
  const limit = query('limit');
  if (limit !== undefined && limit !== '') search.limit = wholeNumber(limit);
  return search;
}

/** PUT /api/v1/admin/accounts/{id}/webhook: the URL (the account administration checks it itself). */
export function webhookUrlOf(body: JsonObject): string {
  return bodyOf(body, 'AdminWebhookRequest').url;
}

/** POST /api/v1/admin/accounts/{id}/members: the address (not yet normalized) and the role. */
export function memberRequestOf(body: JsonObject): { email: string; role: MemberRole } {
  const { email, role } = bodyOf(body, 'AdminMemberRequest');
  return { email, role: parseRole(role) };
}

/** PATCH /api/v1/admin/accounts/{id}/members/{memberId}: the new role. */
export function memberUpdateOf(body: JsonObject): MemberRole {
  return parseRole(bodyOf(body, 'AdminMemberUpdate').role);
}
