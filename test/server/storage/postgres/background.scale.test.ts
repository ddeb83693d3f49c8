/**
 * The background tables (test/server/storage/background-contract.ts) on a real PostgreSQL: two pools on one
 * fresh database per case, so that claims race across connections as they do across instances.
 */
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { ephemeralSealer } from '../../../../src/server/storage/sealing.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import { useFreshDatabases } from '../../../support/scale/cluster.js';
import { describeBackgroundTables } from '../background-contract.js';

const freshDatabase = useFreshDatabases();

describeBackgroundTables('PostgreSQL', async () => {
  const url = await freshDatabase('background');
  const sealer = ephemeralSealer();
  const sql = await openPostgres(url, { maxConnections: 4 });
  const store = await createSqlStore(sql, { sealer });
  const other = await createSqlStore(await openPostgres(url, { maxConnections: 4 }), { sealer });
  return { sql, store, other };
});
