/**
 * What the service is made of, built from its configuration (docs/architecture.md#the-service):
 * the store (opened by storage/compose.ts), the adapters that reach VIES, TEDB, the VIES status
 * feed, DNS and RDAP, and the library's rates service and availability tracker over them. Nothing
 * here validates anything; it only composes. VIES is asked through its REST API unless
 * `viesProtocol` is `soap`. The adapters that bring large dependencies (SOAP and XML, the public
 * suffix list) are loaded on their first call (src/adapters/lazy.ts), so the
 * service listens without them.
 */
import { nodeDnsResolver } from '../adapters/dns-node.js';
import { lazyRdapDomainAge, lazyTedbRatesSource, lazyViesRestClient, lazyViesSoapClient, lazyViesStatusFeed } from '../adapters/lazy.js';
import type { Clock, DnsResolver, DomainAgeSource, RatesSource, VatRegistry, VatRegistryName, ViesStatusFeed } from '../ports.js';
import { configuredRegistries, nationalAdaptersOf } from './registries/compose.js';
import { createAvailabilityTracker, type AvailabilityTracker } from '../vat/reference/availability.js';
import { createRatesService } from '../vat/reference/rates.js';
import type { ServerConfig } from './config.js';
import type { OpenedStore } from './storage/compose.js';
import { restorableRatesService, type RestorableRatesService } from './storage/stored-rates.js';

/** The outside world as the service reaches it. */
export interface Adapters {
  /** VIES and the configured national registries, routed by prefix (registries/compose.ts). */
  registry: VatRegistry;
  /** The national registries `registry` answers for. */
  nationalRegistries: readonly VatRegistryName[];
  statusFeed: ViesStatusFeed;
  ratesSource: RatesSource;
  dns: DnsResolver;
  domainAge: DomainAgeSource;
}

/** Everything a request handler or a job needs, once the store is open. */
export interface Services extends Adapters, OpenedStore {
  /** The rates served: fetched by this process, or restored from the store (stored-rates.ts). */
  rates: RestorableRatesService;
  tracker: AvailabilityTracker;
  now: Clock;
  log: (line: string) => void;
}

/** Test and embedding seams beyond the flags of ServerConfig: ready-made DNS and domain-age ports. */
export interface AdapterOverrides {
  /** DNS used by email validation; default `nodeDnsResolver({ servers: config.dnsServers })`. */
  dns?: DnsResolver;
  /** Domain age used by email validation; default `rdapDomainAge({ bootstrapUrl: config.rdapBootstrapUrl })`. */
  domainAge?: DomainAgeSource;
}

const systemClock: Clock = () => new Date();
const stderrLog = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** The clock and the log line sink of a configuration. */
export function basicsOf(config: ServerConfig): { now: Clock; log: (line: string) => void } {
  return { now: config.now ?? systemClock, log: config.log ?? stderrLog };
}

/** The adapters of a configuration: each pointed at the configured URL (the Commission's by default). */
export function createAdapters(config: ServerConfig & AdapterOverrides): Adapters {
  const fetchOption = config.fetch === undefined ? {} : { fetch: config.fetch };
  const viesOptions = { ...fetchOption, ...(config.viesUrl === undefined ? {} : { url: config.viesUrl }) };
  const vies = config.viesProtocol === 'soap' ? lazyViesSoapClient(viesOptions) : lazyViesRestClient(viesOptions);
  return {
    ...configuredRegistries(vies, nationalAdaptersOf(config)),
    statusFeed: lazyViesStatusFeed({ ...fetchOption, ...(config.viesStatusUrl === undefined ? {} : { url: config.viesStatusUrl }) }),
    ratesSource: lazyTedbRatesSource({ ...fetchOption, ...(config.tedbUrl === undefined ? {} : { url: config.tedbUrl }) }),
    dns: config.dns ?? nodeDnsResolver(config.dnsServers === undefined ? {} : { servers: config.dnsServers }),
    domainAge:
      config.domainAge ??
      lazyRdapDomainAge({ ...fetchOption, ...(config.rdapBootstrapUrl === undefined ? {} : { bootstrapUrl: config.rdapBootstrapUrl }) }),
  };
}

/** Builds every service over an open store. */
export function createServices(config: ServerConfig & AdapterOverrides, opened: OpenedStore): Services {
  const { now, log } = basicsOf(config);
  const adapters = createAdapters(config);
  return {
    ...adapters,
    ...opened,
    rates: restorableRatesService(createRatesService({ source: adapters.ratesSource, now })),
    tracker: createAvailabilityTracker({ now }),
    now,
    log,
  };
}
