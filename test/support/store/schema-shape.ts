/**
 * What a SQL store's schema is made of, read from the engine's catalog: on SQLite sqlite_master and
 * the table pragmas, on PostgreSQL information_schema, pg_constraint, pg_indexes and pg_proc. Two
 * stores with equal shapes have the same tables, columns, keys, checks, indexes and functions.
 */
import type { SqlClient } from '../../../src/server/storage/index.js';

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The conditions of the CHECK constraints written in `createTable`, in order of appearance. */
function checksOf(createTable: string): string[] {
  const found: string[] = [];
  const start = /CHECK\s*\(/gi;
  for (let match = start.exec(createTable); match !== null; match = start.exec(createTable)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; depth > 0; end++) {
      if (createTable[end] === '(') depth++;
      else if (createTable[end] === ')') depth--;
    }
    found.push(squeeze(createTable.slice(match.index + match[0].length, end - 1)));
  }
  return found.sort();
}

async function rows(sql: SqlClient, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  return (await sql.query<Record<string, unknown>>(text, params)).rows;
}

async function sqliteShape(sql: SqlClient): Promise<Record<string, unknown>> {
  const objects = await sql.query<{ type: string; name: string; sql: string | null }>(
    "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
  );
  const shape: Record<string, unknown> = {};
  for (const object of objects.rows) {
    if (object.type === 'index') {
      shape[`index ${object.name}`] = squeeze(object.sql ?? '');
      continue;
    }
    const indexes = await rows(sql, 'SELECT name, "unique", origin, partial FROM pragma_index_list($1) ORDER BY name', [object.name]);
    for (const index of indexes) index.columns = (await rows(sql, 'SELECT seqno, name FROM pragma_index_info($1)', [index.name])).map((c) => c.name);
    shape[`${object.type} ${object.name}`] = {
      options: await rows(sql, 'SELECT strict, wr FROM pragma_table_list WHERE name = $1', [object.name]),
      columns: await rows(sql, 'SELECT cid, name, type, "notnull", dflt_value, pk FROM pragma_table_info($1)', [object.name]),
      indexes,
      foreignKeys: await rows(sql, 'SELECT id, seq, "table", "from", "to", on_delete FROM pragma_foreign_key_list($1)', [object.name]),
      checks: checksOf(object.sql ?? ''),
    };
  }
  return shape;
}

async function postgresShape(sql: SqlClient): Promise<Record<string, unknown>> {
  return {
    columns: await rows(
      sql,
      `SELECT table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default, is_identity, identity_generation
       FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    ),
    constraints: await rows(
      sql,
      `SELECT conrelid::regclass::text AS table_name, conname, contype, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    ),
    indexes: await rows(sql, 'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2'),
    functions: await rows(
      sql,
      `SELECT proname, pg_get_function_arguments(oid) AS arguments, prosrc FROM pg_proc
       WHERE pronamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    ),
  };
}

/** The schema of the store `sql` opens, as its engine's catalog describes it. */
export const schemaShape = (sql: SqlClient): Promise<Record<string, unknown>> =>
  sql.dialect.name === 'sqlite' ? sqliteShape(sql) : postgresShape(sql);
