/**
 * verifield/server: the HTTP service of docs/service.md on the library (docs/architecture.md#the-service). `createApp` gives
 * a Web-standard fetch handler (Hono) to mount anywhere; `startServer` listens with Node. The
 * administration of accounts and keys (`createAccountAdmin`), the store opener (`openStore`), the
 * first start (`bootstrapStore`) and the dashboard's sign-in links (`createLoginLink`) are what the
 * `verifield` CLI runs, and are public for the same uses in other programs.
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
export {
  startServer,
  reachableHost,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_TIMEOUTS,
  type RunningServer,
  type ServerTimeouts,
  type StartConfig,
} from './http/start.js';
export {
  DEFAULT_EVIDENCE_YEARS,
  DEFAULT_JOB_CONCURRENCY_PER_STATE,
  DEFAULT_MAX_QUEUED_JOBS,
  DEFAULT_USAGE_LOG_DAYS,
  DEFAULT_WATCH_INTERVAL_MS,
  VIES_PROTOCOLS,
  type ServerConfig,
  type ViesProtocol,
} from './config.js';
export { formatDuration, parseDuration } from './policy/durations.js';
export { operatorTokenProblem } from './policy/operator-token.js';
export { TRUST_LOOPBACK, trustedProxies } from './http/client-source.js';
export { PLANS, billingPeriod, isPlan, type PlanLimits } from './policy/plans.js';
export {
  createAccountAdmin,
  logPosition,
  parsePlan,
  readLogPosition,
  DEFAULT_LOG_PAGE,
  type AccountAdmin,
  type AccountOverview,
  type AccountRequest,
  type AccountUpdate,
  type CreatedKey,
  type DayTotal,
  type ListedKey,
  type LogSearch,
  type UsageByDay,
} from './admin/service.js';
export {
  ALL_FIELDS,
  ALL_SCOPES,
  parseDay,
  parseKeyScope,
  parseName,
  parseOwnVatNumber,
  parseScopes,
  UnknownAccountError,
  AccountSuspendedError,
  type KeyRequest,
  type KeyScope,
  type RevokeOutcome,
} from './admin/key-admin.js';
export { expiryFrom } from './admin/api-keys.js';
export { addMember, listMembers, MemberChangeError, normalizeEmail, parseRole, removeMember, setMemberRole } from './admin/members.js';
export type { MemberRecord, MemberRole } from './storage/types.js';
export { createLoginLink, loginPath, type LoginLink } from './dashboard/sign-in.js';
export { LOGIN_LINK_TTL_MS, SESSION_IDLE_MS } from './policy/sessions.js';
export {
  bootstrapStore,
  exampleCurl,
  firstRunMessage,
  unfinishedMessage,
  FIRST_START_GRACE_MS,
  type FirstRun,
  type FirstStart,
  type FirstStartCreated,
  type FirstStartUnfinished,
  type FirstStartSettled,
  type FirstStartOptions,
} from './admin/first-start.js';
export { openStore, DEFAULT_DATA_DIR, type OpenedStore, type StoreConfig } from './storage/compose.js';
export { databaseFile } from './storage/sqlite/store.js';
export type { ConcurrencyLimiter, Lease, LeaseOutcome, LeaseRequest } from './storage/limiter.js';
export {
  KeyLimitError,
  type Account,
  type AccountChange,
  type ApiKeyRecord,
  type LoginLinkRecord,
  type SessionRecord,
  type UsageLogQuery,
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
