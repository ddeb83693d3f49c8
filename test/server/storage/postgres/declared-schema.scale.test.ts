/** The declared schema against the released migrations on a real PostgreSQL (the suite: test/support/store/declared-schema-contract.ts). */
import { afterAll } from 'vitest';
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { describeDeclaredSchema } from '../../../support/store/declared-schema-contract.js';
import { dropDatabase, freshDatabase } from '../../../support/scale/cluster.js';

const databases: string[] = [];
afterAll(async () => {
  await Promise.all(databases.map((url) => dropDatabase(url)));
});

describeDeclaredSchema('PostgreSQL', async () => {
  const url = await freshDatabase('declared_schema');
  databases.push(url);
  return openPostgres(url, { maxConnections: 2 });
});
