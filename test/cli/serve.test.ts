/**
 * `verifield serve` as a process (docs/service.md#first-start): on an empty data directory it creates the FREE
 * account "default", prints its key once and a curl line that works as printed; started again on
 * the same directory it prints nothing of the kind; it stops cleanly on SIGTERM; wrong flags and
 * a taken port end it with a message; it asks VIES over REST unless told `--vies-protocol soap`.
 */
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatusFake, type StatusFake } from '../support/fakes/vies-status.js';
import { startTedbFake, tedbRowsFor, type TedbFake } from '../support/fakes/tedb.js';
import { startViesFake, type ViesFake } from '../support/fakes/vies.js';
import { runCli, startCli, type CliProcess } from '../support/cli.js';
import { luxembourgVat } from '../support/generators/vat.js';

const SLOW = 120_000;

let tedb: TedbFake;
let status: StatusFake;
let vies: ViesFake;
let dataDir: string;
const running = new Set<CliProcess>();

beforeAll(async () => {
  [tedb, status, vies] = await Promise.all([
    startTedbFake(tedbRowsFor({ memberState: 'BE', situationOn: '2020-01-01+01:00', standard: '21.0', reduced: ['6.0', '12.0'] })),
    startStatusFake(),
    startViesFake(),
  ]);
  dataDir = mkdtempSync(join(tmpdir(), 'verifield-serve-'));
});

