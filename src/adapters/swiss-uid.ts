/**
 * The Swiss UID register's public web service as a {@link VatRegistry}: SOAP 1.1 `GetByUID` over
 * `fetch`. One call answers it all: the entity behind the UID, its name and address, and its
 * entry in the VAT register (`vatRegisterInformation`), so `ValidateVatNumber`, which answers only
 * yes or no, is not called as well (the public service allows 20 requests a minute). A number is
 * registered only when its VAT status is active (`vatStatus` 2) under that very number. Protocol
 * facts: docs/fields/vat.md#registries-beyond-vies.
 */
import {
  VatRegistryError,
  type Clock,
  type VatRegistry,
  type VatRegistryAnswer,
  type VatRegistryQuery,
} from '../ports.js';
import { fetchHashed, outageOf, refusedInput, utcDayOf } from './registry-http.js';
import { HttpCallError } from './http-call.js';
import { escapeXml, readSoapResponse, SoapFault, soapEnvelope, type XmlElement } from './soap.js';

/** The production endpoint of the public services. */
export const SWISS_UID_URL = 'https://www.uid-wse.admin.ch/V5.0/PublicServices.svc';
/** The acceptance (test) endpoint of the same service. */
export const SWISS_UID_TEST_URL = 'https://www.uid-wse-a.admin.ch/V5.0/PublicServices.svc';
/** Namespace of the operations and their messages. */
export const UID_WSE_NS = 'http://www.uid.admin.ch/xmlns/uid-wse';
/** Namespace of the UID structure (eCH-0097 version 5) inside the request. */
export const ECH_0097_NS = 'http://www.ech.ch/xmlns/eCH-0097/5';
const GET_BY_UID_ACTION = `${UID_WSE_NS}/IPublicServices/GetByUID`;
const DEFAULT_TIMEOUT_MS = 10_000;
const REGISTRY = 'UID register';
/** eCH-0108 `vatStatus`: 2 is an active entry of the VAT register. */
const VAT_ACTIVE = '2';
/** The body after `CH`: `E` and the 9 digits, perhaps with the language suffix. */
const SWISS_VAT = /^(?:CH)?E(\d{9})(?:MWST|TVA|IVA|TPV)?$/;

/** The error codes the service sends in its faults, and what each means. */
export const SWISS_UID_FAULTS = {
  // More than the public limit (20 a minute): wait, then ask again.
  Request_limit_exceeded: { scope: 'outage', retryable: true },
  // The request's data was refused: an answer about the input.
  Data_validation_failed: { scope: 'input', retryable: false },
  // The service refuses this client: asking again will not help.
  Permission_denied: { scope: 'outage', retryable: false },
} as const satisfies Readonly<Record<string, { scope: VatRegistryError['scope']; retryable: boolean }>>;

/** A fault code {@link SWISS_UID_FAULTS} knows. */
export type SwissUidFaultCode = keyof typeof SWISS_UID_FAULTS;

/** Options of {@link swissUidClient}. */
export interface SwissUidClientOptions {
  /** Endpoint; defaults to {@link SWISS_UID_URL} ({@link SWISS_UID_TEST_URL} is the acceptance service). */
  url?: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Cap for one call, body included, in milliseconds; default 10 000. A caller's signal may end it sooner. */
  timeoutMs?: number;
  /** The clock that dates answers (the service does not); defaults to the system clock. */
  now?: Clock;
}

/** The `GetByUID` envelope for the 9 digits of a UID. */
export function getByUidEnvelope(digits: string): string {
  const uid =
    `<e:uidOrganisationIdCategorie>CHE</e:uidOrganisationIdCategorie>` +
    `<e:uidOrganisationId>${escapeXml(digits)}</e:uidOrganisationId>`;
  return soapEnvelope(`<u:GetByUID><u:uid>${uid}</u:uid></u:GetByUID>`, { u: UID_WSE_NS, e: ECH_0097_NS });
}

/**
 * The UID register client. The query's `vatNumber` is the body after `CH` (`E123456789`, the
 * suffix MWST, TVA, IVA or TPV allowed); every answer carries `replySha256`.
 *
 * @example
 * ```ts
 * import { swissUidClient } from 'verifield/adapters';
 * // Without `url`, the public services of the UID register.
 * const uid = swissUidClient({ url: process.env.VERIFIELD_UID_URL });
 * const answer = await uid.check({ countryCode: 'CH', vatNumber: 'E107787577MWST' });
 * answer.valid; // true
 * answer.name; // 'Beispiel AG'
 * (await uid.check({ countryCode: 'CH', vatNumber: 'E116281710' })).entityStatus; // ['NOT_VAT_REGISTERED']
 * ```
 */
export function swissUidClient(options: SwissUidClientOptions = {}): VatRegistry {
  const url = options.url ?? SWISS_UID_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? ((): Date => new Date());
  return {
    async check(query: VatRegistryQuery, signal?: AbortSignal): Promise<VatRegistryAnswer> {
      const digits = uidDigitsOf(query);
      try {
        const reply = await fetchHashed({
          fetch: options.fetch ?? globalThis.fetch,
          url,
          init: {
            method: 'POST',
            // The service's clients send the action unquoted; the WCF endpoint matches it as is.
            headers: { 'Content-Type': 'text/xml; charset=utf-8', Accept: 'text/xml', SOAPAction: GET_BY_UID_ACTION },
            body: getByUidEnvelope(digits),
          },
          timeoutMs,
          signal,
        });
        const answer = readGetByUidResponse(reply.text, reply.status, digits, utcDayOf(now));
        answer.replySha256 = reply.replySha256;
        return answer;
      } catch (error) {
        throw toRegistryError(error);
      }
    },
  };
}

