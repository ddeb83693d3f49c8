/**
 * The Commission's Taxes in Europe Database (TEDB) as a {@link RatesSource}: one
 * `retrieveVatRates` SOAP call for the 27 member states on a date, read by namespace, mapped by
 * src/adapters/tedb/rates-mapping.ts. Protocol facts: docs/protocols.md#tedb-vat-rates.
 */
import type { RatesSource, SourceCountryVatRates } from '../../ports.js';
import { mapTedbRows, type TedbRateRow } from './rates-mapping.js';
import { EU_MEMBER_STATES } from '../../vat/reference/member-states.js';
import {
  callSoap,
  childElement,
  childElements,
  childText,
  escapeXml,
  readSoapResponse,
  SOAP_ENVELOPE_NS,
  SoapFault,
  soapEnvelope,
  SoapTransportError,
  type SoapFailureKind,
  type XmlElement,
} from '../soap.js';

/** The address the Commission's clients post to (the WSDL's own `soap:address` is a bare folder). */
export const TEDB_URL = 'https://ec.europa.eu/taxation_customs/tedb/ws/VatRetrievalService';
/** SOAPAction of `retrieveVatRates` (WSDL binding), sent bare as in the recorded traffic. */
export const TEDB_SOAP_ACTION = 'urn:ec.europa.eu:taxud:tedb:services:v1:VatRetrievalService/RetrieveVatRates';
/** Namespace of the request, response and fault message elements. */
export const TEDB_MESSAGE_NS = 'urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService';
/** Namespace of everything inside the messages (the XSD is `elementFormDefault="qualified"`). */
export const TEDB_TYPES_NS = 'urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService:types';

/** The answer for all 27 states is about 1.5 MB, so the budget is generous; it runs once a day. */
const DEFAULT_TIMEOUT_MS = 30_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MEMBER_STATE = /^[A-Z]{2}$/;
const TEDB_ERROR_CODE = /^\s*(TEDB-ERR-\d+)/;

/** Options of {@link tedbRatesSource}. */
export interface TedbRatesSourceOptions {
  /** Endpoint; defaults to {@link TEDB_URL} (the acceptance service is `…/VatRetrievalService-ACC`). */
  url?: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Budget for the whole call in milliseconds; default 30 000. */
  timeoutMs?: number;
}

/** One `error` of a TEDB fault's detail. */
export interface TedbErrorDetail {
  /** e.g. "00002". */
  code: string;
  /** e.g. `The Member State "XX" does not exist.` */
  description: string;
}

/** How a TEDB call failed: a fault from TEDB, or one of the transport failures of the SOAP helper. */
export type TedbErrorKind = 'fault' | SoapFailureKind;

/** What is known about a failed TEDB call besides its kind. */
export interface TedbErrorInfo {
  /** TEDB's own code from the faultstring, e.g. "TEDB-ERR-2". */
  faultCode?: string | null;
  /** The faultstring as sent, e.g. "TEDB-ERR-2 - Request is not valid". */
  faultString?: string | null;
  /** Who SOAP blames: "Client" (the request) or "Server". */
  faultParty?: string | null;
  /** The errors listed in the fault detail. */
  errors?: readonly TedbErrorDetail[];
  /** HTTP status, when a response arrived. */
  status?: number | null;
  /** The underlying error (network, parse), for logs. */
  cause?: unknown;
}

/** A failed TEDB call. */
export class TedbError extends Error {
  /** Always `TedbError`: recognisable in logs. */
  override readonly name = 'TedbError';
  /** TEDB's own code, e.g. "TEDB-ERR-2" (request not valid); null when not a fault. */
  readonly faultCode: string | null;
  /** The faultstring as sent; null when not a fault. */
  readonly faultString: string | null;
  /** The errors TEDB listed, e.g. {code: "00002", description: 'The Member State "XX" does not exist.'}. */
  readonly errors: readonly TedbErrorDetail[];
  /** HTTP status, when a response arrived. */
  readonly status: number | null;
  /**
   * Whether asking again later may help: not for a request TEDB blames on the client (a Client
   * fault, an HTTP 4xx other than 408/429, e.g. a wrong URL), nor for a call the caller aborted;
   * yes for an outage, a timeout, a garbled answer or a server fault.
   */
  readonly retryable: boolean;

