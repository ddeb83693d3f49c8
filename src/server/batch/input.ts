/**
 * The values of a job as sent: JSON `{ field, values, webhookUrl? }`, or a CSV or NDJSON body with
 * the field in the query. Every problem is one precise sentence (the 400 INVALID_JOB message).
 * Never throws on any body.
 *
 * Each format is read piece by piece as the body arrives ({@link jobBodyReader}): a piece costs
 * time in proportion to its own length, never to the body read so far, so that a 16 MiB body never
 * holds the event loop (docs/service.md#jobs). The JSON form is read by a small tokenizer of its one
 * shape: each element of `values` is parsed on its own, the other members whole (they are short).
 */
import { FIELD_NAMES } from '../../fields/catalog.js';
import { unknownMemberMessage } from '../answers/errors.js';
import { MAX_VALUE_CHARACTERS } from '../policy/limits.js';
import type { Field, JobField } from '../storage/types.js';
import { MIXED, mixedLine } from './mixed.js';
import { readWebhookUrl } from '../webhooks/destination.js';
import { SHAPE_SCHEMAS } from '../shapes/generated/schemas.js';

/**
 * The JSON form's schema, generated from its type (JobSubmission in src/account-api.ts): the
 * reader takes its member names and its limit on values from there, so that the body it reads is
 * the one the type and the OpenAPI document declare.
 */
const JOB_SCHEMA = SHAPE_SCHEMAS.JobSubmission;

/** Values in one job, at most (`values`' maxItems). */
export const MAX_JOB_VALUES: number = JOB_SCHEMA.properties?.values?.maxItems ?? Number.NaN;
/** The largest job body: 16 MiB. */
export const MAX_JOB_BODY_BYTES = 16 * 1024 * 1024;

/** A job as read from its request. */
export interface JobInput {
  field: JobField;
  values: string[];
  webhookUrl: string | null;
}

/**
 * Why a body is not a job: 400 INVALID_JOB, or UNKNOWN_MEMBER (`unknownMember`: a member the JSON
 * body does not take), or 413 (`tooLarge`: more values than a job takes).
 */
export interface JobBodyRefusal {
  message: string;
  unknownMember?: true;
  tooLarge?: true;
}

/** The input, or why it is refused. */
export type JobInputReading = { ok: true; input: JobInput } | ({ ok: false } & JobBodyRefusal);

/** The members of a JSON job body. */
const JOB_MEMBERS: readonly string[] = Object.keys(JOB_SCHEMA.properties ?? {});

/** The body formats a job takes. */
export type JobBodyFormat = 'json' | 'csv' | 'ndjson';

/** The format of a Content-Type; null for any other. */
export function jobBodyFormat(contentType: string | undefined): JobBodyFormat | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') return 'json';
  if (type === 'text/csv') return 'csv';
  if (type === 'application/x-ndjson' || type === 'application/ndjson') return 'ndjson';
  return null;
}

function readField(field: unknown): Field | string {
  if (typeof field !== 'string' || field === '') return `"field" is required: one of ${FIELD_NAMES.join(', ')}`;
  if (!(FIELD_NAMES as readonly string[]).includes(field)) return `"field" must be one of ${FIELD_NAMES.join(', ')}; got "${field.slice(0, 40)}"`;
  return field as Field;
}

function isField(read: Field | string): read is Field {
  return (FIELD_NAMES as readonly string[]).includes(read);
}

/** A job's webhookUrl: the account webhook's rules (../webhooks/destination.ts), so that no URL a job takes is one the account's settings would refuse. */
function jobWebhookUrl(url: unknown): string | null | { error: string } {
  if (url === undefined || url === null) return null;
  if (typeof url !== 'string') return { error: '"webhookUrl" must be a string' };
  const read = readWebhookUrl(url);
  return read.ok ? read.url : { error: `"webhookUrl": ${read.message}` };
}


/**
 * A job body read piece by piece: each piece's complete values are appended to `into` as it is
 * read, the checks that need the whole body run at its end. The first refusal ends the reading.
 */
export interface JobBodyReader {
  /**
   * The job's field once known: the query's for CSV and NDJSON (MIXED without one: each line names
   * its own, ./mixed.ts), the JSON member once read.
   */
  field(): JobField | null;
  /** Reads the next piece of the body. */
  push(text: string, into: string[]): JobBodyRefusal | null;
  /** The body ended: its last values, then the checks of the whole job. */
  end(into: string[]): JobBodyRefusal | null;
  /** The job's webhookUrl, once the body ended. */
  webhookUrl(): string | null;
}

