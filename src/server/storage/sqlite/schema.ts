/**
 * The embedded store's schema on SQLite (./dialect.ts): the tables of the PostgreSQL schema
 * (../postgres/schema.ts) in SQLite's types. Times are milliseconds since the epoch (INTEGER),
 * days YYYY-MM-DD text, booleans 0/1, documents JSON text, key scopes a comma-separated list.
 * STRICT tables refuse a value of the wrong type instead of storing it. A migration is never
 * edited once released: a change is a new entry at the end.
 */

const V1_INITIAL = `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  plan TEXT NOT NULL CHECK (plan IN ('FREE', 'STARTER', 'GROWTH', 'PRO')),
  subscription_start TEXT NOT NULL,
  vat_number TEXT,
  created_at INTEGER NOT NULL
) STRICT;

-- Never the key itself: its SHA-256 and a display prefix.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  display_prefix TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*'),
  scopes TEXT NOT NULL,
  expires_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX api_keys_account ON api_keys (account_id);

-- Moved by every key creation and revocation: key caches of every process read it.
CREATE TABLE keys_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
) STRICT;
INSERT INTO keys_version (id, version) VALUES (1, 0);

-- The usage tables have no foreign keys on purpose: one entry must never be able to fail the
-- group-committed batch that carries the other requests' counts.
CREATE TABLE usage_counters (
  account_id TEXT NOT NULL,
  period_start TEXT NOT NULL,
  used INTEGER NOT NULL CHECK (used >= 0),
  PRIMARY KEY (account_id, period_start)
) STRICT, WITHOUT ROWID;

-- One row per counted request, kept for the retention (--usage-log-days); the primary key makes
-- a retried request id count once.
CREATE TABLE usage_log (
  request_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  period_start TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  value TEXT NOT NULL,
  valid INTEGER NOT NULL,
  status INTEGER NOT NULL,
  latency_ms INTEGER NOT NULL,
  sdk TEXT,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX usage_log_account_at ON usage_log (account_id, at);

-- Kept for good: what billing and the dashboard read once the log rows are pruned.
CREATE TABLE usage_daily (
  account_id TEXT NOT NULL,
  day TEXT NOT NULL,
  key_id TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  valid INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (account_id, day, key_id, endpoint, valid)
) STRICT, WITHOUT ROWID;

CREATE TABLE vies_cache (
  country_code TEXT NOT NULL,
  vat_number TEXT NOT NULL,
  answer TEXT NOT NULL,
  checked_at INTEGER NOT NULL,
  trader_name TEXT,
  requester TEXT,
  PRIMARY KEY (country_code, vat_number)
) STRICT;
CREATE INDEX vies_cache_checked_at ON vies_cache (checked_at);

CREATE TABLE circuit_breakers (
  country_code TEXT PRIMARY KEY,
  consecutive_failures INTEGER NOT NULL,
  opened_at INTEGER,
  open_until INTEGER,
  last_failure_at INTEGER
) STRICT;

CREATE TABLE vies_status_samples (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  snapshot TEXT NOT NULL
) STRICT;
CREATE INDEX vies_status_samples_at ON vies_status_samples (at);

-- The last good rates: a single row.
CREATE TABLE vat_rates (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  rates TEXT NOT NULL,
  saved_at INTEGER NOT NULL
) STRICT;

CREATE TABLE job_runs (
  job TEXT NOT NULL,
  slot TEXT NOT NULL,
  instance TEXT NOT NULL,
  claimed_at INTEGER NOT NULL,
  PRIMARY KEY (job, slot)
) STRICT;
`;

// The dashboard (docs/service.md): accounts an operator suspended, and the sign-ins, kept as the
// SHA-256 of their tokens only. A session expires after its idle time, a link at expires_at; both
// are deleted by the prune job. A used link keeps its row (used_at set) until it expires, so that
// it cannot be used again.
const V2_DASHBOARD = `
ALTER TABLE accounts ADD COLUMN suspended_at INTEGER;

CREATE TABLE dashboard_sessions (
  hash TEXT PRIMARY KEY CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*'),
  account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX dashboard_sessions_last_seen ON dashboard_sessions (last_seen_at);

CREATE TABLE login_links (
  hash TEXT PRIMARY KEY CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*'),
  account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) STRICT, WITHOUT ROWID;
CREATE INDEX login_links_expires ON login_links (expires_at);
`;

/** The migrations, oldest first; version n is `SQLITE_MIGRATIONS[n - 1]`. */
export const SQLITE_MIGRATIONS: readonly string[] = [V1_INITIAL, V2_DASHBOARD];
