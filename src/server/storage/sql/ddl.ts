/**
 * The declared schema (./tables/) rendered to an engine's DDL: the script that creates a new store,
 * and the migrations written once since (./later-migrations.ts) as neutral steps. What an engine
 * spells its own way is its `DdlSpelling` (../sqlite/ddl.ts, ../postgres/ddl.ts).
 */
import type { ColumnDeclaration, ColumnKind, IndexDeclaration, TableDeclaration } from './tables/declare.js';

export interface DdlSpelling {
  /** The engine's type of a column of `kind`; for `identity`, with its primary key. */
  type(kind: ColumnKind): string;
  /** The condition a `digest` column is checked with. */
  digestCheck(column: string): string;
  /** The SQL of a boolean default, or of one the engine makes (`now`, `new-id`); null when the engine has none. */
  defaultOf(value: boolean | 'now' | 'new-id'): string | null;
  /** What follows the closing parenthesis of a CREATE TABLE. */
  tableOptions(table: TableDeclaration): string;
  /** The engine's own tables, created after the declared ones. */
  readonly ownTables: readonly TableDeclaration[];
  /** The engine's own statements (functions), run after its tables. */
  readonly ownStatements: readonly string[];
}

/** One step of a migration written once: rendered per engine, or SQL the same on both. */
export type MigrationStep =
  | { readonly addTable: TableDeclaration }
  | { readonly addColumn: { readonly table: string; readonly column: ColumnDeclaration } }
  | { readonly addIndex: { readonly table: string; readonly index: IndexDeclaration } }
  | { readonly sql: string };

function columnDefault(spelling: DdlSpelling, value: ColumnDeclaration['default']): string | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return String(value);
  return spelling.defaultOf(value);
}

/** A column's definition, as in a CREATE TABLE or an ADD COLUMN. */
export function renderColumn(spelling: DdlSpelling, column: ColumnDeclaration): string {
  const parts = [column.name, spelling.type(column.kind)];
  if (column.primaryKey === true) parts.push('PRIMARY KEY');
  // A primary key is never NULL already; the released migrations never said NOT NULL of one.
  else if (column.nullable !== true && column.kind !== 'identity') parts.push('NOT NULL');
  const made = columnDefault(spelling, column.default);
  if (made !== null) parts.push(`DEFAULT ${made}`);
  if (column.unique === true) parts.push('UNIQUE');
  if (column.kind === 'digest') parts.push(`CHECK (${spelling.digestCheck(column.name)})`);
  if (column.check !== undefined) parts.push(`CHECK (${column.check})`);
  if (column.references !== undefined) {
    parts.push(`REFERENCES ${column.references.table} (${column.references.column}) ON DELETE CASCADE`);
  }
  return parts.join(' ');
}

const list = (names: readonly string[]): string => `(${names.join(', ')})`;

export function renderIndex(table: string, index: IndexDeclaration): string {
  const where = index.where === undefined ? '' : ` WHERE ${index.where}`;
  return `CREATE INDEX ${index.name} ON ${table} ${list(index.columns)}${where};`;
}

/** A table's CREATE TABLE, its indexes and its first rows. */
export function renderTable(spelling: DdlSpelling, table: TableDeclaration): string {
  const lines = table.columns.map((column) => renderColumn(spelling, column));
  if (table.primaryKey !== undefined) lines.push(`PRIMARY KEY ${list(table.primaryKey)}`);
  for (const unique of table.unique ?? []) lines.push(`UNIQUE ${list(unique)}`);
  for (const key of table.foreignKeys ?? []) {
    lines.push(`FOREIGN KEY ${list(key.columns)} REFERENCES ${key.table} ${list(key.references)} ON DELETE CASCADE`);
  }
  return [
    `CREATE TABLE ${table.name} (\n  ${lines.join(',\n  ')}\n)${spelling.tableOptions(table)};`,
    ...(table.indexes ?? []).map((index) => renderIndex(table.name, index)),
    ...(table.rows ?? []).map((row) => `${row};`),
  ].join('\n');
}

/** The script that creates `tables` and the engine's own objects on an empty database. */
export function renderSchema(spelling: DdlSpelling, tables: readonly TableDeclaration[]): string {
  return [...tables, ...spelling.ownTables]
    .map((table) => renderTable(spelling, table))
    .concat(spelling.ownStatements)
    .join('\n\n');
}

function renderStep(spelling: DdlSpelling, step: MigrationStep): string {
  if ('addTable' in step) return renderTable(spelling, step.addTable);
  if ('addColumn' in step) return `ALTER TABLE ${step.addColumn.table} ADD COLUMN ${renderColumn(spelling, step.addColumn.column)};`;
  if ('addIndex' in step) return renderIndex(step.addIndex.table, step.addIndex.index);
  return step.sql;
}

/** A migration written once, as the engine's script. */
export const renderMigration = (spelling: DdlSpelling, steps: readonly MigrationStep[]): string =>
  steps.map((step) => renderStep(spelling, step)).join('\n');