const n = (count: number): string => count.toLocaleString('en-US');

/** What every format checks of each value as it is read: a string of at most MAX_VALUE_CHARACTERS, no more than MAX_JOB_VALUES of them. */
function valueCounter(): { count(): number; accept(value: unknown, into: string[], field?: Field): JobBodyRefusal | null } {
  let count = 0;
  return {
    count: () => count,
    accept(value, into, field) {
      count += 1;
      if (count > MAX_JOB_VALUES) return { message: `A job takes at most ${n(MAX_JOB_VALUES)} values`, tooLarge: true };
      if (typeof value !== 'string') return { message: `Value ${count} is not a string` };
      if (value.length > MAX_VALUE_CHARACTERS) return { message: `Value ${count} is longer than ${n(MAX_VALUE_CHARACTERS)} characters` };
      // A mixed job's line is stored with its field (./mixed.ts).
      into.push(field === undefined ? value : mixedLine(field, value));
      return null;
    },
  };
}

/** The checks of a whole job: at least one value, a webhookUrl by the account webhook's rules. */
function endChecks(count: number, webhookUrl: unknown): { url: string | null } | JobBodyRefusal {
  if (count === 0) return { message: 'A job needs at least one value' };
  const url = jobWebhookUrl(webhookUrl);
  if (url !== null && typeof url === 'object') return { message: url.error };
  return { url };
}

