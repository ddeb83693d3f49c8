/** The key scope "all fields" across its upgrade on a real PostgreSQL (the suite: test/support/store/all-fields-contract.ts). */
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { describeAllFieldsUpgrade } from '../../../support/store/all-fields-contract.js';
import { useFreshDatabases } from '../../../support/scale/cluster.js';

const freshDatabase = useFreshDatabases();

describeAllFieldsUpgrade('PostgreSQL', async () => {
  const url = await freshDatabase('all_fields');
  return openPostgres(url, { maxConnections: 4 });
});