  constructor(
    /** How the call failed. */
    readonly kind: TedbErrorKind,
    message: string,
    info: TedbErrorInfo = {},
  ) {
    super(message, { cause: info.cause });
    this.faultCode = info.faultCode ?? null;
    this.faultString = info.faultString ?? null;
    this.errors = info.errors ?? [];
    this.status = info.status ?? null;
    const status = this.status ?? 0;
    const refusedRequest = kind === 'http' && status >= 400 && status < 500 && status !== 408 && status !== 429;
    this.retryable = kind !== 'aborted' && !refusedRequest && !(kind === 'fault' && info.faultParty === 'Client');
  }
}

/** A `retrieveVatRates` question. */
export interface RetrieveVatRatesRequest {
  /** Member state codes (`[A-Z]{2}`; Greece is EL). */
  memberStates: readonly string[];
  /** Date (YYYY-MM-DD) on which the rates are wanted. */
  situationOn: string;
}

/**
 * The `retrieveVatRates` envelope. The wrapper element is in the message namespace and every
 * element inside it in the types namespace: TEDB answers "TEDB-ERR-2 / The XSD validation failed"
 * otherwise.
 */
export function retrieveVatRatesEnvelope(request: RetrieveVatRatesRequest): string {
  let isoCodes = '';
  for (const code of request.memberStates) isoCodes += `<t:isoCode>${escapeXml(code)}</t:isoCode>`;
  const body =
    `<m:retrieveVatRatesReqMsg><t:memberStates>${isoCodes}</t:memberStates>` +
    `<t:situationOn>${escapeXml(request.situationOn)}</t:situationOn></m:retrieveVatRatesReqMsg>`;
  return soapEnvelope(body, { m: TEDB_MESSAGE_NS, t: TEDB_TYPES_NS });
}

/**
 * The rows of a `retrieveVatRates` response body (the HTTP body text), whatever its prefixes.
 * @throws {TedbError} `fault` for a SOAP fault (on any status), `http`/`malformed` for an answer
 * that is not a readable `retrieveVatRatesRespMsg`.
 */
export function readRetrieveVatRatesResponse(text: string, status = 200): TedbRateRow[] {
  try {
    return rowsOf(readSoapResponse(text, status).payload);
  } catch (error) {
    throw toTedbError(error);
  }
}

/**
 * The TEDB rates source for `createRatesService`.
 *
 * @example
 * ```ts
 * import { tedbRatesSource } from 'verifield/adapters';
 * import { createRatesService } from 'verifield/vat';
 * // Without `url`, the Commission's service; `verifield serve` reads VERIFIELD_TEDB_URL.
 * const source = tedbRatesSource({ url: process.env.VERIFIELD_TEDB_URL, timeoutMs: 20_000 });
 * const germany = (await source.fetchRates('2025-07-01')).find((rates) => rates.countryCode === 'DE');
 * germany?.standardRate; // 19
 * const rates = createRatesService({ source });
 * (await rates.refresh()).ok; // true
 * ```
 */
