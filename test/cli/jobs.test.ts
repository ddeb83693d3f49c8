/**
 * `verifield jobs submit` as a process against the real service (loopback, its workers running): a
 * file of 1,000 values is sent, waited for, and its results come out on stdout one JSON line per
 * input line, in order, each the library's answer; the summary on stderr; --no-wait prints the
 * job's id alone; a wrong call exits 2 with the usage.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateIban } from '../../src/iban/index.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Store } from '../../src/server/storage/types.js';
import { runCliAsync } from '../support/cli.js';
import { germanIban } from '../support/generators/iban.js';
import { accountWithKey, fakeConfig, startFakes, startTestServer, type Fakes, type TestServer } from '../support/server.js';

const SLOW = 120_000;

let dir: string;
let fakes: Fakes;
let store: Store;
let service: TestServer;
let key: string;

/** 1,000 values: German IBANs, every seventh with its check digits broken, every 100th line blank. */
const VALUES = Array.from({ length: 1000 }, (_, index) => {
  if (index % 100 === 99) return '';
  const iban = germanIban(`37040044${String(index).padStart(10, '0')}`);
  return index % 7 === 3 ? `${iban.slice(0, 2)}00${iban.slice(4)}` : iban;
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verifield-jobs-'));
  fakes = await startFakes();
  store = await openEmbeddedStore();
  service = await startTestServer(store, { ...fakeConfig(fakes), keyCacheMs: 0 });
  ({ key } = await accountWithKey(store, 'STARTER'));
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await fakes?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('verifield jobs submit', () => {
  it('sends a file of 1,000 values, waits, and writes one result per line in input order', async () => {
    const path = join(dir, 'ibans.txt');
    writeFileSync(path, `${VALUES.join('\r\n')}\r\n`);
    const run = await runCliAsync(['jobs', 'submit', '--field', 'iban', path, '--url', service.url], { VERIFIELD_API_KEY: key, VERIFIELD_POLL_INTERVAL_MS: '100' });
    expect(run.stderr).toMatch(/Job \S+: 1,000 values queued/);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { line: number; result: unknown });
    expect(lines).toHaveLength(1000);
    lines.forEach((line, index) => {
      expect(line.line).toBe(index + 1);
      expect(line.result).toEqual(validateIban(VALUES[index] as string));
    });
    const valid = VALUES.filter((value) => validateIban(value).valid).length;
    expect(run.stderr).toContain(`checked 1,000 values in`);
    expect(run.stderr).toContain(`${valid.toLocaleString('en-US')} valid, ${(1000 - valid).toLocaleString('en-US')} invalid`);
    // Each value counted once, under the key's account.
    const [job] = await store.batchJobs.list((await store.accounts.list())[0]?.id ?? '', 1);
    expect(job).toMatchObject({ status: 'done', total: 1000, done: 1000, valid });
  }, SLOW);

  it('with --no-wait prints the job id alone on stdout', async () => {
    const path = join(dir, 'few.txt');
    writeFileSync(path, `${VALUES.slice(0, 3).join('\n')}\n`);
    const run = await runCliAsync(['jobs', 'submit', '--field=iban', '--no-wait', '--url', service.url, '--key', key, path]);
    expect(run.status).toBe(0);
    const id = run.stdout.trim();
    expect(run.stdout).toBe(`${id}\n`);
    const accountId = (await store.accounts.list())[0]?.id ?? '';
    expect((await store.batchJobs.get(accountId, id))?.total).toBe(3);
  }, SLOW);

  it('exits 1 with the service refusal (an unknown key), and 2 with the usage for a wrong call', async () => {
    const path = join(dir, 'one.txt');
    writeFileSync(path, `${VALUES[0] as string}\n`);
    const refused = await runCliAsync(['jobs', 'submit', '--field', 'iban', path, '--url', service.url], { VERIFIELD_API_KEY: 'vf_not_a_key' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('HTTP 401');
    const noKey = await runCliAsync(['jobs', 'submit', '--field', 'iban', path, '--url', service.url]);
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toContain('an API key is needed');
    expect(noKey.stderr).toContain('usage: verifield jobs submit');
    const badField = await runCliAsync(['jobs', 'submit', '--field', 'isbn', path], { VERIFIELD_API_KEY: key });
    expect(badField.status).toBe(2);
    expect(badField.stderr).toContain('--field must be one of');
  }, SLOW);
});
