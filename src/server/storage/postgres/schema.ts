/**
 * The store's schema on PostgreSQL, as migrations applied in order (../sql/migrate.ts). A
 * migration is never edited once released: a change is a new entry at the end. The embedded
 * store's schema (../sqlite/schema.ts) has the same tables in SQLite's types.
 */

/** Key of the transaction-level advisory lock that serialises migrations ("vfld" in ASCII). */
const MIGRATION_LOCK_KEY = 0x76666c64;

const V1_INITIAL = `
CREATE TABLE accounts (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  plan text NOT NULL CHECK (plan IN ('FREE', 'STARTER', 'GROWTH', 'PRO')),
  subscription_start date NOT NULL,
  vat_number text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Never the key itself: its SHA-256 and a display prefix.
CREATE TABLE api_keys (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL,
  display_prefix text NOT NULL,
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  scopes text[] NOT NULL CHECK (scopes <@ ARRAY['vat', 'iban', 'email', 'phone', 'nif', 'nas', 'ssn']),
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX api_keys_account ON api_keys (account_id);

-- The usage tables have no foreign keys on purpose: one entry must never be able to fail the
-- group-committed batch that carries the other requests' counts.
CREATE TABLE usage_counters (
  account_id text NOT NULL,
  period_start date NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (account_id, period_start)
);

-- One row per counted request; the primary key makes a retried request id count once.
CREATE TABLE usage_log (
  request_id text PRIMARY KEY,
  account_id text NOT NULL,
  key_id text NOT NULL,
  period_start date NOT NULL,
  endpoint text NOT NULL,
  value text NOT NULL,
  valid boolean NOT NULL,
  status smallint NOT NULL,
  latency_ms integer NOT NULL,
  sdk text,
  at timestamptz NOT NULL
);
CREATE INDEX usage_log_account_at ON usage_log (account_id, at DESC);

CREATE TABLE vies_cache (
  country_code text NOT NULL,
  vat_number text NOT NULL,
  answer jsonb NOT NULL,
  checked_at timestamptz NOT NULL,
  trader_name text,
  requester text,
  PRIMARY KEY (country_code, vat_number)
);
CREATE INDEX vies_cache_checked_at ON vies_cache (checked_at);

CREATE TABLE circuit_breakers (
  country_code text PRIMARY KEY,
  consecutive_failures integer NOT NULL,
  opened_at timestamptz,
  open_until timestamptz,
  last_failure_at timestamptz
);

CREATE TABLE vies_status_samples (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  snapshot jsonb NOT NULL
);
CREATE INDEX vies_status_samples_at ON vies_status_samples (at);

-- The last good rates: a single row.
CREATE TABLE vat_rates (
  id smallint PRIMARY KEY CHECK (id = 1),
  rates jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE job_runs (
  job text NOT NULL,
  slot text NOT NULL,
  instance text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job, slot)
);
`;

/**
 * Keys (first half) of the transaction-level advisory locks taken by the lease function of V2:
 * one lock per account (second half: hashtext of its id) and one for the shared pool.
 */
const ACCOUNT_LEASE_LOCK = 0x766c6163; // "vlac"
const POOL_LEASE_LOCK = 0x766c706c; // "vlpl"

/** The function that takes a concurrency lease (./limiter.ts), created by V2 and by ./ddl.ts. */
export const ACQUIRE_CONCURRENCY_LEASE = `CREATE FUNCTION acquire_concurrency_lease(p_lease text, p_account text, p_limit integer, p_shared boolean,
  p_pool_size integer, p_ttl_ms integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  held integer;
BEGIN
  PERFORM pg_advisory_xact_lock(${ACCOUNT_LEASE_LOCK}, hashtext(p_account));
  DELETE FROM concurrency_leases WHERE account_id = p_account AND expires_at <= clock_timestamp();
  SELECT count(*) INTO held FROM concurrency_leases WHERE account_id = p_account;
  IF held >= p_limit THEN
    RETURN 'account';
  END IF;
  IF p_shared THEN
    PERFORM pg_advisory_xact_lock(${POOL_LEASE_LOCK}, 0);
    DELETE FROM concurrency_leases WHERE shared AND expires_at <= clock_timestamp();
    SELECT count(*) INTO held FROM concurrency_leases WHERE shared;
    IF held >= p_pool_size THEN
      RETURN 'pool';
    END IF;
  END IF;
  INSERT INTO concurrency_leases (lease_id, account_id, shared, expires_at)
  VALUES (p_lease, p_account, p_shared, clock_timestamp() + p_ttl_ms * interval '1 millisecond');
  RETURN 'ok';
END
$$;
`;

