/**
 * The service's store: the SQL layer, the PGlite client and the `Store` built on them. Node-only,
 * and loaded by the server when it starts (PGlite is imported lazily even then).
 */
import { openPglite } from './pglite.js';
import { createSqlStore, type SqlStoreOptions } from './sql-store.js';
import type { Store } from './types.js';

export { openPglite } from './pglite.js';
export { createSqlStore, type SqlStoreOptions } from './sql-store.js';
export { StoreClosedError, isTransientSqlError, type SqlClient } from './sql.js';
export { DataDirInUseError } from './data-dir-lock.js';
export { MIGRATIONS, SCHEMA_VERSION, migrate } from './schema.js';
export type { MeterOptions } from './meter.js';
export * from './types.js';

/**
 * The embedded store: PGlite in `dataDir` (in memory without it), migrated, as a `Store`.
 * Rejects with DataDirInUseError while another process has the directory open.
 * @example
 * const store = await openEmbeddedStore('./.verifield');
 * console.log((await store.accounts.list()).length);
 * await store.close();
 */
export async function openEmbeddedStore(dataDir?: string, options: SqlStoreOptions = {}): Promise<Store> {
  const sql = await openPglite(dataDir);
  try {
    return await createSqlStore(sql, options);
  } catch (error) {
    await sql.close();
    throw error;
  }
}
