/**
 * The admin reads on SQLite in memory (the suite: ../admin-reads-contract.ts), and their query plans:
 * every page of the usage log, whatever its filter, is a search of one of the log's page indexes (or
 * a merge of such searches) in the page's own order, with no sort and no scan of the table, so it
 * stops at its limit; each key's last use is a search of its own small table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillUsageLog, searchesOf } from '../../../../bench/server/admin-reads.js';
import { openSqlite, type SqlClient } from '../../../../src/server/storage/index.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import { LAST_USED_STATEMENT, searchStatement } from '../../../../src/server/storage/sql/usage.js';
import type { Store, UsageLogQuery } from '../../../../src/server/storage/types.js';
import { describeAdminReads } from '../admin-reads-contract.js';

async function openStore() {
  const sql = await openSqlite();
  return { sql, store: await createSqlStore(sql) };
}

describeAdminReads('SQLite', openStore, () => openSqlite());

describe('the query plans of the admin reads on SQLite', () => {
  const DAY = '2026-03-10';
  let sql: SqlClient;
  let store: Store;
  let accountId: string;

  beforeAll(async () => {
    ({ sql, store } = await openStore());
    accountId = (await store.accounts.create({ name: 'plans', plan: 'PRO', subscriptionStart: DAY, vatNumber: null })).id;
    const other = (await store.accounts.create({ name: 'other', plan: 'PRO', subscriptionStart: DAY, vatNumber: null })).id;
    await fillUsageLog(sql, { accountId, day: DAY, rows: 3_000, keys: 4 });
    await fillUsageLog(sql, { accountId: other, day: DAY, rows: 1_000, keys: 2, requestIdPrefix: 'other' });
  }, 60_000);

  afterAll(async () => {
    await store?.close();
  });

  const plan = async (text: string, params: readonly unknown[]): Promise<string[]> =>
    (await sql.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, params)).rows.map((row) => row.detail);

  const searches: Array<{ name: string; query: UsageLogQuery }> = [
    ...searchesOf(DAY),
    { name: 'verdict and day', query: { valid: true, day: DAY, limit: 20 } },
    { name: 'field, verdict, day and position', query: { endpoint: 'vat', valid: false, day: DAY, before: new Date(`${DAY}T18:00:00.000Z`), beforeRequestId: 'fill', limit: 20 } },
  ];

  for (const { name, query } of searches) {
    it(`searches an index in the page's order for a page of the log: ${name}`, async () => {
      const { text, params } = searchStatement(query, sql.dialect);
      const details = await plan(text, [accountId, ...params]);
      const reads = details.filter((detail) => detail.includes('usage_log'));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read).toMatch(/^SEARCH usage_log USING INDEX usage_log_(field_|refused_)?page \(account_id=\?/);
      // A status without 200 walks the refusals alone.
      if (query.status !== undefined && query.status.from > 200) for (const read of reads) expect(read).toContain('usage_log_refused_page');
      expect(details.filter((detail) => /TEMP B-TREE|^SCAN /.test(detail))).toEqual([]);
      // The statement answers what the store answers.
      expect((await store.usage.search(accountId, query)).length).toBeLessThanOrEqual(query.limit);
    });
  }

  it('reads each key’s last use from its own table by the account', async () => {
    expect(await plan(LAST_USED_STATEMENT, [accountId])).toEqual(['SEARCH usage_key_last USING PRIMARY KEY (account_id=?)']);
    expect([...(await store.usage.lastUsed(accountId)).keys()].sort()).toEqual(['key-0', 'key-1', 'key-2', 'key-3']);
  });
});
