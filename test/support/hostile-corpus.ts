/**
 * The hostile corpus: malformed and hostile requests against every validation endpoint, built
 * from a few dozen templates per endpoint, each with the answer it must get (status, errorCode,
 * and whether the body is the error envelope). Every one of them must be refused before a
 * validation runs: none may reach the usage meter, VIES or DNS.
 */
import { gzipSync } from 'node:zlib';
import type { ErrorCode } from '../../src/result.js';
import type { RawRequest } from './raw-http.js';

export type HostileCategory =
  | 'bad JSON'
  | 'wrong types'
  | 'nested objects'
  | 'prototype keys'
  | 'odd keys'
  | 'oversized bodies'
  | 'invalid UTF-8'
  | 'wrong content types'
  | 'wrong methods'
  | 'API keys'
  | 'huge headers'
  | 'duplicate headers'
  | 'malformed HTTP'
  | 'never-ending bodies'
  | 'slow clients';

/** The answer a hostile request must get. */
export interface Expected {
  status: number;
  /** The envelope's errorCode; null: the envelope of a refusal outside the endpoints, without one. */
  errorCode: ErrorCode | null;
  /** HEAD answers carry no body; every other answer carries the envelope. */
  body: 'envelope' | 'none';
}

export interface HostileRequest {
  category: HostileCategory;
  name: string;
  field: string;
  request: RawRequest;
  expected: Expected;
  /** Waits for a server timeout: run these together, apart from the quick ones. */
  slow: boolean;
}

/** The keys the corpus uses. */
export interface CorpusKeys {
  /** A live key with every scope. */
  valid: string;
  revoked: string;
  expired: string;
}

/** Server timeouts the corpus is run against (short, so the slow cases take seconds). */
export interface CorpusTimeouts {
  headersMs: number;
  requestMs: number;
}

type Header = readonly [name: string, value: string];

interface Shape {
  method?: string;
  path?: string;
  /** Replaces the default headers (Host, Connection, X-API-KEY, Content-Type) entirely when set. */
  headers?: readonly Header[];
  /** Added after the default headers. */
  extra?: readonly Header[];
  /** Default headers to leave out, by lower-case name. */
  without?: readonly string[];
  body?: string | Uint8Array;
  /** Content-Length to declare; default: the body's length. null: none (chunked or no body). */
  contentLength?: string | null;
}

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const latin1 = (text: string): Uint8Array => Buffer.from(text, 'latin1');

