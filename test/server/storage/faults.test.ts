/**
 * The embedded store failing under a running `verifield serve` (docs/service.md#store-failure),
 * over real HTTP, under load from eight loops:
 * - the data directory deleted: every answer is a 200 that was counted or a 503 STORE_UNAVAILABLE
 *   saying the file is gone, noticed within about a second; no database file appears again while
 *   the process runs; the log says why, once.
 * - the database file made read-only (`chattr +i` on the file and its WAL: the process runs as
 *   root here, for whom a chmod stops nothing, and an open file ignores its mode anyway): 503 at
 *   the next write, then 200 and counted within a few seconds of `chattr -i`.
 * - a full filesystem (a 2 MiB tmpfs, mounted by root): 503 while full, 200 again once space is freed.
 * The last two need root (CI runs as root); elsewhere they do not run, and say so.
 * Every 200 is checked against the store's counter afterwards: the counter holds exactly the 200s.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../src/server/answers/errors.js';
import { billingPeriod } from '../../../src/server/policy/plans.js';
import { DATABASE_FILE, openEmbeddedStore } from '../../../src/server/storage/index.js';
import { accountWithKey, until } from '../../support/server.js';
import { startCli, type CliProcess } from '../../support/cli.js';
import { startLoad, tallyOf, type Load, type TimedAnswer } from '../../support/validation-load.js';
import { germanIban } from '../../support/generators/iban.js';

const SLOW = 120_000;
const IBAN = germanIban('370400440532013000');
const SUBSCRIPTION_START = '2026-01-15';
const root = mkdtempSync(join(tmpdir(), 'verifield-faults-'));
const isRoot = process.getuid?.() === 0;
const cleanups: Array<() => void> = [];

function canRun(command: string, args: readonly string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** chattr +i works where the data directories are (root, and a file system with the flag). */
const canFreeze = isRoot && (() => {
  const probe = join(root, 'chattr-probe');
  writeFileSync(probe, '');
  const frozen = canRun('chattr', ['+i', probe]);
  if (frozen) canRun('chattr', ['-i', probe]);
  return frozen;
})();
/** A small tmpfs can be mounted (root, mount allowed in this container). */
const canMount = isRoot && (() => {
  const point = join(root, 'mount-probe');
  mkdirSync(point);
  const mounted = canRun('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', point]);
  if (mounted) canRun('umount', [point]);
  return mounted;
})();
if (!canFreeze) console.warn('faults-store: the read-only case does not run here: it needs root and chattr (CI runs as root)');
if (!canMount) console.warn('faults-store: the full-disk case does not run here: it needs root to mount a tmpfs (CI runs as root)');

// CI runs as root: there, a fault case that cannot run is a broken set-up, not a machine without root.
if (process.env.CI === 'true') {
  it('runs every fault case under CI', () => {
    expect({ readOnlyCase: canFreeze, fullDiskCase: canMount }).toEqual({ readOnlyCase: true, fullDiskCase: true });
  });
}

afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  rmSync(root, { recursive: true, force: true });
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A PRO account and key in `dataDir`, made before the service starts. */
async function prepare(dataDir: string): Promise<{ accountId: string; key: string }> {
  const store = await openEmbeddedStore(dataDir);
  try {
    const { account, key } = await accountWithKey(store, 'PRO', { subscriptionStart: SUBSCRIPTION_START });
    return { accountId: account.id, key };
  } finally {
    await store.close();
  }
}

async function serve(dataDir: string): Promise<{ cli: CliProcess; base: string }> {
  const cli = startCli(['serve', '--port', '0', '--data-dir', dataDir, '--no-jobs']);
  cleanups.push(() => {
    if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL');
  });
  const [, base = ''] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
  return { cli, base };
}

async function stop(cli: CliProcess): Promise<number | string> {
  cli.child.kill('SIGTERM');
  return cli.exited;
}

async function readyz(base: string): Promise<{ status: number; store: { writable: boolean; message: string | null } }> {
  const response = await fetch(`${base}/readyz`);
  const body = (await response.json()) as { store: { writable: boolean; message: string | null } };
  return { status: response.status, store: body.store };
}

/** The account's counter in the current period, read from the database in `dataDir`. */
async function usedIn(dataDir: string, accountId: string): Promise<number> {
  const store = await openEmbeddedStore(dataDir);
  try {
    return await store.usage.used(accountId, billingPeriod(SUBSCRIPTION_START, new Date()).start);
  } finally {
    await store.close();
  }
}

const count = (answers: readonly TimedAnswer[], status: number): number => answers.filter((answer) => answer.status === status).length;
const after = (answers: readonly TimedAnswer[], from: number, to = Infinity): TimedAnswer[] => answers.filter((answer) => answer.at > from && answer.at <= to);
const firstAfter = (answers: readonly TimedAnswer[], from: number, status: number): TimedAnswer | undefined =>
  answers.find((answer) => answer.at > from && answer.status === status);
