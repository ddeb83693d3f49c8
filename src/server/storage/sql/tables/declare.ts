/**
 * The current schema declared once for both engines: each table with its columns in neutral kinds,
 * keys, checks and indexes. Each engine's `DdlSpelling` (../ddl.ts) renders a declaration to its
 * DDL, so that a new store is created from the declaration, and a new migration adds what the
 * declaration gained. The migrations released before are kept as they were (../../sqlite/schema.ts,
 * ../../postgres/schema.ts): the contract tests check that they end at the declared schema.
 */

/**
 * What a column holds, as each engine stores it (../../sqlite/ddl.ts, ../../postgres/ddl.ts):
 * `small` a small integer (smallint on PostgreSQL), `bigint` a count that may pass 2^31, `time` an
 * instant, `day` a YYYY-MM-DD date, `sealed` text sealed by ../../sealing.ts, `scopes` a key's
 * scopes (../key-scopes.ts), `digest` a SHA-256 in lowercase hex, `identity` a number the engine
 * gives each new row (the primary key).
 */
export type ColumnKind =
  | 'text'
  | 'integer'
  | 'small'
  | 'bigint'
  | 'time'
  | 'day'
  | 'boolean'
  | 'json'
  | 'sealed'
  | 'scopes'
  | 'digest'
  | 'identity';

/**
 * A column's default: a number, a boolean, or a value the engine makes (`now`, `new-id`).
 * PostgreSQL's first schema gave some columns defaults of the second kind; the store always writes
 * those columns, so SQLite never had them.
 */
export type ColumnDefault = number | boolean | 'now' | 'new-id';

export interface ColumnOptions {
  /** NULL allowed (a column is NOT NULL unless it says so). */
  readonly nullable?: boolean;
  readonly primaryKey?: boolean;
  readonly unique?: boolean;
  readonly default?: ColumnDefault;
  /** A CHECK written the same on both engines. */
  readonly check?: string;
  /** The table whose `id` (or the named column) this column refers to; its rows go with it. */
  readonly references?: { readonly table: string; readonly column: string };
}

export interface ColumnDeclaration extends ColumnOptions {
  readonly name: string;
  readonly kind: ColumnKind;
}

export interface IndexDeclaration {
  readonly name: string;
  readonly columns: readonly string[];
  /** A partial index's condition, written the same on both engines. */
  readonly where?: string;
}

/** Columns referring to another table's columns; its rows go with the referred row. */
export interface ForeignKeyDeclaration {
  readonly columns: readonly string[];
  readonly table: string;
  readonly references: readonly string[];
}

export interface TableDeclaration {
  readonly name: string;
  /** In the order the released migrations left them (a column added later comes last). */
  readonly columns: readonly ColumnDeclaration[];
  /** A primary key of several columns (one column says `primaryKey` itself). */
  readonly primaryKey?: readonly string[];
  readonly unique?: readonly (readonly string[])[];
  readonly foreignKeys?: readonly ForeignKeyDeclaration[];
  readonly indexes?: readonly IndexDeclaration[];
  /** Rows kept in primary-key order with no row id of their own (SQLite's WITHOUT ROWID). */
  readonly clustered?: boolean;
  /** Rows a new table starts with, as INSERTs written the same on both engines. */
  readonly rows?: readonly string[];
}

/** A column of `kind`, NOT NULL unless `options` says `nullable`. */
export const column = (name: string, kind: ColumnKind, options: ColumnOptions = {}): ColumnDeclaration => ({
  name,
  kind,
  ...options,
});

/** A NULL-able column of `kind`. */
export const optional = (name: string, kind: ColumnKind, options: ColumnOptions = {}): ColumnDeclaration =>
  column(name, kind, { ...options, nullable: true });

/** A NOT NULL account_id whose rows go with their account. */
export const accountId = (options: ColumnOptions = {}): ColumnDeclaration =>
  column('account_id', 'text', { references: { table: 'accounts', column: 'id' }, ...options });
