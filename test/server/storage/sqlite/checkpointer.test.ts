/**
 * WAL checkpoints of the embedded store (src/server/storage/sqlite/checkpointer.ts): the requests'
 * connection never stops to checkpoint; once its WAL has grown past 4 MiB a worker thread copies
 * it into the database file, and under continuous writes the WAL still starts over instead of
 * growing for as long as the writes go on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFile, openEmbeddedStore } from '../../../../src/server/storage/index.js';
import { usageEntry } from '../../../support/store/usage-entry.js';
import { repoRoot } from '../../../support/repo-root.js';
const SLOW = 60_000;
const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'verifield-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sizeOf = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

describe('WAL checkpoints', () => {
  it(
    'copy the WAL into the database file from a worker, and keep it bounded under continuous writes',
    async () => {
      const dataDir = join(dir, 'data');
      const file = databaseFile(dataDir);
      const store = await openEmbeddedStore(dataDir);
      try {
        const account = await store.accounts.create({ name: 'Writes', plan: 'PRO', subscriptionStart: '2026-01-01', vatNumber: null });
        const writeBatch = () =>
          Promise.all(Array.from({ length: 500 }, () => store.usage.count(usageEntry(account.id, '2026-01-01', { at: new Date() }), null)));

        // The requests' connection does not checkpoint: everything written so far is in the WAL.
        while (sizeOf(`${file}-wal`) < 4 * MiB) await writeBatch();
        const databaseBefore = sizeOf(file);
        expect(databaseBefore).toBeLessThan(MiB);

        // Idle: the worker starts and copies the WAL into the database file.
        await sleep(1_500);
        expect(sizeOf(file)).toBeGreaterThan(databaseBefore + MiB);

        // Three seconds of writes without a pause: the WAL starts over (cut back to 16 MiB) again and
        // again instead of growing with them (at about 60 MiB a second here).
        let largestWal = 0;
        let restarts = 0;
        let previousWal = sizeOf(`${file}-wal`);
        let written = 0;
        for (const until = Date.now() + 3_000; Date.now() < until; ) {
          await writeBatch();
          written += 500;
          const wal = sizeOf(`${file}-wal`);
          if (wal < previousWal) restarts++;
          largestWal = Math.max(largestWal, wal);
          previousWal = wal;
        }
        console.info(
          `checkpoints: ${written} counts in 3 s; WAL restarted ${restarts} times, at most ${(largestWal / MiB).toFixed(1)} MiB; ` +
            `database ${(sizeOf(file) / MiB).toFixed(1)} MiB`,
        );
        expect(restarts).toBeGreaterThan(0);
        expect(largestWal).toBeLessThan(96 * MiB);
        expect(await store.usage.used(account.id, '2026-01-01')).toBeGreaterThan(written);
      } finally {
        await store.close();
      }
      // The last connection to close checkpointed everything and removed the WAL.
      expect(sizeOf(`${file}-wal`)).toBe(0);
    },
    SLOW,
  );

  it(
    'end with the store: a process that closed it exits by itself, its WAL checkpointed and removed',
    () => {
      const dataDir = join(dir, 'child');
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/store/fill-child.ts', dataDir, '40000'], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: SLOW - 10_000,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('closed\n');
      expect(run.status).toBe(0);
      expect(sizeOf(`${databaseFile(dataDir)}-wal`)).toBe(0);
      expect(sizeOf(databaseFile(dataDir))).toBeGreaterThan(4 * MiB);
    },
    SLOW,
  );
});
