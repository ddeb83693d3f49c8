/**
 * verifield/server: the HTTP service of docs/service.md on the library (docs/architecture.md#the-service). `createApp` gives
 * a Web-standard fetch handler (Hono) to mount anywhere; `startServer` listens with Node.
 * @example
 * import { startServer } from 'verifield/server';
 * const server = await startServer({ port: 8080, dataDir: './.verifield' });
 * console.log(`listening on ${server.url}`);
 */
export { createApp, type AppConfig, type VerifieldApp } from './http/app.js';
export { startServer, DEFAULT_TIMEOUTS, type RunningServer, type ServerTimeouts, type StartConfig } from './http/start.js';
export type { ServerConfig } from './config.js';
export { PLANS, billingPeriod, type PlanLimits } from './policy/plans.js';
export type { ConcurrencyLimiter, Lease, LeaseOutcome, LeaseRequest } from './storage/limiter.js';
export {
  KeyLimitError,
  type Account,
  type ApiKeyRecord,
  type DailyUsageTotal,
  type Field,
  type MeterDecision,
  type NewAccount,
  type NewApiKey,
  type Plan,
  type Store,
  type StoreFile,
  type UsageEntry,
} from './storage/types.js';
export {
  openEmbeddedStore,
  openSqlite,
  createSqlStore,
  StoreClosedError,
  type EmbeddedStoreOptions,
  type SqlClient,
  type SqliteOptions,
  type SqlStoreOptions,
} from './storage/index.js';
export { openPostgres, type PostgresOptions } from './storage/postgres/client.js';
export { createSqlLimiter, type SqlLimiterOptions } from './storage/postgres/limiter.js';
export { MissingPeerError } from './storage/optional-peer.js';
export type { Freshness, ReadinessReport } from '../ports.js';
