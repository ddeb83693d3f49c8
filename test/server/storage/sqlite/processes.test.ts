/**
 * Several processes on one data directory (docs/architecture.md#embedded-store): two processes
 * counting against one FREE quota on the same SQLite file keep it exact, as two `serve` processes
 * must. Each batch's read of the counter and its write happen under SQLite's write lock (BEGIN
 * IMMEDIATE), so neither process can grant a place the other has granted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../../src/server/storage/index.js';
import { repoRoot } from '../../../support/repo-root.js';
const SLOW = 120_000;
const dir = mkdtempSync(join(tmpdir(), 'verifield-processes-'));

const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface ChildSummary {
  counted: number;
  blocked: number;
  firstAt: number;
  lastAt: number;
}

interface Child {
  /** Resolves once the child has opened the store. */
  ready: Promise<void>;
  /** Lets it start counting. */
  go(): void;
  /** Its summary, once it has counted everything. */
  done: Promise<ChildSummary>;
}

function countingChild(dataDir: string, accountId: string, quota: number, requests: number): Child {
  const args = ['--import', 'tsx', 'test/support/store/quota-child.ts', dataDir, accountId, String(quota), String(requests)];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolveReady) => {
    onReady = resolveReady;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.startsWith('ready\n')) onReady();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<ChildSummary>((resolveDone, reject) => {
    child.on('close', (code) => {
      if (code === 0) resolveDone(JSON.parse(stdout.slice('ready\n'.length)) as ChildSummary);
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
  return { ready: Promise.race([ready, done.then(() => undefined)]), go: () => child.stdin.end('go\n'), done };
}

describe('two processes counting on one SQLite file', () => {
  it(
    'grant exactly the FREE quota between them, and log and total exactly what they granted',
    async () => {
      const dataDir = join(dir, 'data');
      const store = await openEmbeddedStore(dataDir);
      try {
        const account = await store.accounts.create({ name: 'Shared quota', plan: 'FREE', subscriptionStart: '2026-01-01', vatNumber: null });
        const quota = 3_000;
        const perChild = 2_000;
        const children = [countingChild(dataDir, account.id, quota, perChild), countingChild(dataDir, account.id, quota, perChild)];
        await Promise.all(children.map((child) => child.ready));
        for (const child of children) child.go();
        const [a, b] = (await Promise.all(children.map((child) => child.done))) as [ChildSummary, ChildSummary];
        // The two counted at the same time, not one after the other.
        expect(Math.max(a.firstAt, b.firstAt)).toBeLessThan(Math.min(a.lastAt, b.lastAt));
        expect(a.counted + b.counted).toBe(quota);
        expect(a.blocked + b.blocked).toBe(2 * perChild - quota);
        expect(a.counted).toBeGreaterThan(0);
        expect(b.counted).toBeGreaterThan(0);

        expect(await store.usage.used(account.id, '2026-01-01')).toBe(quota);
        expect(await store.usage.log(account.id, 10_000)).toHaveLength(quota);
        const totals = (await store.usage.dailyTotals?.(account.id, '2000-01-01', '2100-01-01')) ?? [];
        expect(totals.reduce((sum, total) => sum + total.count, 0)).toBe(quota);
        expect(new Set(totals.map((total) => total.keyId)).size).toBe(2);
      } finally {
        await store.close();
      }
    },
    SLOW,
  );
});
