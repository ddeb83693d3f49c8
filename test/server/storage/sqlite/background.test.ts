/** The background tables (test/server/storage/background-contract.ts) on SQLite: two connections on one database file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSqlite } from '../../../../src/server/storage/index.js';
import { ephemeralSealer } from '../../../../src/server/storage/sealing.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import { describeBackgroundTables } from '../background-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'verifield-background-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;

describeBackgroundTables('SQLite', async () => {
  const file = join(dir, `store-${++count}.db`);
  const sealer = ephemeralSealer();
  const sql = await openSqlite(file);
  const store = await createSqlStore(sql, { sealer });
  const other = await createSqlStore(await openSqlite(file), { sealer });
  return { sql, store, other };
});
