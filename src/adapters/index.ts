/**
 * verifield/adapters: the outside world behind the ports of src/ports.ts. Each adapter takes an
 * injectable `fetch` and URL, so tests can point it at a loopback fake.
 */
export {
  tedbRatesSource,
  TedbError,
  TEDB_URL,
  type TedbRatesSourceOptions,
  type TedbErrorKind,
  type TedbErrorDetail,
  type TedbErrorInfo,
  type RetrieveVatRatesRequest,
} from './tedb/source.js';
export type { TedbRateRow } from './tedb/rates-mapping.js';
export {
  viesRestClient,
  readViesRestResponse,
  checkVatNumberBody,
  VIES_REST_URL,
  type ViesRestClientOptions,
  type CheckVatNumberRequest,
  type ViesRestAnswer,
} from './vies-rest.js';
export {
  viesSoapClient,
  readViesResponse,
  checkVatEnvelope,
  checkVatApproxEnvelope,
  VIES_URL,
  VIES_TEST_URL,
  VIES_TYPES_NS,
  type ViesSoapClientOptions,
  type CheckVatApproxRequest,
  type ViesAnswer,
} from './vies-soap.js';
export { viesFaultCodeOf, VIES_FAULTS, type ViesFaultCode } from './vies-faults.js';
export { hmrcVatClient, readHmrcReply, HMRC_URL, HMRC_SANDBOX_URL, type HmrcVatClientOptions } from './hmrc.js';
export {
  swissUidClient,
  readGetByUidResponse,
  getByUidEnvelope,
  SWISS_UID_URL,
  SWISS_UID_TEST_URL,
  SWISS_UID_FAULTS,
  UID_WSE_NS,
  ECH_0097_NS,
  type SwissUidClientOptions,
  type SwissUidFaultCode,
} from './swiss-uid.js';
export { brregClient, readBrregReply, BRREG_URL, type BrregClientOptions } from './brreg.js';
export { viesStatusFeed, readViesStatus, ViesStatusError, VIES_STATUS_URL, type ViesStatusFeedOptions, type ViesStatusErrorKind } from './vies-status.js';
export { memoryVatCache, memoryBreakerStore, type MemoryVatCacheOptions } from './memory.js';
export {
  VatRegistryError,
  type VatRegistry,
  type VatRegistryQuery,
  type VatRegistryAnswer,
  type VatRegistryMatch,
  type VatRegistryName,
  type VatEntityStatus,
  type VatRegistryFailureKind,
  type VatRegistryFailureScope,
  type VatRequester,
  type VatAnswerCache,
  type CachedVatAnswer,
  type CircuitBreakerStore,
  type CircuitBreakerState,
  type ViesStatusFeed,
  type ViesStatusSnapshot,
  type ViesCountryAvailability,
  type ViesStatusResponse,
  type ViesCountryStatus,
  type ViesStatusDecider,
  type Clock,
} from '../ports.js';
export { nodeDnsResolver, type NodeDnsResolverOptions } from './dns-node.js';
export { rdapDomainAge, readRdapBootstrap, readRegistrationDate, RDAP_BOOTSTRAP_URL, type RdapDomainAgeOptions, type RdapServices } from './rdap.js';
export type { SoapFailureKind } from './soap.js';
export type { DnsResolver, DnsAnswer, DnsFailureReason, MxAnswer, MxRecord, DomainAgeSource } from '../ports.js';