/** The request bytes of `shape` against `field`, with `key` as X-API-KEY. */
function build(field: string, key: string, shape: Shape): Uint8Array {
  const method = shape.method ?? 'POST';
  const path = shape.path ?? `/api/v1/validate/${field}`;
  const body = typeof shape.body === 'string' ? bytes(shape.body) : (shape.body ?? new Uint8Array(0));
  const defaults: Header[] = [
    ['Host', '127.0.0.1'],
    ['Connection', 'close'],
    ['X-API-KEY', key],
    ['Content-Type', 'application/json'],
  ];
  const headers = [...(shape.headers ?? defaults.filter(([name]) => !(shape.without ?? []).includes(name.toLowerCase()))), ...(shape.extra ?? [])];
  const contentLength = shape.contentLength === undefined ? String(body.byteLength) : shape.contentLength;
  if (contentLength !== null) headers.push(['Content-Length', contentLength]);
  const head = `${method} ${path} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([latin1(head), body]);
}

const envelope = (status: number, errorCode: ErrorCode | null): Expected => ({ status, errorCode, body: 'envelope' });
const INVALID_JSON = envelope(400, 'INVALID_JSON');
const MISSING_VALUE = envelope(400, 'MISSING_VALUE');
const VALUE_NOT_STRING = envelope(400, 'VALUE_NOT_STRING');
const VALUE_TOO_LONG = envelope(400, 'VALUE_TOO_LONG');
const BODY_TOO_LARGE = envelope(400, 'BODY_TOO_LARGE');
const UNSUPPORTED = envelope(415, 'UNSUPPORTED_MEDIA_TYPE');
const UNKNOWN_MEMBER = envelope(400, 'UNKNOWN_MEMBER');
const NOT_HTTP = envelope(400, null);
const METHOD = envelope(405, 'METHOD_NOT_ALLOWED');
const TIMEOUT = envelope(408, null);

/** `{"value":` + n nested objects, closed. */
function nestedObjects(depth: number): string {
  return `{"value":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
}

/** A body of exactly `size` bytes that is valid JSON with a string value (padding in whitespace). */
function paddedBody(size: number): string {
  const core = '{"value":"x"}';
  return core + ' '.repeat(size - core.length);
}

/** A chunked body: each part a chunk, then the last chunk when `finish`. */
function chunked(parts: readonly string[], finish: boolean): string {
  return parts.map((part) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`).join('') + (finish ? '0\r\n\r\n' : '');
}

/** The requests of one endpoint. */
function forField(field: string, keys: CorpusKeys, timeouts: CorpusTimeouts): HostileRequest[] {
  const out: HostileRequest[] = [];
  const add = (category: HostileCategory, name: string, request: RawRequest | Shape, expected: Expected, slow = false): void => {
    const raw: RawRequest = 'parts' in request ? request : { parts: [build(field, keys.valid, request)] };
    out.push({ category, name, field, request: raw, expected, slow });
  };
  const body = (category: HostileCategory, name: string, text: string | Uint8Array, expected: Expected): void =>
    add(category, name, { body: text }, expected);

  // ---- bad JSON
  for (const [name, text] of [
    ['empty body', ''],
    ['lone brace', '{'],
    ['cut after the key', '{"value":'],
    ['trailing comma', '{"value":"x",}'],
    ['single quotes', "{'value':'x'}"],
    ['unquoted key', '{value:"x"}'],
    ['lone bracket', '['],
    ['truncated literal', 'nul'],
    ['extra closing brace', '{"value":"x"}}'],
    ['NUL byte', '\u0000'],
    ['NaN', '{"value":NaN}'],
    ['invalid escape', '{"value":"\\x41"}'],
    ['raw line break in a string', '{"value":"a\nb"}'],
    ['16,000 open brackets', '['.repeat(16_000)],
    ['unterminated string', `{"value":"${'a'.repeat(100)}`],
    ['two byte order marks', '\ufeff\ufeff{"value":"x"}'],
    ['two documents', '{"value":"x"}{"value":"y"}'],
    ['Infinity', 'Infinity'],
  ] as const) {
    body('bad JSON', name, text, INVALID_JSON);
  }

  // ---- wrong types
  for (const [name, text, expected] of [
    ['value a number', '{"value":123}', VALUE_NOT_STRING],
    ['value true', '{"value":true}', VALUE_NOT_STRING],
    ['value an empty array', '{"value":[]}', VALUE_NOT_STRING],
    ['value an array of the string', '{"value":["DE89370400440532013000"]}', VALUE_NOT_STRING],
    ['value an object', '{"value":{}}', VALUE_NOT_STRING],
    ['value 1e400', '{"value":1e400}', VALUE_NOT_STRING],
    ['value -0', '{"value":-0}', VALUE_NOT_STRING],
    ['value null', '{"value":null}', MISSING_VALUE],
    ['body a number', '123', MISSING_VALUE],
    ['body a string', '"DE89370400440532013000"', MISSING_VALUE],
    ['body an array', '[]', MISSING_VALUE],
    ['body null', 'null', MISSING_VALUE],
    ['body true', 'true', MISSING_VALUE],
    ['body an array holding the object', '[{"value":"x"}]', MISSING_VALUE],
  ] as const) {
    body('wrong types', name, text, expected);
  }

  // ---- nested objects
  body('nested objects', 'value nested in value', '{"value":{"value":"x"}}', VALUE_NOT_STRING);
  body('nested objects', 'value nested in data', '{"data":{"value":"x"}}', UNKNOWN_MEMBER);
  body('nested objects', 'value 2,000 arrays deep', `{"value":${'['.repeat(2_000)}${']'.repeat(2_000)}}`, VALUE_NOT_STRING);
  body('nested objects', 'value 1,500 objects deep', nestedObjects(1_500), VALUE_NOT_STRING);
  body('nested objects', 'the body as a JSON string inside a key', '{"body":"{\\"value\\":\\"x\\"}"}', UNKNOWN_MEMBER);

  // ---- prototype keys: a value reachable only through a prototype must never be read (such a key is
  // a member the endpoint does not take: refused by name, docs/service.md#request-bodies)
  for (const [name, text, expected] of [
    ['__proto__ holding value', '{"__proto__":{"value":"x"}}', UNKNOWN_MEMBER],
    ['constructor.prototype holding value', '{"constructor":{"prototype":{"value":"x"}}}', UNKNOWN_MEMBER],
    ['__proto__ twice deep', '{"__proto__":{"__proto__":{"value":"x"}}}', UNKNOWN_MEMBER],
    ['prototype holding value', '{"prototype":{"value":"x"}}', UNKNOWN_MEMBER],
    ['value holding __proto__', '{"value":{"__proto__":"x"}}', VALUE_NOT_STRING],
    ['__proto__ and constructor null', '{"__proto__":null,"constructor":null}', UNKNOWN_MEMBER],
    ['Object.prototype method names', '{"toString":"x","valueOf":"x","hasOwnProperty":"x"}', UNKNOWN_MEMBER],
    ['value holding toString', '{"value":{"toString":"x"}}', VALUE_NOT_STRING],
    ['__proto__ value and value null', '{"__proto__":{"value":"x"},"value":null}', UNKNOWN_MEMBER],
  ] as const) {
    body('prototype keys', name, text, expected);
  }

  // ---- keys with whitespace or Unicode
  for (const [name, key] of [
    ['leading space', ' value'],
    ['trailing space', 'value '],
    ['upper case', 'VALUE'],
    ['capitalised', 'Value'],
    ['Cyrillic e', 'valu\u0435'],
    ['zero-width space', '\u200bvalue'],
    ['NUL inside', 'value\u0000'],
    ['space inside', 'va lue'],
    ['u umlaut', 'val\u00fce'],
    ['emoji', '\ud83d\ude00'],
    ['empty key', ''],
  ] as const) {
    // Never read as `value`: refused by name as a member the endpoint does not take.
    body('odd keys', `key with ${name}`, `{${JSON.stringify(key)}:"x"}`, UNKNOWN_MEMBER);
  }
  body('odd keys', 'value twice, the last a number', '{"value":"x","value":1}', VALUE_NOT_STRING);

  // ---- oversized bodies
  add('oversized bodies', '16 KiB + 1 with Content-Length', { body: paddedBody(16 * 1024 + 1) }, BODY_TOO_LARGE);
  add('oversized bodies', '16 KiB + 1 chunked', { body: chunked([paddedBody(16 * 1024 + 1)], true), contentLength: null, extra: [['Transfer-Encoding', 'chunked']] }, BODY_TOO_LARGE);
  add('oversized bodies', '16 KiB + 1 in 1-byte chunks', { body: chunked([...paddedBody(16 * 1024 + 1)], true), contentLength: null, extra: [['Transfer-Encoding', 'chunked']] }, BODY_TOO_LARGE);
  add('oversized bodies', 'a terabyte declared', { body: '{"va', contentLength: '1000000000000' }, BODY_TOO_LARGE);
  body('oversized bodies', 'value of 1,025 characters', JSON.stringify({ value: 'A'.repeat(1_025) }), VALUE_TOO_LONG);
  body('oversized bodies', 'value of 1,025 emoji', JSON.stringify({ value: '😀'.repeat(1_025) }), VALUE_TOO_LONG);

  // ---- invalid UTF-8
  const utf8Case = (name: string, inner: readonly number[]): void =>
    body('invalid UTF-8', name, Buffer.concat([bytes('{"value":"'), Buffer.from(inner), bytes('"}')]), INVALID_JSON);
  utf8Case('byte FF', [0xff]);
  utf8Case('overlong slash', [0xc0, 0xaf]);
  utf8Case('encoded surrogate', [0xed, 0xa0, 0x80]);
  utf8Case('truncated euro sign', [0xe2, 0x82]);
  utf8Case('five-byte sequence', [0xf8, 0x88, 0x80, 0x80, 0x80]);
  body('invalid UTF-8', 'UTF-16 with a byte order mark', Buffer.from('\ufeff{"value":"x"}', 'utf16le'), INVALID_JSON);

  // ---- wrong content types
  const json = '{"value":"x"}';
  add('wrong content types', 'no Content-Type', { body: json, without: ['content-type'] }, UNSUPPORTED);
  for (const type of [
    '',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'application/jsonx',
    'application/json-patch+json',
    'text/json',
    'application/xml',
    'application/json, text/plain',
  ]) {
    add('wrong content types', `Content-Type ${JSON.stringify(type)}`, { body: json, without: ['content-type'], extra: [['Content-Type', type]] }, UNSUPPORTED);
  }
  add('wrong content types', 'a gzip body', { body: gzipSync(json), extra: [['Content-Encoding', 'gzip']] }, UNSUPPORTED);

  // ---- wrong methods
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
    add('wrong methods', method, { method, body: json }, METHOD);
  }
  add('wrong methods', 'HEAD', { method: 'HEAD', contentLength: null }, { status: 405, errorCode: null, body: 'none' });
  add('wrong methods', 'an unknown method', { method: 'FOO', body: json }, NOT_HTTP);

  // ---- API keys
  const keyCase = (name: string, headers: readonly Header[], expected: Expected, path?: string): void =>
    add('API keys', name, { body: json, without: ['x-api-key'], extra: headers, ...(path === undefined ? {} : { path }) }, expected);
  const display = keys.valid.slice(0, 7);
  keyCase('no key', [], envelope(401, 'MISSING_API_KEY'));
  keyCase('empty key', [['X-API-KEY', '']], envelope(401, 'MISSING_API_KEY'));
  keyCase('blank key', [['X-API-KEY', '   \t ']], envelope(401, 'MISSING_API_KEY'));
  keyCase('key too short', [['X-API-KEY', 'vf_short']], envelope(401, 'INVALID_API_KEY'));
  keyCase('unknown key', [['X-API-KEY', `vf_${'A'.repeat(43)}`]], envelope(401, 'INVALID_API_KEY'));
  keyCase('a known display prefix, the rest wrong', [['X-API-KEY', `${display}${'z'.repeat(43 - 4)}`]], envelope(401, 'INVALID_API_KEY'));
  keyCase('revoked key', [['X-API-KEY', keys.revoked]], envelope(401, 'INVALID_API_KEY'));
  keyCase('expired key', [['X-API-KEY', keys.expired]], envelope(401, 'EXPIRED_API_KEY'));
  keyCase('revoked key as a bearer token', [['Authorization', `Bearer ${keys.revoked}`]], envelope(401, 'INVALID_API_KEY'));
  keyCase('a bearer token and a different X-API-KEY', [['X-API-KEY', keys.valid], ['Authorization', `Bearer ${keys.revoked}`]], envelope(401, 'CONFLICTING_API_KEYS'));
  keyCase('a bearer token without a key', [['Authorization', 'Bearer ']], envelope(401, 'MISSING_API_KEY'));
  keyCase('key in the query string', [], envelope(401, 'MISSING_API_KEY'), `/api/v1/validate/${field}?api_key=${keys.valid}`);
  keyCase('key with UTF-8 bytes', [['X-API-KEY', Buffer.from(`vf_${'ü'.repeat(21)}x`, 'utf8').toString('latin1')]], envelope(401, 'INVALID_API_KEY'));
  keyCase('key of 8 KiB', [['X-API-KEY', `vf_${'a'.repeat(8_192)}`]], envelope(401, 'INVALID_API_KEY'));
  keyCase('key with a SQL quote', [['X-API-KEY', `vf_${'a'.repeat(20)}' OR '1'='1`]], envelope(401, 'INVALID_API_KEY'));
  keyCase('key with a NUL byte', [['X-API-KEY', `${keys.valid}\u0000`]], NOT_HTTP);

  // ---- huge headers
  add('huge headers', 'a 20 KiB header', { body: json, extra: [['X-Padding', 'a'.repeat(20 * 1024)]] }, envelope(431, null));
  add('huge headers', 'a 20 KiB cookie', { body: json, extra: [['Cookie', `session=${'b'.repeat(20 * 1024)}`]] }, envelope(431, null));
  add(
    'huge headers',
    '1,500 small headers, then a broken body',
    { body: '{', extra: Array.from({ length: 1_500 }, (_, i): Header => [`X-${i}`, 'y']) },
    INVALID_JSON,
  );

  // ---- duplicate headers
  add('duplicate headers', 'two API keys', { body: json, extra: [['X-API-KEY', keys.valid]] }, envelope(401, 'INVALID_API_KEY'));
  add('duplicate headers', 'two JSON content types', { body: json, extra: [['Content-Type', 'application/json']] }, UNSUPPORTED);
  add('duplicate headers', 'JSON and text content types', { body: json, extra: [['Content-Type', 'text/plain']] }, UNSUPPORTED);
  add('duplicate headers', 'two Content-Length, different', { body: json, extra: [['Content-Length', '3']] }, NOT_HTTP);
  add('duplicate headers', 'two Content-Length, equal', { body: json, extra: [['Content-Length', String(json.length)]] }, NOT_HTTP);
  add('duplicate headers', 'Content-Length and chunked', { body: chunked([json], true), extra: [['Transfer-Encoding', 'chunked']] }, NOT_HTTP);
  add('duplicate headers', 'chunked twice', { body: chunked([json], true), contentLength: null, extra: [['Transfer-Encoding', 'chunked'], ['Transfer-Encoding', 'chunked']] }, NOT_HTTP);
  add('duplicate headers', 'two Host headers, then a broken body', { body: '{', extra: [['Host', 'evil.example']] }, INVALID_JSON);

  // ---- malformed HTTP
  const head = (lines: string, rest = ''): RawRequest => ({ parts: [latin1(`${lines.replace(/\n/g, '\r\n')}\r\n${rest}`)] });
  const key = keys.valid;
  add('malformed HTTP', 'bad chunk size', { body: `zz\r\n${json}\r\n0\r\n\r\n`, contentLength: null, extra: [['Transfer-Encoding', 'chunked']] }, NOT_HTTP);
  add('malformed HTTP', 'chunk extensions of 20 KiB', { body: `1;${'e'.repeat(20 * 1024)}\r\n{\r\n0\r\n\r\n`, contentLength: null, extra: [['Transfer-Encoding', 'chunked']] }, envelope(413, null));
  add('malformed HTTP', 'HTTP/9.9', head(`POST /api/v1/validate/${field} HTTP/9.9\nHost: x\n`), NOT_HTTP);
  add('malformed HTTP', 'space before a header colon', head(`POST /api/v1/validate/${field} HTTP/1.1\nHost: x\nX-API-KEY : ${key}\nContent-Length: 0\n`), NOT_HTTP);
  add('malformed HTTP', 'folded header line', head(`POST /api/v1/validate/${field} HTTP/1.1\nHost: x\nX-API-KEY: ${key}\n  folded\nContent-Length: 0\n`), NOT_HTTP);
  add('malformed HTTP', 'bare CR in a header value', head(`POST /api/v1/validate/${field} HTTP/1.1\nHost: x\nX-Odd: a\rb\nContent-Length: 0\n`), NOT_HTTP);
  add('malformed HTTP', 'non-ASCII header name', head(`POST /api/v1/validate/${field} HTTP/1.1\nHost: x\nX-API-K\u00c9Y: ${key}\nContent-Length: 0\n`), NOT_HTTP);
  add('malformed HTTP', 'negative Content-Length', { body: json, contentLength: '-1' }, NOT_HTTP);
  add('malformed HTTP', 'hexadecimal Content-Length', { body: json, contentLength: '0x10' }, NOT_HTTP);
  add('malformed HTTP', 'line feeds without carriage returns', { parts: [latin1(`POST /api/v1/validate/${field} HTTP/1.1\nHost: x\nContent-Length: 0\n\n`)] }, NOT_HTTP);
  add('malformed HTTP', 'binary garbage', { parts: [Buffer.from([0x00, 0x01, 0x02, 0xff, 0x0d, 0x0a, 0x0d, 0x0a])] }, NOT_HTTP);
  add('malformed HTTP', 'TLS handshake on the plain port', { parts: [Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03])], endAfterWrite: true }, NOT_HTTP);

  // ---- bodies that never end (cut by the request timeout)
  const neverEnding = (name: string, request: RawRequest): void => add('never-ending bodies', name, request, TIMEOUT, true);
  neverEnding('Content-Length 100, ten bytes sent', { parts: [build(field, key, { body: '{"value":"', contentLength: '100' })] });
  neverEnding('chunked, one chunk, no end', { parts: [build(field, key, { body: chunked(['{"value":'], false), contentLength: null, extra: [['Transfer-Encoding', 'chunked']] })] });
  neverEnding('chunked, a byte every 300 ms for ever', {
    parts: [build(field, key, { contentLength: null, extra: [['Transfer-Encoding', 'chunked']] }), ...Array.from({ length: Math.ceil((timeouts.requestMs * 3) / 300) }, () => '1\r\n \r\n')],
    gapMs: 300,
  });

  // ---- slow clients (cut by the headers timeout)
  add('slow clients', 'connects and sends nothing', { parts: [] }, TIMEOUT, true);
  add('slow clients', 'half the headers, then silence', { parts: [latin1(`POST /api/v1/validate/${field} HTTP/1.1\r\nHost: x\r\n`)] }, TIMEOUT, true);
  const trickled = `POST /api/v1/validate/${field} HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${key}\r\n`;
  add('slow clients', 'headers one byte every 100 ms', { parts: [...trickled], gapMs: 100 }, TIMEOUT, true);
  return out;
}

