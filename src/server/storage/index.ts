/**
 * The storage layer (docs/architecture.md#stores): the `Store` and limiter ports, the SQL store
 * written once for SQLite and PostgreSQL, and the clients of both engines. Node-only; each
 * engine's driver is loaded only when a store is opened on it.
 */
export { openEmbeddedStore, databaseFile, DATABASE_FILE, type EmbeddedStoreOptions } from './sqlite/store.js';
export { openSqlite, type SqliteClient, type SqliteOptions, type SqliteSynchronous } from './sqlite/client.js';
export { openPostgres, type PostgresOptions } from './postgres/client.js';
export { createSqlLimiter, DEFAULT_LEASE_TTL_MS, type SqlLimiterOptions } from './postgres/limiter.js';
export { createSqlStore, type SqlStoreOptions } from './sql/store.js';
export { StoreClosedError, isTransientSqlError, type SqlClient, type SqlResult } from './sql/client.js';
export type { Dialect, ParamType } from './sql/dialect.js';
export { migrate, schemaVersion } from './sql/migrate.js';
export type { MeterOptions } from './sql/meter.js';
export { openStore, DEFAULT_DATA_DIR, type OpenedStore, type StoreConfig } from './compose.js';
export * from './limiter.js';
export * from './types.js';
