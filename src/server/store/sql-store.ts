/**
 * The `Store` of the service over any {@link SqlClient}: one schema and one set of statements for
 * the embedded PGlite and for PostgreSQL. Usage counting goes through the group-commit meter,
 * unless `options.usage` supplies another (the embedded store's usage journal, usage-journal.ts).
 */
import { randomUUID } from 'node:crypto';
import type { VatRates } from '../../ports.js';
import { sqlAccounts, sqlKeys } from './account-tables.js';
import { createUsageMeter, type LogRow, type MeterOptions } from './meter.js';
import { migrate } from './schema.js';
import type { SqlClient } from './sql.js';
import { dateColumn, jsonParam } from './sql-values.js';
import type { Field, Store, UsageEntry } from './types.js';
import { sqlBreakerStore, sqlStatusSamples, sqlViesCache } from './vies-tables.js';

/** Options of {@link createSqlStore}. */
export interface SqlStoreOptions {
  /** Apply pending schema migrations first. Default true. */
  migrate?: boolean;
  /** Batching of the usage meter. */
  meter?: MeterOptions;
  /**
   * Builds `usage` in place of the SQL meter, once the schema is migrated: the embedded store
   * with a data directory counts in its usage journal. Its `close()` runs before `sql` closes.
   */
  usage?: (sql: SqlClient) => Promise<Store['usage'] & { close(): Promise<void> }>;
}

/** A log row as read back: the driver returns `at` as a Date (pg) or text (PGlite). */
type StoredLogRow = LogRow<unknown>;

/** A usage-log row (from SQL or from the usage journal) as the `UsageEntry` it records. */
export function toEntry(row: StoredLogRow): UsageEntry {
  return {
    requestId: row.request_id,
    accountId: row.account_id,
    keyId: row.key_id,
    periodStart: row.period_start,
    endpoint: row.endpoint,
    value: row.value,
    valid: row.valid,
    status: row.status,
    latencyMs: row.latency_ms,
    sdk: row.sdk,
    at: dateColumn(row.at),
  };
}

/** `used` and `log` of the SQL meter's tables. */
export function usageReads(sql: SqlClient): Pick<Store['usage'], 'used' | 'log'> {
  return {
    async used(accountId, periodStart) {
      const { rows } = await sql.query<{ used: number }>(
        'SELECT used FROM usage_counters WHERE account_id = $1 AND period_start = $2::date',
        [accountId, periodStart]
      );
      return rows[0]?.used ?? 0;
    },
    async log(accountId, limit) {
      if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError('limit must be an integer >= 0');
      const { rows } = await sql.query<StoredLogRow>(
        `SELECT request_id, account_id, key_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, endpoint, value,
           valid, status, latency_ms, sdk, at
         FROM usage_log WHERE account_id = $1 ORDER BY at DESC, request_id DESC LIMIT $2`,
        [accountId, limit]
      );
      return rows.map(toEntry);
    },
  };
}

function sqlRates(sql: SqlClient): Store['rates'] {
  return {
    async save(rates) {
      await sql.query(
        `INSERT INTO vat_rates (id, rates, saved_at) VALUES (1, $1::jsonb, now())
         ON CONFLICT (id) DO UPDATE SET rates = EXCLUDED.rates, saved_at = EXCLUDED.saved_at`,
        [jsonParam(rates)]
      );
    },
    async load() {
      const { rows } = await sql.query<{ rates: VatRates }>('SELECT rates FROM vat_rates WHERE id = 1');
      return rows[0]?.rates ?? null;
    },
  };
}

function sqlJobs(sql: SqlClient): Store['jobs'] {
  return {
    async claim(job, slot, instance) {
      const { rows } = await sql.query(
        'INSERT INTO job_runs (job, slot, instance) VALUES ($1, $2, $3) ON CONFLICT (job, slot) DO NOTHING RETURNING 1',
        [job, slot, instance]
      );
      return rows.length > 0;
    },
  };
}

/**
 * The readiness probe: one row of the job-claim table (under a job name no job uses) rewritten
 * with a fresh token and read back in the same statement. One row whatever the number of probes
 * and instances, so probing never grows the store.
 */
function sqlProbe(sql: SqlClient): () => Promise<void> {
  return async () => {
    const token = randomUUID();
    const { rows } = await sql.query<{ instance: string }>(
      `INSERT INTO job_runs (job, slot, instance, claimed_at) VALUES ('readyz', 'probe', $1, now())
       ON CONFLICT (job, slot) DO UPDATE SET instance = EXCLUDED.instance, claimed_at = EXCLUDED.claimed_at
       RETURNING instance`,
      [token]
    );
    if (rows[0]?.instance !== token) throw new Error('the store did not return the row just written');
  };
}

function sqlUsage(sql: SqlClient, options: MeterOptions | undefined): Store['usage'] & { close(): Promise<void> } {
  const meter = createUsageMeter(sql, options);
  return { count: (entry, quota) => meter.count(entry, quota), ...usageReads(sql), close: () => meter.close() };
}

/**
 * The service's store over `sql` (migrated first unless `options.migrate` is false). `close()`
 * waits for the pending usage counts, then closes `sql`; every call after it rejects.
 * @example
 * const store = await createSqlStore(await openPglite('./.verifield'));
 * const account = await store.accounts.create({ name: 'Acme', plan: 'FREE', subscriptionStart: '2026-01-15', vatNumber: null });
 * await store.close();
 */
export async function createSqlStore(sql: SqlClient, options: SqlStoreOptions = {}): Promise<Store> {
  if (options.migrate !== false) await migrate(sql);
  const usage = options.usage === undefined ? sqlUsage(sql, options.meter) : await options.usage(sql);
  let closing: Promise<void> | null = null;
  return {
    accounts: sqlAccounts(sql),
    keys: sqlKeys(sql),
    // Only the Store members: closing is the store's; the implementations use no `this`.
    usage: { count: usage.count, used: usage.used, log: usage.log },
    viesCache: sqlViesCache(sql),
    breaker: sqlBreakerStore(sql),
    statusSamples: sqlStatusSamples(sql),
    rates: sqlRates(sql),
    jobs: sqlJobs(sql),
    probe: sqlProbe(sql),
    close() {
      // The usage closes first (its last counts, the journal's final checkpoint); the connection
      // closes whether or not that failed, and the first error is the one reported.
      closing ??= usage.close().then(
        () => sql.close(),
        (error: unknown) => sql.close().then(() => Promise.reject(error), () => Promise.reject(error))
      );
      return closing;
    },
  };
}
