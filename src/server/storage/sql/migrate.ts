/**
 * Brings a database to the schema of its dialect: a new store (version 0) is created from the
 * declared schema in one transaction and recorded at every version it stands for (./schema.ts);
 * an existing one has the migrations it lacks applied in order. Each is recorded in
 * `schema_migrations` in its own write transaction (under an advisory lock on PostgreSQL), so
 * instances and processes starting together apply each one once.
 */
import type { SqlClient } from './client.js';

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY
)`;

/** The schema version this code reads and writes on `sql`'s engine. */
export const schemaVersion = (sql: SqlClient): number => sql.dialect.migrations.length;

async function appliedVersion(sql: SqlClient): Promise<number> {
  const lock = sql.dialect.migrationLock;
  return sql.transaction(async (tx) => {
    if (lock !== null) await tx.query(lock);
    await tx.exec(CREATE_MIGRATIONS_TABLE);
    const { rows } = await tx.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    return rows[0]?.version ?? 0;
  });
}

/** Creates the declared schema on a store still at version 0; false when another process was first. */
async function createDeclared(sql: SqlClient, script: string, version: number): Promise<boolean> {
  const lock = sql.dialect.migrationLock;
  return sql.transaction(async (tx) => {
    if (lock !== null) await tx.query(lock);
    const { rows } = await tx.query('SELECT 1 FROM schema_migrations LIMIT 1');
    if (rows.length > 0) return false;
    await tx.exec(script);
    for (let v = 1; v <= version; v++) await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v]);
    return true;
  });
}

/**
 * Brings the database to {@link schemaVersion}; resolves with the versions applied now (none when
 * it was up to date). Rejects when the database was migrated by a newer verifield.
 */
export async function migrate(sql: SqlClient): Promise<number[]> {
  const { migrations, migrationLock, fresh } = sql.dialect;
  const current = await appliedVersion(sql);
  const declared = current === 0 && fresh !== null && fresh.version === migrations.length;
  if (declared && (await createDeclared(sql, fresh.script, fresh.version))) {
    return Array.from({ length: fresh.version }, (_, i) => i + 1);
  }
  if (current > migrations.length) {
    throw new Error(
      `The store's schema is at version ${current}, newer than this verifield understands (${migrations.length}): upgrade verifield`,
    );
  }
  const applied: number[] = [];
  for (let version = current + 1; version <= migrations.length; version++) {
    const script = migrations[version - 1] as string;
    const ran = await sql.transaction(async (tx) => {
      if (migrationLock !== null) await tx.query(migrationLock);
      // Another instance may have applied it while this one waited for the lock.
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (rows.length > 0) return false;
      await tx.exec(script);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (ran) applied.push(version);
  }
  return applied;
}
