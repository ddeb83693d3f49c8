/**
 * The service's store: the SQL layer, the PGlite client and the `Store` built on them. Node-only,
 * and loaded by the server when it starts (PGlite is imported lazily even then).
 */
import { resolve } from 'node:path';
import { openPglite } from './pglite.js';
import { createSqlStore, type SqlStoreOptions } from './sql-store.js';
import type { SqlClient } from './sql.js';
import type { Store } from './types.js';
import { journalDir, openUsageJournal } from './usage-journal.js';

export { openPglite } from './pglite.js';
export { createSqlStore, type SqlStoreOptions } from './sql-store.js';
export { StoreClosedError, isTransientSqlError, type SqlClient } from './sql.js';
export { DataDirInUseError } from './data-dir-lock.js';
export { MIGRATIONS, SCHEMA_VERSION, migrate } from './schema.js';
export type { MeterOptions } from './meter.js';
export * from './types.js';

/**
 * The embedded store: PGlite in `dataDir` (in memory without it), migrated, as a `Store`. With a
 * data directory, usage is counted in memory and logged to `<dataDir>/usage-log/` (usage-journal.ts;
 * `options.usage` replaces that); without one, by the SQL meter, as on PostgreSQL.
 * Rejects with DataDirInUseError while another process has the directory open.
 * @example
 * const store = await openEmbeddedStore('./.verifield');
 * console.log((await store.accounts.list()).length);
 * await store.close();
 */
export async function openEmbeddedStore(dataDir?: string, options: SqlStoreOptions = {}): Promise<Store> {
  const sql = await openPglite(dataDir);
  const journal = (client: SqlClient) => openUsageJournal(client, { ...options.meter, dir: journalDir(resolve(dataDir as string)) });
  const usage = options.usage ?? (dataDir === undefined ? undefined : journal);
  try {
    return await createSqlStore(sql, usage === undefined ? options : { ...options, usage });
  } catch (error) {
    await sql.close();
    throw error;
  }
}
