/**
 * Nothing personal in clear at rest (issue 29; docs/service.md#data-at-rest), over HTTP against a
 * service on a data directory: VAT numbers built on a person's number (Spanish DNI and NIE, Czech
 * and Slovak birth numbers), answered by VIES with a natural person's name and address, leave no
 * trace of the number, the name or the address in any file of the directory (the database, its
 * WAL and shared-memory files), while the service runs and after it stopped; the VIES answer cache
 * still answers CACHE after a restart and STALE when VIES is down; the files are the owner's alone
 * (0600, the directory 0700); and an upgrade drops the cache rows an older version kept in clear,
 * leaving no copy of them in the file.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/server/http/start.js';
import { dataDirOpenWarning } from '../../../src/server/storage/compose.js';
import { DATABASE_FILE, databaseFile, openEmbeddedStore, openSqlite } from '../../../src/server/storage/index.js';
import { DATA_KEY_FILE } from '../../../src/server/storage/sealing.js';
import { SQLITE_MIGRATIONS } from '../../../src/server/storage/sqlite/schema.js';
import { accountWithKey, fakeConfig, post, startFakes, type Fakes } from '../../support/server.js';
import { findInFiles } from '../../support/sensitive-values.js';
import { cacheAsBeforeSealing, formsOfPerson, personalTraders, registerWithVies, vatOf, type Person } from '../../support/personal-traders.js';
import { seededRng } from '../../support/generators/vat.js';

const DAY_MS = 86_400_000;
const PEOPLE = personalTraders();

/** What the data directory holds of them, the data key aside (random bytes, not data). */
function personalDataIn(dir: string, people: readonly Person[]): Array<{ file: string; value: string }> {
  return findInFiles(dir, people.flatMap(formsOfPerson)).filter((hit) => basename(hit.file) !== DATA_KEY_FILE);
}

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe('a service on a data directory keeps nothing personal in clear', () => {
  let fakes: Fakes;
  let root: string;
  let dir: string;
  let key: string;
  let server: RunningServer | null = null;
  const logs: string[] = [];
  /** A company's number: the usage log keeps it in clear, so the search must find it. */
  const company = vatOf(seededRng(Date.now() % 2_147_483_647), 'ES', 'entity');

  async function start(): Promise<RunningServer> {
    server = await startServer({ ...fakeConfig(fakes), dataDir: dir, log: (line) => logs.push(line) });
    return server;
  }
  async function stop(): Promise<void> {
    await server?.close();
    server = null;
  }
  const ask = (base: string, p: Person) => post(base, 'vat', { value: p.typed, traderName: p.traderName }, key);

  beforeAll(async () => {
    fakes = await startFakes();
    registerWithVies(fakes.vies, PEOPLE);
    fakes.vies.register(company, { valid: true, name: 'CONSTRUCCIONES ACME SL' });
    root = mkdtempSync(join(tmpdir(), 'verifield-at-rest-'));
    // Not there yet: the service makes it.
    dir = join(root, 'data');
    const admin = await openEmbeddedStore(dir);
    try {
      ({ key } = await accountWithKey(admin, 'PRO'));
    } finally {
      await admin.close();
    }
  });

  afterAll(async () => {
    await stop();
    await fakes?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers each person LIVE then CACHE, with the name and address VIES gave', async () => {
    const { url } = await start();
    for (const p of PEOPLE) {
      const live = await ask(url, p);
      expect(live.status).toBe(200);
      expect(live.body.vatDetails).toMatchObject({ source: 'LIVE', registered: true, trader_name: p.name });
      const cached = await ask(url, p);
      expect(cached.body.vatDetails).toMatchObject({ source: 'CACHE', registered: true, trader_name: p.name });
    }
    expect((await post(url, 'vat', { value: company }, key)).status).toBe(200);
  });

  it('while it runs, no file of the directory holds a number, name or address; each is the owner’s alone', () => {
    const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, DATA_KEY_FILE];
    for (const file of files) expect({ file, mode: modeOf(join(dir, file)).toString(8) }).toEqual({ file, mode: '600' });
    expect(modeOf(dir).toString(8)).toBe('700');
    expect(findInFiles(dir, [company]).map((hit) => basename(hit.file))).not.toEqual([]);
    expect(personalDataIn(dir, PEOPLE)).toEqual([]);
    expect(logs.filter((line) => line.includes(dataDirOpenWarning(dir)))).toEqual([]);
  });

  it('answers from the stored cache after a restart (CACHE), without asking VIES again', async () => {
    await stop();
    const callsBefore = fakes.vies.calls;
    const { url } = await start();
    for (const p of PEOPLE) {
      const again = await ask(url, p);
      expect(again.body.vatDetails).toMatchObject({ source: 'CACHE', registered: true, trader_name: p.name });
    }
    expect(fakes.vies.calls).toBe(callsBefore);
  });

  it('answers STALE from an answer days old while VIES is down', async () => {
    await stop();
    // Three days pass for the stored answers (their time is kept clear for the policy and the prune).
    const sql = await openSqlite(databaseFile(dir));
    try {
      await sql.query('UPDATE vies_cache SET checked_at = checked_at - $1', [3 * DAY_MS]);
    } finally {
      await sql.close();
    }
    const { url } = await start();
    fakes.vies.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    try {
      for (const p of PEOPLE) {
        const stale = await ask(url, p);
        expect(stale.status).toBe(200);
        expect(stale.body.vatDetails).toMatchObject({ source: 'STALE', registered: true, trader_name: p.name });
      }
    } finally {
      fakes.vies.reset();
    }
  });

  it('once it stopped, no file holds a number, name or address either', async () => {
    await stop();
    expect(personalDataIn(dir, PEOPLE)).toEqual([]);
    expect(findInFiles(dir, [company])).not.toEqual([]);
  });
});

