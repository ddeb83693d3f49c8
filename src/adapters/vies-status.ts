/**
 * The Commission's VIES status feed (`GET …/vies/rest-api/check-status`) as a
 * {@link ViesStatusFeed}: which member-state systems VIES can reach right now. The server samples
 * it every five minutes; `createAvailabilityTracker` turns the samples into the availability
 * report. Shape: docs/protocols.md#vies-status-feed.
 */
import type { ViesCountryAvailability, ViesStatusFeed, ViesStatusSnapshot } from '../ports.js';
import { HttpCallError, timedFetch, type HttpFailureKind } from './http-call.js';
import { VIES_REST_URL } from './vies-rest.js';

/** The production feed, under the REST API's base. */
export const VIES_STATUS_URL = `${VIES_REST_URL}/check-status`;
const DEFAULT_TIMEOUT_MS = 10_000;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/** Options of {@link viesStatusFeed}. */
export interface ViesStatusFeedOptions {
  /** Endpoint; defaults to {@link VIES_STATUS_URL}. */
  url?: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Budget for the whole call in milliseconds; default 10 000. */
  timeoutMs?: number;
}

/** Why the feed could not be read. */
export type ViesStatusErrorKind = HttpFailureKind;

/** The feed could not be read. */
export class ViesStatusError extends HttpCallError {
  /** Always `ViesStatusError`: recognisable in logs. */
  override readonly name = 'ViesStatusError';
}

/**
 * The VIES status feed.
 *
 * @example
 * ```ts
 * import { viesStatusFeed } from 'verifield/adapters';
 * const { vowAvailable, countries } = await viesStatusFeed({ url: process.env.VERIFIELD_VIES_STATUS_URL }).fetchStatus();
 * vowAvailable; // true
 * countries.length; // 28
 * ```
 */
export function viesStatusFeed(options: ViesStatusFeedOptions = {}): ViesStatusFeed {
  const url = options.url ?? VIES_STATUS_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async fetchStatus(signal?: AbortSignal): Promise<ViesStatusSnapshot> {
      const init = { headers: { Accept: 'application/json' } };
      const { status, text } = await timedFetch(options.fetch ?? globalThis.fetch, url, init, timeoutMs, signal, ViesStatusError);
      return readViesStatus(text, status);
    },
  };
}

/**
 * Reads a `check-status` body. An error body (`actionSucceed: false`, `errorWrappers`) is an
 * error whatever the status, never a report that everything is down.
 * @throws {ViesStatusError} `http` for a non-2xx status or an error body, `malformed` for a body
 * that is not the `StatusInformationResponse` shape.
 *
 * @example
 * ```ts
 * readViesStatus('{"vow":{"available":true},"countries":[{"countryCode":"de","availability":"Available"}]}'); // { vowAvailable: true, countries: [{ countryCode: 'DE', availability: 'Available' }] }
 * ```
 */
export function readViesStatus(text: string, status = 200): ViesStatusSnapshot {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const ok = status >= 200 && status < 300;
    throw new ViesStatusError(ok ? 'malformed' : 'http', `The status feed answered HTTP ${status} with a body that is not JSON`, status, { cause: error });
  }
  const record = isRecord(body) ? body : {};
  if (record.actionSucceed === false || Array.isArray(record.errorWrappers)) {
    const codes = Array.isArray(record.errorWrappers)
      ? record.errorWrappers.map((item) => (isRecord(item) && typeof item.error === 'string' ? item.error : '?')).join(', ')
      : '';
    throw new ViesStatusError('http', `The status feed answered HTTP ${status} with an error${codes ? `: ${codes}` : ''}`, status);
  }
  if (status < 200 || status >= 300) throw new ViesStatusError('http', `The status feed answered HTTP ${status}`, status);

  const vow = record.vow;
  const list = record.countries;
  if (!isRecord(vow) || typeof vow.available !== 'boolean' || !Array.isArray(list)) {
    throw new ViesStatusError('malformed', 'The status feed answered without vow.available and countries', status);
  }
  const countries: ViesCountryAvailability[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.countryCode !== 'string' || typeof item.availability !== 'string') continue;
    const countryCode = item.countryCode.trim().toUpperCase();
    if (!COUNTRY_CODE.test(countryCode)) continue;
    countries.push({ countryCode, availability: item.availability.trim() });
  }
  return { vowAvailable: vow.available, countries };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