// Concurrency leases for deployments on PostgreSQL without Redis (./limiter.ts,
// docs/architecture.md#concurrency-leases). A lease expires by itself, so the slots of a crashed instance
// come back; the function checks and takes slots under advisory locks, account first and pool
// second (one order, no deadlock), and reads the database's clock, so instances' clocks may
// disagree. Expired leases are deleted as the locks they concern are taken.
const V2_CONCURRENCY_LEASES = `
CREATE TABLE concurrency_leases (
  lease_id text PRIMARY KEY,
  account_id text NOT NULL,
  shared boolean NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX concurrency_leases_account ON concurrency_leases (account_id, expires_at);
CREATE INDEX concurrency_leases_shared ON concurrency_leases (expires_at) WHERE shared;

${ACQUIRE_CONCURRENCY_LEASE}`;

// Usage log retention (docs/service.md#usage-log): per-day totals per account, key, endpoint and
// verdict, kept for good and written in the meter's transaction, filled here from the rows logged
// before; and the keys' version, moved by every key creation and revocation, which the key caches
// of every instance read (Store.keys.version).
const V3_RETENTION = `
CREATE TABLE usage_daily (
  account_id text NOT NULL,
  day date NOT NULL,
  key_id text NOT NULL,
  endpoint text NOT NULL,
  valid boolean NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (account_id, day, key_id, endpoint, valid)
);
INSERT INTO usage_daily (account_id, day, key_id, endpoint, valid, count)
SELECT account_id, (at AT TIME ZONE 'UTC')::date, key_id, endpoint, valid, count(*)::int
FROM usage_log GROUP BY 1, 2, 3, 4, 5;

CREATE TABLE keys_version (
  id smallint PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO keys_version (id, version) VALUES (1, 0);
`;

// Key scopes are checked against the field registry (src/fields/catalog.ts) by the store's key
// insert (../sql/accounts.ts), as on SQLite, which never had a constraint: V1's CHECK wrote the
// list of fields out once more, and a field added later would have needed a migration to widen it.
const V4_SCOPES_FROM_THE_REGISTRY = `
ALTER TABLE api_keys DROP CONSTRAINT IF EXISTS api_keys_scopes_check;
`;

// The dashboard (docs/service.md): accounts an operator suspended, and the sign-ins, kept as the
// SHA-256 of their tokens only. A session expires after its idle time, a link at expires_at; both
// are deleted by the prune job. A used link keeps its row (used_at set) until it expires, so that
// it cannot be used again.
const V5_DASHBOARD = `
ALTER TABLE accounts ADD COLUMN suspended_at timestamptz;

CREATE TABLE dashboard_sessions (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  account_id text REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX dashboard_sessions_last_seen ON dashboard_sessions (last_seen_at);

CREATE TABLE login_links (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  account_id text REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX login_links_expires ON login_links (expires_at);
`;

// Issue 21 (docs/service.md#jobs, #vat-monitoring, #webhooks, #evidence): batch jobs and their
// lines, watched VAT numbers, webhook endpoints with their outbox and attempt log, and VIES
// evidence. Values, results, names, addresses, secrets and event data are sealed
// (../sealing.ts: "v1." text); `value_index` is the keyed hash a value is found by. A row being
// worked on carries a lease (lease_owner, lease_until, or a next time pushed ahead) so that one
// instance at a time works on it. accounts.watch_interval_ms is the account's own watch interval.
const V6_JOBS_WATCHES_WEBHOOKS_EVIDENCE = `
ALTER TABLE accounts ADD COLUMN watch_interval_ms bigint CHECK (watch_interval_ms > 0);

CREATE TABLE batch_jobs (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key_id text NOT NULL,
  field text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'cancelled', 'failed')),
  total integer NOT NULL CHECK (total >= 0),
  done integer NOT NULL DEFAULT 0,
  valid integer NOT NULL DEFAULT 0,
  invalid integer NOT NULL DEFAULT 0,
  webhook_url text,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  lease_owner text,
  lease_until timestamptz
);
CREATE INDEX batch_jobs_account ON batch_jobs (account_id, created_at);
CREATE INDEX batch_jobs_open ON batch_jobs (created_at) WHERE status IN ('queued', 'running');

CREATE TABLE batch_job_lines (
  job_id text NOT NULL REFERENCES batch_jobs (id) ON DELETE CASCADE,
  line integer NOT NULL,
  value text NOT NULL,
  result text,
  valid boolean,
  PRIMARY KEY (job_id, line)
);

CREATE TABLE vat_watches (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key_id text NOT NULL,
  value_index text NOT NULL,
  value text NOT NULL,
  trader_name text,
  registered boolean,
  name text,
  address text,
  last_checked_at timestamptz,
  last_attempt_at timestamptz,
  next_check_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (account_id, value_index)
);
CREATE INDEX vat_watches_due ON vat_watches (next_check_at);

CREATE TABLE webhook_endpoints (
  account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  url text NOT NULL,
  secret text NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE webhook_deliveries (
  event_id text NOT NULL,
  url text NOT NULL,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type text NOT NULL,
  created_at timestamptz NOT NULL,
  data text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  PRIMARY KEY (event_id, url)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_account ON webhook_deliveries (account_id, created_at);

CREATE TABLE webhook_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id text NOT NULL,
  url text NOT NULL,
  at timestamptz NOT NULL,
  status integer,
  error text,
  duration_ms integer NOT NULL,
  FOREIGN KEY (event_id, url) REFERENCES webhook_deliveries (event_id, url) ON DELETE CASCADE
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (event_id, url, at);

CREATE TABLE vat_evidence (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  value_index text NOT NULL,
  value text NOT NULL,
  country_code text NOT NULL,
  registered boolean NOT NULL,
  name text,
  address text,
  request_date text NOT NULL,
  consultation_number text,
  requester text,
  checked_at timestamptz NOT NULL,
  reply_sha256 text NOT NULL
);
CREATE INDEX vat_evidence_value ON vat_evidence (account_id, value_index, checked_at);
CREATE INDEX vat_evidence_checked_at ON vat_evidence (checked_at);
`;