describe('the files of a data directory', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'verifield-files-'));
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('lose their group and other bits when an older version left them open', async () => {
    const dir = join(root, 'older');
    mkdirSync(dir, { mode: 0o700 });
    const store = await openEmbeddedStore(dir);
    await store.close();
    for (const file of [DATABASE_FILE, DATA_KEY_FILE]) chmodSync(join(dir, file), 0o644);
    // A WAL left by a crash, as another umask made it.
    writeFileSync(join(dir, `${DATABASE_FILE}-wal`), '', { mode: 0o644 });
    chmodSync(join(dir, `${DATABASE_FILE}-wal`), 0o644);
    const reopened = await openEmbeddedStore(dir);
    try {
      for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`, DATA_KEY_FILE]) {
        expect({ file, mode: modeOf(join(dir, file)).toString(8) }).toEqual({ file, mode: '600' });
      }
    } finally {
      await reopened.close();
    }
  });

  it('are made in a directory created 0700, parents included', async () => {
    const dir = join(root, 'made', 'here');
    const store = await openEmbeddedStore(dir);
    await store.close();
    expect(modeOf(join(root, 'made')).toString(8)).toBe('700');
    expect(modeOf(dir).toString(8)).toBe('700');
  });

  it('in a directory open to others: the service says so at start and leaves the directory as it was', async () => {
    const dir = join(root, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const fakes = await startFakes();
    const logs: string[] = [];
    try {
      const server = await startServer({ ...fakeConfig(fakes), dataDir: dir, log: (line) => logs.push(line) });
      await server.close();
    } finally {
      await fakes.close();
    }
    expect(logs).toContain(dataDirOpenWarning(dir));
    expect(modeOf(dir).toString(8)).toBe('755');
    expect(modeOf(join(dir, DATABASE_FILE)).toString(8)).toBe('600');
  });

  it('of a version that kept the VIES cache in clear: the upgrade drops the old cache rows and leaves no copy of them', async () => {
    const dir = join(root, 'upgraded');
    const p = PEOPLE[0] as Person;
    const old = await openSqlite(databaseFile(dir));
    try {
      await cacheAsBeforeSealing(old, SQLITE_MIGRATIONS.slice(0, 3), p);
    } finally {
      await old.close();
    }
    expect(personalDataIn(dir, [p])).not.toEqual([]);

    const store = await openEmbeddedStore(dir);
    try {
      expect(await store.viesCache.get(p.vat.slice(0, 2), p.vat.slice(2))).toBeNull();
    } finally {
      await store.close();
    }
    expect(personalDataIn(dir, [p])).toEqual([]);
  });
});
