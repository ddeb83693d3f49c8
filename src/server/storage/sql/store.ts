/**
 * The `Store` of the service over any {@link SqlClient}: one set of statements for SQLite and
 * PostgreSQL, the differences taken from the client's dialect (./dialect.ts). Usage is counted by
 * the group-committed meter (./meter.ts), refusals logged by their own batches (./refusal-log.ts).
 */
import { randomUUID } from 'node:crypto';
import type { VatRates } from '../../../ports.js';
import type { Store, StoreFile } from '../types.js';
import { sqlAccountTables } from './accounts.js';
import type { SqlClient } from './client.js';
import { createUsageMeter, type MeterOptions } from './meter.js';
import { jobAnswerWriter } from './job-lines.js';
import { migrate } from './migrate.js';
import { createRefusalLog, type RefusalLogOptions } from './refusal-log.js';
import { sqlSecretReveals } from './secret-reveals.js';
import { sqlSignIns } from './sign-ins.js';
import { sqlUsageReads } from './usage.js';
import { jsonParam } from './values.js';
import { ephemeralSealer, type Sealer } from '../sealing.js';
import { sqlBatchJobs } from './batch-jobs.js';
import { sqlEvidence } from './evidence.js';
import { sqlWatches } from './watches.js';
import { sqlWebhooks } from './webhooks.js';
import { sqlBreakerStore, sqlStatusSamples, sqlViesCache } from './vies.js';

/** Options of {@link createSqlStore}. */
export interface SqlStoreOptions {
  /** Apply pending schema migrations first. Default true. */
  migrate?: boolean;
  /** Batching of the usage meter. */
  meter?: MeterOptions;
  /** Batching and the per-key cap of the refused requests' log rows (./refusal-log.ts). */
  refusals?: RefusalLogOptions;
  /**
   * Seals what must not be kept in clear (../sealing.ts). Default: a sealer under a random key,
   * which only a store that ends with its process (a test's, in memory) may use: what it sealed
   * cannot be opened by another process or after a restart.
   */
  sealer?: Sealer;
}

function sqlRates(sql: SqlClient): Store['rates'] {
  const d = sql.dialect;
  const SAVE = `INSERT INTO vat_rates (id, rates, saved_at) VALUES (1, ${d.param(1, 'json')}, ${d.param(2, 'time')})
    ON CONFLICT (id) DO UPDATE SET rates = EXCLUDED.rates, saved_at = EXCLUDED.saved_at`;
  return {
    async save(rates) {
      await sql.query(SAVE, [jsonParam(rates), d.time(new Date())]);
    },
    async load() {
      const { rows } = await sql.query<{ rates: unknown }>('SELECT rates FROM vat_rates WHERE id = 1');
      return rows[0] === undefined ? null : d.readJson<VatRates>(rows[0].rates);
    },
  };
}

function sqlJobs(sql: SqlClient): Store['jobs'] {
  const CLAIM = `INSERT INTO job_runs (job, slot, instance, claimed_at) VALUES ($1, $2, $3, ${sql.dialect.param(4, 'time')})
    ON CONFLICT (job, slot) DO NOTHING RETURNING 1`;
  return {
    async claim(job, slot, instance) {
      const { rows } = await sql.query(CLAIM, [job, slot, instance, sql.dialect.time(new Date())]);
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
  const PROBE = `INSERT INTO job_runs (job, slot, instance, claimed_at) VALUES ('readyz', 'probe', $1, ${sql.dialect.param(2, 'time')})
    ON CONFLICT (job, slot) DO UPDATE SET instance = EXCLUDED.instance, claimed_at = EXCLUDED.claimed_at
    RETURNING instance`;
  return async () => {
    const token = randomUUID();
    const { rows } = await sql.query<{ instance: string }>(PROBE, [token, sql.dialect.time(new Date())]);
    if (rows[0]?.instance !== token) throw new Error('the store did not return the row just written');
  };
}

/**
 * The service's store over `sql` (migrated first unless `options.migrate` is false). `close()`
 * waits for the pending usage counts, then closes `sql`; every call after it rejects. `file` is
 * the database file the client opened, when it has one (the embedded store).
 * @example
 * ```ts
 * // not run: needs a PostgreSQL server (DATABASE_URL)
 * const store = await createSqlStore(await openPostgres(process.env.DATABASE_URL!));
 * const account = await store.accounts.create({ name: 'Acme', plan: 'FREE', subscriptionStart: '2026-01-15', vatNumber: null });
 * await store.close();
 * ```
 */
export async function createSqlStore(sql: SqlClient & { readonly file?: StoreFile | null }, options: SqlStoreOptions = {}): Promise<Store> {
  if (options.migrate !== false) await migrate(sql);
  const sealer = options.sealer ?? ephemeralSealer();
  const meter = createUsageMeter(sql, options.meter, jobAnswerWriter(sql.dialect, sealer));
  const refusals = createRefusalLog(sql, options.refusals);
  let closing: Promise<void> | null = null;
  const { accounts, keys } = sqlAccountTables(sql);
  const store: Store = {
    accounts,
    keys,
    usage: { count: (entry, quota) => meter.count(entry, quota), logRefusal: (entry) => refusals.write(entry), ...sqlUsageReads(sql) },
    ...sqlSignIns(sql),
    secretReveals: sqlSecretReveals(sql, sealer),
    viesCache: sqlViesCache(sql, sealer),
    breaker: sqlBreakerStore(sql),
    statusSamples: sqlStatusSamples(sql),
    rates: sqlRates(sql),
    jobs: sqlJobs(sql),
    batchJobs: sqlBatchJobs(sql, sealer),
    watches: sqlWatches(sql, sealer),
    webhooks: sqlWebhooks(sql, sealer),
    evidence: sqlEvidence(sql, sealer),
    probe: sqlProbe(sql),
    close() {
      // The last counts first; the connection closes whether or not that failed, and the first
      // error is the one reported.
      closing ??= Promise.all([meter.close(), refusals.close()]).then(
        () => sql.close(),
        (error: unknown) => sql.close().then(() => Promise.reject(error), () => Promise.reject(error)),
      );
      return closing;
    },
  };
  return sql.file === undefined || sql.file === null ? store : { ...store, file: sql.file };
}
