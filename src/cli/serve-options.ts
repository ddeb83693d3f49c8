/**
 * The options of `verifield serve` (docs/service.md#configuration): each one a flag and an environment variable, the
 * flag winning. One table drives the parsing, the validation and the `--help` text, so the three
 * cannot drift apart. The admin commands reuse the store options (`--data-dir`, `--database-url`).
 */

import {
  DEFAULT_DATA_DIR,
  DEFAULT_EVIDENCE_YEARS,
  DEFAULT_JOB_CONCURRENCY_PER_STATE,
  DEFAULT_MAX_QUEUED_JOBS,
  DEFAULT_USAGE_LOG_DAYS,
  DEFAULT_WATCH_INTERVAL_MS,
  formatDuration,
  operatorTokenProblem,
  parseDuration,
  TRUST_LOOPBACK,
  trustedProxies,
  VIES_PROTOCOLS,
  type ServerConfig,
  type ViesProtocol,
} from '../server/index.js';
import { parseArgs, UsageError } from './args.js';

type Env = Readonly<Record<string, string | undefined>>;

interface ServeOption {
  flag: string;
  env: string;
  /** Placeholder of the value in the help text; absent for a switch. */
  arg?: string;
  help: string;
  /** Reads the raw text (from the flag or the variable) into the config; throws a UsageError when it is wrong. */
  apply(config: ServerConfig, raw: string, source: string): void;
}

export { DEFAULT_DATA_DIR } from '../server/index.js';

/** `raw` read as an http(s) URL; a UsageError naming `source` (a flag or a variable) for anything else. */
export function parseHttpUrl(raw: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${source}: "${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${source}: "${raw}" is not an http(s) URL`);
  return url;
}

function httpUrl(raw: string, source: string): string {
  return parseHttpUrl(raw, source).href;
}

/** An http(s) URL, or `off` for a registry that is not to be asked. */
function httpUrlOrOff(raw: string, source: string): string {
  return raw.trim().toLowerCase() === 'off' ? 'off' : httpUrl(raw, source);
}

/** Non-blank text, trimmed; `what` names it in the error. */
function nonEmpty(what: string): (raw: string, source: string) => string {
  return (raw, source) => {
    if (raw.trim() === '') throw new UsageError(`${source}: empty ${what}`);
    return raw.trim();
  };
}

/** Reads the text of an option (from a flag or a variable, named by `source`); throws a UsageError when it is wrong. */
type Reader<T> = (raw: string, source: string) => T;

/** An option's `apply` that sets `config[key]` to what `read` makes of the text. */
function sets<K extends keyof ServerConfig>(key: K, read: Reader<ServerConfig[K]>): ServeOption['apply'] {
  return (config, raw, source) => {
    config[key] = read(raw, source);
  };
}

function urlWithScheme(schemes: readonly string[], what: string): Reader<string> {
  return (raw, source) => {
    let protocol: string | null = null;
    try {
      protocol = new URL(raw).protocol;
    } catch {
      // Not a URL at all: refused below like one of another scheme.
    }
    // Never echo the URL: it may hold a password.
    if (protocol === null || !schemes.includes(protocol)) throw new UsageError(`${source}: not a ${what} URL (expected ${schemes.join('// or ')}//…)`);
    return raw;
  };
}

function integer(min: number, max: number): Reader<number> {
  return (raw, source) => {
    if (!/^\d+$/.test(raw.trim())) throw new UsageError(`${source}: "${raw}" is not a whole number`);
    const value = Number(raw.trim());
    if (value < min || value > max) throw new UsageError(`${source}: ${value} is outside ${min}-${max}`);
    return value;
  };
}

const HOST_PORT = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/;
const BARE_IPV6 = /^[0-9A-Fa-f]*:[0-9A-Fa-f:.]*$/;

/** `host:port` list (commas or spaces); `[v6]:port`, a bare address and a host without port are accepted too. */
export function parseDnsServers(raw: string, source: string): string[] {
  const servers = raw.split(/[\s,]+/).filter((entry) => entry !== '');
  if (servers.length === 0) throw new UsageError(`${source}: no DNS server given`);
  for (const server of servers) {
    const match = HOST_PORT.exec(server);
    const port = match?.[1];
    const valid = (match !== null && (port === undefined || (Number(port) >= 1 && Number(port) <= 65_535))) || BARE_IPV6.test(server);
    if (!valid) throw new UsageError(`${source}: "${server}" is not host:port`);
  }
  return servers;
}

