/**
 * The first start of `verifield serve` (docs/service.md#first-start), run in-process through the
 * CLI's I/O seam (src/cli/io.ts) with a stop the test gives: what is tested is what serve prints
 * and keeps, not the process (test/cli/serve.test.ts runs serve as a process). A start that cannot
 * listen creates nothing, so the next one prints the key; the sign-in command printed carries the
 * real URL; a default account left without a key is reported with the command that makes one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccounts } from '../../src/cli/accounts.js';
import { runKeys } from '../../src/cli/keys.js';
import { runServe } from '../../src/cli/serve.js';
import { FIRST_START_GRACE_MS } from '../../src/server/admin/first-start.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { memoryIo, type MemoryIo } from '../support/cli.js';

const SLOW = 60_000;
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'verifield-first-start-'));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `verifield serve` in-process on `dataDir` (no periodic jobs, no workers: nothing here needs them); `stop()` ends it. */
function serve(dataDir: string, port: string, output: MemoryIo = memoryIo()): { output: MemoryIo; exited: Promise<number>; stop(): void } {
  let stop = (): void => undefined;
  const stopped = new Promise<string>((resolve) => {
    stop = () => resolve('test stop');
  });
  const exited = runServe(['--port', port, '--host', '127.0.0.1', '--data-dir', dataDir, '--no-jobs', '--no-workers'], output.io, stopped);
  return { output, exited, stop };
}

describe('the first start', () => {
  it('creates nothing when the port is taken; the next start prints the key, and a sign-in command with the URL it listens at', async () => {
    const dataDir = join(scratch, 'taken');
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const taken = serve(dataDir, String((blocker.address() as { port: number }).port));
      expect(await taken.exited).toBe(1);
      expect(taken.output.stderr).toContain('EADDRINUSE');
      expect(taken.output.stdout).toBe('');
    } finally {
      blocker.close();
    }
    const store = await openEmbeddedStore(dataDir);
    expect(await store.accounts.list()).toEqual([]);
    await store.close();

    const good = serve(dataDir, '0');
    const [, url, port] = await good.output.waitFor(LISTENING);
    expect(port).not.toBe('8080');
    const signIn = (await good.output.waitFor(/^npx verifield accounts login-link .*$/m))[0];
    const key = good.output.stdout.split('\n').filter((line) => line.startsWith('vf_'));
    expect(key).toHaveLength(1);
    const accountId = /Created the FREE account "default" \(([0-9a-f-]{36})\)/.exec(good.output.stdout)?.[1];
    expect(signIn).toBe(`npx verifield accounts login-link --account ${accountId} --url ${url}`);
    // Run as printed (with the data directory), it signs in at the port the service listens on.
    const link = memoryIo();
    expect(await runAccounts([...signIn.split(' ').slice(3), '--data-dir', dataDir], link.io)).toBe(0);
    expect(link.stdout.startsWith(`${url}/dashboard/login/`)).toBe(true);
    const opened = await fetch(link.stdout.trim(), { redirect: 'manual' });
    expect(opened.status).toBe(200);
    // The key works at once, at the URL printed.
    const answer = await fetch(`${url}/api/v1/validate/iban`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': key[0] as string },
      body: JSON.stringify({ value: 'DE89 3704 0044 0532 0130 00' }),
    });
    expect(answer.status).toBe(200);
    good.stop();
    expect(await good.exited).toBe(0);
  }, SLOW);

  it('says how to make the key when the default account has none (the start that created it died before showing it)', async () => {
    const dataDir = join(scratch, 'keyless');
    const store = await openEmbeddedStore(dataDir);
    const account = await store.accounts.create({ name: 'default', plan: 'FREE', subscriptionStart: '2026-05-31', vatNumber: null });
    await store.close();

    // A clock past the grace: no other start can still be finishing this one.
    const later = memoryIo({}, () => new Date(Date.now() + FIRST_START_GRACE_MS + 1_000));
    const hinted = serve(dataDir, '0', later);
    const command = `npx verifield keys create --account ${account.id} --name default`;
    await hinted.output.waitFor(/has no API key/);
    expect(hinted.output.stderr).toContain(`The FREE account "default" (${account.id}) has no API key: the start that created it ended before showing one.`);
    expect(hinted.output.stderr).toContain(`\n${command}\n`);
    expect(hinted.output.stdout).toBe('');
    hinted.stop();
    expect(await hinted.exited).toBe(0);

    // Run as printed, the command prints the key; then a start has nothing to say.
    const made = memoryIo();
    expect(await runKeys([...command.split(' ').slice(3), '--data-dir', dataDir], made.io)).toBe(0);
    expect(made.stdout).toMatch(/^vf_[0-9A-Za-z]{43}\n$/);
    const quiet = serve(dataDir, '0', memoryIo({}, later.io.now));
    await quiet.output.waitFor(LISTENING);
    quiet.stop();
    expect(await quiet.exited).toBe(0);
    expect(quiet.output.stdout).toBe('');
    expect(quiet.output.stderr).not.toContain('no API key');
  }, SLOW);
});
