/**
 * The declared schema (src/server/storage/sql/tables/) against the released migrations, as one
 * suite run on each engine: a new store created from the declaration has the same schema as a
 * store brought from version 0 through every migration, so that the declaration cannot drift from
 * history; and a key's scopes may name a field the first schemas did not know. SQLite in
 * test/server/storage/sqlite/declared-schema.test.ts, PostgreSQL in
 * test/server/storage/postgres/declared-schema.scale.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/server/admin/api-keys.js';
import { migrate, schemaVersion, type SqlClient } from '../../../src/server/storage/index.js';
import { withDialect } from './dashboard-contract.js';
import { schemaShape } from './schema-shape.js';

/** Writes an account and a key whose scopes are `scopes`, as any code would; resolves with the scopes read back. */
async function keyWithScopes(sql: SqlClient, scopes: readonly string[]): Promise<string[]> {
  const d = sql.dialect;
  const accountId = randomUUID();
  const keyId = randomUUID();
  const now = d.time(new Date());
  await sql.query(
    `INSERT INTO accounts (id, name, plan, subscription_start, vat_number, created_at) VALUES ($1, 'scopes', 'PRO', ${d.param(2, 'day')}, NULL, ${d.param(3, 'time')})`,
    [accountId, '2026-01-15', now],
  );
  const { hash, displayPrefix } = generateApiKey();
  await sql.query(
    `INSERT INTO api_keys (id, account_id, name, display_prefix, hash, scopes, expires_at, revoked_at, created_at)
      VALUES ($1, $2, 'k', $3, $4, ${d.param(5, 'scopes')}, NULL, NULL, ${d.param(6, 'time')})`,
    [keyId, accountId, displayPrefix, hash, d.scopes(scopes), now],
  );
  const { rows } = await sql.query<{ scopes: unknown }>('SELECT scopes FROM api_keys WHERE id = $1', [keyId]);
  return d.readScopes(rows[0]?.scopes);
}

/** Runs the suite on clients `openEmpty` makes, each on a new, empty database (closed after the suite). */
export function describeDeclaredSchema(engine: string, openEmpty: () => Promise<SqlClient>): void {
  describe(`the declared schema on ${engine}`, () => {
    let migrated: SqlClient;
    let declared: SqlClient;
    const every = (sql: SqlClient): number[] => Array.from({ length: schemaVersion(sql) }, (_, i) => i + 1);

    beforeAll(async () => {
      [migrated, declared] = await Promise.all([openEmpty(), openEmpty()]);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([migrated?.close(), declared?.close()]);
    });

    it('creates a new store with the schema every released migration leads to, recorded at each version', async () => {
      expect(await migrate(withDialect(migrated, { fresh: null }))).toEqual(every(migrated));
      expect(await migrate(declared)).toEqual(every(declared));
      expect(await schemaShape(declared)).toEqual(await schemaShape(migrated));
      for (const sql of [migrated, declared]) {
        const versions = await sql.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(versions.rows.map((row) => row.version)).toEqual(every(sql));
        const keys = await sql.query<{ id: number; version: number | string }>('SELECT id, version FROM keys_version');
        expect(keys.rows.map((row) => [Number(row.id), Number(row.version)])).toEqual([[1, 0]]);
        expect(await migrate(sql)).toEqual([]);
      }
    });

    // The seven fields of the first schemas: a field added later (`bic`) must fit in a key's scope
    // with no migration, on a store created either way.
    it("keeps a key scope naming a field that is not among the first seven, with or without 'all fields'", async () => {
      for (const sql of [migrated, declared]) {
        expect(await keyWithScopes(sql, ['bic'])).toEqual(['bic']);
        expect(await keyWithScopes(sql, ['*', 'iban', 'bic'])).toEqual(['*', 'iban', 'bic']);
      }
    });
  });
}
