/**
 * verifield/client: a typed client of the HTTP service (docs/service.md#endpoints), one method per endpoint. It
 * uses only `fetch`, so it runs in browsers, Node 20+, Deno, Bun and workers. A 200 answer comes
 * back as the result, negative verdicts (`valid: false`) included; every other status rejects with
 * a {@link VerifieldApiError} carrying the status, the `errorCode` and the body. A failure to reach
 * the service at all (network error, abort) rejects with fetch's own error.
 */
import type { CountryVatRates, ReadinessReport, VatRates, ViesStatusResponse } from '../ports.js';
import { requireString } from '../result.js';
import type { FieldClientMethods } from '../fields/generated/client.js';
import { FIELD_CATALOG, FIELD_NAMES, validationPath, type FieldName, type FieldResults, type OperationOf } from '../fields/catalog.js';
import { backgroundMethods, type BackgroundMethods, type JsonCall, type StreamCall } from './background.js';
import { VerifieldApiError, type ErrorBody } from './errors.js';
import { SDK_HEADER_VALUE } from './version.js';
import type { CallOptions } from './call-options.js';

export { VerifieldApiError, isVerifieldApiError, type ErrorBody } from './errors.js';
export { CLIENT_VERSION, SDK_HEADER_VALUE } from './version.js';
export type { BackgroundCallOptions, JobFile } from './background.js';
export type { Job, JobResultLine, JobStatus, JobSubmission, SubmittedJob, VatEvidence, VatWatch } from '../account-api.js';
export type {
  Deliverability,
  EmailDetails,
  EmailSignals,
  EmailValidationResult,
  ErrorCode,
  IbanDetails,
  IbanValidationResult,
  NasDetails,
  NasValidationResult,
  NifDetails,
  NifType,
  NifValidationResult,
  PhoneDetails,
  PhoneLineType,
  PhoneValidationResult,
  RiskLevel,
  SsnDetails,
  SsnValidationResult,
  TraderNameMatch,
  ValidationLevel,
  ValidationResult,
  VatDetails,
  VatSource,
  VatValidationResult,
} from '../result.js';
export type { CountryVatRates, Freshness, ReadinessReport, RegionalVatRate, VatRates, ViesCountryStatus, ViesStatusResponse } from '../ports.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Address of the service, e.g. `https://verifield.example.com` (a path prefix is kept; trailing slashes are not). */
  baseUrl: string;
  /** The API key (`vf_…`), sent as `X-API-KEY` to the validation endpoints. The reference endpoints need none. */
  apiKey?: string;
  /** The fetch to use; defaults to the global one. */
  fetch?: typeof fetch;
  /**
   * The language of the validation answers' messages, sent as `Accept-Language` (`'es'`, `'fr-CA'`,
   * or a whole header such as `'es-ES,es;q=0.9'`). The service answers in English when it has no
   * catalog for it; `reason` is the same in every language. A call's own `language` wins.
   */
  language?: string;
}

export type { CallOptions } from './call-options.js';
export type * from '../fields/generated/call-options.js';

/** The options of any field's method: the common ones and its request members (src/fields/generated/call-options.ts). */
type FieldCallOptions = CallOptions & { readonly [member: string]: unknown };

/** A client of the service; see {@link createClient}. Its validation methods, one per field (`validateIban` …), come from the field folders. */
export interface VerifieldClient extends BackgroundMethods, FieldClientMethods {
  /** GET /api/v1/vat/rates: the rates of the 27 member states (no key, no quota). */
  vatRates(options?: CallOptions): Promise<VatRates>;
  /** GET /api/v1/vat/rates/{countryCode}: one member state (GR is read as EL); 404 outside the union. */
  vatRatesFor(countryCode: string, options?: CallOptions): Promise<CountryVatRates>;
  /** GET /api/v1/status/vies: VIES availability per member state over 30 days (no key, no quota). */
  viesStatus(options?: CallOptions): Promise<ViesStatusResponse>;
  /** GET /healthz: resolves `{ status: 'ok' }` while the service's process answers. */
  healthz(options?: CallOptions): Promise<{ status: 'ok' }>;
  /**
   * GET /readyz: the readiness report. It resolves on 503 too (`status: 'not-ready'`, with the
   * reason in `store.message`), since a not-ready answer is the report a caller asked for.
   */
  readyz(options?: CallOptions): Promise<ReadinessReport>;
}

/** The validation methods as the field catalog names them (src/fields/catalog.ts), each answering its field's result. */
type FieldMethods = {
  [F in FieldName as OperationOf<F>]: (
    value: string,
    options?: CallOptions,
  ) => Promise<FieldResults[F]>;
};
// VerifieldClient has a method for every field of the catalog (the object createClient returns
// checks the other way: no validation method without a field).
const everyFieldIsAMethod: VerifieldClient extends FieldMethods ? true : never = true;
void everyFieldIsAMethod;