const isWhitespace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** The characters a JSON value other than a string may start with. */
const JSON_VALUE_START = /^[[{\-0-9tfn]/;
/** The result of JSON.parse, or this when the text is not JSON. */
const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

type JsonState = 'start' | 'firstKey' | 'key' | 'colon' | 'member' | 'values' | 'firstElement' | 'element' | 'afterElement' | 'afterMember' | 'end';

/** The JSON form `{ field, values, webhookUrl? }`, tokenized as it arrives. */
function jsonJobReader(): JobBodyReader {
  const counter = valueCounter();
  const invalid: JobBodyRefusal = { message: 'The request body is not valid JSON' };
  const members = new Map<string, unknown>();
  let buf = '';
  let pos = 0;
  let state: JsonState = 'start';
  let key = '';
  let field: Field | null = null;
  let valuesRead = false;
  let url: string | null = null;
  // Where the scan of an unfinished token resumes (-1: none under way), and the nesting it is in:
  // a piece is scanned once, however long the token that spans it.
  let scan = -1;
  let depth = 0;
  let inString = false;

  /** The index of the quote that closes the string opening at `start`; -1 while it has not arrived. */
  function stringEnd(start: number): number {
    let i = scan >= 0 ? scan : start + 1;
    while (i < buf.length) {
      const c = buf.charCodeAt(i);
      if (c === 0x5c) i += 2;
      else if (c === 0x22) {
        scan = -1;
        return i;
      }
      else i += 1;
    }
    // A backslash that ends the piece is looked at again with the next.
    scan = i > buf.length ? buf.length - 1 : buf.length;
    return -1;
  }

  /** The end (exclusive) of the member value starting at `start`; -1 while it has not all arrived. */
  function valueEnd(start: number): number {
    const first = buf.charCodeAt(start);
    if (first === 0x22) {
      const end = stringEnd(start);
      return end < 0 ? -1 : end + 1;
    }
    let i = start;
    if (scan >= 0) i = scan;
    else {
      depth = 0;
      inString = false;
    }
    const nested = first === 0x7b || first === 0x5b;
    while (i < buf.length) {
      const c = buf.charCodeAt(i);
      if (!nested) {
        if (c === 0x2c || c === 0x7d || c === 0x5d || isWhitespace(c)) {
          scan = -1;
          return i;
        }
      } else if (inString) {
        if (c === 0x5c) {
          i += 2;
          continue;
        }
        if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth += 1;
      else if (c === 0x7d || c === 0x5d) {
        depth -= 1;
        if (depth === 0) {
          scan = -1;
          return i + 1;
        }
      }
      i += 1;
    }
    scan = i > buf.length ? buf.length - 1 : buf.length;
    return -1;
  }

  function run(into: string[]): JobBodyRefusal | null {
    for (;;) {
      while (pos < buf.length && isWhitespace(buf.charCodeAt(pos))) pos += 1;
      if (pos >= buf.length) return null;
      const c = buf[pos] as string;
      switch (state) {
        case 'start':
          if (c !== '{') return c === '"' || JSON_VALUE_START.test(c) ? { message: 'The request body must be a JSON object with "field" and "values"' } : invalid;
          pos += 1;
          state = 'firstKey';
          break;
        case 'firstKey':
          if (c === '}') {
            pos += 1;
            state = 'end';
          } else state = 'key';
          break;
        case 'key': {
          if (c !== '"') return invalid;
          const end = stringEnd(pos);
          if (end < 0) return null;
          const name = parseJson(buf.slice(pos, end + 1));
          if (typeof name !== 'string') return invalid;
          pos = end + 1;
          if (!JOB_MEMBERS.includes(name)) return { message: unknownMemberMessage(name, JOB_MEMBERS), unknownMember: true };
          if (name === 'values' && valuesRead) return { message: '"values" is given twice' };
          key = name;
          state = 'colon';
          break;
        }
        case 'colon':
          if (c !== ':') return invalid;
          pos += 1;
          state = key === 'values' ? 'values' : 'member';
          break;
        case 'values':
          if (c !== '[') return { message: '"values" must be an array of strings' };
          valuesRead = true;
          pos += 1;
          state = 'firstElement';
          break;
        case 'firstElement':
          if (c === ']') {
            pos += 1;
            state = 'afterMember';
          } else state = 'element';
          break;
        case 'element': {
          if (c !== '"') return JSON_VALUE_START.test(c) ? counter.accept(null, into) : invalid;
          const end = stringEnd(pos);
          if (end < 0) return null;
          const value = parseJson(buf.slice(pos, end + 1));
          if (typeof value !== 'string') return invalid;
          pos = end + 1;
          const refusal = counter.accept(value, into);
          if (refusal !== null) return refusal;
          state = 'afterElement';
          break;
        }
        case 'afterElement':
          if (c === ',') state = 'element';
          else if (c === ']') state = 'afterMember';
          else return invalid;
          pos += 1;
          break;
        case 'member': {
          const end = valueEnd(pos);
          if (end < 0) return null;
          const value = parseJson(buf.slice(pos, end));
          if (value === NOT_JSON) return invalid;
          pos = end;
          members.set(key, value);
          if (key === 'field') {
            // Known as soon as read: the key's scope is checked before any value is stored.
            const read = readField(value);
            if (!isField(read)) return { message: read };
            field = read;
          }
          state = 'afterMember';
          break;
        }
        case 'afterMember':
          if (c === ',') state = 'key';
          else if (c === '}') state = 'end';
          else return invalid;
          pos += 1;
          break;
        case 'end':
          return invalid;
      }
    }
  }

  return {
    field: () => field,
    push(text, into) {
      if (pos > 0) {
        buf = buf.slice(pos);
        if (scan >= 0) scan -= pos;
        pos = 0;
      }
      buf += text;
      return run(into);
    },
    end() {
      if (state !== 'end') return invalid;
      if (field === null) return { message: readField(undefined) };
      if (!valuesRead) return { message: '"values" must be an array of strings' };
      const checked = endChecks(counter.count(), members.get('webhookUrl'));
      if ('message' in checked) return checked;
      url = checked.url;
      return null;
    },
    webhookUrl: () => url,
  };
}

/**
 * The first `columns` fields of each CSV record from record `first` on (RFC 4180: quoted fields
 * may hold commas, doubled quotes and line breaks; CRLF or LF ends a record), each with its record
 * number, and the number of the next record. Empty lines are skipped; an unterminated quote is refused.
 */
function csvRecords(text: string, first: number, columns = 1): { records: Array<{ record: number; fields: string[] }>; next: number } | string {
  const records: Array<{ record: number; fields: string[] }> = [];
  let i = first === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let record = first;
  while (i < text.length) {
    const fields: string[] = [];
    let anyQuoted = false;
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        anyQuoted = true;
        i += 1;
        for (;;) {
          if (i >= text.length) return `Record ${record} has a quote that is never closed`;
          const char = text[i] as string;
          if (char === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          value += char;
          i += 1;
        }
        // Text between a closing quote and the next comma is not part of the field.
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') i += 1;
      } else {
        const start = i;
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') i += 1;
        value = text.slice(start, i);
      }
      if (fields.length < columns) fields.push(value);
      if (text[i] !== ',') break;
      i += 1;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
    else if (i < text.length) i += 1;
    if (anyQuoted || fields.length > 1 || fields[0] !== '') records.push({ record, fields });
    record += 1;
  }
  return { records, next: record };
}

/** The first column of each CSV record (see csvRecords). */
export function csvFirstColumn(text: string): string[] | string {
  const read = csvRecords(text, 1);
  return typeof read === 'string' ? read : read.records.map((record) => record.fields[0] as string);
}

/**
 * One NDJSON line (number `n`): a JSON string, or an object with a "value" string (and a "field",
 * which a mixed job's lines must have: `mixed`); null for a blank line.
 */
function ndjsonLine(text: string, n: number, mixed = false): { value: string; field?: unknown } | string | null {
  const line = text.trim();
  if (line === '') return null;
  const parsed = parseJson(line);
  if (parsed === NOT_JSON) return `Line ${n} is not valid JSON`;
  if (typeof parsed === 'string' && !mixed) return { value: parsed };
  if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { value?: unknown }).value === 'string') {
    const { value, field } = parsed as { value: string; field?: unknown };
    if (field !== undefined || mixed) return { value, field };
    return { value };
  }
  if (mixed) return `Line ${n} must be an object with "field" and "value" strings (or name the field in the query: ?field=)`;
  return `Line ${n} must be a JSON string or an object with a "value" string`;
}

/** Each NDJSON line: a JSON string, or an object with a "value" string. Blank lines are skipped. */
export function ndjsonValues(text: string): string[] | string {
  const values: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const read = ndjsonLine(lines[i] as string, i + 1);
    if (typeof read === 'string') return read;
    if (read !== null) values.push(read.value);
  }
  return values;
}

