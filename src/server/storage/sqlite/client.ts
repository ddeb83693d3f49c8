/**
 * The embedded store's SQL client: SQLite through better-sqlite3 (an optional peer dependency,
 * loaded on first use), in memory or in one database file.
 *
 * Several processes share the file (`serve` and the admin commands, or two `serve`): the file is
 * in WAL mode, so readers never wait for the writer, and every write transaction starts with
 * BEGIN IMMEDIATE, taking SQLite's write lock before it reads anything, so a transaction that
 * reads a counter and writes it back is atomic across processes. A statement that finds the lock
 * taken is tried again, without blocking the thread, for up to the busy timeout, then fails:
 * nothing is counted that was not committed (./turns.ts).
 *
 * better-sqlite3 runs each statement synchronously on the calling thread. A transaction runs
 * through `transaction()` only: while it is open, statements of other callers of this client
 * wait for it to end, so nothing joins a transaction that is not its own. WAL checkpoints run on
 * a worker thread once the WAL grows (./checkpointer.ts).
 *
 * Durability is set by `synchronous` (docs/service.md#metering): NORMAL (the default here) makes
 * a commit survive the death of the process, SIGKILL included, since the WAL is written before
 * COMMIT returns; FULL also survives a power loss, for an fsync of the WAL at every commit.
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { loadOptionalPeer } from '../optional-peer.js';
import { StoreClosedError, type SqlClient, type SqlResult } from '../sql/client.js';
import { createTurns } from './turns.js';
import type { StoreFile } from '../types.js';
import { checkpointInBackground, type Checkpoints } from './checkpointer.js';
import { sqliteDialect } from './dialect.js';
import { keepPrivate, makePrivateDir, makePrivateFile } from '../private-files.js';

/** SQLite's `synchronous` setting: NORMAL survives a crash of the process, FULL a power loss too. */
export type SqliteSynchronous = 'NORMAL' | 'FULL';

/** Options of {@link openSqlite}. */
export interface SqliteOptions {
  /** Durability of a commit. Default NORMAL (see the module comment). */
  synchronous?: SqliteSynchronous;
  /** Milliseconds a statement waits for another process's write lock before it fails. Default 5000. */
  busyTimeoutMs?: number;
}

/** The SQL client of the embedded store, and the file it opened. */
export interface SqliteClient extends SqlClient {
  /** The database file with its device and inode as opened; null in memory. */
  readonly file: StoreFile | null;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
/** Prepared statements kept; the store uses a few dozen, this only bounds callers' own SQL. */
const MAX_STATEMENTS = 500;

interface Prepared {
  statement: BetterSqlite3.Statement;
  /** For each `?` in order, the index of the `$n` parameter it stands for. */
  order: number[];
  reader: boolean;
}

/** A value as better-sqlite3 binds it: booleans become 0/1 (SQLite has no boolean type). */
function bindable(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  return value === undefined ? null : value;
}

/**
 * Opens SQLite: in memory without `path`, else the database file at `path`, its owner's alone
 * (../private-files.ts: the directory 0700 when created here, the file 0600 before SQLite opens it,
 * so that SQLite gives its WAL and shared-memory files the same mode). `secure_delete` is on:
 * a deleted row's bytes are overwritten with zeros, not left in a free page of the file.
 * @example
 * const sql = await openSqlite('./.verifield/verifield.db');
 * const { rows } = await sql.query<{ one: number }>('SELECT 1 AS one');
 * await sql.close();
 */
export async function openSqlite(path?: string, options: SqliteOptions = {}): Promise<SqliteClient> {
  const Database = (await loadOptionalPeer('better-sqlite3', 'embedded store', () => import('better-sqlite3'))).default;
  const file = path === undefined ? null : resolve(path);
  if (file !== null) {
    makePrivateDir(dirname(file));
    makePrivateFile(file);
    // Left by an older version or another umask: SQLite keeps an existing file's mode.
    for (const suffix of ['-wal', '-shm']) keepPrivate(`${file}${suffix}`);
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const synchronous = options.synchronous === 'FULL' ? 'FULL' : 'NORMAL';
  // No waiting inside SQLite, which would block the thread: ./turns.ts waits instead.
  const db = new Database(file ?? ':memory:', { timeout: 0 });
  let opened: StoreFile | null = null;
  let checkpoints: Checkpoints | null = null;
  try {
    if (file !== null) {
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${synchronous}`);
      const { dev, ino } = statSync(file);
      opened = { path: file, dev, ino };
      checkpoints = checkpointInBackground(db, opened, synchronous, busyTimeoutMs);
    }
    db.pragma('foreign_keys = ON');
    // Before the migrations: the pages of rows they drop are zeroed too (docs/service.md#data-at-rest).
    db.pragma('secure_delete = ON');
  } catch (error) {
    db.close();
    throw error;
  }

  const statements = new Map<string, Prepared>();
  function prepare(text: string): Prepared {
    let prepared = statements.get(text);
    if (prepared === undefined) {
      const order: number[] = [];
      const statement = db.prepare(
        text.replace(/\$(\d+)/g, (_, n: string) => {
          order.push(Number(n) - 1);
          return '?';
        }),
      );
      prepared = { statement, order, reader: statement.reader };
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statements.set(text, prepared);
    }
    return prepared;
  }
  function run<T>(text: string, params: readonly unknown[] | undefined): SqlResult<T> {
    const { statement, order, reader } = prepare(text);
    const args = new Array<unknown>(order.length);
    for (let i = 0; i < order.length; i++) args[i] = bindable(params?.[order[i] as number]);
    if (reader) {
      const rows = statement.all(...args) as T[];
      return { rows, rowCount: rows.length };
    }
    return { rows: [], rowCount: statement.run(...args).changes };
  }

  const turns = createTurns(busyTimeoutMs, () => checkpoints?.giveWay() ?? false);

  const txClient: SqlClient = {
    dialect: sqliteDialect,
    async query<T>(text: string, params?: readonly unknown[]) {
      return run<T>(text, params);
    },
    async exec(script) {
      db.exec(script);
    },
    transaction: (fn) => fn(txClient),
    async close() {
      throw new Error('close() called inside a transaction');
    },
  };

  return {
    dialect: sqliteDialect,
    file: opened,
    query<T>(text: string, params?: readonly unknown[]) {
      return turns.whenIdle(() => run<T>(text, params));
    },
    async exec(script) {
      await turns.whenIdle(() => db.exec(script));
    },
    async transaction(fn) {
      await turns.begin(() => db.exec('BEGIN IMMEDIATE'));
      try {
        const result = await fn(txClient);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        // SQLite ends some failed transactions itself (a full disk, an I/O error).
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      } finally {
        turns.end();
      }
    },
    async close() {
      try {
        await turns.close();
      } catch (error) {
        if (error instanceof StoreClosedError) return;
        throw error;
      }
      // The worker's connection first: the last connection to close checkpoints and removes the WAL.
      await checkpoints?.stop();
      db.close();
    },
  };
}
