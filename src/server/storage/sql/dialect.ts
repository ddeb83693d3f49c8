/**
 * What SQLite and PostgreSQL spell differently, in one interface per engine
 * (../sqlite/dialect.ts, ../postgres/dialect.ts): parameter casts, how times, booleans, JSON and
 * key scopes are stored, the schema (./schema.ts), and the usage meter's batch statements. Everything else in
 * ./ is written once and runs on both.
 */
import type { DdlSpelling } from './ddl.js';
import type { MeterStatements } from './meter-batch.js';

/** What a `$n` parameter carries, so that an engine that needs a cast can write one. */
export type ParamType = 'text' | 'integer' | 'bigint' | 'boolean' | 'day' | 'time' | 'json' | 'scopes';

/** The script creating the declared schema (./tables/) on a new store, and the schema version it stands for. */
export interface DeclaredSchema {
  readonly version: number;
  readonly script: string;
}

export interface Dialect {
  /** The engine. */
  readonly name: 'sqlite' | 'postgres';
  /** The SQL of parameter `$n` read as `type` (PostgreSQL casts; SQLite takes the value as bound). */
  param(n: number, type?: ParamType): string;
  /** A time as a bound value: ISO text for PostgreSQL's timestamptz, milliseconds for SQLite. */
  time(at: Date): string | number;
  /** Key scopes (field names, or ./key-scopes.ts's word for "all fields") as a bound value. */
  scopes(scopes: readonly string[]): unknown;
  /** SQL reading the day column `column` as YYYY-MM-DD text. */
  dayText(column: string): string;
  /** SQL of `count(*)` read as a JavaScript number. */
  readonly countAll: string;
  /** Appended to a SELECT that must lock its rows until the transaction ends ('' when the write transaction locks everything). */
  readonly forUpdate: string;
  /** Appended to the SELECT of a claim: rows other transactions hold are passed over ('' when one write runs at a time). */
  readonly skipLocked: string;
  /** A JSON column as read. */
  readJson<T>(value: unknown): T;
  /** A boolean column as read. */
  readBoolean(value: unknown): boolean;
  /** The scopes column as read: the words stored (./key-scopes.ts reads them). */
  readScopes(value: unknown): string[];
  /** How the engine spells the declared schema (./ddl.ts renders with it). */
  readonly ddl: DdlSpelling;
  /** The schema, as migrations applied in order (never edited once released). */
  readonly migrations: readonly string[];
  /**
   * Run instead of the migrations on a store at version 0, when it stands for all of them (its
   * version is `migrations.length`); null to migrate from version 0 ('./migrate.ts').
   */
  readonly fresh: DeclaredSchema | null;
  /** Run first in each migration's transaction so that instances starting together apply it once; null when the transaction alone does. */
  readonly migrationLock: string | null;
  /** The usage meter's reads and writes of one batch (./meter.ts decides). */
  readonly meter: MeterStatements;
}
