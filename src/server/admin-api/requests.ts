/**
 * The bodies and query strings of the admin API, read and type-checked: JSON of at most 16 KiB
 * (read as the validation endpoints read theirs, ../pipeline/body.ts), an object whose members have
 * the documented types, and no member the endpoint does not know (a typo such as `suspend` would
 * otherwise change nothing and answer 200). What the values mean (a plan's name, a day, an expiry)
 * is checked by the account administration (../admin/service.ts), whose RangeError becomes a 400.
 */
import { FIELD_NAMES, isFieldName } from '../../fields/catalog.js';
import { readLogPosition, type AccountRequest, type AccountUpdate, type LogSearch } from '../admin/service.js';
import { parseScopes, type KeyRequest } from '../admin/key-admin.js';
import { unknownMemberMessage, unknownMemberOf } from '../answers/errors.js';
import { isJsonContentType, readLimitedBody } from '../pipeline/body.js';
import type { Field } from '../storage/types.js';
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

/** Refuses a member not in `known` (400 UNKNOWN_MEMBER), naming the ones accepted. */
function onlyMembers(body: JsonObject, known: readonly string[]): void {
  const unknown = unknownMemberOf(body, known);
  if (unknown !== undefined) throw new AdminApiError('UNKNOWN_MEMBER', unknownMemberMessage(unknown, known));
}

function requiredString(body: JsonObject, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw invalid(`"${name}" is required and must be a string`);
  return value;
}

function optionalString(body: JsonObject, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`"${name}" must be a string`);
  return value;
}

/** A string, null (which removes the value) or absent. */
function stringOrNull(body: JsonObject, name: string): string | null | undefined {
  const value = body[name];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') throw invalid(`"${name}" must be a string or null`);
  return value;
}

function optionalBoolean(body: JsonObject, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(`"${name}" must be true or false`);
  return value;
}

/** POST /api/v1/admin/accounts: `{ name, plan, subscriptionStart?, vatNumber? }`. */
export function accountRequestOf(body: JsonObject): AccountRequest {
  onlyMembers(body, ['name', 'plan', 'subscriptionStart', 'vatNumber']);
  const request: AccountRequest = { name: requiredString(body, 'name'), plan: requiredString(body, 'plan') };
  const subscriptionStart = optionalString(body, 'subscriptionStart');
  if (subscriptionStart !== undefined) request.subscriptionStart = subscriptionStart;
  const vatNumber = stringOrNull(body, 'vatNumber');
  if (vatNumber !== undefined) request.vatNumber = vatNumber;
  return request;
}

/** PATCH /api/v1/admin/accounts/{id}: `{ name?, plan?, vatNumber?, suspended?, watchInterval? }`. */
export function accountUpdateOf(body: JsonObject): AccountUpdate {
  onlyMembers(body, ['name', 'plan', 'vatNumber', 'suspended', 'watchInterval']);
  const update: AccountUpdate = {};
  const name = optionalString(body, 'name');
  if (name !== undefined) update.name = name;
  const plan = optionalString(body, 'plan');
  if (plan !== undefined) update.plan = plan;
  const vatNumber = stringOrNull(body, 'vatNumber');
  if (vatNumber !== undefined) update.vatNumber = vatNumber;
  const suspended = optionalBoolean(body, 'suspended');
  if (suspended !== undefined) update.suspended = suspended;
  const watchInterval = stringOrNull(body, 'watchInterval');
  if (watchInterval !== undefined) update.watchInterval = watchInterval;
  return update;
}

const SCOPES_MESSAGE = `"scopes" must be a non-empty array of field names (${FIELD_NAMES.join(', ')})`;

/** `scopes` of a key: a non-empty array of field names (any case), in the order keys hold them. */
function scopesOf(value: unknown): Field[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid(SCOPES_MESSAGE);
  const names = value.map((item: unknown) => (typeof item === 'string' ? item.trim().toLowerCase() : null));
  const unknown = names.find((name) => name === null || !isFieldName(name));
  if (unknown !== undefined) throw invalid(`${SCOPES_MESSAGE}; ${unknown === null ? 'an item is not a string' : `unknown: ${JSON.stringify(unknown)}`}`);
  return parseScopes(names.join(','));
}

/**
 * POST /api/v1/admin/accounts/{id}/keys: `{ name, expires?, scopes? }` for the account in the URL.
 * Without `scopes` the key gets the scope "all fields" (fields added later included); a list,
 * even one naming every field, stays as chosen.
 */
export function keyRequestOf(body: JsonObject, accountId: string): KeyRequest {
  onlyMembers(body, ['name', 'expires', 'scopes']);
  const request: KeyRequest = { accountId, name: requiredString(body, 'name') };
  const expires = optionalString(body, 'expires');
  if (expires !== undefined) request.expires = expires;
  if (body.scopes !== undefined) request.scopes = scopesOf(body.scopes);
  return request;
}

/**
 * A whole number written in digits, or NaN for anything else: the account administration then
 * refuses it with its own message, which names the range it takes.
 */
export function wholeNumber(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/** The query of GET /api/v1/admin/accounts/{id}/log: `field`, `valid`, `day`, `before`, `limit`. */
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
  const before = query('before');
  // A RangeError (anything but a position or an ISO time) is answered 400 INVALID_REQUEST with its message.
  if (before !== undefined && before !== '') Object.assign(search, readLogPosition(before));
  const limit = query('limit');
  if (limit !== undefined && limit !== '') search.limit = wholeNumber(limit);
  return search;
}

/** PUT /api/v1/admin/accounts/{id}/webhook: `{ url }` (the account administration checks the URL itself). */
export function webhookUrlOf(body: JsonObject): string {
  onlyMembers(body, ['url']);
  return requiredString(body, 'url');
}
