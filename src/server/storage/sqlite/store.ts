/**
 * The embedded store: SQLite in one database file of the data directory
 * (docs/architecture.md#embedded-store), or in memory for tests.
 */
import { join, resolve } from 'node:path';
import { createSqlStore, type SqlStoreOptions } from '../sql/store.js';
import type { Store } from '../types.js';
import { openSqlite, type SqliteOptions } from './client.js';
import { createSealer, loadDataKey } from '../sealing.js';

/** The database file's name in the data directory (SQLite keeps its WAL beside it). */
export const DATABASE_FILE = 'verifield.db';

/** Options of {@link openEmbeddedStore}. */
export interface EmbeddedStoreOptions extends SqlStoreOptions, SqliteOptions {}

/** The database file of the data directory `dataDir`. */
export const databaseFile = (dataDir: string): string => join(resolve(dataDir), DATABASE_FILE);

/**
 * The embedded store: SQLite in `<dataDir>/verifield.db` (directory and file created if missing;
 * in memory without `dataDir`), migrated, as a `Store`. Values at rest are sealed with
 * `options.sealer`, else under `<dataDir>/data.key` (../sealing.ts). Other processes may open the same
 * directory at the same time.
 * @example
 * const store = await openEmbeddedStore('./.verifield');
 * console.log((await store.accounts.list()).length);
 * await store.close();
 */
export async function openEmbeddedStore(dataDir?: string, options: EmbeddedStoreOptions = {}): Promise<Store> {
  // A data directory keeps its own key beside the database unless one is given; a store in memory
  // seals under a random key, as nothing of it outlives the process.
  const key = options.sealer === undefined && dataDir !== undefined ? loadDataKey({ dataDir }) : null;
  const sealer = options.sealer ?? (key === null ? undefined : createSealer(key));
  const sql = await openSqlite(dataDir === undefined ? undefined : databaseFile(dataDir), options);
  try {
    return await createSqlStore(sql, sealer === undefined ? options : { ...options, sealer });
  } catch (error) {
    await sql.close();
    throw error;
  }
}
