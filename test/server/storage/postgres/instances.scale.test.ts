/**
 * The PostgreSQL pieces on a real PostgreSQL 15: the pooled SQL client (transactions, timeouts,
 * connections the server cuts), migrations run by several instances at once, and the lease
 * limiter with several pools (as several instances) racing for the same slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlLimiter } from '../../../../src/server/storage/postgres/limiter.js';
import type { LeaseOutcome } from '../../../../src/server/storage/limiter.js';
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { migrate } from '../../../../src/server/storage/sql/migrate.js';
import { postgresDialect } from '../../../../src/server/storage/postgres/dialect.js';

// Every migration the engine applies: its released ones and those written once for both engines.
const SCHEMA_VERSION = postgresDialect.migrations.length;
import { StoreClosedError, type SqlClient } from '../../../../src/server/storage/sql/client.js';
import { dropDatabase, freshDatabase, scaleServers } from '../../../support/scale/cluster.js';

let databaseUrl: string;
const opened: SqlClient[] = [];

async function open(options: Parameters<typeof openPostgres>[1] = {}): Promise<SqlClient> {
  const sql = await openPostgres(databaseUrl, options);
  opened.push(sql);
  return sql;
}

beforeAll(async () => {
  databaseUrl = await freshDatabase('client');
});

afterAll(async () => {
  await Promise.all(opened.map((sql) => sql.close().catch(() => undefined)));
  if (databaseUrl) await dropDatabase(databaseUrl);
});

describe('migrations', () => {
  it('five instances migrating one empty database at once apply each version once', async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => open({ maxConnections: 2 })));
    const applied = await Promise.all(clients.map((sql) => migrate(sql)));
    expect(applied.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
    const { rows } = await (clients[0] as SqlClient).query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
  });
});

describe('the pooled SQL client', () => {
  let sql: SqlClient;
  const logs: string[] = [];

  beforeAll(async () => {
    sql = await open({ statementTimeoutMs: 500, log: (line) => logs.push(line) });
    await sql.exec('CREATE TABLE IF NOT EXISTS client_test (id integer PRIMARY KEY, note text); CREATE INDEX IF NOT EXISTS client_test_note ON client_test (note)');
  });

  it('runs statements with parameters, and transactions that commit or roll back as a whole', async () => {
    await sql.transaction(async (tx) => {
      await tx.query('INSERT INTO client_test (id, note) VALUES ($1, $2)', [1, 'kept']);
      // A nested transaction joins the open one.
      await tx.transaction((inner) => inner.query('INSERT INTO client_test (id, note) VALUES ($1, $2)', [2, 'kept too']));
    });
    await expect(
      sql.transaction(async (tx) => {
        await tx.query('INSERT INTO client_test (id, note) VALUES ($1, $2)', [3, 'rolled back']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await sql.query<{ id: number }>('SELECT id FROM client_test ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('a statement running past the timeout is cancelled with an error, and the pool goes on', async () => {
    await expect(sql.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    expect((await sql.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('connections the server cuts (idle or inside a transaction) fail their own work only', async () => {
    const admin = await openPostgres(scaleServers().databaseUrl);
    try {
      // Idle pooled connections: killed behind the client's back.
      await Promise.all([sql.query('SELECT 1'), sql.query('SELECT 1'), sql.query('SELECT 1')]);
      const lostBefore = logs.filter((line) => line.includes('PostgreSQL connection lost')).length;
      const killed = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'verifield' AND datname = $1 AND state = 'idle'", [
        new URL(databaseUrl).pathname.slice(1),
      ]);
      // The pool learns of each killed idle connection from its 'error' event; until it has, a query
      // may still be handed a dead connection and fail, which is that query's own failure. Wait for
      // the pool to have heard of every one before asking that the next queries succeed.
      const deadline = Date.now() + 5_000;
      while (logs.filter((line) => line.includes('PostgreSQL connection lost')).length < lostBefore + killed.rows.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // A connection killed inside a transaction.
      await expect(
        sql.transaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
          await tx.query('SELECT 1');
        }),
      ).rejects.toThrow();
      // The process is alive (an unheard 'error' event would have ended it) and the pool reconnects.
      for (let i = 0; i < 5; i++) expect((await sql.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(logs.some((line) => line.includes('PostgreSQL connection lost'))).toBe(true);
    } finally {
      await admin.close();
    }
  });

  it('after close every call rejects with StoreClosedError', async () => {
    const closing = await open();
    await closing.close();
    await expect(closing.query('SELECT 1')).rejects.toBeInstanceOf(StoreClosedError);
    await expect(closing.transaction(async () => 1)).rejects.toBeInstanceOf(StoreClosedError);
  });
});

describe('the lease limiter with several instances', () => {
  const grants = (outcomes: readonly LeaseOutcome[]): number => outcomes.filter((outcome) => outcome.ok).length;

  it('of 60 concurrent requests from three instances, exactly the account maximum get a lease', async () => {
    const limiters = await Promise.all([1, 2, 3].map(async () => createSqlLimiter(await open(), { sharedPoolSize: 100 })));
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (limiters[i % 3] as ReturnType<typeof createSqlLimiter>).acquire({ accountId: 'race', limit: 5, shared: true })),
    );
    expect(grants(outcomes)).toBe(5);
    await Promise.all(outcomes.map((outcome) => (outcome.ok ? outcome.lease.release() : undefined)));
  });

  it('of many accounts racing for a pool of 4 across three instances, exactly 4 get a lease', async () => {
    const limiters = await Promise.all([1, 2, 3].map(async () => createSqlLimiter(await open(), { sharedPoolSize: 4 })));
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (limiters[i % 3] as ReturnType<typeof createSqlLimiter>).acquire({ accountId: `pool-${i % 12}`, limit: 3, shared: true }),
      ),
    );
    expect(grants(outcomes)).toBe(4);
    await Promise.all(outcomes.map((outcome) => (outcome.ok ? outcome.lease.release() : undefined)));
  });
});
