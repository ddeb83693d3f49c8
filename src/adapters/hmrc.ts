/**
 * HMRC's "Check a UK VAT number" API (version 2.0) as a {@link VatRegistry}: OAuth 2.0 client
 * credentials for an application-restricted token (scope `read:vat`), then `GET
 * {url}/organisations/vat/check-vat-number/lookup/{vrn}` (or `…/{vrn}/{requesterVrn}` for a
 * consultation number) with `Accept: application/vnd.hmrc.2.0+json`. The token is requested once
 * and shared until shortly before it expires; throttling (429, `MESSAGE_THROTTLED_OUT`) is waited
 * out within the call's budget. Protocol facts: docs/fields/vat.md#registries-beyond-vies.
 */
import {
  VatRegistryError,
  type Clock,
  type VatRegistry,
  type VatRegistryAnswer,
  type VatRegistryFailureScope,
  type VatRegistryQuery,
} from '../ports.js';
import { HttpCallError } from './http-call.js';
import {
  fetchHashed,
  isRecord,
  jsonObjectOf,
  outageOf,
  RegistryHttpError,
  refusedInput,
  textOf,
  utcDayOf,
  type HashedReply,
} from './registry-http.js';

/** Production. */
export const HMRC_URL = 'https://api.service.hmrc.gov.uk';
/** The sandbox, with HMRC's test VRNs and the credentials of a sandbox application. */
export const HMRC_SANDBOX_URL = 'https://test-api.service.hmrc.gov.uk';
const ACCEPT = 'application/vnd.hmrc.2.0+json';
const SCOPE = 'read:vat';
const DEFAULT_TIMEOUT_MS = 10_000;
const REGISTRY = 'HMRC';
/** A token is renewed this long before it expires (at most half its life), so no lookup carries a dying one. */
const RENEW_BEFORE_MS = 60_000;
/** Waits between throttled attempts when HMRC sends no Retry-After. */
const THROTTLE_BACKOFF_MS = [250, 500, 1000] as const;
const VRN = /^(?:\d{9}|\d{12})$/;
/** Government departments (GD) and health authorities (HA): UK numbers HMRC's API cannot look up. */
const DEPARTMENT = /^(?:GD|HA)\d/;
const DAY = /^(\d{4}-\d{2}-\d{2})/;

/** Options of {@link hmrcVatClient}. */
export interface HmrcVatClientOptions {
  /** Base URL; defaults to {@link HMRC_URL} ({@link HMRC_SANDBOX_URL} for the sandbox). */
  url?: string;
  /** The client ID of the application registered on the HMRC Developer Hub. */
  clientId: string;
  /** One of that application's client secrets. */
  clientSecret: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Cap for one lookup, token and throttled retries included, in milliseconds; default 10 000. */
  timeoutMs?: number;
  /** The clock the token's expiry is read against, and that dates a "not found"; defaults to the system clock. */
  now?: Clock;
}

/**
 * The HMRC client. The query's `vatNumber` is the body after `GB` (9 or 12 digits); a requester
 * whose `countryCode` is `GB` is sent as `requesterVrn`, and HMRC's consultation number comes back
 * as `requestIdentifier`. Every answer carries `replySha256`.
 *
 * @example
 * ```ts
 * import { hmrcVatClient } from 'verifield/adapters';
 * // Without `url`, production; HMRC_SANDBOX_URL with a sandbox application's credentials.
 * const hmrc = hmrcVatClient({
 *   url: process.env.VERIFIELD_HMRC_URL,
 *   clientId: process.env.VERIFIELD_HMRC_CLIENT_ID ?? '',
 *   clientSecret: process.env.VERIFIELD_HMRC_CLIENT_SECRET ?? '',
 * });
 * const answer = await hmrc.check({ countryCode: 'GB', vatNumber: '980780684' });
 * answer.valid; // true
 * answer.name; // 'EXAMPLE TRADING LTD'
 * (await hmrc.check({ countryCode: 'GB', vatNumber: '802311782' })).valid; // false
 * ```
 */