// Issue 29 (docs/service.md#data-at-rest): the VIES answer cache kept numbers, names and
// addresses in clear. It is found by the keyed hash of the prefixed number now, its entry sealed
// ("v1." text of the answer, the trader name and the requester as JSON). The old rows are dropped,
// not converted: it is a cache, and the next lookup of each number asks VIES again.
const V7_SEALED_VIES_CACHE = `
DROP TABLE vies_cache;
CREATE TABLE vies_cache (
  country_code text NOT NULL,
  number_index text NOT NULL CHECK (number_index ~ '^[0-9a-f]{64}$'),
  entry text NOT NULL,
  checked_at timestamptz NOT NULL,
  PRIMARY KEY (country_code, number_index)
);
CREATE INDEX vies_cache_checked_at ON vies_cache (checked_at);
`;

// Issue 29 (docs/service.md#usage-log): the admin reads scanned an account's log rows. A page of
// the log, filtered or not, walks an index in its own order, (at, request_id) descending, and
// stops at its limit: usage_log_page for the whole log, usage_log_field_page for a field and a
// verdict (a search naming one of the two reads one walk per value of the other, ../sql/usage.ts).
// Each key's last use is a per-key total the meter moves in its batch, kept past the log's
// retention; filled here from the log, or from the newest day of the totals for a key whose rows
// were pruned.
const V8_INDEXED_ADMIN_READS = `
DROP INDEX usage_log_account_at;
CREATE INDEX usage_log_page ON usage_log (account_id, at, request_id);
CREATE INDEX usage_log_field_page ON usage_log (account_id, endpoint, valid, at, request_id);

CREATE TABLE usage_key_last (
  account_id text NOT NULL,
  key_id text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (account_id, key_id)
);
INSERT INTO usage_key_last (account_id, key_id, at)
SELECT account_id, key_id, max(at) FROM (
  SELECT account_id, key_id, max(at) AS at FROM usage_log GROUP BY account_id, key_id
  UNION ALL
  SELECT account_id, key_id, max(day)::timestamp AT TIME ZONE 'UTC' FROM usage_daily GROUP BY account_id, key_id
) AS uses GROUP BY account_id, key_id;
`;

// Issue 30 (docs/service.md#api-keys): a key's scope can be "all fields", which covers fields
// added later (../sql/key-scopes.ts: the word '*' before the fields). A key created before had
// its fields listed; one that listed every field of that time (the seven below) was made with the
// default scope, and gets "all fields". A key that listed fewer keeps its list.
const V9_ALL_FIELDS_SCOPE = `
UPDATE api_keys SET scopes = ARRAY['*'] || scopes
WHERE scopes @> ARRAY['iban', 'vat', 'email', 'phone', 'nif', 'nas', 'ssn']::text[] AND NOT ('*' = ANY (scopes));
`;

/** The migrations, oldest first; version n is `POSTGRES_MIGRATIONS[n - 1]`. */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  V1_INITIAL,
  V2_CONCURRENCY_LEASES,
  V3_RETENTION,
  V4_SCOPES_FROM_THE_REGISTRY,
  V5_DASHBOARD,
  V6_JOBS_WATCHES_WEBHOOKS_EVIDENCE,
  V7_SEALED_VIES_CACHE,
  V8_INDEXED_ADMIN_READS,
  V9_ALL_FIELDS_SCOPE,
];

/** Taken first in each migration's transaction: instances starting together apply each migration once. */
export const MIGRATION_LOCK = `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
