/** The declared schema against the released migrations on a real PostgreSQL (the suite: test/support/store/declared-schema-contract.ts). */
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { describeDeclaredSchema } from '../../../support/store/declared-schema-contract.js';
import { useFreshDatabases } from '../../../support/scale/cluster.js';

const freshDatabase = useFreshDatabases();

describeDeclaredSchema('PostgreSQL', async () => {
  const url = await freshDatabase('declared_schema');
  return openPostgres(url, { maxConnections: 2 });
});
