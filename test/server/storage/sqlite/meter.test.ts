/**
 * The usage meter on SQLite (the suite: test/support/store/meter-contract.ts): in memory, and in a data
 * directory, where the search for values that must never be stored reads the files themselves
 * (the database and its WAL).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, openSqlite } from '../../../../src/server/storage/index.js';
import { createSqlStore } from '../../../../src/server/storage/sql/store.js';
import { describeMeter } from '../../../support/store/meter-contract.js';

/** Whether a file under `dir` holds `text` (UTF-8). */
function anyFileHolds(dir: string, text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  const walk = (path: string): boolean =>
    statSync(path).isDirectory() ? readdirSync(path).some((name) => walk(join(path, name))) : readFileSync(path).includes(needle);
  return walk(dir);
}

describeMeter('SQLite in memory', async () => {
  const sql = await openSqlite();
  const store = await createSqlStore(sql);
  const keeps = async (text: string) => (await sql.query('SELECT 1 FROM usage_log WHERE value LIKE $1', [`%${text}%`])).rows.length > 0;
  return { sql, store, keeps, remove: () => undefined };
});

describeMeter('SQLite in a data directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'verifield-meter-'));
  const sql = await openSqlite(databaseFile(join(dir, 'data')));
  const store = await createSqlStore(sql);
  return { sql, store, keeps: async (text: string) => anyFileHolds(dir, text), remove: () => rmSync(dir, { recursive: true, force: true }) };
});
