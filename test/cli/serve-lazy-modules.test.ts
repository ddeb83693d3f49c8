/**
 * What `verifield serve` loads to listen and answer an IBAN (issue 29, cold start): not the phone
 * metadata (libphonenumber-js), the SOAP/XML parser of VIES and TEDB (fast-xml-parser) or the
 * public suffix list (tldts); a phone request still answers, loading its code then. The admin
 * commands (accounts, keys) load none of them either. Seen from outside the process: it runs
 * with a module-load recorder (support/module-loads.mjs) in NODE_OPTIONS.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliProcess } from '../support/cli.js';
import { post } from '../support/server.js';

const SLOW = 120_000;
const RECORDER = fileURLToPath(new URL('./support/module-loads.mjs', import.meta.url));

let dir: string;
let dataDir: string;
let key: string;

/** The environment that makes a CLI process record its module loads in `logFile`. */
function recording(logFile: string): Record<string, string> {
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${RECORDER}`.trim(), VERIFIELD_TEST_MODULE_LOG: logFile };
}

/** The packages of node_modules among the modules recorded in `logFile`. */
function packagesLoaded(logFile: string): Set<string> {
  const packages = new Set<string>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
    if (match?.[1] !== undefined) packages.add(match[1]);
  }
  return packages;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verifield-lazy-'));
  dataDir = join(dir, 'data');
  const account = runCli(['accounts', 'create', '--name', 'lazy', '--plan', 'PRO', '--data-dir', dataDir, '--create'], recording(join(dir, 'accounts.log')));
  expect(account.status, account.stderr).toBe(0);
  const created = runCli(
    ['keys', 'create', '--account', account.stdout.trim(), '--name', 'k', '--data-dir', dataDir],
    recording(join(dir, 'keys.log')),
  );
  expect(created.status, created.stderr).toBe(0);
  key = created.stdout.trim();
}, SLOW);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the admin commands', () => {
  it('create an account and a key without loading phone or XML code', () => {
    for (const log of ['accounts.log', 'keys.log']) {
      const loaded = packagesLoaded(join(dir, log));
      // The store is what they need: it is loaded, the recorder works.
      expect(loaded, log).toContain('better-sqlite3');
      expect(loaded, log).not.toContain('libphonenumber-js');
      expect(loaded, log).not.toContain('fast-xml-parser');
      expect(loaded, log).not.toContain('tldts');
    }
  });
});

describe('verifield serve', () => {
  let serve: CliProcess;
  let base: string;
  const log = (): string => join(dir, 'serve.log');

  beforeAll(async () => {
    serve = startCli(['serve', '--port', '0', '--data-dir', dataDir, '--no-jobs'], { env: recording(log()) });
    [, base = ''] = await serve.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
  }, SLOW);

  afterAll(async () => {
    if (serve.child.exitCode === null) serve.child.kill('SIGTERM');
    await serve.exited;
  });

  it('answers an IBAN without loading phone, XML or public suffix code', async () => {
    const answer = await post(base, 'iban', { value: 'DE89 3704 0044 0532 0130 00' }, key);
    expect(answer.status).toBe(200);
    expect(answer.body.valid).toBe(true);
    const loaded = packagesLoaded(log());
    expect(loaded).toContain('hono');
    expect(loaded).not.toContain('libphonenumber-js');
    expect(loaded).not.toContain('fast-xml-parser');
    expect(loaded).not.toContain('tldts');
  });

  it('answers a phone number afterwards, loading its code then', async () => {
    const answer = await post(base, 'phone', { value: '+1 415 555 2671' }, key);
    expect(answer.status).toBe(200);
    expect(answer.body.valid).toBe(true);
    expect(answer.body.normalizedValue).toBe('+14155552671');
    expect(packagesLoaded(log())).toContain('libphonenumber-js');
    const again = await post(base, 'phone', { value: '+44 20 7946 0958' }, key);
    expect(again.status).toBe(200);
    expect(again.body.valid).toBe(true);
  });
});
