/**
 * The one call every SQL statement of the store goes through, apart from the client that owns the
 * connection (./client.ts): what the meter's statements (./meter-batch.ts) need of a transaction.
 */

/** What a statement returns: its rows, and how many rows it changed (or returned). */
export interface SqlResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted by a write; rows returned by a read. */
  rowCount: number;
}

/** Runs statements with `$1…` parameters: a client, or the transaction it opened. */
export interface SqlQuery {
  /** Runs one statement with `$1…` parameters. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<T>>;
}
