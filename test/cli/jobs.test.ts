/**
 * `verifield jobs` against the real service (loopback, its workers running). `submit` as a process:
 * a file of 1,000 values is sent, waited for, and its results come out on stdout one JSON line per
 * input line, in order, each the library's answer; a mixed file (CSV or NDJSON, each line naming its
 * field) without --field; the summary on stderr; --no-wait prints the
 * job's id alone; a wrong call exits 2 with the usage. `status`, `results` and `cancel`, and the
 * failures every command shares (a file that cannot be read, a service that cannot be reached),
 * run in-process through the I/O seam (src/cli/io.ts): the process adds nothing to what they print.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBic } from '../../src/bic/index.js';
import { validateIban } from '../../src/iban/index.js';
import { validateNif } from '../../src/nif/index.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import type { Store } from '../../src/server/storage/types.js';
import { runJobs } from '../../src/cli/jobs.js';
import { memoryIo, runCliAsync } from '../support/cli.js';
import { germanIban } from '../support/generators/iban.js';
import { accountWithKey, fakeConfig, startFakes, startTestServer, until, type Fakes, type TestServer } from '../support/server.js';

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

  it.each([
    ['a CSV whose header is field,value', 'mixed.csv', (rows: ReadonlyArray<readonly [string, string]>) => `\uFEFFfield,value\r\n${rows.map(([field, value]) => `${field},${value}`).join('\r\n')}\r\n`],
    ['NDJSON lines naming their field', 'mixed.ndjson', (rows: ReadonlyArray<readonly [string, string]>) => `${rows.map(([field, value]) => JSON.stringify({ field, value })).join('\n')}\n`],
  ])('without --field sends a mixed file (%s): each line validated as its field, the header never counted', async (_, name, write) => {
    const rows = [
      ['iban', VALUES[0] as string],
      ['nif', '12345678Z'],
      ['bic', 'DEUTDEFF'],
      ['nif', '12345678A'],
      ['iban', VALUES[3] as string],
    ] as const;
    const library: Readonly<Record<string, (value: string) => unknown>> = { iban: validateIban, nif: validateNif, bic: validateBic };
    const path = join(dir, name);
    writeFileSync(path, write(rows));
    const run = await jobs(['submit', '--url', service.url, path]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Job \S+: 5 values queued/);
    const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { line: number; field: string; result: unknown });
    expect(lines.map((line) => [line.line, line.field])).toEqual(rows.map(([field], index) => [index + 1, field]));
    lines.forEach((line, index) => expect(line.result).toEqual((library[rows[index]?.[0] as string] as (value: string) => unknown)(rows[index]?.[1] as string)));
    const accountId = (await store.accounts.list())[0]?.id ?? '';
    const [job] = await store.batchJobs.list(accountId, 1);
    expect(job).toMatchObject({ field: 'mixed', status: 'done', total: 5, done: 5 });
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

/** `verifield jobs ARGS` in-process with the key in VERIFIELD_API_KEY; resolves with the status and the output. */
async function jobs(args: string[], apiKey = key): Promise<{ status: number; stdout: string; stderr: string }> {
  const output = memoryIo({ VERIFIELD_API_KEY: apiKey, VERIFIELD_POLL_INTERVAL_MS: '50' });
  const status = await runJobs(args, output.io);
  return { status, stdout: output.stdout, stderr: output.stderr };
}