function viesProtocol(raw: string, source: string): ViesProtocol {
  const word = raw.trim().toLowerCase();
  const known = VIES_PROTOCOLS.find((protocol) => protocol === word);
  if (known === undefined) throw new UsageError(`${source}: "${raw}" is not ${VIES_PROTOCOLS.join(' or ')}`);
  return known;
}

function switchValue(raw: string, source: string): boolean {
  const word = raw.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(word)) return true;
  if (['0', 'false', 'off', 'no'].includes(word)) return false;
  throw new UsageError(`${source}: "${raw}" is not on/off`);
}

/** `--data-dir` and `--database-url`: where the store is, for `serve` and the admin commands alike. */
const STORE_OPTIONS: readonly ServeOption[] = [
  {
    flag: 'data-dir',
    env: 'VERIFIELD_DATA_DIR',
    arg: 'DIR',
    help: `embedded store directory (default ${DEFAULT_DATA_DIR})`,
    apply(config, raw, source) {
      if (raw.trim() === '') throw new UsageError(`${source}: empty directory`);
      config.dataDir = raw;
    },
  },
  {
    flag: 'database-url',
    env: 'DATABASE_URL',
    arg: 'URL',
    help: 'PostgreSQL URL; replaces the embedded store',
    apply: sets('databaseUrl', urlWithScheme(['postgres:', 'postgresql:'], 'PostgreSQL')),
  },
];

