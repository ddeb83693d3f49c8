/**
 * `verifield accounts login-link` and `verifield admin login-link`, run on the data directory of a
 * running service: only the URL on stdout, and that URL signs in (once) to the
 * account's pages or the operator's. The base URL comes from --url, VERIFIELD_PUBLIC_URL, or HOST
 * and PORT as serve reads them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Store } from '../../src/server/storage/types.js';
import { generalUsage } from '../../src/cli/commands.js';
import { runCliInProcess, type CliRun } from '../support/cli.js';
import { sessionCookieOf } from '../support/dashboard.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SLOW = 120_000;
const LINK = /^(.+)\/dashboard\/login\/[A-Za-z0-9_-]{43}\n$/;

let dataDir: string;
let store: Store;
let service: TestServer;
let accountId: string;

/**
 * `verifield ARGS` on the test's data directory, in-process through the CLI's I/O seam (what is
 * tested is the link printed, not the process); `VERIFIELD_PUBLIC_URL` unset unless `env` sets it.
 */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCliInProcess([...args, '--data-dir', dataDir], { VERIFIELD_PUBLIC_URL: '', ...env });
}

/** Opens a link; resolves with where the signed-in browser lands (the page it answers moves on to /dashboard, which redirects), or the status of a refusal. */
async function landing(url: string): Promise<string | number> {
  const opened = await fetch(url, { redirect: 'manual' });
  const cookie = sessionCookieOf(opened.headers);
  if (opened.status !== 200 || cookie === undefined) return opened.status;
  const entry = await fetch(`${service.url}/dashboard`, { redirect: 'manual', headers: { Cookie: cookie } });
  return entry.headers.get('location') ?? entry.status;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-login-link-'));
  store = await openEmbeddedStore(dataDir);
  service = await startTestServer(store, { port: 0, host: '127.0.0.1', jobs: false });
  accountId = (await store.accounts.create({ name: 'Acme', plan: 'STARTER', subscriptionStart: '2026-01-15', vatNumber: null })).id;
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('verifield accounts login-link', () => {
  it("prints only a URL on stdout that signs in to the account's pages, once", async () => {
    const run = await cli(['accounts', 'login-link', '--account', accountId, '--url', `${service.url}/`]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(LINK);
    expect(LINK.exec(run.stdout)?.[1]).toBe(service.url);
    expect(run.stderr).toContain('"Acme"');
    expect(run.stderr).toContain('valid once, for 15 minutes');
    const url = run.stdout.trim();
    expect(await landing(url)).toBe(`/dashboard/accounts/${accountId}`);
    expect(await landing(url)).toBe(400);
  }, SLOW);

  it('exits 1 with the reason for an account that does not exist, printing no link', async () => {
    const run = await cli(['accounts', 'login-link', '--account', 'no-such-account']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('no account with id no-such-account');
  }, SLOW);

  it('exits 2 with the usage without --account, or with a base that is not an http(s) URL', async () => {
    const missing = await cli(['accounts', 'login-link']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--account is required');
    const ftp = await cli(['accounts', 'login-link', '--account', accountId, '--url', 'ftp://example.com']);
    expect(ftp.status).toBe(2);
    expect(ftp.stderr).toContain('--url: "ftp://example.com" is not an http(s) URL');
    expect(ftp.stdout).toBe('');
  }, SLOW);
});

describe('verifield admin login-link', () => {
  it('prints a URL that signs the operator in, to every account', async () => {
    const run = await cli(['admin', 'login-link', '--url', service.url]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(LINK);
    expect(run.stderr).toContain('the operator');
    expect(await landing(run.stdout.trim())).toBe('/dashboard/accounts');
  }, SLOW);

  it('puts the link under VERIFIELD_PUBLIC_URL (its path kept), else under http://HOST:PORT', async () => {
    const publicUrl = await cli(['admin', 'login-link'], { VERIFIELD_PUBLIC_URL: 'https://verifield.example.com/tools/' });
    expect(LINK.exec(publicUrl.stdout)?.[1]).toBe('https://verifield.example.com/tools');
    const hostPort = await cli(['admin', 'login-link'], { HOST: '0.0.0.0', PORT: '9090' });
    expect(LINK.exec(hostPort.stdout)?.[1]).toBe('http://127.0.0.1:9090');
    const defaults = await cli(['admin', 'login-link']);
    expect(LINK.exec(defaults.stdout)?.[1]).toBe('http://127.0.0.1:8080');
  }, SLOW);

  it('is listed in the general usage and explains itself with --help', async () => {
    const usage = await generalUsage();
    expect(usage).toContain('verifield accounts login-link --account ID [--url BASE]');
    expect(usage).toContain('verifield admin login-link [--url BASE]');
    const help = await runCliInProcess(['admin', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('VERIFIELD_PUBLIC_URL');
    expect(help.stdout).toContain('works once, for 15 minutes');
  }, SLOW);
});
