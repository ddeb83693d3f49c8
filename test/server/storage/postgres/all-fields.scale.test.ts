/** The key scope "all fields" across its upgrade on a real PostgreSQL (the suite: test/support/store/all-fields-contract.ts). */
import { afterAll } from 'vitest';
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';
import { describeAllFieldsUpgrade } from '../../../support/store/all-fields-contract.js';
import { dropDatabase, freshDatabase } from '../../../support/scale/cluster.js';

const databases: string[] = [];
afterAll(async () => {
  await Promise.all(databases.map((url) => dropDatabase(url)));
});

describeAllFieldsUpgrade('PostgreSQL', async () => {
  const url = await freshDatabase('all_fields');
  databases.push(url);
  return openPostgres(url, { maxConnections: 4 });
});
