/**
 * The key scope "all fields" across the upgrade that brought it (docs/service.md#api-keys), as one
 * suite run on each engine: keys written by the previous schema, one listing every field of its
 * time and one listing two, are read after the migration as "all fields" and as their list, and a
 * service on that store answers them over HTTP accordingly. SQLite in
 * test/server/storage/sqlite/all-fields.test.ts, PostgreSQL in
 * test/server/storage/postgres/all-fields.scale.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELDS_IN_SCOPE_ORDER } from '../../../src/fields/catalog.js';
import { generateApiKey } from '../../../src/server/admin/api-keys.js';
import { startServer, type RunningServer } from '../../../src/server/http/start.js';
import { createSqlStore, migrate, type SqlClient } from '../../../src/server/storage/index.js';
import { LATER_MIGRATIONS } from '../../../src/server/storage/sql/later-migrations.js';
import type { Store } from '../../../src/server/storage/types.js';
import { fakeConfig, post, startFakes, type Fakes } from '../server.js';
import { atVersion } from './dashboard-contract.js';

/** Every field of the release before "all fields", in an order other than the service's. */
const EVERY_FIELD_BEFORE = ['ssn', 'nas', 'nif', 'phone', 'email', 'vat', 'iban'];
const IBAN = 'DE89370400440532013000';
const NIF = '12345678Z';

/**
 * Writes an account and two keys as the schema before "all fields" held them; resolves with the
 * keys. "All fields" came with the last of each engine's released migrations, so that schema is
 * the one before it, whatever migrations were written once since (src/server/storage/sql/later-migrations.ts).
 */
async function keysOfTheOlderRelease(sql: SqlClient): Promise<{ accountId: string; everyField: ReturnType<typeof generateApiKey>; twoFields: ReturnType<typeof generateApiKey> }> {
  const d = sql.dialect;
  await migrate(atVersion(sql, d.migrations.length - LATER_MIGRATIONS.length - 1));
  const accountId = randomUUID();
  const now = d.time(new Date());
  await sql.query(
    `INSERT INTO accounts (id, name, plan, subscription_start, vat_number, created_at) VALUES ($1, 'older', 'PRO', ${d.param(2, 'day')}, NULL, ${d.param(3, 'time')})`,
    [accountId, '2026-01-15', now],
  );
  const everyField = generateApiKey();
  const twoFields = generateApiKey();
  for (const [key, scopes] of [
    [everyField, EVERY_FIELD_BEFORE],
    [twoFields, ['iban', 'vat']],
  ] as const) {
    await sql.query(
      `INSERT INTO api_keys (id, account_id, name, display_prefix, hash, scopes, expires_at, created_at)
        VALUES ($1, $2, $3, $4, $5, ${d.param(6, 'scopes')}, NULL, ${d.param(7, 'time')})`,
      [randomUUID(), accountId, scopes.length === 2 ? 'two fields' : 'every field', key.displayPrefix, key.hash, d.scopes(scopes), now],
    );
  }
  return { accountId, everyField, twoFields };
}

/** Runs the suite on an empty database `openEmpty` gives (closed after the suite). */
export function describeAllFieldsUpgrade(engine: string, openEmpty: () => Promise<SqlClient>): void {
  describe(`the scope "all fields" after the upgrade on ${engine}`, () => {
    let fakes: Fakes;
    let store: Store;
    let server: RunningServer;
    let keys: Awaited<ReturnType<typeof keysOfTheOlderRelease>>;

    beforeAll(async () => {
      const sql = await openEmpty();
      keys = await keysOfTheOlderRelease(sql);
      store = await createSqlStore(sql);
      fakes = await startFakes();
      server = await startServer({ ...fakeConfig(fakes), store, log: () => undefined });
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await store?.close();
      await fakes?.close();
    });

    it('a key that listed every field has "all fields"; one that listed two keeps its two', async () => {
      const listed = (await store.keys.list(keys.accountId)).sort((a, b) => a.name.localeCompare(b.name));
      expect(listed.map((key) => [key.name, key.allFields, key.scopes])).toEqual([
        ['every field', true, [...FIELDS_IN_SCOPE_ORDER]],
        ['two fields', false, ['iban', 'vat']],
      ]);
    });

    it('over HTTP, the key with "all fields" validates every field, the other only its two', async () => {
      expect((await post(server.url, 'iban', { value: IBAN }, keys.everyField.key)).status).toBe(200);
      expect((await post(server.url, 'nif', { value: NIF }, keys.everyField.key)).status).toBe(200);
      expect((await post(server.url, 'iban', { value: IBAN }, keys.twoFields.key)).status).toBe(200);
      const outside = await post(server.url, 'nif', { value: NIF }, keys.twoFields.key);
      expect(outside.status).toBe(403);
    });

    it('a key created now without a list has "all fields" too, and a list naming every field stays a list', async () => {
      const all = generateApiKey();
      const created = await store.keys.create(
        { accountId: keys.accountId, name: 'new', displayPrefix: all.displayPrefix, hash: all.hash, scopes: [], allFields: true, expiresAt: null },
        10,
        new Date(),
      );
      expect(created).toMatchObject({ allFields: true, scopes: [...FIELDS_IN_SCOPE_ORDER] });
      expect((await store.keys.findByHash(all.hash))?.key).toEqual(created);
      const every = generateApiKey();
      const explicit = await store.keys.create(
        { accountId: keys.accountId, name: 'explicit', displayPrefix: every.displayPrefix, hash: every.hash, scopes: [...FIELDS_IN_SCOPE_ORDER], expiresAt: null },
        10,
        new Date(),
      );
      expect(explicit).toMatchObject({ allFields: false, scopes: [...FIELDS_IN_SCOPE_ORDER] });
      expect((await post(server.url, 'nif', { value: NIF }, all.key)).status).toBe(200);
    });
  });
}