/** Requests that are not about one endpoint's body, sent once. */
function global(keys: CorpusKeys, port: number): HostileRequest[] {
  const head = `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-KEY: ${keys.valid}\r\n\r\n`;
  return [
    { category: 'wrong methods', name: 'CONNECT (a tunnel)', field: '-', request: { parts: [latin1(head)] }, expected: METHOD, slow: false },
    {
      category: 'malformed HTTP',
      name: 'an Expect other than 100-continue',
      field: 'iban',
      request: { parts: [build('iban', keys.valid, { body: '{"value":"x"}', extra: [['Expect', '999-nonsense']] })] },
      expected: envelope(417, null),
      slow: false,
    },
  ];
}

/**
 * The whole corpus for `fields`, plus VAT's own cases (traderName). `port` is the server's (the
 * CONNECT request names it).
 */
export function buildCorpus(fields: readonly string[], keys: CorpusKeys, timeouts: CorpusTimeouts, port: number): HostileRequest[] {
  const corpus = fields.flatMap((field) => forField(field, keys, timeouts));
  const vat = (name: string, text: string, expected: Expected): HostileRequest => ({
    category: 'wrong types',
    name,
    field: 'vat',
    request: { parts: [build('vat', keys.valid, { body: text })] },
    expected,
    slow: false,
  });
  corpus.push(
    vat('traderName a number', '{"value":"LU12345613","traderName":42}', VALUE_NOT_STRING),
    vat('traderName an object with __proto__', '{"value":"LU12345613","traderName":{"__proto__":{"length":1}}}', VALUE_NOT_STRING),
    vat('traderName an array', '{"value":"LU12345613","traderName":["ACME"]}', VALUE_NOT_STRING),
    vat('traderName of 1,025 characters', JSON.stringify({ value: 'LU12345613', traderName: 'N'.repeat(1_025) }), VALUE_TOO_LONG),
  );
  return [...corpus, ...global(keys, port)];
}
