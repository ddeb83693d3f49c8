/**
 * Configuration of the HTTP service (docs/service.md#configuration). Every setting has a CLI flag and an environment
 * variable (src/cli/serve-options.ts reads them), but the operator token, which has only its variable; the object
 * form is what `createApp` and `startServer` take, so an embedding program can set it directly.
 */
import type { Clock } from '../ports.js';
import type { ConcurrencyLimiter } from './storage/limiter.js';
import type { Store } from './storage/types.js';

/** Days the usage log keeps its raw rows unless configured (docs/service.md#usage-log). */
export const DEFAULT_USAGE_LOG_DAYS = 90;

/** The service's settings: each one a `verifield serve` flag and variable, all optional. */
export interface ServerConfig {
  /** TCP port (`--port`, PORT). Default 8080; 0 picks a free port. */
  port?: number;
  /** Interface to listen on (`--host`, HOST). Default 127.0.0.1. */
  host?: string;
  /** Embedded store directory (`--data-dir`, VERIFIELD_DATA_DIR). Default `./.verifield`. */
  dataDir?: string;
  /** PostgreSQL URL (`--database-url`, DATABASE_URL); replaces the embedded store when set. */
  databaseUrl?: string;
  /** Redis URL (`--redis-url`, REDIS_URL): shared limiter, breaker and hot cache across instances. */
  redisUrl?: string;
  /** VIES SOAP endpoint (`--vies-url`, VERIFIELD_VIES_URL). Default: the Commission's. */
  viesUrl?: string;
  /** VIES status feed (`--vies-status-url`, VERIFIELD_VIES_STATUS_URL). Default: the Commission's. */
  viesStatusUrl?: string;
  /** TEDB endpoint (`--tedb-url`, VERIFIELD_TEDB_URL). Default: the Commission's. */
  tedbUrl?: string;
  /** DNS servers as host:port (`--dns-servers`, VERIFIELD_DNS_SERVERS). Default: the system's. */
  dnsServers?: string[];
  /** RDAP bootstrap file (`--rdap-bootstrap-url`, VERIFIELD_RDAP_BOOTSTRAP_URL). Default: IANA's. */
  rdapBootstrapUrl?: string;
  /** Size of the server-wide pool shared by non-PRO plans (docs/service.md#concurrency). Default 64. */
  sharedPoolSize?: number;
  /** Days the usage log keeps its raw rows (`--usage-log-days`, VERIFIELD_USAGE_LOG_DAYS); per-day totals stay for good. Default 90. */
  usageLogDays?: number;
  /**
   * The operator token of the JSON admin API (VERIFIELD_ADMIN_TOKEN; no flag, since a command line
   * shows in `ps`): `Authorization: Bearer <token>` reaches every account. Unset or empty: the admin
   * API answers dashboard sessions only.
   */
  adminToken?: string;
  /** Run the periodic jobs (rates refresh, VIES status sampler, pruning) in this process. Default true. */
  jobs?: boolean;
  /** An already-open store (tests, embedding); when set, dataDir, databaseUrl and redisUrl are ignored. */
  store?: Store;
  /** The concurrency limiter that goes with `store` (e.g. the shared one it was opened with); default: in memory. */
  limiter?: ConcurrencyLimiter;
  /** The clock (tests). Default: the system clock. */
  now?: Clock;
  /** fetch used by the VIES, TEDB, status and RDAP adapters (tests). Default: global fetch. */
  fetch?: typeof fetch;
  /** Where operational log lines go (never a key or a validated value). Default: stderr. */
  log?: (line: string) => void;
}
