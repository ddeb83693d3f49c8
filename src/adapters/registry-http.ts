/**
 * What the registry adapters beyond VIES share (hmrc.ts, swiss-uid.ts, brreg.ts): one timed call
 * whose reply bytes are hashed, the reading of a JSON body, an outage made of a call that brought
 * no answer, and the day an answer is dated when the registry does not date it.
 */
import { VatRegistryError, type Clock } from '../ports.js';
import { HttpCallError, timedFetch, type TextResponse } from './http-call.js';
import { hashingFetch } from './reply-hash.js';

/** A registry call that brought back no usable answer. */
export class RegistryHttpError extends HttpCallError {
  override readonly name = 'RegistryHttpError';
}

/** A reply read in full, with the hash of its bytes. */
export interface HashedReply extends TextResponse {
  /** Hex SHA-256 of the body as received. */
  replySha256: string;
}

/** One call to a registry. */
export interface RegistryCall {
  fetch: typeof fetch;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/**
 * Makes the call under its budget and hashes the reply's bytes.
 * @throws {RegistryHttpError} `aborted`, `timeout` or `network` when no reply arrived.
 */
export async function fetchHashed(call: RegistryCall): Promise<HashedReply> {
  const reply = hashingFetch(call.fetch);
  const response = await timedFetch(reply.fetch, call.url, call.init, call.timeoutMs, call.signal, RegistryHttpError);
  return { ...response, replySha256: reply.sha256() ?? '' };
}

/**
 * A call that brought no answer, as the policy reads it: an outage, worth retrying unless the
 * registry refused the request itself (a 4xx other than 408 and 429: a wrong URL, say).
 */
export function outageOf(error: HttpCallError, registry: string): VatRegistryError {
  const status = error.status ?? 0;
  const refused = error.kind === 'http' && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return new VatRegistryError(error.kind, null, 'outage', !refused, `${registry}: ${error.message}`, { status: error.status, cause: error });
}

/** A plain JSON object, or null when `text` is not one. */
export function jsonObjectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string member, trimmed; undefined when absent, not a string or blank. */
export function textOf(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The day (YYYY-MM-DD, UTC) of an answer the registry sends undated. */
export function utcDayOf(now: Clock): string {
  return now().toISOString().slice(0, 10);
}

/** A number the adapter refuses before asking: not in the registry's form at all. */
export function refusedInput(registry: string, message: string): VatRegistryError {
  return new VatRegistryError('fault', 'INVALID_INPUT', 'input', false, `${registry}: ${message}`);
}
