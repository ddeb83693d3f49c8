/**
 * SQLite's side of ../sql/dialect.ts: parameters bound as they are (STRICT tables check their
 * types), times as milliseconds, booleans as 0/1, JSON as text, scopes as a comma-separated list.
 * Migrations need no lock of their own: each runs in a write transaction, which SQLite gives to
 * one process at a time.
 */
import { engineSchema } from '../sql/schema.js';
import type { Dialect } from '../sql/dialect.js';
import { sqliteMeterStatements } from './meter.js';
import { sqliteDdl } from './ddl.js';
import { SQLITE_MIGRATIONS } from './schema.js';

const { migrations, fresh } = engineSchema(SQLITE_MIGRATIONS, sqliteDdl);

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  param: (n) => `$${n}`,
  time: (at) => at.getTime(),
  scopes: (scopes) => scopes.join(','),
  dayText: (column) => column,
  countAll: 'count(*)',
  forUpdate: '',
  skipLocked: '',
  readJson: <T>(value: unknown) => JSON.parse(String(value)) as T,
  readBoolean: (value) => value === 1 || value === 1n || value === true,
  readScopes: (value) => (value === '' || value === null || value === undefined ? [] : String(value).split(',')),
  ddl: sqliteDdl,
  migrations,
  fresh,
  migrationLock: null,
  meter: sqliteMeterStatements,
};