const SERVE_OPTIONS: readonly ServeOption[] = [
  {
    flag: 'port',
    env: 'PORT',
    arg: 'N',
    help: 'TCP port (default 8080; 0 picks a free port)',
    apply: sets('port', integer(0, 65_535)),
  },
  {
    flag: 'host',
    env: 'HOST',
    arg: 'HOST',
    help: 'interface to listen on (default 127.0.0.1; 0.0.0.0 for all)',
    apply(config, raw, source) {
      if (raw.trim() === '') throw new UsageError(`${source}: empty host`);
      config.host = raw.trim();
    },
  },
  ...STORE_OPTIONS,
  {
    flag: 'redis-url',
    env: 'REDIS_URL',
    arg: 'URL',
    help: 'Redis URL: limiter, breaker and hot cache shared by several instances',
    apply: sets('redisUrl', urlWithScheme(['redis:', 'rediss:'], 'Redis')),
  },
  {
    flag: 'vies-protocol',
    env: 'VERIFIELD_VIES_PROTOCOL',
    arg: VIES_PROTOCOLS.join('|'),
    help: 'how VIES is asked: rest, its JSON API, or soap (default rest)',
    apply: sets('viesProtocol', viesProtocol),
  },
  {
    flag: 'vies-url',
    env: 'VERIFIELD_VIES_URL',
    arg: 'URL',
    help: "VIES REST API base URL, or its SOAP endpoint with --vies-protocol soap (default: the Commission's)",
    apply: sets('viesUrl', httpUrl),
  },
  {
    flag: 'vies-status-url',
    env: 'VERIFIELD_VIES_STATUS_URL',
    arg: 'URL',
    help: "VIES status feed (default: the Commission's)",
    apply: sets('viesStatusUrl', httpUrl),
  },
  {
    flag: 'tedb-url',
    env: 'VERIFIELD_TEDB_URL',
    arg: 'URL',
    help: "TEDB VAT rates service (default: the Commission's)",
    apply: sets('tedbUrl', httpUrl),
  },
  {
    flag: 'hmrc-url',
    env: 'VERIFIELD_HMRC_URL',
    arg: 'URL',
    help: 'HMRC API for GB VAT numbers, production or sandbox (default https://api.service.hmrc.gov.uk); GB numbers are asked only with the client id and secret',
    apply: sets('hmrcUrl', httpUrl),
  },
  {
    flag: 'hmrc-client-id',
    env: 'VERIFIELD_HMRC_CLIENT_ID',
    arg: 'ID',
    help: "client id of your application on HMRC's developer hub",
    apply: sets('hmrcClientId', nonEmpty('client id')),
  },
  {
    flag: 'hmrc-client-secret',
    env: 'VERIFIELD_HMRC_CLIENT_SECRET',
    arg: 'SECRET',
    help: 'its client secret (better in the variable: a flag shows in ps)',
    apply(config, raw, source) {
      // Never quote the secret: the message goes to a terminal and maybe a log.
      if (raw.trim() === '') throw new UsageError(`${source}: empty client secret`);
      config.hmrcClientSecret = raw.trim();
    },
  },
  {
    flag: 'uid-url',
    env: 'VERIFIELD_UID_URL',
    arg: 'URL|off',
    help: "Swiss UID register's public service for CH VAT numbers (default: the register's; off: not asked)",
    apply: sets('uidUrl', httpUrlOrOff),
  },
  {
    flag: 'brreg-url',
    env: 'VERIFIELD_BRREG_URL',
    arg: 'URL|off',
    help: "Brønnøysund's API for NO VAT numbers (default https://data.brreg.no; off: not asked)",
    apply: sets('brregUrl', httpUrlOrOff),
  },
  {
    flag: 'dns-servers',
    env: 'VERIFIELD_DNS_SERVERS',
    arg: 'LIST',
    help: "DNS servers, host:port,host:port (default: the system's)",
    apply: sets('dnsServers', parseDnsServers),
  },
  {
    flag: 'rdap-bootstrap-url',
    env: 'VERIFIELD_RDAP_BOOTSTRAP_URL',
    arg: 'URL',
    help: "RDAP bootstrap file (default: IANA's)",
    apply: sets('rdapBootstrapUrl', httpUrl),
  },
  {
    flag: 'usage-log-days',
    env: 'VERIFIELD_USAGE_LOG_DAYS',
    arg: 'N',
    help: `days the usage log keeps each request; per-day totals are kept for good (default ${DEFAULT_USAGE_LOG_DAYS})`,
    apply: sets('usageLogDays', integer(1, 36_500)),
  },
  {
    flag: 'job-concurrency-per-state',
    env: 'VERIFIELD_JOB_CONCURRENCY_PER_STATE',
    arg: 'N',
    help: `VIES calls of jobs and watches in flight per member state, per process (default ${DEFAULT_JOB_CONCURRENCY_PER_STATE})`,
    apply: sets('jobConcurrencyPerState', integer(1, 100)),
  },
  {
    flag: 'max-queued-jobs',
    env: 'VERIFIELD_MAX_QUEUED_JOBS',
    arg: 'N',
    help: `jobs an account may have queued or running at once; more are refused 429 TOO_MANY_JOBS (default ${DEFAULT_MAX_QUEUED_JOBS})`,
    apply: sets('maxQueuedJobs', integer(1, 100_000)),
  },
  {
    flag: 'watch-interval',
    env: 'VERIFIELD_WATCH_INTERVAL',
    arg: 'DUR',
    help: `how often watched VAT numbers are re-checked: 7d, 12h, 30m, 45s (default ${formatDuration(DEFAULT_WATCH_INTERVAL_MS)})`,
    apply(config, raw, source) {
      const ms = parseDuration(raw);
      if (ms === null) throw new UsageError(`${source}: "${raw}" is not a duration such as 7d, 12h, 30m or 45s`);
      config.watchIntervalMs = ms;
    },
  },
  {
    flag: 'trust-proxy',
    env: 'VERIFIELD_TRUST_PROXY',
    arg: 'LIST',
    help: `proxies whose X-Forwarded-For names the client: ${TRUST_LOOPBACK}, addresses, CIDR blocks, comma-separated (default: none, the header is ignored)`,
    apply(config, raw, source) {
      const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
      if (entries.length === 0) throw new UsageError(`${source}: no proxy given`);
      try {
        trustedProxies(entries);
      } catch (error) {
        throw new UsageError(`${source}: ${(error as Error).message.replace(/^trustProxy: /, '')}`);
      }
      config.trustProxy = entries;
    },
  },
  {
    flag: 'evidence-years',
    env: 'VERIFIELD_EVIDENCE_YEARS',
    arg: 'N',
    help: `years VIES answers are kept as evidence (default ${DEFAULT_EVIDENCE_YEARS})`,
    apply: sets('evidenceYears', integer(1, 100)),
  },
  {
    flag: 'public-url',
    env: 'VERIFIELD_PUBLIC_URL',
    arg: 'URL',
    help: 'the address users reach the service at, e.g. https://verifield.example.com: mailed sign-in links point there',
    apply: sets('publicUrl', httpUrl),
  },
  {
    flag: 'smtp-url',
    env: 'VERIFIELD_SMTP_URL',
    arg: 'URL',
    help: 'SMTP server for sign-in links by email, smtp:// or smtps:// (a password belongs in the variable, not the flag); needs --public-url',
    apply: sets('smtpUrl', urlWithScheme(['smtp:', 'smtps:'], 'SMTP')),
  },
  {
    flag: 'smtp-from',
    env: 'VERIFIELD_SMTP_FROM',
    arg: 'ADDR',
    help: 'sender of sign-in mails, e.g. "verifield <no-reply@example.com>" (default no-reply@ the public URL\'s host)',
    apply(config, raw, source) {
      if (!/@/.test(raw) || /[\r\n]/.test(raw)) throw new UsageError(`${source}: "${raw}" is not a mail address`);
      config.smtpFrom = raw.trim();
    },
  },
  {
    flag: 'shared-pool-size',
    env: 'VERIFIELD_SHARED_POOL_SIZE',
    arg: 'N',
    help: 'requests of non-PRO plans in flight at once, server-wide (default 64)',
    apply: sets('sharedPoolSize', integer(1, 100_000)),
  },
];

