/**
 * The CircuitBreakerStore contract (test/support/store/breaker-contract.ts) on the in-memory store and
 * the SQL store (SQLite in memory). The Redis store runs the same cases in
 * test/server/storage/redis/redis-breaker.scale.test.ts against a real redis-server, PostgreSQL in
 * test/server/storage/postgres/store.scale.test.ts.
 */
import { afterAll, beforeAll } from 'vitest';
import { memoryBreakerStore } from '../../../src/adapters/memory.js';
import type { Store } from '../../../src/server/storage/types.js';
import { describeBreakerContract } from '../../support/store/breaker-contract.js';
import { openTestStore } from '../../support/store/test-store.js';

describeBreakerContract('memoryBreakerStore', async () => memoryBreakerStore());

let sqlStore: Store | undefined;
// One store for every case, opened outside the cases' own time limit.
beforeAll(async () => {
  sqlStore = await openTestStore();
}, 60_000);
afterAll(async () => {
  await sqlStore?.close();
});

describeBreakerContract('SQL store (SQLite)', async () => {
  if (sqlStore === undefined) throw new Error('the SQL store did not open');
  // One database for every case: emptied through the port before each.
  for (const { countryCode } of await sqlStore.breaker.list()) await sqlStore.breaker.reset(countryCode);
  return sqlStore.breaker;
});
