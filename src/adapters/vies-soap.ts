/**
 * VIES, the EU's VAT registry, as a {@link VatRegistry}: SOAP 1.1 `checkVat` and `checkVatApprox`
 * over `fetch`, read by namespace URI and local name (src/adapters/soap.ts), so both the current
 * `env:`/`ns2:` answers and the older `soap:`/default-namespace ones parse. Faults are read from the
 * body on any HTTP status and mapped to a {@link VatRegistryError} carrying the VIES code, what it
 * is about (scope) and whether retrying may help. Protocol facts: docs/protocols.md#vies-soap.
 */
import {
  VatRegistryError,
  type VatRegistry,
  type VatRegistryAnswer,
  type VatRegistryFailureScope,
  type VatRegistryMatch,
  type VatRegistryQuery,
} from '../ports.js';
import {
  callSoap,
  childText,
  escapeXml,
  readSoapResponse,
  SoapFault,
  soapEnvelope,
  SoapTransportError,
  type XmlElement,
} from './soap.js';
import { hashingFetch } from './reply-hash.js';

/** The production endpoint (plain http answers a 307 redirect since 2020). */
export const VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService';
/** The Commission's test service: the number decides the answer (100 valid, 200 invalid, 201… faults). */
export const VIES_TEST_URL = 'https://ec.europa.eu/taxation_customs/vies/services/checkVatTestService';
/** Namespace of the request and response elements (`elementFormDefault="qualified"`). */
export const VIES_TYPES_NS = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';
/**
 * VIES wants an empty SOAPAction (quoted, as SOAP 1.1 writes it): a non-empty one has been refused
 * since late 2021 with "The given SOAPAction … does not match an operation".
 */
const VIES_SOAP_ACTION = '""';
/** Cap for a direct call; `verifyVat` aborts sooner, at its 4-second budget. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** The fault codes VIES documents (current WSDL, the 1798/2003 WSDL and the test service). */
export type ViesFaultCode =
  | 'INVALID_INPUT'
  | 'INVALID_REQUESTER_INFO'
  | 'SERVICE_UNAVAILABLE'
  | 'MS_UNAVAILABLE'
  | 'TIMEOUT'
  | 'VAT_BLOCKED'
  | 'IP_BLOCKED'
  | 'GLOBAL_MAX_CONCURRENT_REQ'
  | 'GLOBAL_MAX_CONCURRENT_REQ_TIME'
  | 'MS_MAX_CONCURRENT_REQ'
  | 'MS_MAX_CONCURRENT_REQ_TIME'
  | 'SERVER_BUSY';

/** What each fault means for a caller (docs/protocols.md#vies-faults). */
export const VIES_FAULTS: Readonly<Record<ViesFaultCode, { scope: VatRegistryFailureScope; retryable: boolean }>> = {
  // The country code is unknown or the number empty: an answer about the input.
  INVALID_INPUT: { scope: 'input', retryable: false },
  // Our own VAT number was refused: fix the configuration, asking again will not help.
  INVALID_REQUESTER_INFO: { scope: 'requester', retryable: false },
  SERVICE_UNAVAILABLE: { scope: 'outage', retryable: true },
  MS_UNAVAILABLE: { scope: 'outage', retryable: true },
  TIMEOUT: { scope: 'outage', retryable: true },
  // This number is blocked from lookups (manual review); the service itself works.
  VAT_BLOCKED: { scope: 'number', retryable: false },
  // Our address is blocked for abusive use: VIES cannot answer us at all, and hammering makes it worse.
  IP_BLOCKED: { scope: 'outage', retryable: false },
  GLOBAL_MAX_CONCURRENT_REQ: { scope: 'outage', retryable: true },
  GLOBAL_MAX_CONCURRENT_REQ_TIME: { scope: 'outage', retryable: true },
  MS_MAX_CONCURRENT_REQ: { scope: 'outage', retryable: true },
  MS_MAX_CONCURRENT_REQ_TIME: { scope: 'outage', retryable: true },
  SERVER_BUSY: { scope: 'outage', retryable: true },
};

