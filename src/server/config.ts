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

/** How often a watched VAT number is re-checked unless configured (docs/service.md#vat-monitoring): 7 days. */
export const DEFAULT_WATCH_INTERVAL_MS = 7 * 86_400_000;

/** VIES calls in flight per member state, per process, for jobs and watches unless configured. */
export const DEFAULT_JOB_CONCURRENCY_PER_STATE = 2;

/** Jobs an account may have queued or running at once unless configured (docs/service.md#jobs). */
export const DEFAULT_MAX_QUEUED_JOBS = 20;

/** Years VIES evidence is kept unless configured (docs/service.md#evidence). */
export const DEFAULT_EVIDENCE_YEARS = 10;

/** The protocols VIES offers, as `--vies-protocol` names them. */
export const VIES_PROTOCOLS = ['rest', 'soap'] as const;
/** One of {@link VIES_PROTOCOLS}. */
export type ViesProtocol = (typeof VIES_PROTOCOLS)[number];

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
  /**
   * How the service asks VIES (`--vies-protocol`, VERIFIELD_VIES_PROTOCOL): `rest`, the JSON API
   * (default), or `soap`, the SOAP service. Both answer the same (docs/fields/vat.md#asking-vies-rest-or-soap).
   */
  viesProtocol?: ViesProtocol;
  /**
   * Where VIES is (`--vies-url`, VERIFIELD_VIES_URL): the REST API's base URL, or the SOAP endpoint
   * with `viesProtocol: 'soap'`. Default: the Commission's.
   */
  viesUrl?: string;
  /** VIES status feed (`--vies-status-url`, VERIFIELD_VIES_STATUS_URL). Default: the Commission's. */
  viesStatusUrl?: string;
  /** TEDB endpoint (`--tedb-url`, VERIFIELD_TEDB_URL). Default: the Commission's. */
  tedbUrl?: string;
  /**
   * HMRC's API base URL for GB numbers (`--hmrc-url`, VERIFIELD_HMRC_URL), production or sandbox.
   * Default: production. GB numbers are asked only with `hmrcClientId` and `hmrcClientSecret`.
   */
  hmrcUrl?: string;
  /** OAuth client id of the HMRC application (`--hmrc-client-id`, VERIFIELD_HMRC_CLIENT_ID). */
  hmrcClientId?: string;
  /** OAuth client secret of the HMRC application (VERIFIELD_HMRC_CLIENT_SECRET, or `--hmrc-client-secret`). */
  hmrcClientSecret?: string;
  /** The Swiss UID register's public service for CH numbers (`--uid-url`, VERIFIELD_UID_URL). Default: the register's; `off`: CH numbers are not asked. */
  uidUrl?: string | 'off';
  /** Brønnøysund's API for NO numbers (`--brreg-url`, VERIFIELD_BRREG_URL). Default: data.brreg.no; `off`: NO numbers are not asked. */
  brregUrl?: string | 'off';
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
  /**
   * The SMTP server sign-in links are mailed through (`--smtp-url`, VERIFIELD_SMTP_URL): smtp:// or
   * smtps://, with user and password if it wants them. Unset: no sign-in by email (the sign-in page
   * says to ask the operator). Needs `publicUrl`.
   */
  smtpUrl?: string;
  /** The sender of sign-in mails (`--smtp-from`, VERIFIELD_SMTP_FROM), e.g. `verifield <no-reply@example.com>`. Default: no-reply@ the host of `publicUrl`. */
  smtpFrom?: string;
  /**
   * The service's address as its users reach it (`--public-url`, VERIFIELD_PUBLIC_URL), e.g.
   * https://verifield.example.com: mailed sign-in links point there (never at a request's Host header,
   * which a client chooses).
   */
  publicUrl?: string;
  /** Run the periodic jobs (rates refresh, VIES status sampler, pruning) in this process. Default true. */
  jobs?: boolean;
  /**
   * The data key (VERIFIELD_DATA_KEY; no flag, since a command line shows in `ps`): base64 of 32
   * bytes, the key values at rest are sealed with (storage/sealing.ts). Required with PostgreSQL,
   * where every instance must seal with the same key; the embedded store otherwise keeps its own
   * in `<dataDir>/data.key` (made on first start, mode 0600).
   */
  dataKey?: string;
  /**
   * Run the background workers (batch jobs, VAT watch re-checks, webhook deliveries) in this
   * process (`--no-workers`, VERIFIELD_WORKERS). Independent of `jobs`. Default true.
   */
  workers?: boolean;
  /** VIES calls of jobs and watches in flight per member state, per process (`--job-concurrency-per-state`, VERIFIELD_JOB_CONCURRENCY_PER_STATE). Default 2. */
  jobConcurrencyPerState?: number;
  /** Jobs an account may have queued or running at once; more are refused 429 TOO_MANY_JOBS (`--max-queued-jobs`, VERIFIELD_MAX_QUEUED_JOBS). Default 20. */
  maxQueuedJobs?: number;
  /** How often watched VAT numbers are re-checked, in milliseconds (`--watch-interval` 7d/12h/30m/45s, VERIFIELD_WATCH_INTERVAL); an account's own setting wins. Default 7 days. */
  watchIntervalMs?: number;
  /** Let webhooks reach loopback, private and link-local addresses (`--allow-private-webhooks`, VERIFIELD_ALLOW_PRIVATE_WEBHOOKS). Default false. */
  allowPrivateWebhooks?: boolean;
  /**
   * The proxies whose `X-Forwarded-For` names the client (`--trust-proxy`, VERIFIELD_TRUST_PROXY, comma-separated):
   * `loopback`, IP addresses and CIDR blocks. The client's address is the source the budgets of
   * failed authentications count by (docs/service.md#failed-authentication). Default none: the header is ignored.
   */
  trustProxy?: readonly string[];
  /** Years VIES evidence is kept (`--evidence-years`, VERIFIELD_EVIDENCE_YEARS). Default 10. */
  evidenceYears?: number;
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

/** The background options of a configuration with their defaults applied (what the API routes and the workers read). */
export interface BackgroundConfig {
  /** VIES calls in flight per member state, per process (jobs and watch re-checks). */
  jobConcurrencyPerState: number;
  /** Jobs an account may have queued or running at once. */
  maxQueuedJobs: number;
  /** The service's default interval between two checks of a watched number. */
  watchIntervalMs: number;
  /** Whether webhook URLs may point at private, loopback or link-local addresses. */
  allowPrivateWebhooks: boolean;
  /** How many years VIES evidence is kept. */
  evidenceYears: number;
}

/**
 * `config`'s background options, defaults applied.
 * @example
 * ```ts
 * backgroundConfig({}).jobConcurrencyPerState; // 2
 * backgroundConfig({ evidenceYears: 12 }).evidenceYears; // 12
 * ```
 */
export function backgroundConfig(config: ServerConfig): BackgroundConfig {
  return {
    jobConcurrencyPerState: config.jobConcurrencyPerState ?? DEFAULT_JOB_CONCURRENCY_PER_STATE,
    maxQueuedJobs: config.maxQueuedJobs ?? DEFAULT_MAX_QUEUED_JOBS,
    watchIntervalMs: config.watchIntervalMs ?? DEFAULT_WATCH_INTERVAL_MS,
    allowPrivateWebhooks: config.allowPrivateWebhooks ?? false,
    evidenceYears: config.evidenceYears ?? DEFAULT_EVIDENCE_YEARS,
  };
}
