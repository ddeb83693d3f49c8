/**
 * The admin reads on a real PostgreSQL 15 (the suite: ../admin-reads-contract.ts, as SQLite runs it in
 * ../sqlite/admin-reads.test.ts), and their plans as run: every page of the usage log, whatever its
 * filter, is read by walks of the log's page indexes (merged in order when there are several), with no
 * sequential scan, and no walk reads more than twice the page; each key's last use is read through its
 * table's primary key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillUsageLog, searchesOf } from '../../../../bench/server/admin-reads.js';
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import { LAST_USED_STATEMENT, searchStatement } from '../../../../src/server/storage/sql/usage.js';
import type { SqlClient } from '../../../../src/server/storage/sql/client.js';
import type { Store, UsageLogQuery } from '../../../../src/server/storage/types.js';
import { dropDatabase, freshDatabase } from '../../../support/scale/cluster.js';
import { describeAdminReads } from '../admin-reads-contract.js';

const databases: string[] = [];
const clients: SqlClient[] = [];
afterAll(async () => {
  // Closing twice is harmless: the suites close their own stores.
  await Promise.all(clients.map((sql) => sql.close().catch(() => undefined)));
  await Promise.all(databases.map((url) => dropDatabase(url)));
});

async function openEmpty(label: string): Promise<SqlClient> {
  const url = await freshDatabase(label);
  databases.push(url);
  const sql = await openPostgres(url, { maxConnections: 8 });
  clients.push(sql);
  return sql;
}

async function openFresh(label: string) {
  const sql = await openEmpty(label);
  return { sql, store: await createSqlStore(sql) };
}

describeAdminReads('PostgreSQL', () => openFresh('admin_reads'), () => openEmpty('admin_reads_migration'));

/** One node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the query plans of the admin reads on PostgreSQL', () => {
  const DAY = '2026-03-10';
  let sql: SqlClient;
  let store: Store;
  let accountId: string;

  beforeAll(async () => {
    ({ sql, store } = await openFresh('admin_read_plans'));
    accountId = (await store.accounts.create({ name: 'plans', plan: 'PRO', subscriptionStart: DAY, vatNumber: null })).id;
    const other = (await store.accounts.create({ name: 'other', plan: 'PRO', subscriptionStart: DAY, vatNumber: null })).id;
    await fillUsageLog(sql, { accountId: other, day: DAY, rows: 5_000, keys: 2, requestIdPrefix: 'other' });
    // Enough rows that reading them all would cost the planner more than walking an index; the fill refreshes its statistics.
    await fillUsageLog(sql, { accountId, day: DAY, rows: 20_000, keys: 4 });
    await sql.exec(`INSERT INTO usage_key_last (account_id, key_id, at) SELECT 'acc-' || i, 'key', now() FROM generate_series(1, 20000) AS i;
      ANALYZE usage_key_last`);
  }, 120_000);

  afterAll(async () => {
    await store?.close();
  });

  const plan = async (text: string, params: readonly unknown[]): Promise<PlanNode[]> => {
    const { rows } = await sql.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    return nodesOf((rows[0]?.['QUERY PLAN'][0] as { Plan: PlanNode }).Plan);
  };

  const searches: Array<{ name: string; query: UsageLogQuery }> = [
    ...searchesOf(DAY),
    { name: 'verdict and day', query: { valid: true, day: DAY, limit: 20 } },
    { name: 'field, verdict, day and position', query: { endpoint: 'vat', valid: false, day: DAY, before: new Date(`${DAY}T18:00:00.000Z`), beforeRequestId: 'fill', limit: 20 } },
  ];

  for (const { name, query } of searches) {
    it(`walks the page indexes for a page of the log, no walk reading more than twice the page: ${name}`, async () => {
      const { text, params } = searchStatement(query, sql.dialect);
      const nodes = await plan(text, [accountId, ...params]);
      expect(nodes.map((node) => node['Node Type']).filter((type) => type === 'Seq Scan')).toEqual([]);
      const walks = nodes.filter((node) => node['Relation Name'] === 'usage_log');
      expect(walks.length).toBeGreaterThan(0);
      for (const walk of walks) {
        // A walk holding little more rows than the page may be read whole through a bitmap of the same
        // index and sorted, when the planner finds it cheaper (a page of 1,000 of 1,200 invalid IBANs).
        const index = walk['Node Type'] === 'Bitmap Heap Scan' ? walk.Plans?.find((child) => child['Node Type'] === 'Bitmap Index Scan') : walk;
        expect(index?.['Index Name']).toMatch(/^usage_log_(field_|refused_)?page$/);
        expect((walk['Actual Rows'] ?? 0) + (walk['Rows Removed by Filter'] ?? 0)).toBeLessThanOrEqual(2 * query.limit + 1);
      }
      // One walk: it stops at the page, in the page's order, nothing to sort.
      if (walks.length === 1) expect(nodes.map((node) => node['Node Type'])).toEqual(['Limit', 'Index Scan']);
    });
  }

  it('reads each key’s last use through its table’s primary key', async () => {
    const nodes = await plan(LAST_USED_STATEMENT, [accountId]);
    expect(nodes.map((node) => node['Node Type']).filter((type) => type === 'Seq Scan')).toEqual([]);
    expect(nodes.some((node) => node['Index Name'] === 'usage_key_last_pkey')).toBe(true);
    expect([...(await store.usage.lastUsed(accountId)).keys()].sort()).toEqual(['key-0', 'key-1', 'key-2', 'key-3']);
  });
});