/** Options of {@link viesSoapClient}. */
export interface ViesSoapClientOptions {
  /** Endpoint; defaults to {@link VIES_URL} ({@link VIES_TEST_URL} is the Commission's test service). */
  url?: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Cap for one call, body included, in milliseconds; default 10 000. A caller's signal may end it sooner. */
  timeoutMs?: number;
}

/** A `checkVatApprox` question: the number plus what the caller believes about its holder. */
export interface CheckVatApproxRequest {
  /** VIES prefix of the number (Greece is EL, Northern Ireland XI). */
  countryCode: string;
  /** The number without its prefix. */
  vatNumber: string;
  /** Name the caller expects the holder to have; the member state may compare it. */
  traderName?: string;
  /** Company type code such as `ES-1` (pattern `[A-Z]{2}-[1-9][0-9]?`). */
  traderCompanyType?: string;
  /** Street the caller expects; the member state may compare it. */
  traderStreet?: string;
  /** Postcode the caller expects; the member state may compare it. */
  traderPostcode?: string;
  /** City the caller expects; the member state may compare it. */
  traderCity?: string;
  /** Prefix of the caller's own VAT number; with it VIES returns a consultation number. */
  requesterCountryCode?: string;
  /** The caller's own VAT number without its prefix. */
  requesterVatNumber?: string;
}

/** A `checkVat` or `checkVatApprox` answer, as read. */
export interface ViesAnswer extends VatRegistryAnswer {
  /** The operation that answered. */
  operation: 'checkVat' | 'checkVatApprox';
  /** Country code echoed by VIES. */
  countryCode: string;
  /** Number echoed by VIES ('' for some invalid answers). */
  vatNumber: string;
  /** `requestDate` exactly as sent, e.g. "2022-08-15+02:00". */
  requestDateText: string;
  /** The other comparisons of `checkVatApprox`, when the member state made them. */
  traderCompanyTypeMatch?: VatRegistryMatch;
  /** Comparison of the street sent. */
  traderStreetMatch?: VatRegistryMatch;
  /** Comparison of the postcode sent. */
  traderPostcodeMatch?: VatRegistryMatch;
  /** Comparison of the city sent. */
  traderCityMatch?: VatRegistryMatch;
}

/** The `checkVat` envelope. */
export function checkVatEnvelope(countryCode: string, vatNumber: string): string {
  const body = `<v:checkVat><v:countryCode>${escapeXml(countryCode)}</v:countryCode><v:vatNumber>${escapeXml(vatNumber)}</v:vatNumber></v:checkVat>`;
  return soapEnvelope(body, { v: VIES_TYPES_NS });
}

// In the order of the WSDL's sequence, which VIES validates.
const APPROX_FIELDS = [
  'countryCode',
  'vatNumber',
  'traderName',
  'traderCompanyType',
  'traderStreet',
  'traderPostcode',
  'traderCity',
  'requesterCountryCode',
  'requesterVatNumber',
] as const satisfies readonly (keyof CheckVatApproxRequest)[];

/** The `checkVatApprox` envelope; fields left undefined (or blank) are not sent. */
export function checkVatApproxEnvelope(request: CheckVatApproxRequest): string {
  let fields = '';
  for (const field of APPROX_FIELDS) {
    const value = request[field];
    const required = field === 'countryCode' || field === 'vatNumber';
    if (!required && (value === undefined || value.trim() === '')) continue;
    fields += `<v:${field}>${escapeXml(value ?? '')}</v:${field}>`;
  }
  return soapEnvelope(`<v:checkVatApprox>${fields}</v:checkVatApprox>`, { v: VIES_TYPES_NS });
}

/**
 * Reads a VIES response body (`checkVatResponse` or `checkVatApproxResponse`) whatever its
 * prefixes; `status` is the HTTP status it came with.
 * @throws {VatRegistryError} for a fault (on any status) or an answer that is not a readable response.
 */
export function readViesResponse(text: string, status = 200): ViesAnswer {
  try {
    return answerOf(readSoapResponse(text, status).payload);
  } catch (error) {
    throw toRegistryError(error);
  }
}

