/**
 * verifield/server: the HTTP service of docs/service.md on the library (docs/architecture.md#the-service). `createApp` gives
 * a Web-standard fetch handler (Hono) to mount anywhere; `startServer` listens with Node. The
 * administration of accounts and keys (`createAccountAdmin`), the store opener (`openStore`) and
 * the first start (`bootstrapStore`) are what the `verifield` CLI runs, and are public for the same
 * uses in other programs.
 * @example
 * ```ts
 * import { startServer, openEmbeddedStore } from 'verifield/server';
 * const store = await openEmbeddedStore();
 * const server = await startServer({ port: 0, store, jobs: false });
 * (await fetch(`${server.url}/healthz`)).ok; // true
 * await server.close();
 * await store.close();
 * ```
 */
export { createApp, type AppConfig, type VerifieldApp } from './http/app.js';
export { startServer, DEFAULT_TIMEOUTS, type RunningServer, type ServerTimeouts, type StartConfig } from './http/start.js';
export { DEFAULT_USAGE_LOG_DAYS, type ServerConfig } from './config.js';
export { PLANS, billingPeriod, isPlan, type PlanLimits } from './policy/plans.js';
export {
  createAccountAdmin,
  parsePlan,
  type AccountAdmin,
  type AccountOverview,
  type AccountRequest,
  type CreatedKey,
  type ListedKey,
} from './admin/service.js';
export {
  ALL_SCOPES,
  parseDay,
  parseName,
  parseOwnVatNumber,
  parseScopes,
  UnknownAccountError,
  type KeyRequest,
  type RevokeOutcome,
} from './admin/key-admin.js';
export { expiryFrom } from './admin/api-keys.js';
export { bootstrapStore, exampleCurl, firstRunMessage, type FirstRun } from './admin/first-start.js';
export { openStore, DEFAULT_DATA_DIR, type OpenedStore, type StoreConfig } from './storage/compose.js';
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
