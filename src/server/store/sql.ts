/**
 * The SQL layer the store is written against: three members that PGlite (embedded, this release)
 * and node-postgres `pg` (scale-out, issue 9) can both provide. Statements use only what
 * PostgreSQL 15 and PGlite (PostgreSQL 18) share; values travel as parameters, times as ISO
 * strings cast to timestamptz, documents as JSON strings cast to jsonb, so that both drivers send
 * them the same way. The PGlite implementation is in ./pglite.ts.
 */

/** A connection (or pool) to PostgreSQL or PGlite. */
export interface SqlClient {
  /** Runs one statement with `$1…` parameters. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements without parameters (a migration script). */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it rejects. `tx`
   * must be used for every statement inside (not the outer client); a nested `tx.transaction`
   * joins the open transaction.
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
// rolled back and running it again is safe. PGlite (one connection) never raises them; PostgreSQL
// with several instances can.
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01']);

/** Whether `error` is a rolled-back transaction that may succeed when run again. */
export function isTransientSqlError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && TRANSIENT_SQLSTATES.has(code);
}
