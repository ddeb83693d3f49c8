/**
 * The values of a job as sent: JSON `{ field, values, webhookUrl? }`, or a CSV or NDJSON body with
 * the field in the query. Every problem is one precise sentence (the 400 INVALID_JOB message).
 * Never throws on any body.
 */
import { FIELD_NAMES } from '../../fields/catalog.js';
import { unknownMemberMessage, unknownMemberOf } from '../answers/errors.js';
import { MAX_VALUE_CHARACTERS } from '../policy/limits.js';
import type { Field } from '../storage/types.js';

/** Values in one job, at most. */
export const MAX_JOB_VALUES = 100_000;
/** The largest job body: 16 MiB. */
export const MAX_JOB_BODY_BYTES = 16 * 1024 * 1024;
/** The longest webhookUrl accepted. */
const MAX_URL_CHARACTERS = 2_048;

/** A job as read from its request. */
export interface JobInput {
  field: Field;
  values: string[];
  webhookUrl: string | null;
}

/** The input, or why it is refused (`unknownMember`: a member the JSON body does not take, 400 UNKNOWN_MEMBER). */
export type JobInputReading = { ok: true; input: JobInput } | { ok: false; message: string; unknownMember?: true };

const refuse = (message: string): JobInputReading => ({ ok: false, message });

/** The members of a JSON job body. */
const JOB_MEMBERS = ['field', 'values', 'webhookUrl'] as const;

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

function readWebhookUrl(url: unknown): string | null | { error: string } {
  if (url === undefined || url === null) return null;
  if (typeof url !== 'string') return { error: '"webhookUrl" must be a string' };
  if (url.length > MAX_URL_CHARACTERS) return { error: `"webhookUrl" is longer than ${MAX_URL_CHARACTERS.toLocaleString('en-US')} characters` };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: '"webhookUrl" must be an absolute http or https URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { error: '"webhookUrl" must be an absolute http or https URL' };
  return url;
}

/** The checks every format shares: how many values, each a string of at most MAX_VALUE_CHARACTERS. */
function checkValues(values: readonly unknown[]): string | null {
  if (values.length === 0) return 'A job needs at least one value';
  if (values.length > MAX_JOB_VALUES) return `A job takes at most ${MAX_JOB_VALUES.toLocaleString('en-US')} values; got ${values.length.toLocaleString('en-US')}`;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (typeof value !== 'string') return `Value ${i + 1} is not a string`;
    if (value.length > MAX_VALUE_CHARACTERS) return `Value ${i + 1} is longer than ${MAX_VALUE_CHARACTERS.toLocaleString('en-US')} characters`;
  }
  return null;
}

/** A JSON body `{ field, values, webhookUrl? }`. */
export function readJsonJob(body: string): JobInputReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return refuse('The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuse('The request body must be a JSON object with "field" and "values"');
  const unknown = unknownMemberOf(parsed, JOB_MEMBERS);
  if (unknown !== undefined) return { ok: false, message: unknownMemberMessage(unknown, JOB_MEMBERS), unknownMember: true };
  const { field, values, webhookUrl } = parsed as Record<string, unknown>;
  const readField_ = readField(field);
  if (!isField(readField_)) return refuse(readField_);
  if (!Array.isArray(values)) return refuse('"values" must be an array of strings');
  const problem = checkValues(values);
  if (problem !== null) return refuse(problem);
  const url = readWebhookUrl(webhookUrl);
  if (url !== null && typeof url === 'object') return refuse(url.error);
  return { ok: true, input: { field: readField_, values: values as string[], webhookUrl: url } };
}

/**
 * The first column of each CSV record (RFC 4180: quoted fields may hold commas, doubled quotes and
 * line breaks; CRLF or LF ends a record). Empty lines are skipped; an unterminated quote is refused.
 */
export function csvFirstColumn(text: string): string[] | string {
  const values: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let record = 1;
  while (i < text.length) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
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
    }
    // Up to the end of the first field (unquoted), then skip the rest of the record.
    let rest = i;
    while (rest < text.length && text[rest] !== ',' && text[rest] !== '\n' && text[rest] !== '\r') rest += 1;
    if (!quoted) value = text.slice(i, rest);
    i = rest;
    let inQuotes = false;
    while (i < text.length) {
      const char = text[i];
      if (char === '"') inQuotes = !inQuotes;
      else if (!inQuotes && (char === '\n' || char === '\r')) break;
      i += 1;
    }
    if (inQuotes) return `Record ${record} has a quote that is never closed`;
    if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
    else if (i < text.length) i += 1;
    if (quoted || value !== '') values.push(value);
    record += 1;
  }
  return values;
}

/** Each NDJSON line: a JSON string, or an object with a "value" string. Blank lines are skipped. */
export function ndjsonValues(text: string): string[] | string {
  const values: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n += 1) {
    const line = (lines[n] as string).trim();
    if (line === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return `Line ${n + 1} is not valid JSON`;
    }
    if (typeof parsed === 'string') values.push(parsed);
    else if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { value?: unknown }).value === 'string') values.push((parsed as { value: string }).value);
    else return `Line ${n + 1} must be a JSON string or an object with a "value" string`;
  }
  return values;
}

/** A CSV or NDJSON body, with the field and the webhook URL from the query. */
export function readListJob(format: 'csv' | 'ndjson', body: string, field: string | undefined, webhookUrl: string | undefined): JobInputReading {
  const readField_ = readField(field);
  if (!isField(readField_)) return refuse(`${readField_} (in the query: ?field=)`);
  const values = format === 'csv' ? csvFirstColumn(body) : ndjsonValues(body);
  if (typeof values === 'string') return refuse(values);
  const problem = checkValues(values);
  if (problem !== null) return refuse(problem);
  const url = readWebhookUrl(webhookUrl);
  if (url !== null && typeof url === 'object') return refuse(url.error);
  return { ok: true, input: { field: readField_, values, webhookUrl: url } };
}
