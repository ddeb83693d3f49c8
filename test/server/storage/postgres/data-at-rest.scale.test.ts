/**
 * Nothing personal in clear at rest on PostgreSQL (issue 29; docs/service.md#data-at-rest): over
 * HTTP against a service on a real PostgreSQL, VAT numbers built on a person's number answered by
 * VIES with a natural person's name and address leave none of them in any column of the VIES
 * answer cache, which still answers CACHE and, while VIES is down, STALE; and an upgrade drops the
 * rows an older version kept in clear (migration 7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../src/server/http/start.js';
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { POSTGRES_MIGRATIONS } from '../../../../src/server/storage/postgres/schema.js';
import type { SqlClient } from '../../../../src/server/storage/sql/client.js';
import { dropDatabase, freshDatabase, openTestStore, SCALE_DATA_KEY } from '../../../support/scale/cluster.js';
import { cacheAsBeforeSealing, formsOfPerson, personalTraders, registerWithVies, type Person } from '../../../support/personal-traders.js';
import { findInText } from '../../../support/sensitive-values.js';
import { accountWithKey, fakeConfig, post, startFakes, type Fakes } from '../../../support/server.js';

const DAY_MS = 86_400_000;
const PEOPLE = personalTraders();

/** Every row of the cache, every column, as PostgreSQL writes the row as text. */
async function cacheRows(sql: SqlClient): Promise<string[]> {
  const { rows } = await sql.query<{ row: string }>('SELECT vies_cache::text AS row FROM vies_cache');
  return rows.map((row) => row.row);
}

const personalDataIn = (rows: readonly string[], people: readonly Person[]): string[] => findInText(rows.join('\n'), people.flatMap(formsOfPerson));

describe('a service on PostgreSQL keeps nothing personal in clear in the VIES answer cache', () => {
  const databases: string[] = [];
  let fakes: Fakes;
  let url: string;
  let sql: SqlClient;
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    fakes = await startFakes();
    registerWithVies(fakes.vies, PEOPLE);
    url = await freshDatabase('at_rest');
    databases.push(url);
    const admin = await openTestStore(url);
    try {
      ({ key } = await accountWithKey(admin, 'PRO'));
    } finally {
      await admin.close();
    }
    server = await startServer({ ...fakeConfig(fakes), databaseUrl: url, dataKey: SCALE_DATA_KEY, log: () => undefined });
    sql = await openPostgres(url, { maxConnections: 2 });
  });

  afterAll(async () => {
    await server?.close();
    await sql?.close();
    await fakes?.close();
    await Promise.all(databases.map((database) => dropDatabase(database)));
  });

  const ask = (p: Person) => post(server.url, 'vat', { value: p.typed, traderName: p.traderName }, key);

  it('answers each person LIVE then CACHE, and no column of the cache holds a number, name or address', async () => {
    for (const p of PEOPLE) {
      expect((await ask(p)).body.vatDetails).toMatchObject({ source: 'LIVE', registered: true, trader_name: p.name });
      expect((await ask(p)).body.vatDetails).toMatchObject({ source: 'CACHE', registered: true, trader_name: p.name });
    }
    const rows = await cacheRows(sql);
    expect(rows).toHaveLength(PEOPLE.length);
    expect(personalDataIn(rows, PEOPLE)).toEqual([]);
  });

  it('answers STALE from an answer days old while VIES is down', async () => {
    await sql.query(`UPDATE vies_cache SET checked_at = checked_at - interval '${3 * DAY_MS} milliseconds'`);
    fakes.vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    try {
      for (const p of PEOPLE) {
        expect((await ask(p)).body.vatDetails).toMatchObject({ source: 'STALE', registered: true, trader_name: p.name });
      }
    } finally {
      fakes.vies.reset();
    }
    expect(personalDataIn(await cacheRows(sql), PEOPLE)).toEqual([]);
  });

  it('an upgrade drops the rows an older version kept in clear', async () => {
    const older = await freshDatabase('at_rest_upgrade');
    databases.push(older);
    const p = PEOPLE[0] as Person;
    const old = await openPostgres(older, { maxConnections: 2 });
    try {
      await cacheAsBeforeSealing(old, POSTGRES_MIGRATIONS.slice(0, 6), p);
      expect(personalDataIn(await cacheRows(old), [p])).not.toEqual([]);
    } finally {
      await old.close();
    }
    const store = await openTestStore(older);
    try {
      expect(await store.viesCache.get(p.vat.slice(0, 2), p.vat.slice(2))).toBeNull();
    } finally {
      await store.close();
    }
    const check = await openPostgres(older, { maxConnections: 1 });
    try {
      expect(await cacheRows(check)).toEqual([]);
    } finally {
      await check.close();
    }
  });
});
