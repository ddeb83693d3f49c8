/**
 * The watched VAT numbers of an account (docs/service.md#vat-monitoring): `POST /api/v1/vat/watch`
 * `{ value, traderName? }` (201; 200 with the existing watch when the number is watched already),
 * `GET /api/v1/vat/watch`, `DELETE /api/v1/vat/watch/{id}` (204) and `POST
 * /api/v1/vat/watch/{id}/check` (re-checks now, one validation). A key with the `vat` scope sees
 * its own account's watches only: another account's id answers 404 exactly as an unknown one does.
 * A store that fails is answered 503 STORE_UNAVAILABLE by the app (app.ts onError), as on every path.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { validateVat } from '../../../vat/index.js';
import type { VatRegistryName } from '../../../ports.js';
import { registryNameOf } from '../../../vat/registry/registries.js';
import type { VatWatchList } from '../../../account-api.js';
import { apiErrorResponse, jsonResponse, quotaMessage } from '../../answers/errors.js';
import { readValidationBody, webInput } from '../../pipeline/body.js';
import { KeyRefusal } from '../../pipeline/admission.js';
import { couldBeStoredId } from '../../storage/ids.js';
import type { VatWatchRecord } from '../../storage/types.js';
import { checkWatch, quotaExhausted } from '../../watch/check.js';
import { watchJson } from '../../watch/json.js';
import { authenticate, type ApiRouteDeps } from './api-key.js';

export const WATCH_PATH = '/api/v1/vat/watch';

/** The codes of the body refusals, as the validation endpoints name them. */
export const BODY_ERROR_CODES = ['INVALID_JSON', 'MISSING_VALUE', 'VALUE_NOT_STRING', 'VALUE_TOO_LONG', 'UNKNOWN_MEMBER', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const;

/** The codes of the watch endpoints' own `{ errorCode, message }` answers (401, 403 and 503 have the validation endpoints' codes). */
export type WatchErrorCode = 'INVALID_VAT_NUMBER' | 'NOT_IN_VIES' | 'WATCH_NOT_FOUND' | 'QUOTA_EXCEEDED' | (typeof BODY_ERROR_CODES)[number];

/** Why a watch request was refused: `{ errorCode, message }`, and the number's reason for INVALID_VAT_NUMBER. */
export interface VatWatchError {
  /** Machine-readable reason. */
  errorCode: WatchErrorCode;
  /** For the developer reading it (for INVALID_VAT_NUMBER: the validation's own message). */
  message: string;
  /** INVALID_VAT_NUMBER only: the reason code /validate/vat gives the number (VAT_…). */
  reason?: string;
}

export const WATCH_MESSAGES = {
  WATCH_NOT_FOUND: 'There is no such watched number',
  NOT_IN_VIES:
    'Only VAT numbers a registry of this service answers for can be watched: the member states and XI (VIES), and GB, CH or NO when the service asks their registry',
} as const;


/** Whether a registry the service asks answers for `country`: VIES's prefixes, and the configured national registries'. */
function isAnswered(country: string, nationalRegistries: readonly VatRegistryName[]): boolean {
  const registry = registryNameOf(country);
  return registry === 'VIES' || (registry !== null && nationalRegistries.includes(registry));
}
// Watches are the account's own data: never kept by a shared cache.
const PRIVATE = { 'Cache-Control': 'no-store' };

function watchError(status: number, errorCode: WatchErrorCode, message: string, extra?: Pick<VatWatchError, 'reason'>): Response {
  return apiErrorResponse(status, errorCode, message, PRIVATE, extra);
}

/** The watch of the path's id, when it is the caller's. */
async function ownWatch(c: Context, deps: ApiRouteDeps, accountId: string): Promise<VatWatchRecord | null> {
  const id = c.req.param('id') ?? '';
  if (!couldBeStoredId(id)) return null;
  return (await deps.services()).store.watches.get(accountId, id);
}

/** Mounts the watch endpoints. */
export function mountWatchRoutes(app: Hono, deps: ApiRouteDeps): void {
  app.post(WATCH_PATH, async (c) => {
    const auth = await authenticate(c, deps, 'vat');
    if (auth instanceof Response) return auth;
    // The body of /validate/vat: { value, traderName? }, and nothing else.
    const read = await readValidationBody(webInput(c.req.raw), 'vat');
    if (!read.ok) return watchError(read.status, read.code as WatchErrorCode, read.message);
    const offline = validateVat(read.body.value);
    if (!offline.valid) {
      // The validation's own words: the same reason and message /validate/vat gives the number.
      return watchError(400, 'INVALID_VAT_NUMBER', offline.message, { reason: offline.reason ?? undefined });
    }
    const country = offline.vatDetails.country_code;
    const services = await deps.services();
    if (country === null || !isAnswered(country, services.nationalRegistries)) return watchError(400, 'NOT_IN_VIES', WATCH_MESSAGES.NOT_IN_VIES);
    const now = deps.now();
    const wanted: VatWatchRecord = {
      id: randomUUID(),
      accountId: auth.account.id,
      keyId: auth.key.id,
      value: offline.normalizedValue as string,
      traderName: read.body.options?.traderName?.trim() || null,
      registered: null,
      name: null,
      address: null,
      lastCheckedAt: null,
      lastAttemptAt: null,
      // Due at once: the scheduler's next round checks it.
      nextCheckAt: now,
      createdAt: now,
    };
    const watch = await services.store.watches.create(wanted);
    const created = watch.id === wanted.id;
    return jsonResponse(created ? 201 : 200, watchJson(watch), { ...PRIVATE, Location: `${WATCH_PATH}/${watch.id}` });
  });

  app.get(WATCH_PATH, async (c) => {
    const auth = await authenticate(c, deps, 'vat');
    if (auth instanceof Response) return auth;
    const services = await deps.services();
    const body: VatWatchList = { watches: (await services.store.watches.list(auth.account.id)).map(watchJson) };
    return jsonResponse(200, body, PRIVATE);
  });

  app.delete(`${WATCH_PATH}/:id`, async (c) => {
    const auth = await authenticate(c, deps, 'vat');
    if (auth instanceof Response) return auth;
    const id = c.req.param('id');
    const services = await deps.services();
    if (!couldBeStoredId(id) || !(await services.store.watches.delete(auth.account.id, id))) return watchError(404, 'WATCH_NOT_FOUND', WATCH_MESSAGES.WATCH_NOT_FOUND);
    return new Response(null, { status: 204, headers: PRIVATE });
  });

  app.post(`${WATCH_PATH}/:id/check`, async (c) => {
    const auth = await authenticate(c, deps, 'vat');
    if (auth instanceof Response) return auth;
    const watch = await ownWatch(c, deps, auth.account.id);
    if (watch === null) return watchError(404, 'WATCH_NOT_FOUND', WATCH_MESSAGES.WATCH_NOT_FOUND);
    const exhausted = await quotaExhausted(await deps.runtime(), auth.account, deps.plans[auth.account.plan], deps.now());
    if (exhausted !== null) return watchError(429, 'QUOTA_EXCEEDED', quotaMessage(exhausted.quota, exhausted.resetsOn));
    const checked = await checkWatch(deps, watch);
    if (checked === null) return watchError(404, 'WATCH_NOT_FOUND', WATCH_MESSAGES.WATCH_NOT_FOUND);
    // The watch's creator key may no longer validate: the answer a request with it would get.
    if (checked instanceof KeyRefusal) return apiErrorResponse(checked.status, checked.code, checked.message);
    return jsonResponse(200, watchJson(checked), PRIVATE);
  });
}