/** The lines of the service's log (stderr), the start and stop lines left out. */
const logLines = (cli: CliProcess): string[] => cli.stderr.split('\n').filter((line) => line.startsWith('{'));

/** What happened around a fault that is repaired while the load runs. */
interface RepairedFault {
  faultAt: number;
  /** When the first 503 after the fault came. */
  detectedAt: number;
  /** /readyz two seconds into the fault. */
  ready: Awaited<ReturnType<typeof readyz>>;
  repairedAt: number;
  /** When the first 200 after the repair came. */
  recoveredAt: number;
  /** Every answer of the load, stopped half a second after the recovery. */
  answers: readonly TimedAnswer[];
}

/** Causes a fault under `load`, waits for the refusals, repairs it, waits for a 200, and stops the load. */
async function faultThenRepair(load: Load, base: string, fault: () => void, repair: () => void, detectWithinMs: number): Promise<RepairedFault> {
  const faultAt = performance.now();
  fault();
  await until(() => firstAfter(load.answers, faultAt, 503) !== undefined, detectWithinMs, 'a 503 after the fault');
  const detectedAt = (firstAfter(load.answers, faultAt, 503) as TimedAnswer).at;
  await sleep(2_000);
  const ready = await readyz(base);
  const repairedAt = performance.now();
  repair();
  await until(() => firstAfter(load.answers, repairedAt, 200) !== undefined, 10_000, 'a 200 after the repair');
  const recoveredAt = (firstAfter(load.answers, repairedAt, 200) as TimedAnswer).at;
  await sleep(500);
  await load.stop();
  return { faultAt, detectedAt, ready, repairedAt, recoveredAt, answers: load.answers };
}

/** Every answer is a 200 or a 503 STORE_UNAVAILABLE with `message` and Retry-After. */
function expectOnly200Or503(answers: readonly TimedAnswer[], message: string): void {
  const others = answers.filter((answer) => answer.status !== 200 && !(answer.status === 503 && answer.errorCode === 'STORE_UNAVAILABLE'));
  expect(others).toEqual([]);
  for (const refused of answers.filter((answer) => answer.status === 503)) {
    expect(refused.message).toBe(message);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  }
}