const SECONDS = /^\d+$/;
const TRAILING_SLASHES = /\/+$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `Retry-After` as seconds: a number of seconds, or an HTTP date. */
function retryAfterSeconds(header: string | null): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (SECONDS.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function errorOf(response: Response, parsed: unknown): VerifieldApiError {
  const body: ErrorBody | null = isObject(parsed) && typeof parsed.message === 'string' ? (parsed as ErrorBody) : null;
  const code = body !== null && 'errorCode' in body && typeof body.errorCode === 'string' ? ` ${body.errorCode}` : '';
  const message =
    body !== null
      ? `HTTP ${response.status}${code}: ${body.message}`
      : `HTTP ${response.status}: the service answered with a body that is not the expected JSON`;
  return new VerifieldApiError(response.status, message, body, retryAfterSeconds(response.headers.get('retry-after')));
}

/**
 * Creates a client of a verifield service.
 * @example
 * ```ts
 * import { createClient } from 'verifield/client';
 * const client = createClient({ baseUrl: process.env.VERIFIELD_URL ?? 'http://127.0.0.1:8080', apiKey: process.env.VERIFIELD_API_KEY });
 * const result = await client.validateIban('DE89 3704 0044 0532 0130 00');
 * result.valid; // true
 * ```
 */
export function createClient(options: ClientOptions): VerifieldClient {
  requireString(options.baseUrl, 'createClient baseUrl');
  const base = options.baseUrl.replace(TRAILING_SLASHES, '');
  const { apiKey } = options;
  // Called through a wrapper: a browser's fetch throws "Illegal invocation" when called as a method of another object.
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  /** The body read as JSON; null when it is not JSON (a proxy's error page, a truncated answer: reported with the status). */
  async function parsed(response: Response): Promise<unknown> {
    const body = await response.text();
    try {
      return JSON.parse(body);
    } catch {
      return null;
    }
  }

  /** The JSON body of a 200 answer (or of one of `alsoOk`), else the {@link VerifieldApiError} of the answer. */
  async function read<T>(response: Response, alsoOk?: number): Promise<T> {
    const body = await parsed(response);
    if ((response.status === 200 || response.status === alsoOk) && isObject(body)) return body as T;
    throw errorOf(response, body);
  }

  function keyHeaders(accept: string): Record<string, string> {
    const headers: Record<string, string> = { Accept: accept, 'X-Service-SDK': SDK_HEADER_VALUE };
    if (apiKey !== undefined) headers['X-API-KEY'] = apiKey;
    return headers;
  }

  // The background endpoints answer lists as well as objects, and 204 with no body.
  const json: JsonCall = async <T>(method: string, path: string, call: { body?: unknown; text?: { body: string; type: string }; ok: number; signal?: AbortSignal | undefined }) => {
    const headers = keyHeaders('application/json');
    const sent = call.text ?? (call.body === undefined ? undefined : { body: JSON.stringify(call.body), type: 'application/json' });
    if (sent !== undefined) headers['Content-Type'] = sent.type;
    const response = await send(base + path, { method, headers, body: sent?.body, signal: call.signal });
    if (response.status === 204 && call.ok === 204) return null as T;
    const body = await parsed(response);
    if ((response.status === 200 || response.status === call.ok) && typeof body === 'object' && body !== null) return body as T;
    throw errorOf(response, body);
  };
  const stream: StreamCall = async (path, accept, signal) => {
    const response = await send(base + path, { method: 'GET', headers: keyHeaders(accept), signal });
    if (response.status !== 200) throw errorOf(response, await parsed(response));
    return response;
  };

  async function validate(field: FieldName, value: string, call: FieldCallOptions | undefined): Promise<unknown> {
    const { operation, requestMembers } = FIELD_CATALOG[field];
    // Only the members the field takes are sent: the service refuses any other (400 UNKNOWN_MEMBER).
    const members: Record<string, string> = {};
    for (const member of Object.keys(requestMembers)) {
      const given = call?.[member];
      if (given === undefined) continue;
      requireString(given, `${operation} ${member}`);
      members[member] = given;
    }
    requireString(value, operation);
    const body = { value, ...members };
    const headers = keyHeaders('application/json');
    headers['Content-Type'] = 'application/json';
    const language = call?.language ?? options.language;
    if (language !== undefined) headers['Accept-Language'] = language;
    const response = await send(base + validationPath(field), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: call?.signal,
    });
    return read(response);
  }

  const fieldMethods: Record<string, (value: string, call?: FieldCallOptions) => Promise<unknown>> = {};
  for (const field of FIELD_NAMES) fieldMethods[FIELD_CATALOG[field].operation] = (value, call) => validate(field, value, call);

  // The reference endpoints are public: no key and no custom header, so a browser sends them without a CORS preflight.
  async function get<T>(path: string, call: CallOptions | undefined, alsoOk?: number): Promise<T> {
    const response = await send(`${base}${path}`, { method: 'GET', headers: { Accept: 'application/json' }, signal: call?.signal });
    return read<T>(response, alsoOk);
  }

  return {
    ...(fieldMethods as FieldMethods),
    ...backgroundMethods(json, stream),
    vatRates: (call) => get<VatRates>('/api/v1/vat/rates', call),
    vatRatesFor: async (countryCode, call) => {
      requireString(countryCode, 'vatRatesFor');
      return get<CountryVatRates>(`/api/v1/vat/rates/${encodeURIComponent(countryCode.trim())}`, call);
    },
    viesStatus: (call) => get<ViesStatusResponse>('/api/v1/status/vies', call),
    healthz: (call) => get<{ status: 'ok' }>('/healthz', call),
    readyz: (call) => get<ReadinessReport>('/readyz', call, 503),
  };
}
