/**
 * The embedded store's SQL client: PGlite (PostgreSQL compiled to WebAssembly), in memory or in a
 * data directory. PGlite is loaded on first use only, so nothing of its megabytes is read unless
 * the service starts.
 *
 * Durability, as found in PGlite 0.5.16: a commit's WAL is written to the data directory with
 * synchronous `fs.writeSync` calls before `query`/`transaction` resolves, and `relaxedDurability`
 * (which would let the write-back run after the promise resolves) is off here. A committed
 * transaction therefore survives the death of the process (SIGKILL included; tested). PGlite runs
 * PostgreSQL with fsync off (`-F`) and its Node file system has no fsync at all, so a commit is in
 * the operating system's cache, not necessarily on the disk: an OS crash or power loss can lose
 * the last seconds and may leave the directory needing a restore. Deployments that need more use
 * PostgreSQL.
 */
import { resolve } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { loadOptionalPeer } from '../optional-peer.js';
import { lockDataDir } from './data-dir-lock.js';
import { StoreClosedError, type SqlClient } from './sql.js';

function transactionClient(tx: Transaction): SqlClient {
  const client: SqlClient = {
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await tx.query<T>(text, params === undefined ? undefined : [...params]);
      return { rows: result.rows };
    },
    async exec(script) {
      await tx.exec(script);
    },
    transaction: (fn) => fn(client),
    async close() {
      throw new Error('close() called inside a transaction');
    },
  };
  return client;
}

/**
 * Opens PGlite: in memory without `dataDir`, else in that directory (created if missing, locked
 * against a second process, see data-dir-lock.ts). The first open of a new directory runs initdb
 * (about 3 s); reopening an existing one takes well under a second.
 * @example
 * const sql = await openPglite('./.verifield');
 * const { rows } = await sql.query<{ one: number }>('SELECT 1 AS one');
 * await sql.close();
 */
export async function openPglite(dataDir?: string): Promise<SqlClient> {
  const directory = dataDir === undefined ? undefined : resolve(dataDir);
  const release = directory === undefined ? () => undefined : lockDataDir(directory);
  let db: PGlite;
  try {
    const pglite = await loadOptionalPeer('@electric-sql/pglite', 'embedded store', () => import('@electric-sql/pglite'));
    db = await pglite.PGlite.create({ ...(directory === undefined ? {} : { dataDir: directory }), relaxedDurability: false });
  } catch (error) {
    release();
    throw error;
  }

  let closing: Promise<void> | null = null;
  const open = (): void => {
    if (closing !== null) throw new StoreClosedError();
  };
  return {
    async query<T>(text: string, params?: readonly unknown[]) {
      open();
      const result = await db.query<T>(text, params === undefined ? undefined : [...params]);
      return { rows: result.rows };
    },
    async exec(script) {
      open();
      await db.exec(script);
    },
    async transaction(fn) {
      open();
      return db.transaction((tx) => fn(transactionClient(tx)));
    },
    close() {
      // PGlite finishes the statements already queued before it closes.
      closing ??= db.close().finally(release);
      return closing;
    },
  };
}
