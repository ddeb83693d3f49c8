/**
 * Two `verifield serve` processes on one SQLite data directory, on two ports, loaded at the same
 * time (docs/architecture.md#embedded-store): the FREE quota stays exact across both (250 answers
 * 200 in all, every other answer 429 QUOTA_EXCEEDED, 250 stored), and on a paid plan the stored
 * count is the number of 200s both gave. Over real HTTP, from the build, as `npm start` runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/server/policy/plans.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { runCliAsync, startCli, type CliProcess, type CliRun } from '../support/cli.js';
import { answersWithStatus, mergeTally, startLoad, tallyObject, type Tally } from '../support/validation-load.js';

const SLOW = 180_000;
const IBAN = 'DE89370400440532013000';
const FREE_QUOTA = PLANS.FREE.quota;

let dataDir: string;
const services: CliProcess[] = [];
const bases: string[] = [];

function admin(args: readonly string[]): Promise<CliRun> {
  return runCliAsync([...args, '--data-dir', dataDir], {}, { built: true });
}

async function accountWithKey(name: string, plan: string): Promise<{ accountId: string; key: string }> {
  const account = await admin(['accounts', 'create', '--name', name, '--plan', plan]);
  expect(account.status, account.stderr).toBe(0);
  const accountId = account.stdout.trim();
  const key = await admin(['keys', 'create', '--account', accountId, '--name', name]);
  expect(key.status, key.stderr).toBe(0);
  return { accountId, key: key.stdout.trim() };
}

async function usedOf(accountId: string): Promise<number> {
  const run = await admin(['accounts', 'list', '--json']);
  expect(run.status, run.stderr).toBe(0);
  const accounts = JSON.parse(run.stdout) as Array<{ id: string; used: number }>;
  return accounts.find((account) => account.id === accountId)?.used ?? Number.NaN;
}

/** Loads both services at once with `key`, `requests` each, `inFlight` at a time on each. */
async function loadBoth(key: string, requests: number, inFlight: number): Promise<Tally[]> {
  const loads = bases.map((base) => startLoad({ base, key, iban: IBAN, inFlight, requests }));
  return Promise.all(loads.map((load) => load.done));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-two-serve-'));
  // The first start creates the store; the second opens the directory the first one holds.
  for (let index = 0; index < 2; index++) {
    const serve = startCli(['serve', '--port', '0', '--data-dir', dataDir, '--no-jobs'], { built: true });
    services.push(serve);
    const [, base = ''] = await serve.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    bases.push(base);
  }
}, SLOW);

afterAll(async () => {
  for (const serve of services) {
    if (serve.child.exitCode === null) serve.child.kill('SIGTERM');
    await serve.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two serve processes on one data directory', () => {
  it('listen on two ports', () => {
    expect(bases).toHaveLength(2);
    expect(bases[0]).not.toBe(bases[1]);
  });

  it('keep one FREE quota exact under concurrent load on both', async () => {
    const { accountId, key } = await accountWithKey('free', 'FREE');
    // Two in flight on each: under the plan's three per process, so every refusal is the quota's.
    const perService = await loadBoth(key, FREE_QUOTA, 2);
    const all = perService.reduce((sum, tally) => mergeTally(sum, tally), new Map());
    // Twice the quota sent in all: exactly the quota answered 200, the rest refused for it.
    expect(tallyObject(all)).toEqual({ '200': FREE_QUOTA, '429 QUOTA_EXCEEDED': FREE_QUOTA });
    console.log(`FREE quota: 200s per process ${perService.map((tally) => answersWithStatus(tally, 200)).join(' + ')}`);
    // Both processes granted places: the quota was shared, not used up by one alone.
    for (const tally of perService) expect(answersWithStatus(tally, 200)).toBeGreaterThan(0);
    expect(await usedOf(accountId)).toBe(FREE_QUOTA);
  }, SLOW);

  it('count every 200 of both on a paid plan, and log each once', async () => {
    const { accountId, key } = await accountWithKey('pro', 'PRO');
    const perService = await loadBoth(key, 600, 8);
    const all = perService.reduce((sum, tally) => mergeTally(sum, tally), new Map());
    expect(tallyObject(all)).toEqual({ '200': 1_200 });
    expect(await usedOf(accountId)).toBe(answersWithStatus(all, 200));

    // The usage log holds one row per answer, each request id once.
    const store = await openEmbeddedStore(dataDir);
    try {
      const rows = await store.usage.log(accountId, 10_000);
      expect(rows).toHaveLength(1_200);
      expect(new Set(rows.map((row) => row.requestId)).size).toBe(1_200);
    } finally {
      await store.close();
    }
  }, SLOW);
});