/**
 * The VIES client: a {@link VatRegistry} for `verifyVat`, plus both operations for direct use.
 * `check` calls `checkVatApprox` when the query carries a trader name or a requester (VIES then
 * compares names itself where the member state does, and returns a consultation number), and
 * `checkVat` otherwise; its answer carries `replySha256`, the hash of the reply's bytes as received.
 *
 * @example
 * ```ts
 * import { memoryBreakerStore, memoryVatCache, viesSoapClient } from 'verifield/adapters';
 * import { verifyVat } from 'verifield/vat';
 * // Without `url`, the Commission's service; `verifield serve` reads VERIFIELD_VIES_URL.
 * const registry = viesSoapClient({ url: process.env.VERIFIELD_VIES_URL });
 * const result = await verifyVat('BE 0123.456.749', { registry, cache: memoryVatCache(), breaker: memoryBreakerStore() });
 * result.vatDetails.registered; // true
 * (await registry.checkVat('LU', '24231759')).name; // 'EXEMPLE SARL'
 * ```
 */
export function viesSoapClient(options: ViesSoapClientOptions = {}): VatRegistry & {
  checkVat(countryCode: string, vatNumber: string, signal?: AbortSignal): Promise<ViesAnswer>;
  checkVatApprox(request: CheckVatApproxRequest, signal?: AbortSignal): Promise<ViesAnswer>;
} {
  const url = options.url ?? VIES_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(envelope: string, signal: AbortSignal | undefined, hashReply = false): Promise<ViesAnswer> {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const reply = hashReply ? hashingFetch(fetchImpl) : null;
    try {
      const answer = await callSoap({
        url,
        soapAction: VIES_SOAP_ACTION,
        envelope,
        timeoutMs,
        fetch: reply?.fetch ?? fetchImpl,
        signal,
      });
      const read = answerOf(answer.payload);
      const replySha256 = reply?.sha256();
      if (replySha256 !== undefined) read.replySha256 = replySha256;
      return read;
    } catch (error) {
      throw toRegistryError(error);
    }
  }

  const checkVat = (countryCode: string, vatNumber: string, signal?: AbortSignal): Promise<ViesAnswer> =>
    call(checkVatEnvelope(countryCode, vatNumber), signal);
  const checkVatApprox = (request: CheckVatApproxRequest, signal?: AbortSignal): Promise<ViesAnswer> =>
    call(checkVatApproxEnvelope(request), signal);

  return {
    checkVat,
    checkVatApprox,
    // The port's answer carries the hash of the reply (the service keeps it as evidence); the two
    // operations above return what VIES said, the same whatever envelope form it used.
    check(query: VatRegistryQuery, signal?: AbortSignal): Promise<ViesAnswer> {
      const traderName = query.traderName?.trim() ?? '';
      if (traderName === '' && query.requester === undefined) return call(checkVatEnvelope(query.countryCode, query.vatNumber), signal, true);
      const request: CheckVatApproxRequest = {
        countryCode: query.countryCode,
        vatNumber: query.vatNumber,
        ...(traderName !== '' ? { traderName } : {}),
        ...(query.requester
          ? { requesterCountryCode: query.requester.countryCode, requesterVatNumber: query.requester.vatNumber }
          : {}),
      };
      return call(checkVatApproxEnvelope(request), signal, true);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading answers

/** `---`, empty and nil all mean "not disclosed" (VIES uses each of them). */
function disclosed(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '---' ? undefined : trimmed;
}

function matchOf(value: string | undefined): VatRegistryMatch | undefined {
  switch (value?.trim()) {
    case '1':
    case 'VALID':
      return 'VALID';
    case '2':
    case 'INVALID':
      return 'INVALID';
    case '3':
    case 'NOT_PROCESSED':
      return 'NOT_PROCESSED';
    default:
      return undefined;
  }
}

const REQUEST_DATE = /^(\d{4}-\d{2}-\d{2})/;

function answerOf(payload: XmlElement): ViesAnswer {
  const approx = payload.localName === 'checkVatApproxResponse';
  if (payload.namespace !== VIES_TYPES_NS || (!approx && payload.localName !== 'checkVatResponse')) {
    throw new VatRegistryError('malformed', null, 'outage', true, `VIES answered with <${payload.localName}> instead of a checkVat response`);
  }
  const text = (localName: string): string | undefined => childText(payload, VIES_TYPES_NS, localName);
  const validText = text('valid')?.trim();
  const valid = validText === 'true' || validText === '1' ? true : validText === 'false' || validText === '0' ? false : undefined;
  const requestDateText = text('requestDate')?.trim() ?? '';
  const requestDate = REQUEST_DATE.exec(requestDateText)?.[1];
  if (valid === undefined || requestDate === undefined) {
    throw new VatRegistryError('malformed', null, 'outage', true, 'VIES answered without a readable valid flag or requestDate');
  }

  const answer: ViesAnswer = {
    operation: approx ? 'checkVatApprox' : 'checkVat',
    countryCode: text('countryCode')?.trim() ?? '',
    vatNumber: text('vatNumber')?.trim() ?? '',
    valid,
    requestDate,
    requestDateText,
  };
  let name: string | undefined;
  let address: string | undefined;
  if (approx) {
    const nameMatch = matchOf(text('traderNameMatch'));
    // A member state that compares (Spain) echoes the trader fields it was sent: they are the
    // caller's words, not the registered name, so they are not reported as disclosed data.
    const echoes = nameMatch === 'VALID' || nameMatch === 'INVALID';
    if (!echoes) {
      name = disclosed(text('traderName'));
      address = disclosed(text('traderAddress'));
    }
    if (nameMatch !== undefined) answer.traderNameMatch = nameMatch;
    const others = [
      ['traderCompanyTypeMatch', matchOf(text('traderCompanyTypeMatch'))],
      ['traderStreetMatch', matchOf(text('traderStreetMatch'))],
      ['traderPostcodeMatch', matchOf(text('traderPostcodeMatch'))],
      ['traderCityMatch', matchOf(text('traderCityMatch'))],
    ] as const;
    for (const [field, match] of others) if (match !== undefined) answer[field] = match;
    const requestIdentifier = disclosed(text('requestIdentifier'));
    if (requestIdentifier !== undefined) answer.requestIdentifier = requestIdentifier;
  } else {
    name = disclosed(text('name'));
    address = disclosed(text('address'));
  }
  if (name !== undefined) answer.name = name;
  if (address !== undefined) answer.address = address;
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Failures

const FAULT_WORD = /[A-Z][A-Z_]*[A-Z]/g;

/**
 * The VIES code inside a faultstring. VIES sends the bare code; older stacks wrapped it
 * (`{ MS_UNAVAILABLE } [Server]`), so the known code is looked for among the words.
 */
export function viesFaultCodeOf(faultString: string): ViesFaultCode | null {
  for (const word of faultString.matchAll(FAULT_WORD)) {
    if (Object.hasOwn(VIES_FAULTS, word[0])) return word[0] as ViesFaultCode;
  }
  return null;
}

function toRegistryError(error: unknown): unknown {
  if (error instanceof VatRegistryError) return error;
  if (error instanceof SoapFault) {
    const faultString = error.faultString.trim();
    const code = viesFaultCodeOf(faultString);
    const meaning = code === null ? { scope: 'outage' as const, retryable: true } : VIES_FAULTS[code];
    return new VatRegistryError('fault', code ?? (faultString || 'UNKNOWN_FAULT'), meaning.scope, meaning.retryable, `VIES fault: ${faultString}`, {
      status: error.status,
      cause: error,
    });
  }
  if (error instanceof SoapTransportError) {
    const status = error.status ?? 0;
    // A 4xx other than 408/429 means the request itself is wrong (a bad URL): no use asking again.
    const refused = error.kind === 'http' && status >= 400 && status < 500 && status !== 408 && status !== 429;
    return new VatRegistryError(error.kind, null, 'outage', !refused, `VIES: ${error.message}`, {
      status: error.status,
      cause: error,
    });
  }
  return error;
}
