/**
 * The store's SQL client on PostgreSQL (scale-out, docs/architecture.md#scale-out): a
 * node-postgres `pg.Pool`, imported on first use so that neither the library nor an
 * embedded-store service loads it.
 *
 * A database that is down or unreachable must make calls fail, never hang and never crash the
 * process: connecting gives up after `connectTimeoutMs`, a statement after `statementTimeoutMs`
 * (enforced by the server, and by the client a little later for a connection that went silent),
 * a transaction left idle by a stuck caller is ended by the server, and errors of idle pooled
 * connections (the server restarting) are logged, the connection dropped and a new one made on
 * the next call. Once the database is back, calls succeed again without a restart.
 */
import type { Pool as PgPool, PoolClient } from 'pg';
import { loadOptionalPeer } from '../optional-peer.js';
import { StoreClosedError, type SqlClient } from '../sql/client.js';
import { postgresDialect } from './dialect.js';

/** Options of {@link openPostgres}. */
export interface PostgresOptions {
  /** Most connections this process opens. Default 10. */
  maxConnections?: number;
  /** Milliseconds to wait for a connection (new or from the pool). Default 5000. */
  connectTimeoutMs?: number;
  /** Milliseconds one statement may run. Default 15000. */
  statementTimeoutMs?: number;
  /** Where connection errors are reported. Default: nowhere. */
  log?: (line: string) => void;
}

const DEFAULT_MAX_CONNECTIONS = 10;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** The client-side timeout waits this much longer than the server's, which answers with a clean error. */
const CLIENT_TIMEOUT_MARGIN_MS = 2_000;
/** A transaction idle this long (its caller stuck) is ended by the server, releasing its locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;

function poolClientSql(client: PoolClient): SqlClient {
  const sql: SqlClient = {
    dialect: postgresDialect,
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await client.query(text, params === undefined ? undefined : [...params]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(script) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await client.query(script);
    },
    transaction: (fn) => fn(sql),
    async close() {
      throw new Error('close() called inside a transaction');
    },
  };
  return sql;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens a pool on the PostgreSQL at `url` (`postgres://user:password@host:port/database`) and
 * checks that it answers. Statements are sent with parameters; types come back as the store
 * expects (timestamptz as Date, jsonb parsed, `date` columns are read with to_char).
 * @example
 * ```ts
 * // not run: needs a PostgreSQL server (DATABASE_URL)
 * const sql = await openPostgres('postgres://verifield:secret@127.0.0.1:5432/verifield');
 * const { rows } = await sql.query<{ one: number }>('SELECT 1 AS one');
 * await sql.close();
 * ```
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<SqlClient> {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const log = options.log ?? (() => undefined);
  // Loaded here only: library users and the embedded store never need node-postgres.
  const { Pool } = await loadOptionalPeer('pg', 'PostgreSQL store (--database-url)', () => import('pg'));
  const pool: PgPool = new Pool({
    connectionString: url,
    max: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + CLIENT_TIMEOUT_MARGIN_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'verifield',
  });
  // An idle connection that breaks (server restart, network) is reported here; unheard, the
  // 'error' event would end the process. The pool drops it and connects anew when needed.
  pool.on('error', (error) => log(JSON.stringify({ level: 'warn', msg: 'PostgreSQL connection lost', error: describe(error) })));

  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  let closing: Promise<void> | null = null;
  const open = (): void => {
    if (closing !== null) throw new StoreClosedError();
  };
  return {
    dialect: postgresDialect,
    async query<T>(text: string, params?: readonly unknown[]) {
      open();
      const result = await pool.query(text, params === undefined ? undefined : [...params]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(script) {
      open();
      await pool.query(script);
    },
    async transaction(fn) {
      open();
      const client = await pool.connect();
      // A checked-out connection has no pool listener: its errors surface through the query
      // that fails, and must not also be thrown as an unheard 'error' event.
      let lost: Error | undefined;
      const onError = (error: Error): void => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(poolClientSql(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // Failing to roll back means the connection is broken: it is destroyed, not pooled.
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          lost ??= rollbackError instanceof Error ? rollbackError : new Error(describe(rollbackError));
        });
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost ?? false);
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
