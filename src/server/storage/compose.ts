/**
 * The one place that decides which storage backends run (docs/architecture.md#the-service): the
 * store and the concurrency limiter that goes with it, from the configuration.
 *
 * | Configuration | Store | Limiter | Breakers, hot VIES answers |
 * |---|---|---|---|
 * | `store` injected | that store | `limiter` injected, else memory | the store's |
 * | `databaseUrl` | PostgreSQL | PostgreSQL leases | PostgreSQL |
 * | neither | SQLite in `dataDir` (default `./.verifield`) | memory (per process) | SQLite, fronted in memory (memory/hot-vies.ts) |
 * | `redisUrl` too | as above | Redis leases | Redis, in front of the store's table |
 *
 * Values at rest are sealed under the data key (./sealing.ts): `dataKey` when configured, else the
 * embedded store's `<dataDir>/data.key` (made on first start). PostgreSQL without `dataKey` is
 * refused: instances that each made their own key could not open each other's rows.
 *
 * Each backend's code is loaded only when the configuration needs it (pg, ioredis and
 * better-sqlite3 are optional peer dependencies).
 */
import type { ServerConfig } from '../config.js';
import { guardLimiter, guardStore, isGuardedStore, type StoreAvailability } from './guard.js';
import type { ConcurrencyLimiter } from './limiter.js';
import { withHotVies } from './memory/hot-vies.js';
import { createMemoryLimiter } from './memory/limiter.js';
import { openToOthers } from './private-files.js';
import { createSealer, loadDataKey, POSTGRES_NEEDS_DATA_KEY, type Sealer } from './sealing.js';
import type { Store } from './types.js';

/** The default data directory of the embedded store (docs/service.md#configuration). */
export const DEFAULT_DATA_DIR = './.verifield';

/** The store of a configuration, opened, with the concurrency limiter that goes with it. */
export interface OpenedStore {
  /** The store, guarded (its availability tracked) and fronted as the configuration says. */
  store: Store;
  /** Whether the service opened the store itself (and so closes it). */
  ownsStore: boolean;
  /** Memory (one process), PostgreSQL leases (`databaseUrl` alone) or Redis leases (`redisUrl`). */
  limiter: ConcurrencyLimiter;
  /**
   * Whether the store takes writes, as the guard tracks it (./guard.ts): the pipeline refuses
   * validations with 503 while it does not, /readyz says why. Absent for a store made elsewhere
   * without a guard.
   */
  availability?: StoreAvailability;
}

/** The line logged when the embedded store's data directory lets other accounts in (its files stay 0600). */
export function dataDirOpenWarning(dataDir: string): string {
  return `warning: the data directory ${dataDir} is open to other accounts; its files are owner-only, but chmod 700 it to hide them too`;
}

/** What {@link openStore} reads of the configuration. */
export type StoreConfig = Pick<ServerConfig, 'store' | 'limiter' | 'dataDir' | 'databaseUrl' | 'redisUrl' | 'sharedPoolSize' | 'dataKey'>;

/** The options every limiter takes from the configuration. */
function limiterOptions(config: StoreConfig): { sharedPoolSize?: number } {
  return config.sharedPoolSize === undefined ? {} : { sharedPoolSize: config.sharedPoolSize };
}

/**
 * PostgreSQL at `databaseUrl`, migrated (instances starting together apply each migration once),
 * as a store, with the lease-table limiter for deployments without Redis.
 */
/** An opened store and the sealer of its values, which a Redis front seals its copies with too. */
type SealedStore = OpenedStore & { sealer: Sealer; availability: StoreAvailability };

async function openPostgresStore(config: StoreConfig, databaseUrl: string, log: (line: string) => void): Promise<SealedStore> {
  // Checked before connecting: the one line the operator needs, not a connection error first.
  const key = loadDataKey({ dataKey: config.dataKey });
  if (key === null) throw new Error(POSTGRES_NEEDS_DATA_KEY);
  const sealer = createSealer(key);
  const [{ openPostgres }, { createSqlStore }, { createSqlLimiter }] = await Promise.all([
    import('./postgres/client.js'),
    import('./sql/store.js'),
    import('./postgres/limiter.js'),
  ]);
  const sql = await openPostgres(databaseUrl, { log });
  try {
    // Availability tracked (../store-guard.ts): the leases are in PostgreSQL too, so they share it.
    const store = guardStore(await createSqlStore(sql, { sealer }), { log });
    const limiter = guardLimiter(createSqlLimiter(sql, { ...limiterOptions(config), log }), store);
    return { store, availability: store.availability, ownsStore: true, limiter, sealer };
  } catch (error) {
    await sql.close().catch(() => undefined);
    throw error;
  }
}

/** SQLite in the data directory, its VIES answers and breakers fronted in memory, with the in-process limiter. */
async function openSqliteStore(config: StoreConfig, log: (line: string) => void): Promise<SealedStore> {
  const { openEmbeddedStore } = await import('./sqlite/store.js');
  const dataDir = config.dataDir ?? DEFAULT_DATA_DIR;
  const sealer = createSealer(loadDataKey({ dataKey: config.dataKey, dataDir }) as Buffer);
  // Made 0700 when missing; one that was there is the operator's, so it is told, not changed.
  if (openToOthers(dataDir)) log(dataDirOpenWarning(dataDir));
  // Availability tracked, and the database file watched (../store-guard.ts).
  const store = guardStore(await openEmbeddedStore(dataDir, { sealer }), { log });
  // With Redis, the breakers and the hot answers are Redis's (withRedis), shared at once.
  const fronted = config.redisUrl === undefined ? withHotVies(store) : store;
  return { store: fronted, availability: store.availability, ownsStore: true, limiter: createMemoryLimiter(limiterOptions(config)), sealer };
}

/**
 * Puts Redis in front of `opened`: the limiter, the circuit breakers and a hot cache before the
 * stored VIES answers are shared through it; closing the store closes the Redis connection too.
 */
async function withRedis(opened: SealedStore, config: StoreConfig, redisUrl: string, log: (line: string) => void): Promise<OpenedStore> {
  const { openRedisBackplane } = await import('./redis/index.js');
  const backplane = await openRedisBackplane(redisUrl, { ...limiterOptions(config), log });
  const { store } = opened;
  // Sealed and keyed like the table's rows: Redis may persist to disk (RDB, AOF) and is often shared.
  const front = backplane.cacheFront(store.viesCache, opened.sealer);
  let closing: Promise<void> | null = null;
  return {
    ownsStore: opened.ownsStore,
    limiter: backplane.limiter,
    availability: opened.availability,
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
 * Opens the store of a configuration (see the module comment). `log` receives the operational
 * lines of the PostgreSQL and Redis connections.
 */
export async function openStore(config: StoreConfig, log: (line: string) => void = () => undefined): Promise<OpenedStore> {
  if (config.store !== undefined) {
    const limiter = config.limiter ?? createMemoryLimiter(limiterOptions(config));
    // A store the embedding guarded itself (guard.ts) brings its availability.
    return { store: config.store, ownsStore: false, limiter, ...(isGuardedStore(config.store) ? { availability: config.store.availability } : {}) };
  }
  const opened = config.databaseUrl === undefined ? await openSqliteStore(config, log) : await openPostgresStore(config, config.databaseUrl, log);
  if (config.redisUrl === undefined) return { store: opened.store, availability: opened.availability, ownsStore: opened.ownsStore, limiter: opened.limiter };
  try {
    return await withRedis(opened, config, config.redisUrl, log);
  } catch (error) {
    await opened.store.close().catch(() => undefined);
    throw error;
  }
}
