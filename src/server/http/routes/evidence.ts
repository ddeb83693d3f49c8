/**
 * The VIES evidence of an account (docs/service.md#evidence): `GET /api/v1/vat/evidence?value=…`
 * (its records for one number, newest first) and `GET /api/v1/vat/evidence/{id}`, as JSON, or CSV
 * with `Accept: text/csv`. A key with the `vat` scope reads its own account's records only: another
 * account's id answers 404 exactly as an unknown one does. A store that fails is answered 503
 * STORE_UNAVAILABLE by the app (app.ts onError), as on every path.
 */
import type { Context, Hono } from 'hono';
import type { VatEvidenceList } from '../../../account-api.js';
import { apiErrorResponse, jsonResponse } from '../../answers/errors.js';
import { evidenceKey } from '../../evidence/lookup.js';
import { evidenceCsv, evidenceJson } from '../../evidence/json.js';
import { couldBeStoredId } from '../../storage/ids.js';
import type { VatEvidenceRecord } from '../../storage/types.js';
import { authenticate, type ApiRouteDeps } from './api-key.js';

export const EVIDENCE_MESSAGES = {
  MISSING_VALUE: 'Name the VAT number whose evidence you want: GET /api/v1/vat/evidence?value=<VAT number>',
  NOT_FOUND: 'No evidence record with this id',
} as const;

// Evidence is the account's own data: never kept by a shared cache, and JSON and CSV differ by Accept.
const PRIVATE = { 'Cache-Control': 'no-store', Vary: 'Accept' };
const CSV_TYPE = 'text/csv; charset=UTF-8';
/** Longer values are no VAT number; read no further (the validation endpoint takes 1,024 characters). */
const MAX_VALUE_LENGTH = 1024;

function wantsCsv(c: Context): boolean {
  return /\btext\/csv\b/i.test(c.req.header('accept') ?? '');
}

function answer(c: Context, records: readonly VatEvidenceRecord[], body: () => unknown): Response {
  if (wantsCsv(c)) return new Response(evidenceCsv(records), { status: 200, headers: { 'Content-Type': CSV_TYPE, ...PRIVATE } });
  return jsonResponse(200, body(), PRIVATE);
}

/** Mounts GET /api/v1/vat/evidence and GET /api/v1/vat/evidence/{id}. */
export function mountEvidenceRoutes(app: Hono, deps: ApiRouteDeps): void {
  app.get('/api/v1/vat/evidence', async (c) => {
    const caller = await authenticate(c, deps, 'vat');
    if (caller instanceof Response) return caller;
    const value = c.req.query('value') ?? '';
    if (value.trim() === '' || value.length > MAX_VALUE_LENGTH) return apiErrorResponse(400, 'MISSING_VALUE', EVIDENCE_MESSAGES.MISSING_VALUE, PRIVATE);
    const key = evidenceKey(value);
    const services = await deps.services();
    const records = key === null ? [] : await services.store.evidence.forValue(caller.account.id, key);
    return answer(c, records, (): VatEvidenceList => ({ evidence: records.map(evidenceJson) }));
  });

  app.get('/api/v1/vat/evidence/:id', async (c) => {
    const caller = await authenticate(c, deps, 'vat');
    if (caller instanceof Response) return caller;
    const id = c.req.param('id');
    if (!couldBeStoredId(id)) return apiErrorResponse(404, 'NOT_FOUND', EVIDENCE_MESSAGES.NOT_FOUND, PRIVATE);
    const services = await deps.services();
    const record = await services.store.evidence.get(caller.account.id, id);
    if (record === null) return apiErrorResponse(404, 'NOT_FOUND', EVIDENCE_MESSAGES.NOT_FOUND, PRIVATE);
    return answer(c, [record], () => evidenceJson(record));
  });
}