/** A setting read from its environment variable only. */
interface EnvOnlyOption {
  env: string;
  help: string;
  /** Reads the variable's text into the config; throws a UsageError (never quoting the text) when it is wrong. */
  apply(config: ServerConfig, raw: string, source: string): void;
}

/** The data key: base64 of 32 bytes. */
const DATA_KEY_SHAPE = /^[A-Za-z0-9+/]{43}=?$/;

/** VERIFIELD_DATA_KEY, for `serve` and the admin commands (which seal webhook secrets too). */
const DATA_KEY_OPTION: EnvOnlyOption = {
  env: 'VERIFIELD_DATA_KEY',
  help: 'key values at rest are sealed with, base64 of 32 bytes (openssl rand -base64 32); required with PostgreSQL, the same for every instance; default for the embedded store: DIR/data.key, made on first start',
  apply(config, raw, source) {
    const key = raw.trim();
    // Never quote the key: the message goes to a terminal and maybe a log.
    if (!DATA_KEY_SHAPE.test(key) || Buffer.from(key, 'base64').length !== 32) throw new UsageError(`${source}: use the base64 of 32 bytes (e.g. openssl rand -base64 32)`);
    config.dataKey = key;
  },
};

/** Secrets, read from the environment only: a flag's value shows in `ps` to every user of the machine. */
const ENV_ONLY_OPTIONS: readonly EnvOnlyOption[] = [
  {
    env: 'VERIFIELD_ADMIN_TOKEN',
    help: 'operator token of the admin API (Authorization: Bearer), 32 characters or more, e.g. from `openssl rand -hex 32`; unset: dashboard sessions only',
    apply(config, raw, source) {
      const token = raw.trim();
      // Never quote the token: the message goes to a terminal and maybe a log.
      const problem = operatorTokenProblem(token);
      if (problem !== null) throw new UsageError(`${source}: ${problem}`);
      config.adminToken = token;
    },
  },
  DATA_KEY_OPTION,
];

/** A switch that turns something off: `--no-X`, or its variable set to off. */
interface OffSwitch {
  flag: string;
  env: string;
  help: string;
  set(config: ServerConfig, on: boolean): void;
}

/** A switch that turns something on: `--X`, or its variable set to on. */
interface OnSwitch extends OffSwitch {
  on: true;
}

/**
 * `--no-jobs` / VERIFIELD_JOBS=off: an instance that serves requests but leaves the periodic jobs to others;
 * `--no-workers` / VERIFIELD_WORKERS=off: one that leaves batch jobs, watch re-checks and webhook deliveries to others;
 * `--allow-private-webhooks`: webhooks may reach private addresses (a test or an internal receiver).
 */
const SWITCHES: ReadonlyArray<OffSwitch | OnSwitch> = [
  {
    flag: 'no-jobs',
    env: 'VERIFIELD_JOBS',
    help: 'do not run the periodic jobs (rates, VIES status, pruning) here',
    set: (config, on) => {
      config.jobs = on;
    },
  },
  {
    flag: 'no-workers',
    env: 'VERIFIELD_WORKERS',
    help: 'do not run batch jobs, VAT watch re-checks and webhook deliveries here',
    set: (config, on) => {
      config.workers = on;
    },
  },
  {
    flag: 'allow-private-webhooks',
    env: 'VERIFIELD_ALLOW_PRIVATE_WEBHOOKS',
    on: true,
    help: 'let webhooks reach loopback, private and link-local addresses (default: refused)',
    set: (config, on) => {
      config.allowPrivateWebhooks = on;
    },
  },
];

const switchEnvText = (option: OffSwitch | OnSwitch): string => `${option.env}=${'on' in option ? 'on' : 'off'}`;

function optionLines(options: readonly ServeOption[]): string {
  const rows: [string, string, string][] = options.map((option) => [`--${option.flag}${option.arg ? ` ${option.arg}` : ''}`, option.env, option.help]);
  for (const option of SWITCHES) rows.push([`--${option.flag}`, switchEnvText(option), option.help]);
  rows.push(['-h, --help', '', 'show this text']);
  const flagWidth = Math.max(...rows.map((row) => row[0].length));
  const envWidth = Math.max(...rows.map((row) => row[1].length));
  return rows.map(([flag, env, help]) => `  ${flag.padEnd(flagWidth)}  ${env.padEnd(envWidth)}  ${help}`).join('\n');
}

