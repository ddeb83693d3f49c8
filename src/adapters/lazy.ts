/**
 * The service's adapters, each loaded on its first call: the SOAP clients of VIES, TEDB and the
 * Swiss UID register bring an XML parser (the VIES REST client is small, and loaded the same way),
 * RDAP brings the public suffix list (tldts), the HMRC and Brønnøysund clients are needed only when
 * GB or NO numbers come, and a service that answers IBANs,
 * or starts with its jobs off, needs none of them to listen (docs/service.md#command-line). Each
 * wrapper is the port and nothing more; the adapter's own options and behaviour are unchanged.
 */
import type { DomainAgeSource, RatesSource, VatRegistry, ViesStatusFeed } from '../ports.js';
import type { BrregClientOptions } from './brreg.js';
import type { HmrcVatClientOptions } from './hmrc.js';
import type { RdapDomainAgeOptions } from './rdap.js';
import type { SwissUidClientOptions } from './swiss-uid.js';
import type { TedbRatesSourceOptions } from './tedb/source.js';
import type { ViesRestClientOptions } from './vies-rest.js';
import type { ViesSoapClientOptions } from './vies-soap.js';
import type { ViesStatusFeedOptions } from './vies-status.js';

/**
 * `make`'s value, made at the first call and shared by every later one. A failed load (a module
 * that could not be read) is tried again at the next call instead of failing every call after it.
 */
function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };
}

/** `viesRestClient(options)` as a VatRegistry, loaded on its first lookup. */
export function lazyViesRestClient(options: ViesRestClientOptions): VatRegistry {
  const client = onFirstUse(async () => (await import('./vies-rest.js')).viesRestClient(options));
  return { check: async (query, signal) => (await client()).check(query, signal) };
}

/** `viesSoapClient(options)` as a VatRegistry, loaded on its first lookup. */
export function lazyViesSoapClient(options: ViesSoapClientOptions): VatRegistry {
  const client = onFirstUse(async () => (await import('./vies-soap.js')).viesSoapClient(options));
  return { check: async (query, signal) => (await client()).check(query, signal) };
}

/** `hmrcVatClient(options)` as a VatRegistry, loaded on its first lookup (its token is shared from then on). */
export function lazyHmrcVatClient(options: HmrcVatClientOptions): VatRegistry {
  const client = onFirstUse(async () => (await import('./hmrc.js')).hmrcVatClient(options));
  return { check: async (query, signal) => (await client()).check(query, signal) };
}

/** `swissUidClient(options)` as a VatRegistry, loaded on its first lookup. */
export function lazySwissUidClient(options: SwissUidClientOptions): VatRegistry {
  const client = onFirstUse(async () => (await import('./swiss-uid.js')).swissUidClient(options));
  return { check: async (query, signal) => (await client()).check(query, signal) };
}

/** `brregClient(options)` as a VatRegistry, loaded on its first lookup. */
export function lazyBrregClient(options: BrregClientOptions): VatRegistry {
  const client = onFirstUse(async () => (await import('./brreg.js')).brregClient(options));
  return { check: async (query, signal) => (await client()).check(query, signal) };
}

/** `viesStatusFeed(options)`, loaded on its first fetch. */
export function lazyViesStatusFeed(options: ViesStatusFeedOptions): ViesStatusFeed {
  const feed = onFirstUse(async () => (await import('./vies-status.js')).viesStatusFeed(options));
  return { fetchStatus: async (signal) => (await feed()).fetchStatus(signal) };
}

/** `tedbRatesSource(options)` as a RatesSource, loaded on its first fetch. */
export function lazyTedbRatesSource(options: TedbRatesSourceOptions): RatesSource {
  const source = onFirstUse(async () => (await import('./tedb/source.js')).tedbRatesSource(options));
  return { fetchRates: async (situationOn, signal) => (await source()).fetchRates(situationOn, signal) };
}

/** `rdapDomainAge(options)`, loaded on its first lookup. */
export function lazyRdapDomainAge(options: RdapDomainAgeOptions): DomainAgeSource {
  const source = onFirstUse(async () => (await import('./rdap.js')).rdapDomainAge(options));
  return { registeredAt: async (domain, signal) => (await source()).registeredAt(domain, signal) };
}
