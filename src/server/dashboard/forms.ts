/**
 * The dashboard's form bodies: `application/x-www-form-urlencoded` (what a browser sends for a
 * form without `enctype`), at most MAX_BODY_BYTES (../policy/limits.ts) read whatever the transfer
 * encoding, UTF-8. Anything else is a refusal with its status and a sentence for the page.
 */
import { readLimitedBody } from '../pipeline/body.js';
import { CSRF_FIELD } from './csrf.js';

/** A form body as read. */
export type FormOutcome = { ok: true; form: URLSearchParams } | { ok: false; status: 400 | 413 | 415; message: string };

const FORM_TYPE = 'application/x-www-form-urlencoded';
const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether a Content-Type header names a URL-encoded form (parameters such as a charset are ignored: browsers send UTF-8). */
function isFormType(header: string | null): boolean {
  return header !== null && header.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/** Reads the URL-encoded form of `request`; never rejects. */
export async function readForm(request: Request): Promise<FormOutcome> {
  if (!isFormType(request.headers.get('content-type'))) {
    return { ok: false, status: 415, message: 'The form was not sent as a web form (application/x-www-form-urlencoded); nothing was changed.' };
  }
  const bytes = await readLimitedBody(request);
  if (bytes === 'too-large') return { ok: false, status: 413, message: 'The form is larger than 16 KiB; nothing was changed.' };
  if (bytes === 'unreadable') return { ok: false, status: 400, message: 'The form could not be read; nothing was changed.' };
  try {
    return { ok: true, form: new URLSearchParams(fatalUtf8.decode(bytes)) };
  } catch {
    return { ok: false, status: 400, message: 'The form is not UTF-8 text; nothing was changed.' };
  }
}

/** The text of field `name` (trimmed), or '' when the form does not have it. */
export function formText(form: URLSearchParams, name: string): string {
  return (form.get(name) ?? '').trim();
}

/**
 * Every field of the form as typed, to fill the form again after an error: a repeated field (the
 * `scopes` checkboxes) as its values joined by commas; the CSRF token left out.
 */
export function typedValues(form: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of new Set(form.keys())) if (name !== CSRF_FIELD) values[name] = form.getAll(name).join(',');
  return values;
}
