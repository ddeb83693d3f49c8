/** The SQL store's tables on SQLite in memory (the suite: test/support/store/tables-contract.ts). */
import { openSqlite } from '../../../../src/server/storage/index.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import { describeStoreTables } from '../../../support/store/tables-contract.js';

describeStoreTables('SQLite', async () => {
  const sql = await openSqlite();
  return { sql, store: await createSqlStore(sql) };
});