describe('verifield jobs status, results and cancel', () => {
  const values = VALUES.slice(0, 8);
  let id = '';

  beforeAll(async () => {
    const path = join(dir, 'eight.txt');
    writeFileSync(path, `${values.join('\n')}\n`);
    const submitted = await jobs(['submit', '--field', 'iban', '--no-wait', '--url', service.url, path]);
    expect(submitted.status, submitted.stderr).toBe(0);
    id = submitted.stdout.trim();
    expect(submitted.stderr).toContain(`verifield jobs status ${id}`);
    const accountId = (await store.accounts.list())[0]?.id ?? '';
    await until(async () => (await store.batchJobs.get(accountId, id))?.status === 'done', 30_000, 'the job done');
  }, SLOW);

  it('status prints the job as JSON on stdout and a line about it on stderr', async () => {
    const run = await jobs(['status', id, '--url', service.url]);
    expect(run.status).toBe(0);
    const valid = values.filter((value) => validateIban(value).valid).length;
    expect(JSON.parse(run.stdout)).toMatchObject({ id, field: 'iban', status: 'done', total: 8, done: 8, valid, invalid: 8 - valid, error: null });
    expect(run.stderr).toBe(`Job ${id}: done, 8 of 8 values answered (${valid} valid, ${8 - valid} invalid)\n`);
  });

  it('results writes one JSON line per input line, in order; --csv the CSV of the same lines', async () => {
    const ndjson = await jobs(['results', id, '--url', service.url]);
    expect(ndjson.status, ndjson.stderr).toBe(0);
    expect(ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(values.map((value, index) => ({ line: index + 1, result: validateIban(value) })));
    const csv = await jobs(['results', id, '--csv', '--url', service.url]);
    expect(csv.status, csv.stderr).toBe(0);
    const rows = csv.stdout.trimEnd().split(/\r?\n/);
    expect(rows[0]?.startsWith('line,valid,reason,message,normalizedValue,originalValue,field,ibanDetails.')).toBe(true);
    expect(rows).toHaveLength(values.length + 1);
    expect(rows[1]?.startsWith(`1,${String(validateIban(values[0] as string).valid)},`)).toBe(true);
  });

  it('cancel stops a queued job, and exits 1 for one that had ended', async () => {
    const ended = await jobs(['cancel', id, '--url', service.url]);
    expect(ended.status).toBe(1);
    expect(ended.stderr).toBe(`verifield: job ${id} had already ended (done): nothing to cancel\n`);
    // A service without workers: the job stays queued until cancelled.
    const idle = await startTestServer(store, { ...fakeConfig(fakes), workers: false });
    try {
      const path = join(dir, 'queued.txt');
      writeFileSync(path, `${values[0] as string}\n`);
      const queued = (await jobs(['submit', '--field', 'iban', '--no-wait', '--url', idle.url, path])).stdout.trim();
      const cancelled = await jobs(['cancel', queued, '--url', idle.url]);
      expect(cancelled.status, cancelled.stderr).toBe(0);
      expect(cancelled.stderr).toBe(`Cancelled: Job ${queued}: cancelled, 0 of 1 values answered (0 valid, 0 invalid)\n`);
      expect(JSON.parse((await jobs(['status', queued, '--url', idle.url])).stdout)).toMatchObject({ status: 'cancelled' });
    } finally {
      await idle.close();
    }
  }, SLOW);

  it('says so for a job the key does not see', async () => {
    for (const command of ['status', 'results', 'cancel']) {
      const run = await jobs([command, 'no-such-job', '--url', service.url]);
      expect({ command, status: run.status, stderr: run.stderr }).toEqual({ command, status: 1, stderr: "verifield: no job with id no-such-job for this key's account\n" });
    }
  });
});

describe('what every jobs command says when it cannot do its work', () => {
  it('a FILE that cannot be read: exit 2 and one sentence, as check says it', async () => {
    const missing = join(dir, 'missing.txt');
    const run = await jobs(['submit', '--field', 'iban', missing, '--url', service.url]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`verifield: cannot read ${missing}: ENOENT: no such file or directory, open '${missing}'\n`);
    const folder = await jobs(['submit', '--field', 'iban', dir, '--url', service.url]);
    expect(folder.status).toBe(2);
    expect(folder.stderr).toBe(`verifield: cannot read ${dir}: it is a directory\n`);
  });

  it('a service that cannot be reached: exit 1, its URL and the cause, for every command', async () => {
    // A port nothing listens on: taken from a server just closed.
    const closed = await startTestServer(store, { ...fakeConfig(fakes), workers: false });
    const url = closed.url;
    await closed.close();
    const path = join(dir, 'unreached.txt');
    writeFileSync(path, `${VALUES[0] as string}\n`);
    for (const args of [['submit', '--field', 'iban', path], ['status', 'x'], ['results', 'x'], ['results', 'x', '--csv'], ['cancel', 'x']]) {
      const run = await jobs([...args, '--url', url]);
      expect({ args, status: run.status, stderr: run.stderr }).toEqual({
        args,
        status: 1,
        stderr: `verifield: cannot reach the service at ${url}: connect ECONNREFUSED ${url.slice('http://'.length)}\n`,
      });
    }
  });
});
