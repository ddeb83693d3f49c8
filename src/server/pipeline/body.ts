/**
 * The body stage of the validation pipeline (docs/service.md#request-bodies): JSON `{ value }` (plus
 * the optional members its field declares, `requestMembers` in src/<field>/field.ts, and no other),
 * at most 16 KiB whatever the transfer encoding, `value` at most 1,024 characters. Every malformed
 * case becomes an outcome with its status and `errorCode`; nothing here throws. It reads a {@link ValidationInput}, so the same checks serve
 * the Hono app (a Web-standard Request) and the Node listener's fast path (an IncomingMessage).
 */
import { FIELD_CATALOG, FIELD_NAMES, requestMembers, type FieldName } from '../../fields/catalog.js';
import type { RequestOptions } from '../../fields/validators.js';
import type { ErrorCode } from '../../result.js';
import { ERROR_MESSAGES, errorAnswer, memberNotStringMessage, memberTooLongMessage, unknownMemberMessage, unknownMemberOf } from '../answers/errors.js';
import { MAX_BODY_BYTES, MAX_VALUE_CHARACTERS } from '../policy/limits.js';
import { Refusal, type KnownRequest } from './context.js';
import type { BodyBytes, ValidationInput } from './input.js';
import { knownQuotaState } from './quota.js';

export { MAX_BODY_BYTES, MAX_VALUE_CHARACTERS };

/** A well-formed validation request. */
export interface ValidationRequestBody {
  value: string;
  /** The field's request members that were sent (not null); undefined when none was. */
  options?: RequestOptions;
}

export type BodyOutcome =
  | { ok: true; body: ValidationRequestBody }
  | {
      ok: false;
      /** 415 for a body that is not JSON, 400 for every other malformed body. */
      status: 400 | 415;
      code: ErrorCode;
      message: string;
      /** The value when a string arrived (its first 1,024 characters when it is longer), else ''. */
      originalValue: string;
    };

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });
const DECIMAL = /^\s*\d+\s*$/;
const QUOTES = /^"|"$/g;

function failure(code: ErrorCode, message: string, originalValue = ''): BodyOutcome {
  return { ok: false, status: code === 'UNSUPPORTED_MEDIA_TYPE' ? 415 : 400, code, message, originalValue };
}

/** The members each field's body takes, computed once: the check of a request allocates nothing. */
const MEMBERS = Object.fromEntries(FIELD_NAMES.map((field) => [field, requestMembers(field)])) as Readonly<Record<FieldName, readonly string[]>>;

/** The members besides `value` of each field's body (its `requestMembers`). */
const OPTION_MEMBERS = Object.fromEntries(FIELD_NAMES.map((field): [FieldName, readonly string[]] => [field, Object.keys(FIELD_CATALOG[field].requestMembers)])) as Readonly<Record<FieldName, readonly string[]>>;

/**
 * Whether a Content-Type header names JSON: `application/json`, any case, optionally with a
 * UTF-8 charset (RFC 8259 makes JSON UTF-8; another charset is refused rather than misread).
 */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(';');
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (mediaType !== 'application/json') return false;
  if (semicolon === -1) return true;
  for (const parameter of header.slice(semicolon + 1).split(';')) {
    const equals = parameter.indexOf('=');
    if (equals === -1) continue;
    if (parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const charset = parameter.slice(equals + 1).trim().replace(QUOTES, '').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return false;
  }
  return true;
}

/** More than {@link MAX_VALUE_CHARACTERS} code points (a pair of surrogates is one character). */
export function isTooLong(text: string): boolean {
  if (text.length <= MAX_VALUE_CHARACTERS) return false;
  if (text.length > 2 * MAX_VALUE_CHARACTERS) return true;
  let characters = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++characters > MAX_VALUE_CHARACTERS) return true;
  }
  return false;
}

/**
 * The first {@link MAX_VALUE_CHARACTERS} characters of `text` (code points, as {@link isTooLong}
 * counts them; a surrogate pair is never cut in half): what a VALUE_TOO_LONG answer echoes, so a
 * 16 KiB value does not come back whole.
 */
export function echoOfLongValue(text: string): string {
  let characters = 0;
  for (let i = 0; i < text.length; i++) {
    if (characters === MAX_VALUE_CHARACTERS) return text.slice(0, i);
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    characters++;
  }
  return text;
}

/** Whether a Content-Length header declares more than {@link MAX_BODY_BYTES}: refused before reading. */
export function declaresTooLarge(contentLength: string | null): boolean {
  return contentLength !== null && DECIMAL.test(contentLength) && Number(contentLength) > MAX_BODY_BYTES;
}

/** A Web-standard Request as a {@link ValidationInput}. */
export function webInput(request: Request, source?: () => string): ValidationInput {
  const input: ValidationInput = { header: (name) => request.headers.get(name), readBody: () => readLimitedBody(request) };
  if (source !== undefined) input.source = source;
  return input;
}

/**
 * The body's bytes, never more than {@link MAX_BODY_BYTES} read: a declared Content-Length over the
 * limit is refused before reading; a chunked body is counted as it streams and cut off at the limit.
 */
