/**
 * The public reference endpoints (docs/service.md#reference-endpoints): VAT rates of the member states and the VIES
 * availability report. No key, no quota. Rates are cacheable for an hour; before the service has
 * ever had rates it answers 503 RATES_UNAVAILABLE with Retry-After (docs/envelope.md#other-error-answers).
 */
import type { Hono } from 'hono';
import { apiErrorResponse, jsonResponse } from '../../answers/errors.js';
import { viesStatusReport } from '../../answers/vies-status-report.js';
import type { Services } from '../../services.js';

export interface ReferenceDeps {
  /** The ready services; a request arriving before the app is ready waits for it. */
  services(): Services | Promise<Services>;
  log: (line: string) => void;
}

const CACHEABLE = { 'Cache-Control': 'public, max-age=3600' };
const NOT_YET = { 'Retry-After': '30', 'Cache-Control': 'no-store' };
const NO_RATES_YET = 'VAT rates have not been retrieved yet; please retry in a moment';
/** Longer path codes are never member states; the 404 message quotes at most this much of them. */
const MAX_QUOTED_CODE = 16;

/**
 * The JSON answer of a rates snapshot, serialized once per snapshot (rates change once a day), not
 * per request. One memo per mounted app, so per service: two services in one process share none.
 */
function ratesAnswers(): (body: object) => Response {
  const serialised = new WeakMap<object, string>();
  return (body) => {
    let text = serialised.get(body);
    if (text === undefined) {
      text = JSON.stringify(body);
      serialised.set(body, text);
    }
    return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8', ...CACHEABLE } });
  };
}

/** Mounts GET /api/v1/vat/rates, /api/v1/vat/rates/{countryCode} and /api/v1/status/vies. */
export function mountReferenceRoutes(app: Hono, deps: ReferenceDeps): void {
  const cachedJson = ratesAnswers();
  app.get('/api/v1/vat/rates', async () => {
    const rates = (await deps.services()).rates.all();
    return rates === null ? apiErrorResponse(503, 'RATES_UNAVAILABLE', NO_RATES_YET, NOT_YET) : cachedJson(rates);
  });

  app.get('/api/v1/vat/rates/:countryCode', async (c) => {
    const raw = c.req.param('countryCode');
    const code = raw.length > MAX_QUOTED_CODE ? raw.slice(0, MAX_QUOTED_CODE) : raw;
    const lookup = (await deps.services()).rates.country(code);
    switch (lookup.kind) {
      case 'ok':
        return cachedJson(lookup.rates);
      case 'not-member':
        return apiErrorResponse(404, 'NOT_FOUND', lookup.message);
      default:
        return apiErrorResponse(503, 'RATES_UNAVAILABLE', lookup.message, NOT_YET);
    }
  });

  app.get('/api/v1/status/vies', async () => {
    const report = await viesStatusReport(await deps.services());
    return jsonResponse(200, report, { 'Cache-Control': 'no-cache' });
  });
}
