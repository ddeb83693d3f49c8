/**
 * How SQLite spells the declared schema (../sql/ddl.ts): STRICT tables, which refuse a value of the
 * wrong type; times as milliseconds (INTEGER), days as YYYY-MM-DD text, booleans 0/1, JSON as text,
 * key scopes a comma-separated list; an identity is the row id.
 */
import type { DdlSpelling } from '../sql/ddl.js';
import type { ColumnKind } from '../sql/tables/declare.js';

const TYPES: Record<ColumnKind, string> = {
  text: 'TEXT',
  integer: 'INTEGER',
  small: 'INTEGER',
  bigint: 'INTEGER',
  time: 'INTEGER',
  day: 'TEXT',
  boolean: 'INTEGER',
  json: 'TEXT',
  sealed: 'TEXT',
  scopes: 'TEXT',
  digest: 'TEXT',
  identity: 'INTEGER PRIMARY KEY',
};

export const sqliteDdl: DdlSpelling = {
  type: (kind) => TYPES[kind],
  digestCheck: (column) => `length(${column}) = 64 AND ${column} NOT GLOB '*[^0-9a-f]*'`,
  // The store writes the columns PostgreSQL gives a made default itself; SQLite never had those.
  defaultOf: (value) => (typeof value === 'boolean' ? (value ? '1' : '0') : null),
  tableOptions: (table) => (table.clustered === true ? ' STRICT, WITHOUT ROWID' : ' STRICT'),
  ownTables: [],
  ownStatements: [],
};
