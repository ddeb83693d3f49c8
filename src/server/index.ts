/**
 * verifield/server: the HTTP service of docs/service.md on the library (docs/architecture.md#the-service). `createApp` gives
 * a Web-standard fetch handler (Hono) to mount anywhere; `startServer` listens with Node.
 * @example
 * import { startServer } from 'verifield/server';
 * const server = await startServer({ port: 8080, dataDir: './.verifield' });
 * console.log(`listening on ${server.url}`);
 */
export { createApp, type AppConfig, type VerifieldApp } from './app.js';
export { startServer, DEFAULT_TIMEOUTS, type RunningServer, type ServerTimeouts, type StartConfig } from './start.js';
export type { ServerConfig } from './config.js';
export { PLANS, billingPeriod, type PlanLimits } from './plans.js';
export type { ConcurrencyLimiter, Lease, LeaseOutcome, LeaseRequest } from './limiter.js';
export {
  KeyLimitError,
  type Account,
  type ApiKeyRecord,
  type Field,
  type MeterDecision,
  type NewAccount,
  type NewApiKey,
  type Plan,
  type Store,
  type UsageEntry,
} from './store/types.js';
export {
  openEmbeddedStore,
  createSqlStore,
  openPglite,
  StoreClosedError,
  DataDirInUseError,
  type SqlClient,
  type SqlStoreOptions,
} from './store/index.js';
export { openPostgres, type PostgresOptions } from './store/postgres.js';
export { createSqlLimiter, type SqlLimiterOptions } from './limiter-sql.js';
export { MissingPeerError } from './optional-peer.js';
export type { Freshness, ReadinessReport } from '../ports.js';
