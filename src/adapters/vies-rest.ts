/**
 * VIES, the EU's VAT registry, as a {@link VatRegistry} through its REST API
 * (`POST {base}/check-vat-number`, JSON; docs/protocols.md#vies-rest): the default VIES adapter of
 * the service, answering as `viesSoapClient` does (src/adapters/vies-soap.ts). One request carries
 * both the exact and the approximate check, so a trader name or a requester is simply added to it.
 * Errors come as a `CommonResponse` body (`actionSucceed: false`, `errorWrappers`) on 400, 500 and
 * at times 200; they are read from the body whatever the status and mean what the same SOAP fault
 * means (src/adapters/vies-faults.ts). No XML parser: this module needs only `fetch`.
 */
import { VatRegistryError, type VatRegistry, type VatRegistryAnswer, type VatRegistryMatch, type VatRegistryQuery } from '../ports.js';
import { HttpCallError, timedFetch } from './http-call.js';
import { hashingFetch } from './reply-hash.js';
import { viesFaultError, viesTransportError } from './vies-faults.js';
import { disclosed, matchOf, requestDay } from './vies-fields.js';

/** Base of the production REST API; `check-vat-number` and `check-status` are under it. */
export const VIES_REST_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
/** Cap for a direct call; `verifyVat` aborts sooner, at its 4-second budget. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** Options of {@link viesRestClient}. */
export interface ViesRestClientOptions {
  /** Base URL of the API, without `/check-vat-number`; defaults to {@link VIES_REST_URL}. */
  url?: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Cap for one call, body included, in milliseconds; default 10 000. A caller's signal may end it sooner. */
  timeoutMs?: number;
}

/** A `check-vat-number` request (the swagger's `CheckVatRequest`); members left undefined or blank are not sent. */
export interface CheckVatNumberRequest {
  /** VIES prefix of the number (Greece is EL, Northern Ireland XI). */
  countryCode: string;
  /** The number without its prefix. */
  vatNumber: string;
  /** Prefix of the caller's own VAT number; with it VIES returns a consultation number. */
  requesterMemberStateCode?: string;
  /** The caller's own VAT number without its prefix. */
  requesterNumber?: string;
  /** Name the caller expects the holder to have; the member state may compare it. */
  traderName?: string;
  /** Street the caller expects. */
  traderStreet?: string;
  /** Postal code the caller expects. */
  traderPostalCode?: string;
  /** City the caller expects. */
  traderCity?: string;
  /** Company type code such as `ES-1`. */
  traderCompanyType?: string;
}

/** A `check-vat-number` answer, as read. */
export interface ViesRestAnswer extends VatRegistryAnswer {
  /** Country code echoed by VIES. */
  countryCode: string;
  /** Number echoed by VIES. */
  vatNumber: string;
  /** `requestDate` exactly as sent, e.g. "2024-04-23T08:04:10.919Z". */
  requestDateText: string;
  /** Comparison of the street sent, when the member state made one. */
  traderStreetMatch?: VatRegistryMatch;
  /** Comparison of the postal code sent. */
  traderPostalCodeMatch?: VatRegistryMatch;
  /** Comparison of the city sent. */
  traderCityMatch?: VatRegistryMatch;
  /** Comparison of the company type sent. */
  traderCompanyTypeMatch?: VatRegistryMatch;
}

// In the swagger's order; the first two are always sent.
const REQUEST_MEMBERS = [
  'countryCode',
  'vatNumber',
  'requesterMemberStateCode',
  'requesterNumber',
  'traderName',
  'traderStreet',
  'traderPostalCode',
  'traderCity',
  'traderCompanyType',
] as const satisfies readonly (keyof CheckVatNumberRequest)[];

/** The JSON body of a `check-vat-number` request. */
export function checkVatNumberBody(request: CheckVatNumberRequest): string {
  const body: Record<string, string> = {};
  for (const member of REQUEST_MEMBERS) {
    const value = request[member];
    const required = member === 'countryCode' || member === 'vatNumber';
    if (!required && (value === undefined || value.trim() === '')) continue;
    body[member] = required ? (value ?? '') : (value ?? '').trim();
  }
  return JSON.stringify(body);
}

/**
 * Reads a `check-vat-number` reply; `status` is the HTTP status it came with.
 * @throws {VatRegistryError} `fault` for an error body (on any status), `http` for another non-2xx
 * reply, `malformed` for a 2xx body that is not a readable answer.
 *
 * @example
 * ```ts
 * readViesRestResponse('{"countryCode":"LU","vatNumber":"11112222","requestDate":"2026-11-22T09:30:00.000Z","valid":true,"name":"---"}').valid; // true
 * ```
 */
export function readViesRestResponse(text: string, status = 200): ViesRestAnswer {
  try {
    return answerOf(text, status);
  } catch (error) {
    throw error instanceof HttpCallError ? viesTransportError(error) : error;
  }
}