export function hmrcVatClient(options: HmrcVatClientOptions): VatRegistry {
  const base = (options.url ?? HMRC_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? ((): Date => new Date());
  const fetchImpl = (): typeof fetch => options.fetch ?? globalThis.fetch;

  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  /** The shared token; one request at a time, which no single caller's abort cancels. */
  function accessToken(signal: AbortSignal | undefined): Promise<string> {
    if (token !== null && now().getTime() < token.renewAt) return Promise.resolve(token.value);
    pending ??= requestToken().finally(() => {
      pending = null;
    });
    return untilAborted(pending, signal);
  }

  async function requestToken(): Promise<string> {
    const body = new URLSearchParams({
      client_id: options.clientId,
      client_secret: options.clientSecret,
      grant_type: 'client_credentials',
      scope: SCOPE,
    });
    let reply: HashedReply;
    try {
      reply = await fetchHashed({
        fetch: fetchImpl(),
        url: `${base}/oauth/token`,
        init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body: body.toString() },
        timeoutMs,
        signal: undefined,
      });
    } catch (error) {
      throw error instanceof HttpCallError ? outageOf(error, `${REGISTRY} token`) : error;
    }
    const issuedAt = now().getTime();
    const json = jsonObjectOf(reply.text);
    if (reply.status === 400 || reply.status === 401 || reply.status === 403) {
      // Credentials or scope refused: the configuration is wrong, asking again will not help.
      const code = textOf(json ?? undefined, 'error') ?? 'TOKEN_REFUSED';
      throw new VatRegistryError('http', code, 'outage', false, `${REGISTRY} refused the client credentials (${code}): check the application on the Developer Hub`, {
        status: reply.status,
      });
    }
    if (reply.status < 200 || reply.status >= 300) {
      throw outageOf(new RegistryHttpError('http', `the token endpoint answered HTTP ${reply.status}`, reply.status), REGISTRY);
    }
    const value = textOf(json ?? undefined, 'access_token');
    const expiresIn = json?.expires_in;
    if (value === undefined || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
      throw new VatRegistryError('malformed', null, 'outage', true, `${REGISTRY} answered the token request without access_token and expires_in`, { status: reply.status });
    }
    const lifeMs = expiresIn * 1000;
    token = { value, renewAt: issuedAt + lifeMs - Math.min(RENEW_BEFORE_MS, lifeMs / 2) };
    return value;
  }

  async function lookup(path: string, bearer: string, signal: AbortSignal | undefined, deadline: number): Promise<HashedReply> {
    try {
      return await fetchHashed({
        fetch: fetchImpl(),
        url: `${base}${path}`,
        init: { headers: { Accept: ACCEPT, Authorization: `Bearer ${bearer}` } },
        timeoutMs: Math.max(1, deadline - Date.now()),
        signal,
      });
    } catch (error) {
      throw error instanceof HttpCallError ? outageOf(error, REGISTRY) : error;
    }
  }

  return {
    async check(query: VatRegistryQuery, signal?: AbortSignal): Promise<VatRegistryAnswer> {
      const path = lookupPathOf(query);
      const deadline = Date.now() + timeoutMs;
      let renewed = false;
      let throttled = 0;
      let throttledStatus = 429;
      const throttledOut = (status: number): VatRegistryError =>
        new VatRegistryError('fault', 'MESSAGE_THROTTLED_OUT', 'outage', true, `${REGISTRY} throttled the lookup (${throttled} time(s)) beyond its time budget`, {
          status,
        });
      for (;;) {
        const bearer = await accessToken(signal);
        let reply: HashedReply;
        try {
          reply = await lookup(path, bearer, signal, deadline);
        } catch (error) {
          // Out of time or given up while trying again after throttling: the throttling is why.
          const gaveUp = error instanceof VatRegistryError && (error.kind === 'aborted' || error.kind === 'timeout');
          throw throttled > 0 && gaveUp ? throttledOut(throttledStatus) : error;
        }
        if (reply.status === 401 && !renewed) {
          // Revoked or expired early: one new token, one more try.
          renewed = true;
          if (token?.value === bearer) token = null;
          continue;
        }
        if (isThrottled(reply)) {
          const wait = retryAfterMs(reply.headers) ?? THROTTLE_BACKOFF_MS[Math.min(throttled, THROTTLE_BACKOFF_MS.length - 1)] ?? 1000;
          throttled += 1;
          throttledStatus = reply.status;
          if (Date.now() + wait < deadline && (await pause(wait, signal))) continue;
          throw throttledOut(reply.status);
        }
        const answer = readHmrcReply(reply.text, reply.status, utcDayOf(now));
        answer.replySha256 = reply.replySha256;
        return answer;
      }
    },
  };
}