/** Whether a CSV field names the column `name` (in any case, as spreadsheets export it). */
const isColumnName = (text: string | undefined, name: string): boolean => text?.trim().toLowerCase() === name;

/**
 * The field a line of a mixed job names: a field of the catalog, in any case; the refusal
 * otherwise. `where` names the line ("Record 3", "Line 3").
 */
function namedField(name: unknown, where: string): Field | JobBodyRefusal {
  const read = typeof name === 'string' ? name.trim().toLowerCase() : name;
  if (typeof read === 'string' && (FIELD_NAMES as readonly string[]).includes(read)) return read as Field;
  const shown = typeof name === 'string' ? `"${name.slice(0, 40)}"` : 'no field';
  return { message: `${where} names ${shown}: the field must be one of ${FIELD_NAMES.join(', ')}` };
}

/**
 * A CSV or NDJSON body read piece by piece: what precedes its last line break (outside quotes, for
 * CSV) is read at once; the rest waits for the next piece. `field` null: a mixed job, whose CSV
 * begins with the header `field,value` and whose NDJSON lines are `{ "field", "value" }`. A CSV's
 * header (`value`, or `field,value`) is never validated or counted: the first value is line 1.
 */
function listJobReader(format: 'csv' | 'ndjson', field: Field | null, webhookUrl: string | undefined): JobBodyReader {
  const counter = valueCounter();
  // Whether the CSV's first record is still to come: it may be (or, mixed, must be) a header.
  let firstRecord = true;
  let buf = '';
  let scanned = 0;
  let inQuotes = false;
  let next = 1;
  let url: string | null = null;

  /** A CSV record's value (and field, mixed), or null for a header. */
  function csvRecord(record: number, fields: readonly string[]): { value: string; field?: Field } | JobBodyRefusal | null {
    const [head, second] = fields;
    const isFirst = firstRecord;
    firstRecord = false;
    if (field !== null) {
      if (isFirst && isColumnName(head, 'value')) return null;
      if (isFirst && isColumnName(head, 'field')) return { message: 'This CSV has a field column: send it without ?field=' };
      return { value: head as string };
    }
    if (isFirst) {
      if (isColumnName(head, 'field') && isColumnName(second, 'value')) return null;
      return { message: 'A CSV sent without ?field= must begin with the header field,value (or name the field in the query: ?field=)' };
    }
    const named = namedField(head, `Record ${record}`);
    if (typeof named !== 'string') return named;
    if (second === undefined) return { message: `Record ${record} has no value after its field` };
    return { value: second, field: named };
  }

  /** An NDJSON line's value, and its field on a mixed job; a line naming another field than the query's is refused. */
  function ndjsonRecord(read: { value: string; field?: unknown }, line: number): { value: string; field?: Field } | JobBodyRefusal {
    if (read.field === undefined && field !== null) return { value: read.value };
    const named = namedField(read.field, `Line ${line}`);
    if (typeof named !== 'string') return named;
    if (field === null) return { value: read.value, field: named };
    if (named !== field) return { message: `Line ${line} names the field ${named}, but the job's field is ${field}` };
    return { value: read.value };
  }

  function take(text: string, into: string[]): JobBodyRefusal | null {
    if (format === 'csv') {
      const read = csvRecords(text, next, field === null ? 2 : 1);
      if (typeof read === 'string') return { message: read };
      next = read.next;
      for (const { record, fields } of read.records) {
        const taken = csvRecord(record, fields);
        if (taken === null) continue;
        if ('message' in taken) return taken;
        const refusal = counter.accept(taken.value, into, taken.field);
        if (refusal !== null) return refusal;
      }
      return null;
    }
    const lines = text.split('\n');
    for (const line of lines) {
      const read = ndjsonLine(line, next, field === null);
      next += 1;
      if (typeof read === 'string') return { message: read };
      if (read === null) continue;
      const taken = ndjsonRecord(read, next - 1);
      if ('message' in taken) return taken;
      const refusal = counter.accept(taken.value, into, taken.field);
      if (refusal !== null) return refusal;
    }
    return null;
  }

  return {
    field: () => field ?? MIXED,
    push(text, into) {
      buf += text;
      let cut = -1;
      for (let i = scanned; i < buf.length; i += 1) {
        const c = buf.charCodeAt(i);
        if (c === 0x22 && format === 'csv') inQuotes = !inQuotes;
        else if (c === 0x0a && !inQuotes) cut = i;
      }
      scanned = buf.length;
      if (cut < 0) return null;
      const complete = buf.slice(0, cut);
      buf = buf.slice(cut + 1);
      scanned = buf.length;
      // The cut line break ends the last record or line of `complete`.
      return take(format === 'csv' ? `${complete}\n` : complete, into);
    },
    end(into) {
      if (buf !== '') {
        const refusal = take(buf, into);
        buf = '';
        if (refusal !== null) return refusal;
      }
      const checked = endChecks(counter.count(), webhookUrl);
      if ('message' in checked) return checked;
      url = checked.url;
      return null;
    },
    webhookUrl: () => url,
  };
}

