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
import { renderMigration, renderSchema, type MigrationStep } from '../../../src/server/storage/sql/ddl.js';
import { column, optional, type TableDeclaration } from '../../../src/server/storage/sql/tables/declare.js';
import { DECLARED_TABLES } from '../../../src/server/storage/sql/tables/index.js';
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

// A migration written once, as a later release would add it: a table, a column of an existing
// table, an index, each taken from the declaration that gains them.
const NOTES: TableDeclaration = {
  name: 'account_notes',
  columns: [
    column('id', 'identity'),
    column('account_id', 'text', { references: { table: 'accounts', column: 'id' } }),
    column('body', 'sealed'),
    column('pinned', 'boolean', { default: false }),
    column('created_at', 'time'),
  ],
  indexes: [{ name: 'account_notes_account', columns: ['account_id', 'created_at'], where: "body <> ''" }],
};
const TIMEZONE = optional('timezone', 'text', { check: "timezone <> ''" });
const BY_PLAN = { name: 'accounts_plan', columns: ['plan'] };
const LATER: readonly MigrationStep[] = [
  { addTable: NOTES },
  { addColumn: { table: 'accounts', column: TIMEZONE } },
  { addIndex: { table: 'accounts', index: BY_PLAN } },
];
const GAINED: readonly TableDeclaration[] = DECLARED_TABLES.map((table) =>
  table.name === 'accounts' ? { ...table, columns: [...table.columns, TIMEZONE], indexes: [BY_PLAN] } : table,
).concat(NOTES);

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

    it('creates a new store from a declaration that gained a table, a column and an index as the later migration adding them does', async () => {
      const [upgraded, created] = await Promise.all([openEmpty(), openEmpty()]);
      try {
        const d = upgraded.dialect;
        const migrations = [...d.migrations, renderMigration(d.ddl, LATER)];
        await migrate(withDialect(upgraded, { migrations, fresh: null }));
        await migrate(withDialect(created, { migrations, fresh: { version: migrations.length, script: renderSchema(d.ddl, GAINED) } }));
        const shape = await schemaShape(created);
        expect(shape).toEqual(await schemaShape(upgraded));
        expect(JSON.stringify(shape)).toContain('account_notes_account');
        expect(JSON.stringify(shape)).toContain('timezone');
      } finally {
        await Promise.all([upgraded.close(), created.close()]);
      }
    }, 60_000);

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