function envOnlyLines(options: readonly EnvOnlyOption[]): string {
  const envWidth = Math.max(...options.map((option) => option.env.length));
  return options.map((option) => `  ${option.env.padEnd(envWidth)}  ${option.help}`).join('\n');
}

export const serveUsage = `usage: verifield serve [options]

Runs the HTTP service. Each option may also come from its environment variable; a flag wins.

${optionLines(SERVE_OPTIONS)}

From the environment only (a secret on the command line shows in ps):

${envOnlyLines(ENV_ONLY_OPTIONS)}`;

/** What `serve` was asked to do: show the help, or run with this configuration. */
export type ServeRequest = { help: true } | { help: false; config: ServerConfig };

/** The text of a variable; undefined when it is unset or empty (how shells and compose files say "unset"). */
function envText(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === '' ? undefined : value;
}

/** Applies each option's flag to `config`, or when it is not given, its variable: the flag wins. */
function applyOptions(config: ServerConfig, options: readonly ServeOption[], flags: ReadonlyMap<string, string>, env: Env): void {
  for (const option of options) {
    const flagValue = flags.get(option.flag);
    const envValue = envText(env, option.env);
    if (flagValue !== undefined) option.apply(config, flagValue, `--${option.flag}`);
    else if (envValue !== undefined) option.apply(config, envValue, option.env);
  }
}

/** The configuration `serve` runs with, from its arguments and the environment; throws a UsageError. */
export function readServeOptions(argv: readonly string[], env: Env): ServeRequest {
  const args = parseArgs(argv, { values: SERVE_OPTIONS.map((option) => option.flag), switches: ['help', ...SWITCHES.map((option) => option.flag)] });
  if (args.switches.has('help')) return { help: true };
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument: ${args.positionals[0] as string}`);
  const config: ServerConfig = {};
  applyOptions(config, SERVE_OPTIONS, args.values, env);
  for (const option of ENV_ONLY_OPTIONS) {
    const envValue = envText(env, option.env);
    if (envValue !== undefined) option.apply(config, envValue, option.env);
  }
  for (const option of SWITCHES) {
    const envValue = envText(env, option.env);
    if (args.switches.has(option.flag)) option.set(config, 'on' in option);
    else if (envValue !== undefined) option.set(config, switchValue(envValue, option.env));
  }
  if (config.smtpUrl !== undefined && config.publicUrl === undefined) {
    throw new UsageError('--smtp-url needs --public-url (VERIFIELD_PUBLIC_URL): the address the mailed sign-in links point at');
  }
  if ((config.hmrcClientId === undefined) !== (config.hmrcClientSecret === undefined)) {
    throw new UsageError('--hmrc-client-id and VERIFIELD_HMRC_CLIENT_SECRET (or --hmrc-client-secret) go together: HMRC needs both');
  }
  return { help: false, config };
}

/** Where the store is: `--data-dir` / `--database-url` and their variables, the flag winning. */
export interface StoreLocation {
  dataDir?: string;
  databaseUrl?: string;
  /** VERIFIELD_DATA_KEY: what the store seals with (required with PostgreSQL). */
  dataKey?: string;
}

/** The store flags' help lines, for the admin commands' usage texts. */
export const storeOptionsUsage = STORE_OPTIONS.map((option) => `  --${option.flag} ${option.arg ?? ''}  (${option.env}) ${option.help}`).join('\n');

/** The flag names of the store options, for an admin command's own {@link parseArgs} spec. */
export const STORE_FLAGS: readonly string[] = STORE_OPTIONS.map((option) => option.flag);

/** The store location from parsed admin-command flags and the environment (the data key from VERIFIELD_DATA_KEY). */
export function readStoreLocation(flags: ReadonlyMap<string, string>, env: Env): StoreLocation {
  const config: ServerConfig = {};
  applyOptions(config, STORE_OPTIONS, flags, env);
  const location: StoreLocation = {};
  if (config.dataDir !== undefined) location.dataDir = config.dataDir;
  if (config.databaseUrl !== undefined) location.databaseUrl = config.databaseUrl;
  const key = envText(env, DATA_KEY_OPTION.env);
  if (key !== undefined) {
    DATA_KEY_OPTION.apply(config, key, DATA_KEY_OPTION.env);
    if (config.dataKey !== undefined) location.dataKey = config.dataKey;
  }
  return location;
}
