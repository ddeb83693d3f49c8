/**
 * The admin commands while `verifield serve` runs on the same data directory
 * (docs/service.md#command-line): `accounts create`, `keys create`, `keys list` and `keys revoke`
 * run as separate processes, each while the service is answering validations, and succeed; what
 * they do is seen over HTTP: a created key answers 200 at once, a revoked key is refused within
 * 2 s, and `accounts list` shows the usage the service counted. Everything runs from the build,
 * as `npm start` does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAsync, startCli, type CliProcess, type CliRun } from '../support/cli.js';
import { answersWithStatus, mergeTally, startLoad, tallyObject, validateOnce, type Load, type Tally } from '../support/validation-load.js';

const SLOW = 120_000;
const IBAN = 'DE89370400440532013000';
/** The longest a revoked key may go on working (docs/service.md#api-keys). */
const REVOCATION_BOUND_MS = 2_000;

let dataDir: string;
let serve: CliProcess;
let base = '';
/** Every answer the service gave to the test's own account, load and single requests together. */
const answers: Tally = new Map();

function admin(args: readonly string[]): Promise<CliRun> {
  return runCliAsync([...args, '--data-dir', dataDir], {}, { built: true });
}

/** Runs an admin command while `load` keeps validations going, and checks it succeeded. */
async function adminUnderLoad(load: Load, args: readonly string[]): Promise<CliRun> {
  const before = answersWithStatus(load.tally, 200);
  const run = await admin(args);
  expect(run.stderr, `verifield ${args.join(' ')}`).not.toMatch(/locked|busy|SQLITE_/i);
  expect(run.status, `verifield ${args.join(' ')}: ${run.stderr}`).toBe(0);
  // The service went on answering while the command ran.
  expect(answersWithStatus(load.tally, 200)).toBeGreaterThan(before);
  return run;
}

async function answerFor(key: string): Promise<string> {
  const label = await validateOnce(base, key, IBAN);
  answers.set(label, (answers.get(label) ?? 0) + 1);
  return label;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-admin-serving-'));
  serve = startCli(['serve', '--port', '0', '--data-dir', dataDir, '--no-jobs'], { built: true });
  [, base = ''] = await serve.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
}, SLOW);

afterAll(async () => {
  if (serve !== undefined && serve.child.exitCode === null) {
    serve.child.kill('SIGTERM');
    await serve.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('admin commands while serve runs on the same directory', () => {
  let accountId = '';
  let firstKey = '';

  it('creates an account and a key; the key answers 200 at once', async () => {
    const account = await admin(['accounts', 'create', '--name', 'Acme', '--plan', 'PRO']);
    expect(account.status, account.stderr).toBe(0);
    accountId = account.stdout.trim();
    const key = await admin(['keys', 'create', '--account', accountId, '--name', 'first']);
    expect(key.status, key.stderr).toBe(0);
    firstKey = key.stdout.trim();
    expect(firstKey).toMatch(/^vf_[0-9A-Za-z]{43}$/);
    // No wait: the first request after the command exits.
    expect(await answerFor(firstKey)).toBe('200');
  }, SLOW);

  it('under load: creates, lists and revokes; a new key works at once, a revoked one is refused within 2 s', async () => {
    const load = startLoad({ base, key: firstKey, iban: IBAN, inFlight: 4 });
    try {
      await adminUnderLoad(load, ['accounts', 'create', '--name', 'Second', '--plan', 'STARTER']);

      const created = await adminUnderLoad(load, ['keys', 'create', '--account', accountId, '--name', 'second']);
      const secondKey = created.stdout.trim();
      expect(secondKey).toMatch(/^vf_[0-9A-Za-z]{43}$/);
      expect(await answerFor(secondKey)).toBe('200');

      const listed = await adminUnderLoad(load, ['keys', 'list', '--account', accountId, '--json']);
      const keys = JSON.parse(listed.stdout) as Array<{ id: string; name: string; displayPrefix: string; revokedAt: string | null }>;
      expect(keys.map((key) => key.name).sort()).toEqual(['first', 'second']);
      const second = keys.find((key) => key.name === 'second');
      expect(second?.displayPrefix).toBe(secondKey.slice(0, second?.displayPrefix.length));

      // The key is in the service's cache: it answered just now, and answers again.
      expect(await answerFor(secondKey)).toBe('200');
      await adminUnderLoad(load, ['keys', 'revoke', second?.id ?? 'missing']);
      const revokedAt = performance.now();
      let label = await answerFor(secondKey);
      while (label === '200' && performance.now() - revokedAt <= REVOCATION_BOUND_MS + 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        label = await answerFor(secondKey);
      }
      const refusedAfterMs = performance.now() - revokedAt;
      console.log(`revoked key refused ${refusedAfterMs.toFixed(0)} ms after keys revoke exited`);
      expect(label).toBe('401 INVALID_API_KEY');
      expect(refusedAfterMs).toBeLessThanOrEqual(REVOCATION_BOUND_MS);
      // Refused for good, and the account's other key still works.
      expect(await answerFor(secondKey)).toBe('401 INVALID_API_KEY');
      expect(await answerFor(firstKey)).toBe('200');
    } finally {
      mergeTally(answers, await load.stop());
    }
    // Nothing but 200 while the commands ran: no 503 for a lock held by another process, no 500.
    expect(tallyObject(load.tally)).toEqual({ '200': answersWithStatus(load.tally, 200) });
  }, SLOW);

  it('accounts list shows the usage the service counted', async () => {
    const run = await admin(['accounts', 'list', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const accounts = JSON.parse(run.stdout) as Array<{ id: string; name: string; plan: string; used: number }>;
    expect(accounts.map((account) => account.name).sort()).toEqual(['Acme', 'Second', 'default']);
    const acme = accounts.find((account) => account.id === accountId);
    // Every 200 was counted before it was sent, and nothing else was counted.
    expect(acme?.used).toBe(answersWithStatus(answers, 200));
    expect(acme?.used).toBeGreaterThan(10);
    expect(accounts.find((account) => account.name === 'Second')?.used).toBe(0);
  }, SLOW);
});