function lookupPathOf(query: VatRegistryQuery): string {
  if (query.countryCode !== 'GB') throw refusedInput(REGISTRY, `it answers for GB numbers, not ${query.countryCode}`);
  const vrn = query.vatNumber.replace(/\s/g, '').toUpperCase();
  if (DEPARTMENT.test(vrn)) {
    throw new VatRegistryError('fault', 'NOT_CHECKABLE', 'number', false, `${REGISTRY} cannot look up government department (GD) and health authority (HA) numbers`);
  }
  if (!VRN.test(vrn)) throw refusedInput(REGISTRY, 'a UK VAT registration number has 9 or 12 digits');
  const path = `/organisations/vat/check-vat-number/lookup/${vrn}`;
  const requester = query.requester?.countryCode === 'GB' ? query.requester.vatNumber.replace(/\s/g, '') : '';
  return requester === '' ? path : `${path}/${encodeURIComponent(requester)}`;
}

function isThrottled(reply: HashedReply): boolean {
  return reply.status === 429 || textOf(jsonObjectOf(reply.text) ?? undefined, 'code') === 'MESSAGE_THROTTLED_OUT';
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Waits `ms`; resolves false at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (waited: boolean): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      resolve(waited);
    };
    const aborted = (): void => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** `promise`, or an `aborted` outage as soon as `signal` fires (the promise itself goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  const abortedError = (): VatRegistryError => outageOf(new RegistryHttpError('aborted', 'The call was aborted'), REGISTRY);
  if (signal.aborted) return Promise.reject(abortedError());
  return new Promise<T>((resolve, reject) => {
    const aborted = (): void => reject(abortedError());
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', aborted);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error);
      },
    );
  });
}

/**
 * Reads a lookup reply (after throttling and token renewal are dealt with); `today` dates a
 * "not found", which HMRC sends without a processing date.
 * @throws {VatRegistryError} for every reply that does not say whether the number is registered.
 */
export function readHmrcReply(text: string, status: number, today: string): VatRegistryAnswer {
  const json = jsonObjectOf(text);
  const code = textOf(json ?? undefined, 'code');
  const message = textOf(json ?? undefined, 'message') ?? '';
  if (status === 200) return answerOf(json, today);
  if (status === 404 && code === 'NOT_FOUND') return { valid: false, requestDate: today };

  const refused = (scope: VatRegistryFailureScope): VatRegistryError =>
    new VatRegistryError('fault', code ?? 'INVALID_REQUEST', scope, false, `${REGISTRY} refused the ${scope === 'requester' ? 'requester VRN' : 'VRN'}: ${message || `HTTP ${status}`}`, {
      status,
    });
  // "Invalid targetVrn …", "Invalid requesterVrn …", "requesterVrn does not match a registered company".
  const aboutRequester = message.includes('requesterVrn') && !message.includes('targetVrn');
  if (status === 400 && code === 'INVALID_REQUEST') throw refused(aboutRequester ? 'requester' : 'input');
  if (status === 403 && code === 'INVALID_REQUEST' && aboutRequester) throw refused('requester');

  const retryable = status >= 500 || status === 408;
  throw new VatRegistryError(code === undefined ? 'http' : 'fault', code ?? null, 'outage', retryable, `${REGISTRY} answered HTTP ${status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`, {
    status,
  });
}

function answerOf(json: Record<string, unknown> | null, today: string): VatRegistryAnswer {
  const target = json?.target;
  if (json === null || !isRecord(target)) {
    throw new VatRegistryError('malformed', null, 'outage', true, `${REGISTRY} answered 200 without a target`, { status: 200 });
  }
  const answer: VatRegistryAnswer = { valid: true, requestDate: DAY.exec(textOf(json, 'processingDate') ?? '')?.[1] ?? today };
  const name = textOf(target, 'name');
  if (name !== undefined) answer.name = name;
  const address = addressOf(target.address);
  if (address !== undefined) answer.address = address;
  const consultation = textOf(json, 'consultationNumber');
  if (consultation !== undefined) answer.requestIdentifier = consultation;
  return answer;
}

/** `line1` … `line5`, then the postcode, then the country code when it is not GB. */
function addressOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const lines = ['line1', 'line2', 'line3', 'line4', 'line5', 'postcode']
    .map((key) => textOf(value, key))
    .filter((line): line is string => line !== undefined);
  const country = textOf(value, 'countryCode');
  if (country !== undefined && country !== 'GB') lines.push(country);
  return lines.length > 0 ? lines.join('\n') : undefined;
}
