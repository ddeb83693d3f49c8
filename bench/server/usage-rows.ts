/**
 * The data directory the load filled: its usage rows and the size of its database file (with the
 * WAL, if a process still holds one), read through the store's own SQLite client; and the time
 * the store takes to open on it.
 */
import { existsSync, statSync } from 'node:fs';
import { databaseFile, openEmbeddedStore, openSqlite } from '../../src/server/storage/index.js';

export interface StoredUsage {
  /** Rows of the usage log (one per counted request, kept for the retention window). */
  rows: number;
  /** Bytes of the database file and its WAL, before this reader opened it. */
  bytes: number;
}

/** Counts the usage rows of the data directory `dataDir` and measures its database. */
export async function storedUsage(dataDir: string): Promise<StoredUsage> {
  const file = databaseFile(dataDir);
  const bytes = [file, `${file}-wal`].reduce((sum, path) => sum + (existsSync(path) ? statSync(path).size : 0), 0);
  const sql = await openSqlite(file);
  try {
    const { rows } = await sql.query<{ n: number }>('SELECT count(*) AS n FROM usage_log');
    return { rows: Number(rows[0]?.n ?? 0), bytes };
  } finally {
    await sql.close();
  }
}

/**
 * Milliseconds to open and close the embedded store on `dataDir`, `times` times, in this process
 * (its code already loaded): the store's own share of a cold start, apart from loading modules.
 */
export async function storeOpenMs(dataDir: string, times: number): Promise<number[]> {
  const timings: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    const store = await openEmbeddedStore(dataDir);
    timings.push(performance.now() - started);
    await store.close();
  }
  return timings;
}
