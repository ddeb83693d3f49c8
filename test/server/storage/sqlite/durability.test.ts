/**
 * The embedded store in a data directory (SQLite): everything survives a close and reopen, a
 * count that resolved survives SIGKILL, a closed store rejects instead of hanging, two stores open
 * on one directory see each other's writes, and no NIF, SIN or SSN value reaches its files (the
 * database and its WAL). Several processes counting on one file: processes.test.ts.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../../src/server/admin/api-keys.js';
import { createSqlStore, databaseFile, openEmbeddedStore, openSqlite, StoreClosedError } from '../../../../src/server/storage/index.js';
import type { Field, UsageEntry } from '../../../../src/server/storage/types.js';
import { usageEntry } from '../../../support/store/usage-entry.js';
import { maskedEntry } from '../../../../src/server/pipeline/metered.js';
import { repoRoot } from '../../../support/repo-root.js';
const SLOW = 120_000;
const PERIOD = '2026-01-01';
const directories: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verifield-store-'));
  directories.push(dir);
  return join(dir, 'data');
}

// One directory for the file, as a deployment keeps one.
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDir();
  await (await openEmbeddedStore(dataDir)).close();
}, SLOW);

afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

const entry = (accountId: string, overrides: Partial<UsageEntry> = {}): UsageEntry =>
  usageEntry(accountId, PERIOD, { value: 'NL91ABNA0417164300', latencyMs: 2, sdk: null, at: new Date('2026-01-05T08:00:00Z'), ...overrides });

/** Files under `dir` whose bytes contain any of `needles` (UTF-8). */
function filesContaining(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  const walk = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) walk(join(path, name));
      return;
    }
    const bytes = readFileSync(path);
    if (needles.some((needle) => bytes.includes(Buffer.from(needle, 'utf8')))) hits.push(path);
  };
  walk(dir);
  return hits;
}

