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

// Issue 21 (docs/service.md#jobs, #vat-monitoring, #webhooks, #evidence): batch jobs and their
// lines, watched VAT numbers, webhook endpoints with their outbox and attempt log, and VIES
// evidence. Values, results, names, addresses, secrets and event data are sealed
// (../sealing.ts: "v1." text); `value_index` is the keyed hash a value is found by. A row being
// worked on carries a lease (lease_owner, lease_until, or a next time pushed ahead) so that one
// instance at a time works on it. accounts.watch_interval_ms is the account's own watch interval.
const V3_JOBS_WATCHES_WEBHOOKS_EVIDENCE = `
ALTER TABLE accounts ADD COLUMN watch_interval_ms INTEGER CHECK (watch_interval_ms > 0);

CREATE TABLE batch_jobs (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key_id TEXT NOT NULL,
  field TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'cancelled', 'failed')),
  total INTEGER NOT NULL CHECK (total >= 0),
  done INTEGER NOT NULL DEFAULT 0,
  valid INTEGER NOT NULL DEFAULT 0,
  invalid INTEGER NOT NULL DEFAULT 0,
  webhook_url TEXT,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER,
  error TEXT,
  lease_owner TEXT,
  lease_until INTEGER
) STRICT;
CREATE INDEX batch_jobs_account ON batch_jobs (account_id, created_at);
CREATE INDEX batch_jobs_open ON batch_jobs (created_at) WHERE status IN ('queued', 'running');

CREATE TABLE batch_job_lines (
  job_id TEXT NOT NULL REFERENCES batch_jobs (id) ON DELETE CASCADE,
  line INTEGER NOT NULL,
  value TEXT NOT NULL,
  result TEXT,
  valid INTEGER,
  PRIMARY KEY (job_id, line)
) STRICT;

CREATE TABLE vat_watches (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key_id TEXT NOT NULL,
  value_index TEXT NOT NULL,
  value TEXT NOT NULL,
  trader_name TEXT,
  registered INTEGER,
  name TEXT,
  address TEXT,
  last_checked_at INTEGER,
  last_attempt_at INTEGER,
  next_check_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (account_id, value_index)
) STRICT;
CREATE INDEX vat_watches_due ON vat_watches (next_check_at);

CREATE TABLE webhook_endpoints (
  account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE webhook_deliveries (
  event_id TEXT NOT NULL,
  url TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, url)
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_account ON webhook_deliveries (account_id, created_at);

CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL,
  url TEXT NOT NULL,
  at INTEGER NOT NULL,
  status INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  FOREIGN KEY (event_id, url) REFERENCES webhook_deliveries (event_id, url) ON DELETE CASCADE
) STRICT;
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (event_id, url, at);

CREATE TABLE vat_evidence (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  value_index TEXT NOT NULL,
  value TEXT NOT NULL,
  country_code TEXT NOT NULL,
  registered INTEGER NOT NULL,
  name TEXT,
  address TEXT,
  request_date TEXT NOT NULL,
  consultation_number TEXT,
  requester TEXT,
  checked_at INTEGER NOT NULL,
  reply_sha256 TEXT NOT NULL
) STRICT;
CREATE INDEX vat_evidence_value ON vat_evidence (account_id, value_index, checked_at);
CREATE INDEX vat_evidence_checked_at ON vat_evidence (checked_at);
`;

// Issue 29 (docs/service.md#data-at-rest): the VIES answer cache kept numbers, names and
// addresses in clear. It is found by the keyed hash of the prefixed number now, its entry sealed
// ("v1." text of the answer, the trader name and the requester as JSON). The old rows are dropped,
// not converted: it is a cache, and the next lookup of each number asks VIES again. secure_delete
// (./client.ts sets it before migrating) zeroes the pages they leave.
const V4_SEALED_VIES_CACHE = `
DROP TABLE vies_cache;
CREATE TABLE vies_cache (
  country_code TEXT NOT NULL,
  number_index TEXT NOT NULL CHECK (length(number_index) = 64 AND number_index NOT GLOB '*[^0-9a-f]*'),
  entry TEXT NOT NULL,
  checked_at INTEGER NOT NULL,
  PRIMARY KEY (country_code, number_index)
) STRICT;
CREATE INDEX vies_cache_checked_at ON vies_cache (checked_at);
`;

// Issue 29 (docs/service.md#usage-log): the admin reads scanned an account's log rows. A page of
// the log, filtered or not, walks an index in its own order, (at, request_id) descending, and
// stops at its limit: usage_log_page for the whole log, usage_log_field_page for a field and a
// verdict (a search naming one of the two reads one walk per value of the other, ../sql/usage.ts).
// Each key's last use is a per-key total the meter moves in its batch, kept past the log's
// retention; filled here from the log, or from the newest day of the totals for a key whose rows
// were pruned.
const V5_INDEXED_ADMIN_READS = `
DROP INDEX usage_log_account_at;
CREATE INDEX usage_log_page ON usage_log (account_id, at, request_id);
CREATE INDEX usage_log_field_page ON usage_log (account_id, endpoint, valid, at, request_id);

CREATE TABLE usage_key_last (
  account_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (account_id, key_id)
) STRICT, WITHOUT ROWID;
INSERT INTO usage_key_last (account_id, key_id, at)
SELECT account_id, key_id, max(at) FROM (
  SELECT account_id, key_id, max(at) AS at FROM usage_log GROUP BY account_id, key_id
  UNION ALL
  SELECT account_id, key_id, unixepoch(max(day)) * 1000 FROM usage_daily GROUP BY account_id, key_id
) GROUP BY account_id, key_id;
`;

// Issue 30 (docs/service.md#api-keys): a key's scope can be "all fields", which covers fields
// added later (../sql/key-scopes.ts: the word '*' before the fields). A key created before had
// its fields listed; one that listed every field of that time (the seven below) was made with the
// default scope, and gets "all fields". A key that listed fewer keeps its list.
const V6_ALL_FIELDS_SCOPE = `
UPDATE api_keys SET scopes = '*,' || scopes
WHERE ',' || scopes || ',' LIKE '%,iban,%' AND ',' || scopes || ',' LIKE '%,vat,%'
  AND ',' || scopes || ',' LIKE '%,email,%' AND ',' || scopes || ',' LIKE '%,phone,%'
  AND ',' || scopes || ',' LIKE '%,nif,%' AND ',' || scopes || ',' LIKE '%,nas,%'
  AND ',' || scopes || ',' LIKE '%,ssn,%' AND ',' || scopes || ',' NOT LIKE '%,*,%';
`;

/** The migrations, oldest first; version n is `SQLITE_MIGRATIONS[n - 1]`. */
export const SQLITE_MIGRATIONS: readonly string[] = [
  V1_INITIAL,
  V2_DASHBOARD,
  V3_JOBS_WATCHES_WEBHOOKS_EVIDENCE,
  V4_SEALED_VIES_CACHE,
  V5_INDEXED_ADMIN_READS,
  V6_ALL_FIELDS_SCOPE,
];