/**
 * The reader of a job body in `format`; for CSV and NDJSON the field and webhookUrl come from the
 * query, and a bad one is refused before the body is read.
 */
export function jobBodyReader(format: JobBodyFormat, query: { field?: string; webhookUrl?: string } = {}): JobBodyReader | JobBodyRefusal {
  if (format === 'json') return jsonJobReader();
  // Without ?field=, each line names its own field (a mixed job).
  const field = query.field === undefined || query.field === '' ? null : readField(query.field);
  if (field !== null && !isField(field)) return { message: `${field} (in the query: ?field=)` };
  const url = jobWebhookUrl(query.webhookUrl);
  if (url !== null && typeof url === 'object') return { message: url.error };
  return listJobReader(format, field, query.webhookUrl);
}

/** A whole body read at once, through the same reader. */
function readWhole(reader: JobBodyReader | JobBodyRefusal, body: string): JobInputReading {
  if (!('push' in reader)) return { ok: false, ...reader };
  const values: string[] = [];
  const refusal = reader.push(body, values) ?? reader.end(values);
  const field = reader.field();
  if (refusal !== null || field === null) return { ok: false, ...(refusal ?? { message: readField(undefined) }) };
  return { ok: true, input: { field, values, webhookUrl: reader.webhookUrl() } };
}

/** A JSON body `{ field, values, webhookUrl? }`. */
export function readJsonJob(body: string): JobInputReading {
  return readWhole(jobBodyReader('json'), body);
}

/** A CSV or NDJSON body, with the field and the webhook URL from the query. */
export function readListJob(format: 'csv' | 'ndjson', body: string, field: string | undefined, webhookUrl: string | undefined): JobInputReading {
  return readWhole(jobBodyReader(format, { field, webhookUrl }), body);
}