export function tedbRatesSource(options: TedbRatesSourceOptions = {}): RatesSource & {
  /** The raw rows for any member states and date (for tools and tests). */
  retrieveVatRates(request: RetrieveVatRatesRequest, signal?: AbortSignal): Promise<TedbRateRow[]>;
} {
  const url = options.url ?? TEDB_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function retrieveVatRates(request: RetrieveVatRatesRequest, signal?: AbortSignal): Promise<TedbRateRow[]> {
    if (!DATE.test(request.situationOn)) throw new RangeError(`situationOn must be YYYY-MM-DD, got "${request.situationOn}"`);
    const invalid = request.memberStates.find((code) => !MEMBER_STATE.test(code));
    if (invalid !== undefined || request.memberStates.length === 0) {
      throw new RangeError(`memberStates must be 1 or more two-letter codes, got "${invalid ?? ''}"`);
    }
    try {
      const answer = await callSoap({
        url,
        soapAction: TEDB_SOAP_ACTION,
        envelope: retrieveVatRatesEnvelope(request),
        timeoutMs,
        fetch: options.fetch,
        signal,
      });
      return rowsOf(answer.payload);
    } catch (error) {
      throw toTedbError(error);
    }
  }

  return {
    retrieveVatRates,
    async fetchRates(situationOn: string, signal?: AbortSignal): Promise<SourceCountryVatRates[]> {
      const rows = await retrieveVatRates({ memberStates: EU_MEMBER_STATES, situationOn }, signal);
      return mapTedbRows(rows, { asOf: situationOn });
    },
  };
}

function rowsOf(payload: XmlElement): TedbRateRow[] {
  if (payload.namespace !== TEDB_MESSAGE_NS || payload.localName !== 'retrieveVatRatesRespMsg') {
    throw new TedbError('malformed', `TEDB answered with <${payload.localName}> instead of retrieveVatRatesRespMsg`);
  }
  const rows: TedbRateRow[] = [];
  for (const result of childElements(payload, TEDB_TYPES_NS, 'vatRateResults')) {
    const rate = childElement(result, TEDB_TYPES_NS, 'rate');
    const category = childElement(result, TEDB_TYPES_NS, 'category');
    const memberState = childText(result, TEDB_TYPES_NS, 'memberState');
    const type = childText(result, TEDB_TYPES_NS, 'type');
    const rateType = rate && childText(rate, TEDB_TYPES_NS, 'type');
    const situationOn = childText(result, TEDB_TYPES_NS, 'situationOn');
    // The XSD requires these four; a row without them says nothing usable.
    if (!memberState || !type || !rateType || !situationOn) continue;
    rows.push({
      memberState,
      type,
      rateType,
      value: (rate && childText(rate, TEDB_TYPES_NS, 'value')) ?? null,
      situationOn,
      categoryId: (category && childText(category, TEDB_TYPES_NS, 'identifier')) ?? null,
      categoryDescription: (category && childText(category, TEDB_TYPES_NS, 'description')) ?? null,
      comment: childText(result, TEDB_TYPES_NS, 'comment') ?? null,
    });
  }
  return rows;
}

function toTedbError(error: unknown): unknown {
  if (error instanceof TedbError) return error;
  if (error instanceof SoapFault) {
    const faultMessage = error.detail ? childElement(error.detail, TEDB_MESSAGE_NS, 'retrieveVatRatesFaultMsg') : undefined;
    const errors: TedbErrorDetail[] = faultMessage
      ? childElements(faultMessage, TEDB_TYPES_NS, 'error').map((item) => ({
          code: childText(item, TEDB_TYPES_NS, 'code') ?? '',
          description: childText(item, TEDB_TYPES_NS, 'description') ?? '',
        }))
      : [];
    const party = error.faultCode.namespace === SOAP_ENVELOPE_NS ? error.faultCode.localName : null;
    const listed = errors.length > 0 ? `: ${errors.map((item) => item.description).join(' ')}` : '';
    return new TedbError('fault', `TEDB fault: ${error.faultString}${listed}`, {
      faultCode: TEDB_ERROR_CODE.exec(error.faultString)?.[1] ?? null,
      faultString: error.faultString,
      faultParty: party,
      errors,
      status: error.status,
      cause: error,
    });
  }
  if (error instanceof SoapTransportError) {
    return new TedbError(error.kind, `TEDB: ${error.message}`, { status: error.status, cause: error });
  }
  return error;
}
