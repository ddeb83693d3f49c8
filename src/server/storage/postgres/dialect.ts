/**
 * PostgreSQL's side of ../sql/dialect.ts: parameters cast to their column types (node-postgres
 * sends them as text), times as ISO text into timestamptz, jsonb read back parsed, scopes as a
 * text[] array, `date` columns read through to_char (the driver would make local-midnight Dates
 * of them), and an advisory lock around migrations.
 */
import { engineSchema } from '../sql/schema.js';
import type { Dialect, ParamType } from '../sql/dialect.js';
import { postgresMeterStatements } from './meter.js';
import { postgresDdl } from './ddl.js';
import { MIGRATION_LOCK, POSTGRES_MIGRATIONS } from './schema.js';

const CASTS: Record<ParamType, string> = {
  text: '',
  integer: '::integer',
  bigint: '::bigint',
  boolean: '::boolean',
  day: '::date',
  time: '::timestamptz',
  json: '::jsonb',
  scopes: '::text[]',
};

const { migrations, fresh } = engineSchema(POSTGRES_MIGRATIONS, postgresDdl);

export const postgresDialect: Dialect = {
  name: 'postgres',
  param: (n, type = 'text') => `$${n}${CASTS[type]}`,
  time: (at) => at.toISOString(),
  scopes: (scopes) => [...scopes],
  dayText: (column) => `to_char(${column}, 'YYYY-MM-DD')`,
  countAll: 'count(*)::int',
  forUpdate: ' FOR UPDATE',
  skipLocked: ' FOR UPDATE SKIP LOCKED',
  readJson: <T>(value: unknown) => value as T,
  readBoolean: (value) => value === true,
  readScopes: (value) => [...(value as string[])],
  ddl: postgresDdl,
  migrations,
  fresh,
  migrationLock: MIGRATION_LOCK,
  meter: postgresMeterStatements,
};
