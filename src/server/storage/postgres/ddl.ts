/**
 * How PostgreSQL spells the declared schema (../sql/ddl.ts): timestamptz, date, jsonb, text[] key
 * scopes, identity columns; and its own objects, the concurrency leases of deployments without
 * Redis (./limiter.ts) with the function that takes one.
 */
import type { DdlSpelling } from '../sql/ddl.js';
import { column, type ColumnKind, type TableDeclaration } from '../sql/tables/declare.js';
import { ACQUIRE_CONCURRENCY_LEASE } from './schema.js';

const TYPES: Record<ColumnKind, string> = {
  text: 'text',
  integer: 'integer',
  small: 'smallint',
  bigint: 'bigint',
  time: 'timestamptz',
  day: 'date',
  boolean: 'boolean',
  json: 'jsonb',
  sealed: 'text',
  scopes: 'text[]',
  digest: 'text',
  identity: 'bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
};

const MADE_DEFAULTS = { now: 'now()', 'new-id': 'gen_random_uuid()::text' } as const;

// A lease expires by itself, so the slots of a crashed instance come back.
const CONCURRENCY_LEASES: TableDeclaration = {
  name: 'concurrency_leases',
  columns: [
    column('lease_id', 'text', { primaryKey: true }),
    column('account_id', 'text'),
    column('shared', 'boolean'),
    column('expires_at', 'time'),
  ],
  indexes: [
    { name: 'concurrency_leases_account', columns: ['account_id', 'expires_at'] },
    { name: 'concurrency_leases_shared', columns: ['expires_at'], where: 'shared' },
  ],
};

export const postgresDdl: DdlSpelling = {
  type: (kind) => TYPES[kind],
  digestCheck: (name) => `${name} ~ '^[0-9a-f]{64}$'`,
  defaultOf: (value) => (typeof value === 'boolean' ? String(value) : MADE_DEFAULTS[value]),
  tableOptions: () => '',
  ownTables: [CONCURRENCY_LEASES],
  ownStatements: [ACQUIRE_CONCURRENCY_LEASE],
};