/**
 * The VIES REST client: a {@link VatRegistry} for `verifyVat`, plus `checkVatNumber` for direct
 * use. Every answer carries `replySha256`, the hash of the reply's bytes as received.
 *
 * @example
 * ```ts
 * import { memoryBreakerStore, memoryVatCache, viesRestClient } from 'verifield/adapters';
 * import { verifyVat } from 'verifield/vat';
 * // Without `url`, the Commission's service; `verifield serve` reads VERIFIELD_VIES_URL.
 * const registry = viesRestClient({ url: process.env.VERIFIELD_VIES_URL });
 * const result = await verifyVat('BE 0123.456.749', { registry, cache: memoryVatCache(), breaker: memoryBreakerStore() });
 * result.vatDetails.registered; // true
 * (await registry.checkVatNumber({ countryCode: 'LU', vatNumber: '24231759' })).name; // 'EXEMPLE SARL'
 * ```
 */
export function viesRestClient(options: ViesRestClientOptions = {}): VatRegistry & {
  checkVatNumber(request: CheckVatNumberRequest, signal?: AbortSignal): Promise<ViesRestAnswer>;
} {
  const url = `${(options.url ?? VIES_REST_URL).replace(/\/+$/, '')}/check-vat-number`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function checkVatNumber(request: CheckVatNumberRequest, signal?: AbortSignal): Promise<ViesRestAnswer> {
    const reply = hashingFetch(options.fetch ?? globalThis.fetch);
    const init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: checkVatNumberBody(request),
    };
    try {
      const { status, text } = await timedFetch(reply.fetch, url, init, timeoutMs, signal, HttpCallError);
      const answer = answerOf(text, status);
      const replySha256 = reply.sha256();
      if (replySha256 !== undefined) answer.replySha256 = replySha256;
      return answer;
    } catch (error) {
      throw error instanceof HttpCallError ? viesTransportError(error) : error;
    }
  }

  return {
    checkVatNumber,
    check(query: VatRegistryQuery, signal?: AbortSignal): Promise<ViesRestAnswer> {
      return checkVatNumber(
        {
          countryCode: query.countryCode,
          vatNumber: query.vatNumber,
          ...(query.traderName === undefined ? {} : { traderName: query.traderName }),
          ...(query.requester ? { requesterMemberStateCode: query.requester.countryCode, requesterNumber: query.requester.vatNumber } : {}),
        },
        signal,
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading replies

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string member; null (seen for Spain's trader fields) and other types read as absent. */
function stringOf(record: JsonRecord, member: string): string | undefined {
  const value = record[member];
  return typeof value === 'string' ? value : undefined;
}

/** The codes of a `CommonResponse` error body, or null when the body is not one. */
function errorCodes(record: JsonRecord): string | null {
  const wrappers = record.errorWrappers;
  if (record.actionSucceed !== false && !(Array.isArray(wrappers) && wrappers.length > 0)) return null;
  const codes = Array.isArray(wrappers) ? wrappers.map((item) => (isRecord(item) ? stringOf(item, 'error')?.trim() : undefined)) : [];
  return codes.filter((code): code is string => code !== undefined && code !== '').join(', ');
}

/** @throws {VatRegistryError} for an error body; {@link HttpCallError} when there is no readable answer. */
function answerOf(text: string, status: number): ViesRestAnswer {
  const ok = status >= 200 && status < 300;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const what = text.trim() === '' ? 'an empty body' : 'a body that is not JSON (truncated?)';
    throw new HttpCallError(ok ? 'malformed' : 'http', `The service answered HTTP ${status} with ${what}`, status, { cause: error });
  }
  const record = isRecord(body) ? body : {};
  const codes = errorCodes(record);
  if (codes !== null) throw viesFaultError(codes, status);
  if (!ok) throw new HttpCallError('http', `The service answered HTTP ${status} without an error body`, status);

  const requestDateText = stringOf(record, 'requestDate')?.trim() ?? '';
  const requestDate = requestDay(requestDateText);
  if (typeof record.valid !== 'boolean' || requestDate === undefined) {
    throw new VatRegistryError('malformed', null, 'outage', true, 'VIES answered without a readable valid flag or requestDate', { status });
  }
  const answer: ViesRestAnswer = {
    countryCode: stringOf(record, 'countryCode')?.trim() ?? '',
    vatNumber: stringOf(record, 'vatNumber')?.trim() ?? '',
    valid: record.valid,
    requestDate,
    requestDateText,
  };
  // REST keeps the registered name apart from the trader fields, which echo what was sent.
  const name = disclosed(stringOf(record, 'name'));
  const address = disclosed(stringOf(record, 'address'));
  if (name !== undefined) answer.name = name;
  if (address !== undefined) answer.address = address;
  const matches = ['traderNameMatch', 'traderStreetMatch', 'traderPostalCodeMatch', 'traderCityMatch', 'traderCompanyTypeMatch'] as const;
  for (const member of matches) {
    const match = matchOf(stringOf(record, member));
    if (match !== undefined) answer[member] = match;
  }
  const requestIdentifier = disclosed(stringOf(record, 'requestIdentifier'));
  if (requestIdentifier !== undefined) answer.requestIdentifier = requestIdentifier;
  return answer;
}
