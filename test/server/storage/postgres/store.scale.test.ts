/**
 * The SQL store's suites on a real PostgreSQL 15 (the same suites as SQLite runs in
 * test/server/storage/sqlite/store.test.ts, test/server/storage/sqlite/meter.test.ts and test/server/storage/breakers.test.ts): every table,
 * the dashboard's tables and their migration, the usage meter with its per-day totals and
 * retention, and the circuit breaker contract. One fresh database per suite.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import type { Store } from '../../../../src/server/storage/types.js';
import { describeBreakerContract } from '../../../support/store/breaker-contract.js';
import { describeDashboardTables } from '../../../support/store/dashboard-contract.js';
import { describeMeter } from '../../../support/store/meter-contract.js';
import { describeStoreTables } from '../../../support/store/tables-contract.js';
import { dropDatabase, freshDatabase } from '../../../support/scale/cluster.js';

const databases: string[] = [];
const stores: Store[] = [];
afterAll(async () => {
  // Closing twice is harmless: the suites close their own stores.
  await Promise.all(stores.map((store) => store.close()));
  await Promise.all(databases.map((url) => dropDatabase(url)));
});

async function openFresh(label: string) {
  const url = await freshDatabase(label);
  databases.push(url);
  const sql = await openPostgres(url, { maxConnections: 8 });
  const store = await createSqlStore(sql);
  stores.push(store);
  return { sql, store };
}

describeStoreTables('PostgreSQL', () => openFresh('tables'));

describeDashboardTables(
  'PostgreSQL',
  () => openFresh('dashboard'),
  async () => {
    const url = await freshDatabase('migration');
    databases.push(url);
    return openPostgres(url, { maxConnections: 8 });
  },
);

describeMeter('PostgreSQL', async () => {
  const { sql, store } = await openFresh('meter');
  const keeps = async (text: string) => (await sql.query('SELECT 1 FROM usage_log WHERE value LIKE $1', [`%${text}%`])).rows.length > 0;
  return { sql, store, keeps, remove: () => undefined };
});

let breakerStore: Promise<{ store: Store }> | undefined;
describeBreakerContract('PostgreSQL', async () => {
  breakerStore ??= openFresh('breakers');
  const { store } = await breakerStore;
  // One database for every case: emptied through the port before each.
  for (const { countryCode } of await store.breaker.list()) await store.breaker.reset(countryCode);
  return store.breaker;
});

describe('key scopes on PostgreSQL (migration 4)', () => {
  it('leaves no database constraint on the scopes: the store checks them against the field registry', async () => {
    const { sql, store } = await openFresh('scopes');
    const constraints = await sql.query<{ definition: string }>(
      "SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'api_keys'::regclass AND contype = 'c'",
    );
    expect(constraints.rows.map((row) => row.definition).filter((definition) => definition.includes('scopes'))).toEqual([]);
    const account = await store.accounts.create({ name: 'Scopes', plan: 'FREE', subscriptionStart: '2026-01-15', vatNumber: null });
    const key = { accountId: account.id, name: 'k', displayPrefix: 'vf_abcd', hash: 'a'.repeat(64), expiresAt: null };
    await expect(store.keys.create({ ...key, scopes: ['nope' as 'iban'] }, 10, new Date())).rejects.toThrow();
    await expect(store.keys.create({ ...key, scopes: ['iban', 'ssn'] }, 10, new Date())).resolves.toMatchObject({ scopes: ['iban', 'ssn'] });
  });
});