describe('embedded store in a data directory', () => {
  it(
    'keeps accounts, keys, counters, log, cache, breakers, samples and rates across a restart',
    async () => {
      const now = new Date('2026-01-05T08:00:00Z');
      const { hash, displayPrefix } = generateApiKey();
      const sensitive: Record<'nif' | 'nas' | 'ssn', string> = { nif: '12345678Z', nas: '046 454 286', ssn: '536-90-4399' };

      const first = await openEmbeddedStore(dataDir);
      const account = await first.accounts.create({
        name: 'Acme',
        plan: 'FREE',
        subscriptionStart: PERIOD,
        vatNumber: 'ATU13585627',
      });
      const key = await first.keys.create(
        { accountId: account.id, name: 'main', displayPrefix, hash, scopes: ['iban', 'nif'], expiresAt: null },
        1,
        now
      );
      const counts = await Promise.all(Array.from({ length: 30 }, () => first.usage.count(entry(account.id), 25)));
      expect(counts.filter((c) => c.counted)).toHaveLength(25);
      for (const field of ['nif', 'nas', 'ssn'] as const) {
        // The entry as the metered validation builds it: masked there, once (maskedEntry).
        await first.usage.count(maskedEntry(entry(account.id, { endpoint: field as Field, value: sensitive[field] })), null);
      }
      const cached = {
        answer: { valid: true, name: 'Acme GmbH', requestDate: '2026-01-05' },
        checkedAt: now,
        traderName: null,
        requester: null,
      };
      await first.viesCache.set('AT', 'U13585627', cached);
      await first.breaker.recordFailure('FR', now);
      const snapshot = { vowAvailable: true, countries: [{ countryCode: 'AT', availability: 'Available' }] };
      await first.statusSamples.add(now, snapshot);
      const rates = { source: 'TEDB' as const, rates: [] };
      await first.rates.save(rates);
      await first.jobs.claim('rates', '2026-01-05', 'one');
      await first.close();

      const second = await openEmbeddedStore(dataDir);
      try {
        expect(await second.accounts.get(account.id)).toEqual(account);
        expect(await second.keys.findByHash(hash)).toEqual({ key, account });
        expect(await second.usage.used(account.id, PERIOD)).toBe(28);
        const log = await second.usage.log(account.id, 100);
        expect(log).toHaveLength(28);
        expect(log.filter((row) => row.value === '***')).toHaveLength(3);
        expect(await second.viesCache.get('AT', 'U13585627')).toEqual(cached);
        expect(await second.breaker.get('FR')).toEqual({ consecutiveFailures: 1, openedAt: null, openUntil: null });
        expect(await second.statusSamples.since(new Date(0))).toEqual([{ at: now, snapshot }]);
        expect(await second.rates.load()).toEqual(rates);
        expect(await second.jobs.claim('rates', '2026-01-05', 'two')).toBe(false);
      } finally {
        await second.close();
      }
      expect(filesContaining(dataDir, Object.values(sensitive))).toEqual([]);
    },
    SLOW
  );

  it(
    'resolves the counts pending at close (committed), then rejects every call',
    async () => {
      const store = await openEmbeddedStore(dataDir);
      const accountId = randomUUID();
      const pending = Array.from({ length: 50 }, () => store.usage.count(entry(accountId), null));
      const closed = store.close();
      await expect(store.usage.count(entry(accountId), null)).rejects.toBeInstanceOf(StoreClosedError);
      expect((await Promise.all(pending)).filter((d) => d.counted)).toHaveLength(50);
      await closed;
      await expect(store.accounts.list()).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.keys.findByHash('0'.repeat(64))).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.viesCache.get('AT', 'U1')).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.usage.count(entry(accountId), null)).rejects.toBeInstanceOf(StoreClosedError);
      await store.close();

      const reopened = await openEmbeddedStore(dataDir);
      try {
        expect(await reopened.usage.used(accountId, PERIOD)).toBe(50);
      } finally {
        await reopened.close();
      }
    },
    SLOW
  );

  it(
    'rejects, never hangs, when its SQL client was closed under it',
    async () => {
      const sql = await openSqlite(databaseFile(dataDir));
      const store = await createSqlStore(sql);
      await sql.close();
      await expect(store.usage.count(entry(randomUUID()), null)).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.breaker.claimProbe('DE', new Date(), new Date())).rejects.toBeInstanceOf(StoreClosedError);
      await expect(
        store.keys.create(
          { accountId: 'x', name: 'x', displayPrefix: 'vf_x', hash: 'a'.repeat(64), scopes: [], expiresAt: null },
          1,
          new Date()
        )
      ).rejects.toBeInstanceOf(StoreClosedError);
    },
    SLOW
  );

  it(
    'is one database file (and its WAL) that two stores open at once share',
    async () => {
      const first = await openEmbeddedStore(dataDir);
      const second = await openEmbeddedStore(dataDir);
      try {
        expect(first.file?.path).toBe(databaseFile(dataDir));
        expect(second.file).toEqual(first.file);
        expect(statSync(databaseFile(dataDir)).ino).toBe(first.file?.ino);
        const account = await first.accounts.create({ name: 'Shared', plan: 'PRO', subscriptionStart: PERIOD, vatNumber: null });
        expect(await second.accounts.get(account.id)).toEqual(account);
        const before = await first.keys.version?.();
        const { hash, displayPrefix } = generateApiKey();
        await second.keys.create({ accountId: account.id, name: 'k', displayPrefix, hash, scopes: ['iban'], expiresAt: null }, 5, new Date());
        // A key created by the other store is found at once, and its version shows the change.
        expect((await first.keys.findByHash(hash))?.account.id).toBe(account.id);
        expect(await first.keys.version?.()).not.toBe(before);
        await Promise.all([
          ...Array.from({ length: 40 }, () => first.usage.count(entry(account.id), null)),
          ...Array.from({ length: 40 }, () => second.usage.count(entry(account.id), null)),
        ]);
        expect(await first.usage.used(account.id, PERIOD)).toBe(80);
        expect(existsSync(`${databaseFile(dataDir)}-wal`)).toBe(true);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
      // Beside the database, only the data key both stores sealed with (src/server/storage/sealing.ts).
      expect(readdirSync(dataDir).filter((name) => !name.startsWith('verifield.db'))).toEqual(['data.key']);
    },
    SLOW
  );

  it(
    'loses no acknowledged count when the process is killed with SIGKILL',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/store/count-child.ts', dataDir], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const acknowledged: string[] = [];
      let accountId = '';
      let buffered = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<NodeJS.Signals | number | null>((resolveExit) => {
        // 'close': the process ended and its output was read to the end.
        child.on('close', (code, signal) => resolveExit(signal ?? code));
      });
      // Never leave the child running, whatever happens to the test.
      const timer = setTimeout(() => child.kill('SIGKILL'), SLOW - 10_000);
      try {
        await new Promise<void>((resolveEnough, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            buffered += chunk.toString();
            let newline: number;
            while ((newline = buffered.indexOf('\n')) >= 0) {
              const line = buffered.slice(0, newline);
              buffered = buffered.slice(newline + 1);
              if (line.startsWith('account ')) accountId = line.slice(8);
              if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
            }
            // Kill mid-stream, while counts are in flight.
            if (acknowledged.length >= 2000 && child.exitCode === null && !child.killed) {
              child.kill('SIGKILL');
              resolveEnough();
            }
          });
          child.on('exit', () => reject(new Error(`child ended early: ${stderr}`)));
        });
      } finally {
        clearTimeout(timer);
      }
      expect(await exited).toBe('SIGKILL');

      const store = await openEmbeddedStore(dataDir);
      let used: number;
      try {
        used = await store.usage.used(accountId, PERIOD);
        const log = await store.usage.log(accountId, 1_000_000);
        const logged = new Set(log.map((row) => row.requestId));
        // One log line per count, each id once: log length == counter.
        expect(log).toHaveLength(used);
        expect(logged.size).toBe(used);
        expect(acknowledged.filter((id) => !logged.has(id))).toEqual([]);
        // Written but not yet printed when the process died: at most the 20 in flight.
        expect(used).toBeGreaterThanOrEqual(acknowledged.length);
        expect(used - acknowledged.length).toBeLessThanOrEqual(20);
      } finally {
        await store.close();
      }
      // The per-day totals were committed with the counts.
      const sql = await openSqlite(databaseFile(dataDir));
      try {
        const { rows } = await sql.query<{ total: number }>('SELECT sum(count) AS total FROM usage_daily WHERE account_id = $1', [accountId]);
        expect(rows[0]?.total).toBe(used);
      } finally {
        await sql.close();
      }
    },
    SLOW
  );
});
