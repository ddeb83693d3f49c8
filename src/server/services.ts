/**
 * What the service is made of, built from its configuration (docs/architecture.md#the-service): the store, the
 * adapters that reach VIES, TEDB, the VIES status feed, DNS and RDAP, and the library's rates
 * service and availability tracker over them. Nothing here validates anything; it only composes.
 */
import { nodeDnsResolver } from '../adapters/dns-node.js';
import { rdapDomainAge } from '../adapters/rdap.js';
import { tedbRatesSource } from '../adapters/tedb.js';
import { viesSoapClient } from '../adapters/vies-soap.js';
import { viesStatusFeed } from '../adapters/vies-status.js';
import type { Clock, DnsResolver, DomainAgeSource, RatesSource, VatRegistry, ViesStatusFeed } from '../ports.js';
import { createAvailabilityTracker, type AvailabilityTracker } from '../vat/availability.js';
import { createRatesService } from '../vat/rates.js';
import type { ServerConfig } from './config.js';
import { createMemoryLimiter, type ConcurrencyLimiter } from './limiter.js';
import { restorableRatesService, type RestorableRatesService } from './stored-rates.js';
import type { Store } from './store/types.js';

/** The outside world as the service reaches it. */
export interface Adapters {
  registry: VatRegistry;
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
  return {
    registry: viesSoapClient({ ...fetchOption, ...(config.viesUrl === undefined ? {} : { url: config.viesUrl }) }),
    statusFeed: viesStatusFeed({ ...fetchOption, ...(config.viesStatusUrl === undefined ? {} : { url: config.viesStatusUrl }) }),
    ratesSource: tedbRatesSource({ ...fetchOption, ...(config.tedbUrl === undefined ? {} : { url: config.tedbUrl }) }),
    dns: config.dns ?? nodeDnsResolver(config.dnsServers === undefined ? {} : { servers: config.dnsServers }),
    domainAge:
      config.domainAge ??
      rdapDomainAge({ ...fetchOption, ...(config.rdapBootstrapUrl === undefined ? {} : { bootstrapUrl: config.rdapBootstrapUrl }) }),
  };
}

/** The store of a configuration, opened, with the concurrency limiter that goes with it. */
export interface OpenedStore {
  store: Store;
  /** Whether the service opened the store itself (and so closes it). */
  ownsStore: boolean;
  /** Memory (one instance), PostgreSQL leases (`databaseUrl` alone) or Redis leases (`redisUrl`). */
  limiter: ConcurrencyLimiter;
}

/** The options every limiter takes from the configuration. */
function limiterOptions(config: ServerConfig): { sharedPoolSize?: number } {
  return config.sharedPoolSize === undefined ? {} : { sharedPoolSize: config.sharedPoolSize };
}

/**
 * PostgreSQL at `databaseUrl`, migrated (instances starting together apply each migration once),
 * as a store, with the lease-table limiter for deployments without Redis.
 */
async function openPostgresStore(config: ServerConfig, databaseUrl: string, log: (line: string) => void): Promise<OpenedStore> {
  // Loaded only when a database URL is given: pg is an optional peer dependency.
  const [{ openPostgres }, { createSqlStore }, { createSqlLimiter }] = await Promise.all([
    import('./store/postgres.js'),
    import('./store/sql-store.js'),
    import('./limiter-sql.js'),
  ]);
  const sql = await openPostgres(databaseUrl, { log });
  try {
    const store = await createSqlStore(sql);
    return { store, ownsStore: true, limiter: createSqlLimiter(sql, { ...limiterOptions(config), log }) };
  } catch (error) {
    await sql.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Puts Redis in front of `opened`: the limiter, the circuit breakers and a hot cache before the
 * stored VIES answers are shared through it; closing the store closes the Redis connection too.
 */
async function withRedis(opened: OpenedStore, config: ServerConfig, redisUrl: string, log: (line: string) => void): Promise<OpenedStore> {
  // Loaded only when a Redis URL is given: ioredis is an optional peer dependency.
  const { openRedisBackplane } = await import('./redis/index.js');
  const backplane = await openRedisBackplane(redisUrl, { ...limiterOptions(config), log });
  const { store } = opened;
  const front = backplane.cacheFront(store.viesCache);
  let closing: Promise<void> | null = null;
  return {
    ownsStore: opened.ownsStore,
    limiter: backplane.limiter,
    store: {
      ...store,
      breaker: backplane.breaker,
      viesCache: {
        get: (countryCode, vatNumber) => front.get(countryCode, vatNumber),
        set: (countryCode, vatNumber, entry) => front.set(countryCode, vatNumber, entry),
        // Redis entries expire by themselves; the table is pruned by the hourly job.
        prune: (before) => store.viesCache.prune(before),
      },
      // Ready means both take writes: a request needs Redis for its lease and the store for its count.
      async probe() {
        await store.probe?.();
        await backplane.probe();
      },
      close() {
        closing ??= store.close().finally(() => backplane.close());
        return closing;
      },
    },
  };
}

/**
 * Opens the store of a configuration: the injected one (with the injected limiter, else one in
 * memory), else PostgreSQL when `databaseUrl` is set, else the embedded store in `dataDir`
 * (default `./.verifield`). With `redisUrl` the limiter, the breakers and a hot VIES cache are
 * shared through Redis; without it, PostgreSQL alone keeps the limits exact (leases in a table).
 */
export async function openStore(config: ServerConfig): Promise<OpenedStore> {
  if (config.store !== undefined) {
    return { store: config.store, ownsStore: false, limiter: config.limiter ?? createMemoryLimiter(limiterOptions(config)) };
  }
  const { log } = basicsOf(config);
  let opened: OpenedStore;
  if (config.databaseUrl !== undefined) {
    opened = await openPostgresStore(config, config.databaseUrl, log);
  } else {
    // Loaded only when the service starts: PGlite weighs megabytes that library users never need.
    const { openEmbeddedStore } = await import('./store/index.js');
    const store = await openEmbeddedStore(config.dataDir ?? './.verifield');
    opened = { store, ownsStore: true, limiter: createMemoryLimiter(limiterOptions(config)) };
  }
  if (config.redisUrl === undefined) return opened;
  try {
    return await withRedis(opened, config, config.redisUrl, log);
  } catch (error) {
    await opened.store.close().catch(() => undefined);
    throw error;
  }
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