export async function readLimitedBody(request: Request): Promise<BodyBytes> {
  const declared = request.headers.get('content-length');
  if (declaresTooLarge(declared)) return 'too-large';
  try {
    if (declared !== null && DECIMAL.test(declared)) {
      // Node's parser holds a body to its Content-Length: the buffered fast path is safe here.
      const bytes = new Uint8Array(await request.arrayBuffer());
      return bytes.byteLength > MAX_BODY_BYTES ? 'too-large' : bytes;
    }
    if (request.body === null) return new Uint8Array(0);
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_BODY_BYTES) {
        // Stop reading; what the client still sends is for the listener to drop (start.ts: unread-body.ts).
        // Cancelling instead would destroy Node's request under the listener, which then has no socket to answer on.
        reader.releaseLock();
        return 'too-large';
      }
      chunks.push(value);
    }
    if (chunks.length === 1) return chunks[0] as Uint8Array;
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  } catch {
    // The client went away or sent a broken chunked encoding.
    return 'unreadable';
  }
}

/**
 * An optional string member (`traderName`, `iban`…): absent or null is undefined; else a
 * string of at most {@link MAX_VALUE_CHARACTERS}, or the failure to answer (echoing `value`).
 */
function optionalMember(member: unknown, name: string, value: string): string | undefined | BodyOutcome {
  if (member === undefined || member === null) return undefined;
  if (typeof member !== 'string') return failure('VALUE_NOT_STRING', memberNotStringMessage(name), value);
  if (isTooLong(member)) return failure('VALUE_TOO_LONG', memberTooLongMessage(name), value);
  return member;
}

/**
 * Reads and checks a validation request of `field`'s endpoint: content type (415), size, JSON, no
 * member the endpoint does not take, then `value` and the optional members the field takes.
 * Resolves with the body or with the status, error code and message to refuse it with; never rejects.
 */
export async function readValidationBody(input: ValidationInput, field: FieldName): Promise<BodyOutcome> {
  if (!isJsonContentType(input.header('content-type'))) {
    return failure('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
  }
  // Nothing here decodes gzip and the like: such a body is refused, never read as if it were plain.
  const encoding = input.header('content-encoding');
  if (encoding !== null && encoding.trim() !== '' && encoding.trim().toLowerCase() !== 'identity') {
    return failure('UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.CONTENT_ENCODING);
  }
  const bytes = await input.readBody();
  if (bytes === 'too-large') return failure('BODY_TOO_LARGE', ERROR_MESSAGES.BODY_TOO_LARGE);
  if (bytes === 'unreadable') return failure('INVALID_JSON', ERROR_MESSAGES.INVALID_JSON);

  let parsed: unknown;
  try {
    parsed = JSON.parse(fatalUtf8.decode(bytes));
  } catch {
    return failure('INVALID_JSON', ERROR_MESSAGES.INVALID_JSON);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return failure('MISSING_VALUE', ERROR_MESSAGES.MISSING_VALUE);
  }
  const { value } = parsed as { value?: unknown };
  // A misspelt member (`tradername`) would otherwise change the answer without a word.
  const members = MEMBERS[field];
  const unknown = unknownMemberOf(parsed, members);
  if (unknown !== undefined) {
    return failure('UNKNOWN_MEMBER', unknownMemberMessage(unknown, members), typeof value === 'string' ? echoOfLongValue(value) : '');
  }
  // null is how many form libraries send an empty field: read it as missing, not as a wrong type.
  if (value === undefined || value === null) return failure('MISSING_VALUE', ERROR_MESSAGES.MISSING_VALUE);
  if (typeof value !== 'string') return failure('VALUE_NOT_STRING', ERROR_MESSAGES.VALUE_NOT_STRING);
  if (isTooLong(value)) return failure('VALUE_TOO_LONG', ERROR_MESSAGES.VALUE_TOO_LONG, echoOfLongValue(value));
  // Members the field does not take were refused above; a body of `value` alone (most requests) allocates no options.
  let options: Record<string, string> | undefined;
  for (const name of OPTION_MEMBERS[field]) {
    const member = optionalMember((parsed as Record<string, unknown>)[name], name, value);
    if (typeof member === 'object') return member;
    if (member !== undefined) (options ??= {})[name] = member;
  }
  return { ok: true, body: options === undefined ? { value } : { value, options } };
}

/**
 * The body stage: the request's body read and checked, with the members its field takes
 * (src/fields/catalog.ts). Resolves with the body, or with the 400 or 415 refusal telling the quota state.
 */
export async function readRequestBody(request: KnownRequest): Promise<ValidationRequestBody | Refusal> {
  const read = await readValidationBody(request.input, request.field);
  if (read.ok) return read.body;
  return new Refusal(errorAnswer(read.status, read.code, read.message, read.originalValue, await knownQuotaState(request)));
}

/**
 * The `X-Service-SDK` header as it may be recorded: 1 to 64 printable ASCII characters, else null
 * (an invalid value is ignored, never refused: docs/service.md#request-bodies).
 */
export function sdkOf(header: string | null | undefined): string | null {
  if (header === null || header === undefined || header.length === 0 || header.length > 64) return null;
  for (let i = 0; i < header.length; i++) {
    const unit = header.charCodeAt(i);
    if (unit < 0x20 || unit > 0x7e) return null;
  }
  return header;
}