describe('the embedded store failing under a running serve', () => {
  it(
    'data directory deleted under load: 503 STORE_UNAVAILABLE within a second, never a new store, every 200 counted',
    async () => {
      const dataDir = join(root, 'deleted', 'data');
      const kept = join(root, 'deleted', 'kept');
      const { accountId, key } = await prepare(dataDir);
      const { cli, base } = await serve(dataDir);
      const load = startLoad({ base, key, iban: IBAN, inFlight: 8 });
      await until(() => count(load.answers, 200) >= 300, 30_000, '300 answers 200 before the fault');
      // Second names for the file and its WAL, so the counts the service made can be read afterwards.
      mkdirSync(kept);
      for (const suffix of ['', '-wal']) linkSync(join(dataDir, `${DATABASE_FILE}${suffix}`), join(kept, `${DATABASE_FILE}${suffix}`));

      const deletedAt = performance.now();
      rmSync(dataDir, { recursive: true, force: true });
      let reappeared = false;
      const watch = setInterval(() => {
        reappeared ||= existsSync(dataDir);
      }, 10);
      await until(() => firstAfter(load.answers, deletedAt, 503) !== undefined, 5_000, 'a 503 after the deletion');
      const detectedAt = (firstAfter(load.answers, deletedAt, 503) as TimedAnswer).at;
      await sleep(2_000);
      const ready = await readyz(base);
      await load.stop();
      const answers = load.answers;
      clearInterval(watch);
      const logs = logLines(cli);
      expect(await stop(cli)).toBe(0);

      expect(reappeared).toBe(false);
      expect(existsSync(dataDir)).toBe(false);
      expectOnly200Or503(answers, ERROR_MESSAGES.STORE_FILE_GONE);
      const during = after(answers, deletedAt);
      // Noticed within the watcher's second; after that, nothing but 503 (requests already past the check may still end in 200).
      expect(detectedAt - deletedAt).toBeLessThan(1_500);
      expect(count(after(answers, detectedAt + 200), 200)).toBe(0);
      expect(ready.status).toBe(503);
      expect(ready.store).toEqual({ writable: false, latencyMs: null, message: ERROR_MESSAGES.STORE_FILE_GONE });
      // The log says why, once, however many requests were refused.
      expect(logs.filter((line) => line.includes('store file deleted'))).toHaveLength(1);
      expect(logs.length).toBeLessThan(5);
      // Every 200 was counted, in the file the service had open (read through the second names).
      const used = await usedIn(kept, accountId);
      expect(used).toBe(count(answers, 200));
      console.info(
        `faults-store: directory deleted under load: during the fault ${JSON.stringify(tallyOf(during))}; ` +
          `detected ${(detectedAt - deletedAt).toFixed(0)} ms after rm; no recovery (restart needed); ` +
          `${logs.length} log lines for ${count(during, 503)} refusals; counter ${used} = ${count(answers, 200)} answers 200`,
      );
    },
    SLOW,
  );

  it.runIf(canFreeze)(
    'database file made read-only (chattr +i): 503 at the next write, 200 and counted again within seconds of making it writable',
    async () => {
      const dataDir = join(root, 'read-only');
      const { accountId, key } = await prepare(dataDir);
      const { cli, base } = await serve(dataDir);
      const files = ['', '-wal'].map((suffix) => join(dataDir, `${DATABASE_FILE}${suffix}`));
      cleanups.push(() => canRun('chattr', ['-i', ...files]));
      const load = startLoad({ base, key, iban: IBAN, inFlight: 8 });
      await until(() => count(load.answers, 200) >= 300, 30_000, '300 answers 200 before the fault');

      const { faultAt: frozenAt, detectedAt, ready, repairedAt: thawedAt, recoveredAt, answers } = await faultThenRepair(
        load,
        base,
        () => execFileSync('chattr', ['+i', ...files]),
        () => execFileSync('chattr', ['-i', ...files]),
        5_000,
      );
      const logs = logLines(cli);
      expect(await stop(cli)).toBe(0);

      expectOnly200Or503(answers, ERROR_MESSAGES.STORE_UNAVAILABLE);
      const frozen = after(answers, frozenAt, thawedAt);
      expect(detectedAt - frozenAt).toBeLessThan(1_000);
      // Between the first refusal and the repair, only refusals.
      expect(count(after(answers, detectedAt + 200, thawedAt), 200)).toBe(0);
      expect(ready.status).toBe(503);
      expect(ready.store.message).toBe(ERROR_MESSAGES.STORE_UNAVAILABLE);
      expect(recoveredAt - thawedAt).toBeLessThan(3_000);
      expect(count(after(answers, recoveredAt + 100), 503)).toBe(0);
      expect(logs.some((line) => line.includes('store available again'))).toBe(true);
      expect(logs.length).toBeLessThan(15);
      const used = await usedIn(dataDir, accountId);
      expect(used).toBe(count(answers, 200));
      console.info(
        `faults-store: file read-only (chattr +i) for ${(thawedAt - frozenAt).toFixed(0)} ms: ${JSON.stringify(tallyOf(frozen))}; ` +
          `detected ${(detectedAt - frozenAt).toFixed(0)} ms after chattr +i; 200 again ${(recoveredAt - thawedAt).toFixed(0)} ms after chattr -i; ` +
          `${logs.length} log lines for ${count(frozen, 503)} refusals; counter ${used} = ${count(answers, 200)} answers 200`,
      );
    },
    SLOW,
  );

  it.runIf(canMount)(
    'a full filesystem (2 MiB tmpfs): 503 while full, 200 and counted again once space is freed',
    async () => {
      const mountPoint = join(root, 'tmpfs');
      mkdirSync(mountPoint);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint]);
      cleanups.push(() => canRun('umount', ['-l', mountPoint]));
      const dataDir = join(mountPoint, 'data');
      const { accountId, key } = await prepare(dataDir);
      const { cli, base } = await serve(dataDir);
      // Leave about 256 KiB: a few hundred requests' worth of WAL pages.
      const filler = join(mountPoint, 'filler');
      const { bavail, bsize } = statfsSync(mountPoint);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 256 * 1024)));
      const load = startLoad({ base, key, iban: IBAN, inFlight: 8 });
      // The fault is already there: the load fills what the filler left.
      const { faultAt: startedAt, detectedAt: fullAt, ready, repairedAt: freedAt, recoveredAt, answers } = await faultThenRepair(
        load,
        base,
        () => undefined,
        () => rmSync(filler),
        60_000,
      );
      const logs = logLines(cli);
      expect(await stop(cli)).toBe(0);

      expectOnly200Or503(answers, ERROR_MESSAGES.STORE_UNAVAILABLE);
      const full = after(answers, fullAt - 1, freedAt);
      expect(count(after(answers, fullAt + 200, freedAt), 200)).toBe(0);
      expect(ready.status).toBe(503);
      expect(ready.store.message).toBe(ERROR_MESSAGES.STORE_UNAVAILABLE);
      expect(recoveredAt - freedAt).toBeLessThan(3_000);
      expect(logs.some((line) => line.includes('SQLITE_FULL') || line.includes('disk is full'))).toBe(true);
      expect(logs.length).toBeLessThan(15);
      const used = await usedIn(dataDir, accountId);
      expect(used).toBe(count(answers, 200));
      console.info(
        `faults-store: full 2 MiB tmpfs: ${count(after(answers, startedAt, fullAt - 1), 200)} answers 200 before it filled, then for ${(freedAt - fullAt).toFixed(0)} ms ` +
          `${JSON.stringify(tallyOf(full))}; 200 again ${(recoveredAt - freedAt).toFixed(0)} ms after the filler was removed; ` +
          `${logs.length} log lines for ${count(full, 503)} refusals; counter ${used} = ${count(answers, 200)} answers 200`,
      );
    },
    SLOW,
  );
});
