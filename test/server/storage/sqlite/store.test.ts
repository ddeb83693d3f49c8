/** The SQL store's tables on SQLite in memory (the suites: test/support/store/tables-contract.ts, dashboard-contract.ts). */
import { openSqlite } from '../../../../src/server/storage/index.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import { describeDashboardTables } from '../../../support/store/dashboard-contract.js';
import { describeStoreTables } from '../../../support/store/tables-contract.js';

async function openStore() {
  const sql = await openSqlite();
  return { sql, store: await createSqlStore(sql) };
}

describeStoreTables('SQLite', openStore);
describeDashboardTables('SQLite', openStore, () => openSqlite());