function uidDigitsOf(query: VatRegistryQuery): string {
  if (query.countryCode !== 'CH') throw refusedInput(REGISTRY, `it answers for CH numbers, not ${query.countryCode}`);
  const digits = SWISS_VAT.exec(query.vatNumber.replace(/[\s.-]/g, '').toUpperCase())?.[1];
  if (digits === undefined) throw refusedInput(REGISTRY, 'a Swiss VAT number is E and 9 digits');
  return digits;
}

/**
 * Reads a `GetByUID` reply for the UID whose 9 digits are `digits`; `requestDate` dates the answer.
 * @throws {VatRegistryError} for a fault or a reply that is not a `GetByUIDResponse`.
 */
export function readGetByUidResponse(text: string, status: number, digits: string, requestDate: string): VatRegistryAnswer {
  let payload: XmlElement;
  try {
    payload = readSoapResponse(text, status).payload;
  } catch (error) {
    throw toRegistryError(error);
  }
  if (payload.namespace !== UID_WSE_NS || payload.localName !== 'GetByUIDResponse') {
    throw new VatRegistryError('malformed', null, 'outage', true, `${REGISTRY} answered with <${payload.localName}> instead of a GetByUID response`, { status });
  }
  // Below the operation's own element the eCH schemas carry their version in their namespace
  // (eCH-0108/5, eCH-0098/5 …), which changed with each service version: read by local name there.
  const organisation = first(first(payload, 'GetByUIDResult'), 'organisationType');
  // No entry: the UID is unknown to the register.
  if (organisation === undefined) return { valid: false, requestDate };

  const vat = first(organisation, 'vatRegisterInformation');
  const vatUid = first(first(vat, 'uidVat'), 'uidOrganisationId')?.text.trim();
  // A member of a VAT group is taxed under the group's number (uidVat), not its own.
  const underThisNumber = vatUid === undefined || vatUid === '' || Number(vatUid) === Number(digits);
  const valid = first(vat, 'vatStatus')?.text.trim() === VAT_ACTIVE && underThisNumber;

  const answer: VatRegistryAnswer = { valid, requestDate };
  const entity = first(organisation, 'organisation');
  const identification = first(entity, 'organisationIdentification');
  const name = nonBlank(first(identification, 'organisationName')?.text) ?? nonBlank(first(identification, 'organisationLegalName')?.text);
  if (name !== undefined) answer.name = name;
  const address = addressOf(entity);
  if (address !== undefined) answer.address = address;
  if (!valid) answer.entityStatus = ['NOT_VAT_REGISTERED'];
  return answer;
}

function first(parent: XmlElement | undefined, localName: string): XmlElement | undefined {
  return parent?.children.find((child) => child.localName === localName);
}

function nonBlank(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** The legal seat (`addressCategory` LEGAL) or else the first address: street and number, then zip and town. */
function addressOf(entity: XmlElement | undefined): string | undefined {
  const addresses = entity?.children.filter((child) => child.localName === 'address') ?? [];
  const address = addresses.find((candidate) => first(candidate, 'addressCategory')?.text.trim() === 'LEGAL') ?? addresses[0];
  if (address === undefined) return undefined;
  const part = (localName: string): string | undefined => nonBlank(first(address, localName)?.text);
  const street = [part('street'), part('houseNumber')].filter((value) => value !== undefined).join(' ');
  const box = part('postOfficeBoxText') ?? (part('postOfficeBoxNumber') !== undefined ? `Postfach ${part('postOfficeBoxNumber')}` : undefined);
  const place = [part('swissZipCode') ?? part('foreignZipCode'), part('town')].filter((value) => value !== undefined).join(' ');
  const lines = [part('addressLine1'), street, box, place].filter((line): line is string => line !== undefined && line !== '');
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** The service's code in a fault: the `error` of its detail, else a known code in the faultstring. */
function faultCodeOf(fault: SoapFault): string {
  const detailError = fault.detail === null ? undefined : findDeep(fault.detail, 'error')?.text.trim();
  if (detailError !== undefined && detailError !== '') return detailError;
  const known = Object.keys(SWISS_UID_FAULTS).find((code) => fault.faultString.includes(code));
  return known ?? (fault.faultString.trim() || 'UNKNOWN_FAULT');
}

function findDeep(element: XmlElement, localName: string): XmlElement | undefined {
  for (const child of element.children) {
    if (child.localName === localName) return child;
    const found = findDeep(child, localName);
    if (found !== undefined) return found;
  }
  return undefined;
}

function toRegistryError(error: unknown): unknown {
  if (error instanceof VatRegistryError) return error;
  if (error instanceof SoapFault) {
    const code = faultCodeOf(error);
    const meaning = Object.hasOwn(SWISS_UID_FAULTS, code)
      ? SWISS_UID_FAULTS[code as SwissUidFaultCode]
      : { scope: 'outage' as const, retryable: true };
    return new VatRegistryError('fault', code, meaning.scope, meaning.retryable, `${REGISTRY} fault: ${error.faultString.trim() || code}`, {
      status: error.status,
      cause: error,
    });
  }
  // No reply (RegistryHttpError) or no readable one (SoapTransportError).
  if (error instanceof HttpCallError) return outageOf(error, REGISTRY);
  return error;
}
