/**
 * What a failed VIES call means, the same whichever protocol carried it: the fault codes VIES
 * sends (as a SOAP faultstring or as a REST `errorWrappers[].error`) and the failures of the HTTP
 * exchange itself, each made a {@link VatRegistryError} with its scope and whether retrying may
 * help. Fault meanings: docs/protocols.md#vies-faults.
 */
import { VatRegistryError, type VatRegistryFailureScope } from '../ports.js';
import type { HttpCallError } from './http-call.js';

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

const FAULT_WORD = /[A-Z][A-Z_]*[A-Z]/g;

/**
 * The VIES code inside a fault text. VIES sends the bare code; older stacks wrapped it
 * (`{ MS_UNAVAILABLE } [Server]`), so the known code is looked for among the words.
 */
export function viesFaultCodeOf(faultString: string): ViesFaultCode | null {
  for (const word of faultString.matchAll(FAULT_WORD)) {
    if (Object.hasOwn(VIES_FAULTS, word[0])) return word[0] as ViesFaultCode;
  }
  return null;
}

/**
 * The error of a fault VIES sent, `text` being what it wrote (a faultstring, or the REST error
 * codes): an unknown fault is taken for a retryable outage, never for an answer about the number.
 */
export function viesFaultError(text: string, status: number | null, cause?: unknown): VatRegistryError {
  const trimmed = text.trim();
  const code = viesFaultCodeOf(trimmed);
  const meaning = code === null ? { scope: 'outage' as const, retryable: true } : VIES_FAULTS[code];
  return new VatRegistryError('fault', code ?? (trimmed || 'UNKNOWN_FAULT'), meaning.scope, meaning.retryable, `VIES fault: ${trimmed}`, { status, cause });
}

/** The error of an exchange that brought no answer (timeout, abort, network, HTTP status, unreadable body). */
export function viesTransportError(error: HttpCallError): VatRegistryError {
  const status = error.status ?? 0;
  // A 4xx other than 408/429 means the request itself is wrong (a bad URL): no use asking again.
  const refused = error.kind === 'http' && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return new VatRegistryError(error.kind, null, 'outage', !refused, `VIES: ${error.message}`, { status: error.status, cause: error });
}