afterAll(async () => {
  for (const serve of running) serve.child.kill('SIGKILL');
  await Promise.all([tedb?.close(), status?.close(), vies?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

function serve(extra: string[] = [], env: Record<string, string> = {}): CliProcess {
  const child = startCli(
    [
    'serve',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--tedb-url',
    tedb.url,
    '--vies-status-url',
    status.url,
    ...(extra.includes('--vies-url') ? [] : ['--vies-url', vies.url]),
    ...extra,
    ],
    { env },
  );
  running.add(child);
  void child.exited.then(() => running.delete(child));
  return child;
}

/** The words of a POSIX shell line made of plain words and single-quoted strings (what the curl line uses). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`unterminated quote in ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (char === '\\') {
      word = (word ?? '') + (line[i + 1] ?? '');
      i++;
    } else if (char === ' ') {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** Does what the printed curl line does (method, URL, headers, body), with fetch. */
async function runCurlLine(line: string): Promise<Response> {
  const [program, ...args] = shellWords(line);
  expect(program).toBe('curl');
  let method = 'GET';
  let url = '';
  let body: string | undefined;
  const headers = new Headers();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-X') method = args[++i] as string;
    else if (arg === '-H') {
      const header = args[++i] as string;
      const colon = header.indexOf(':');
      headers.set(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
    } else if (arg === '-d') body = args[++i];
    else if (arg.startsWith('-')) expect(['-s', '-S', '-sS']).toContain(arg);
    else url = arg;
  }
  return fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
}

describe('verifield serve', () => {
  let firstKey = '';

  it('on an empty data directory prints one key and a curl line that works as printed', async () => {
    const first = serve();
    const [, url] = await first.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    // Printed once the service listens, the sign-in command last.
    await first.waitFor(/^npx verifield accounts login-link .*$/m);
    const keyLines = first.stdout.split('\n').filter((line) => line.startsWith('vf_'));
    expect(keyLines).toHaveLength(1);
    firstKey = keyLines[0] as string;
    expect(firstKey).toMatch(/^vf_[0-9A-Za-z]{43}$/);
    const curl = first.stdout.split('\n').find((line) => line.startsWith('curl '));
    expect(curl).toBeDefined();
    expect(curl).toContain(`${url}/api/v1/validate/iban`);
    expect(curl).toContain(firstKey);

    const response = await runCurlLine(curl as string);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ valid: true, normalizedValue: 'DE89370400440532013000', ibanDetails: { country_code: 'DE' } });

    // The dashboard line names a command that, run as printed (with the data directory), signs the account in.
    const loginCommand = first.stdout.split('\n').find((line) => line.startsWith('npx verifield accounts login-link '));
    expect(loginCommand).toMatch(new RegExp(`^npx verifield accounts login-link --account [0-9a-f-]{36} --url ${url}$`));
    const link = runCli([...(loginCommand as string).split(' ').slice(2), '--data-dir', dataDir]);
    expect(link.status).toBe(0);
    const opened = await fetch(link.stdout.trim(), { redirect: 'manual' });
    expect(opened.status).toBe(200);
    expect(opened.headers.getSetCookie().join()).toContain('verifield_session=');
    expect(first.stderr).toContain(`dashboard ${url}/dashboard`);

    // The key is printed nowhere else: not in the log lines on stderr.
    expect(first.stderr).not.toContain(firstKey);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.stderr).toContain('stopped');
  }, SLOW);

  it('started again on the same directory prints no key, and the first key still works', async () => {
    const again = serve();
    const [, url] = await again.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(again.stdout).not.toMatch(/^vf_/m);
    expect(again.stdout).not.toContain('curl ');
    const response = await fetch(`${url}/api/v1/validate/iban`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': firstKey },
      body: JSON.stringify({ value: 'DE89 3704 0044 0532 0130 12' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ valid: false });
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, SLOW);

  it('lists the default account the first start created', () => {
    const run = runCli(['accounts', 'list', '--json', '--data-dir', dataDir]);
    expect(run.status).toBe(0);
    const accounts = JSON.parse(run.stdout) as Array<{ name: string; plan: string; used: number }>;
    // One validation was answered 200 in each of the two runs above.
    expect(accounts).toEqual([expect.objectContaining({ name: 'default', plan: 'FREE', used: 2 })]);
  }, SLOW);

  it('exits 2 with the usage for a wrong flag, without opening the store', async () => {
    const wrong = serve(['--port', 'eighty']);
    expect(await wrong.exited).toBe(2);
    expect(wrong.stderr).toContain('--port: "eighty" is not a whole number');
    expect(wrong.stderr).toContain('usage: verifield serve');
    const protocol = serve(['--vies-protocol', 'xml']);
    expect(await protocol.exited).toBe(2);
    expect(protocol.stderr).toContain('--vies-protocol: "xml" is not rest or soap');
  }, SLOW);

  it('asks VIES through its REST API by default, and through SOAP with --vies-protocol soap or VERIFIELD_VIES_PROTOCOL=soap', async () => {
    const ask = async (started: CliProcess, serial: string): Promise<string | undefined> => {
      const [, url] = await started.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const number = luxembourgVat(serial);
      vies.register(number, { valid: true, name: 'PROTOCOL SARL' });
      const response = await fetch(`${url}/api/v1/validate/vat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-KEY': firstKey },
        body: JSON.stringify({ value: number }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ vatDetails: { registered: true, source: 'LIVE' } });
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      return vies.requests.filter((request) => request.fields.vatNumber === number.slice(2)).at(-1)?.protocol;
    };
    expect(await ask(serve(['--no-jobs']), '606001')).toBe('rest');
    expect(await ask(serve(['--no-jobs', '--vies-protocol', 'soap', '--vies-url', vies.soapUrl]), '606002')).toBe('soap');
    expect(await ask(serve(['--no-jobs', '--vies-url', vies.soapUrl], { VERIFIELD_VIES_PROTOCOL: 'soap' }), '606003')).toBe('soap');
  }, SLOW);

  it('exits 1 with a message when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const taken = startCli(['serve', '--port', String(port), '--data-dir', dataDir, '--no-jobs']);
      expect(await taken.exited).toBe(1);
      expect(taken.stderr).toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
  }, SLOW);

  it('reads the operator token from VERIFIELD_ADMIN_TOKEN: the admin API takes it as Bearer, and no output shows it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verifield-serve-token-'));
    const token = 'serve-test-operator-token-0123456789';
    const child = startCli(['serve', '--port', '0', '--data-dir', dir, '--no-jobs'], { env: { VERIFIELD_ADMIN_TOKEN: token } });
    try {
      const [, url] = await child.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      await child.waitFor(/operator token from VERIFIELD_ADMIN_TOKEN accepted/);
      const accounts = await fetch(`${url}/api/v1/admin/accounts`, { headers: { Authorization: `Bearer ${token}` } });
      expect(accounts.status).toBe(200);
      expect(((await accounts.json()) as { accounts: { name: string }[] }).accounts.map((account) => account.name)).toEqual(['default']);
      expect((await fetch(`${url}/api/v1/admin/accounts`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
      child.child.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      expect(`${child.stdout}${child.stderr}`).not.toContain(token);
    } finally {
      child.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
