/**
 * The SQL layer the store is written against: a few members that better-sqlite3 (the embedded
 * store, ../sqlite/client.ts) and node-postgres (../postgres/client.ts) both provide. Statements
 * are written once with `$1…` parameters; what the two engines spell differently (casts, types,
 * the meter's batch statements) comes from the client's {@link Dialect}.
 */
import type { Dialect } from './dialect.js';
import type { SqlQuery } from './query.js';

export type { SqlResult } from './query.js';

/** A connection (or pool) to SQLite or PostgreSQL. */
export interface SqlClient extends SqlQuery {
  /** How this engine spells what the engines do not share. */
  readonly dialect: Dialect;
  /** Runs several statements without parameters (a migration script). */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` in one write transaction: committed when it resolves, rolled back when it rejects.
   * `tx` must be used for every statement inside (not the outer client); a nested
   * `tx.transaction` joins the open transaction.
   */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Closes the connection; every later call rejects with {@link StoreClosedError}. */
  close(): Promise<void>;
}

/** Thrown by every store or SQL call made after `close()`. */
export class StoreClosedError extends Error {
  /** Always `StoreClosedError`. */
  override readonly name = 'StoreClosedError';
  constructor() {
    super('The store is closed');
  }
}

// SQLSTATE 40001 serialization_failure, 40P01 deadlock_detected: the whole transaction was
// rolled back and running it again is safe. Only PostgreSQL with several instances raises them;
// SQLite's write transactions take the store's write lock first and never deadlock.
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01']);

/** Whether `error` is a rolled-back transaction that may succeed when run again. */
export function isTransientSqlError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && TRANSIENT_SQLSTATES.has(code);
}
