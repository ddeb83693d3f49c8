/**
 * The embedded store: SQLite in one database file of the data directory
 * (docs/architecture.md#embedded-store), or in memory for tests.
 */
import { join, resolve } from 'node:path';
import { createSqlStore, type SqlStoreOptions } from '../sql/store.js';
import type { Store } from '../types.js';
import { openSqlite, type SqliteOptions } from './client.js';

/** The database file's name in the data directory (SQLite keeps its WAL beside it). */
export const DATABASE_FILE = 'verifield.db';

/** Options of {@link openEmbeddedStore}. */
export interface EmbeddedStoreOptions extends SqlStoreOptions, SqliteOptions {}

/** The database file of the data directory `dataDir`. */
export const databaseFile = (dataDir: string): string => join(resolve(dataDir), DATABASE_FILE);

/**
 * The embedded store: SQLite in `<dataDir>/verifield.db` (directory and file created if missing;
 * in memory without `dataDir`), migrated, as a `Store`. Other processes may open the same
 * directory at the same time.
 * @example
 * const store = await openEmbeddedStore('./.verifield');
 * console.log((await store.accounts.list()).length);
 * await store.close();
 */
export async function openEmbeddedStore(dataDir?: string, options: EmbeddedStoreOptions = {}): Promise<Store> {
  const sql = await openSqlite(dataDir === undefined ? undefined : databaseFile(dataDir), options);
  try {
    return await createSqlStore(sql, options);
  } catch (error) {
    await sql.close();
    throw error;
  }
}
