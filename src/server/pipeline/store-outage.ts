/**
 * 503 STORE_UNAVAILABLE (docs/service.md#store-failure), written once: while the store cannot count,
 * nothing is validated, and every endpoint (a validation, jobs, watches, evidence, and any request
 * whose store call failed on the way: http/app.ts onError) answers it with the outage's message
 * and its Retry-After, in the body of its kind: the envelope on the validation endpoints, `{
 * errorCode, message }` elsewhere.
 */
import { apiErrorResponse, errorAnswer, type ValidationAnswer } from '../answers/errors.js';
import type { StoreAvailability, StoreOutage } from '../storage/guard.js';

/** The outage the store is known to be in, noted as one request refused; null while it can count. */
export function refusingOutage(availability: StoreAvailability | undefined): StoreOutage | null {
  const outage = availability?.outage() ?? null;
  if (outage !== null) availability?.refused();
  return outage;
}

/** The 503 of a validation endpoint: the envelope echoing `originalValue`, with `headers` besides Retry-After. */
export function storeUnavailableAnswer(outage: StoreOutage, originalValue = '', headers?: Record<string, string>): ValidationAnswer {
  return errorAnswer(503, 'STORE_UNAVAILABLE', outage.message, originalValue, { ...headers, 'Retry-After': String(outage.retryAfterSeconds) });
}

/** The 503 of every other endpoint: `{ errorCode, message }`. */
export function storeUnavailableResponse(outage: StoreOutage): Response {
  return apiErrorResponse(503, 'STORE_UNAVAILABLE', outage.message, { 'Retry-After': String(outage.retryAfterSeconds) });
}
