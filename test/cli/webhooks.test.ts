/**
 * `verifield webhooks set|rotate`: the secret printed once, alone on stdout, and kept (sealed) in
 * the same data directory the service reads, so `serve` signs with what the operator was shown.
 * Run in-process through the CLI's I/O seam (src/cli/io.ts): what they print and keep is the test.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { generalUsage } from '../../src/cli/commands.js';
import { runCliInProcess } from '../support/cli.js';

const SLOW = 120_000;
const SECRET = /^whsec_[A-Za-z0-9_-]{43}\n$/;
let dataDir: string;
let accountId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-webhooks-cli-'));
  const created = await runCliInProcess(['accounts', 'create', '--name', 'Shop', '--plan', 'STARTER', '--data-dir', dataDir, '--create']);
  expect(created.status, created.stderr).toBe(0);
  accountId = created.stdout.trim();
}, SLOW);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function storedEndpoint(): Promise<{ url: string; secret: string } | null> {
  const store = await openEmbeddedStore(dataDir);
  try {
    return await store.webhooks.get(accountId);
  } finally {
    await store.close();
  }
}

describe('verifield webhooks', () => {
  it('set prints the new secret alone on stdout, says where on stderr, and keeps it sealed', async () => {
    const run = await runCliInProcess(['webhooks', 'set', '--account', accountId, '--url', 'https://shop.example/hooks', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(SECRET);
    expect(run.stderr).toContain('https://shop.example/hooks');
    expect(run.stderr).not.toContain('whsec_');
    const secret = run.stdout.trim();
    expect(await storedEndpoint()).toMatchObject({ url: 'https://shop.example/hooks', secret });
    // Sealed at rest: the database file never holds the secret in clear.
    const files = ['verifield.db', 'verifield.db-wal'].map((name) => join(dataDir, name)).filter((file) => existsSync(file));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(file, 'latin1').includes(secret)).toBe(false);
  }, SLOW);

  it('rotate prints a different secret and keeps the URL; the old one is gone', async () => {
    const before = await storedEndpoint();
    const run = await runCliInProcess(['webhooks', 'rotate', '--account', accountId, '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(SECRET);
    const secret = run.stdout.trim();
    expect(secret).not.toBe(before?.secret);
    expect(await storedEndpoint()).toMatchObject({ url: 'https://shop.example/hooks', secret });
  }, SLOW);

  it('refuses a URL that is not http(s), an unknown account, and a wrong call, printing no secret', async () => {
    const ftp = await runCliInProcess(['webhooks', 'set', '--account', accountId, '--url', 'ftp://shop.example/', '--data-dir', dataDir]);
    expect(ftp.status).toBe(1);
    expect(ftp.stderr).toContain('The webhook URL must use http or https');
    expect(ftp.stdout).toBe('');
    const unknown = await runCliInProcess(['webhooks', 'rotate', '--account', '0192f1a4-6c1e-7d3a-9b2f-4e5d6c7b8a90', '--data-dir', dataDir]);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toBe('');
    const missing = await runCliInProcess(['webhooks', 'set', '--account', accountId, '--data-dir', dataDir]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('usage: verifield webhooks set --account ID --url URL');
  }, SLOW);

  it('is listed in verifield --help', async () => {
    const usage = await generalUsage();
    expect(usage).toContain('verifield webhooks set --account ID --url URL');
    expect(usage).toContain('verifield webhooks rotate --account ID');
  });
});
