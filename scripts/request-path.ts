/**
 * `npx tsx scripts/request-path.ts [--root DIR] [--json]`: which server source files run for one
 * POST /api/v1/validate/iban, measured rather than read off the imports.
 *
 * The service of DIR (default: this checkout) runs in this process as `verifield serve` runs it:
 * `startServer` on loopback over an embedded store in a temporary directory, jobs off. One account
 * (FREE, so the quota stage runs) and one key are put in the store first through its public API.
 * V8's precise coverage (node:inspector) is reset once the server listens; then one request goes
 * over real HTTP and the coverage is read twice: when the validator is called (the files between
 * the listener and the validator) and when the answer has arrived (the rest of the request). A
 * file counts when a function of it other than the module's top level ran. Two requests are
 * measured: the first of the key (cold: caches empty, the key and the count read from the store)
 * and the next one (warm: the hot path).
 *
 * Only the public surface of src/server/index.ts is used, plus the validator table
 * (`FIELD_VALIDATORS`, looked up in the places it has lived), so the same script measures an older
 * checkout: `--root` another worktree with its node_modules.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Session, type Profiler } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({ options: { root: { type: 'string', default: process.cwd() }, json: { type: 'boolean', default: false } } });
const root = resolve(options.root);
const serverDir = join(root, 'src', 'server');

/** Where the table of validators has lived: before issue 18, and since. */
const VALIDATOR_TABLES = ['src/server/pipeline/validators.ts', 'src/server/routes/validators.ts'];

interface ServerSurface {
  startServer(config: { port: number; dataDir: string; jobs: boolean; log: (line: string) => void }): Promise<{ url: string; close(): Promise<void> }>;
  openEmbeddedStore(dataDir: string): Promise<{
    accounts: { create(account: { name: string; plan: 'FREE'; subscriptionStart: string; vatNumber: null }): Promise<{ id: string }> };
    keys: { create(key: { accountId: string; name: string; displayPrefix: string; hash: string; scopes: string[]; expiresAt: null }, maxLiveKeys: number, now: Date): Promise<unknown> };
    close(): Promise<void>;
  }>;
}

type Validator = (...args: unknown[]) => unknown;

const session = new Session();
session.connect();

/** Posts to the inspector; in-process sessions answer synchronously, which the validator hook relies on. */
function post<T>(method: string, params?: object): T {
  let answer: { error: Error | null; result?: T } | undefined;
  session.post(method, params, (error: Error | null, result?: object) => {
    answer = { error, result: result as T };
  });
  if (answer === undefined) throw new Error(`${method} did not answer synchronously`);
  if (answer.error !== null) throw answer.error;
  return answer.result as T;
}

/** The server files with a function other than the module's top level run since the last call. */
function serverFilesRun(): string[] {
  const { result } = post<Profiler.TakePreciseCoverageReturnType>('Profiler.takePreciseCoverage');
  const files: string[] = [];
  for (const script of result) {
    if (!script.url.startsWith('file:')) continue;
    const path = fileURLToPath(script.url);
    if (!path.startsWith(serverDir)) continue;
    const ran = script.functions.some((fn) => fn.ranges[0] !== undefined && fn.ranges[0].startOffset > 0 && fn.ranges[0].count > 0);
    if (ran) files.push(relative(root, path));
  }
  return files.sort();
}

function postIban(url: string, key: string): Promise<number> {
  const body = JSON.stringify({ value: 'DE89 3704 0044 0532 0130 00' });
  return new Promise((resolveStatus, reject) => {
    const call = httpRequest(`${url}/api/v1/validate/iban`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-KEY': key } }, (response) => {
      response.resume();
      response.on('end', () => resolveStatus(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end(body);
  });
}

interface Measured {
  status: number;
  beforeValidator: string[];
  afterValidator: string[];
  total: string[];
}

async function main(): Promise<void> {
  const server = (await import(pathToFileURL(join(serverDir, 'index.ts')).href)) as ServerSurface;
  const tablePath = VALIDATOR_TABLES.map((path) => join(root, path)).find((path) => existsSync(path));
  const table = tablePath === undefined ? undefined : ((await import(pathToFileURL(tablePath).href)) as { FIELD_VALIDATORS: Record<string, Validator> }).FIELD_VALIDATORS;
  let atValidator: string[] | null = null;
  if (table !== undefined && !Object.isFrozen(table)) {
    const iban = table.iban as Validator;
    table.iban = (...args) => {
      atValidator = serverFilesRun();
      return iban(...args);
    };
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'verifield-request-path-'));
  const key = `vf_${'A'.repeat(43)}`;
  const store = await server.openEmbeddedStore(dataDir);
  const now = new Date();
  const account = await store.accounts.create({ name: 'request path', plan: 'FREE', subscriptionStart: now.toISOString().slice(0, 10), vatNumber: null });
  const hash = createHash('sha256').update(key).digest('hex');
  await store.keys.create({ accountId: account.id, name: 'request path', displayPrefix: key.slice(0, 7), hash, scopes: ['iban'], expiresAt: null }, 1, now);
  await store.close();

  const running = await server.startServer({ port: 0, dataDir, jobs: false, log: () => undefined });
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  const measure = async (): Promise<Measured> => {
    serverFilesRun();
    atValidator = null;
    const status = await postIban(running.url, key);
    await new Promise((done) => setImmediate(done));
    const after = serverFilesRun();
    const before: string[] = atValidator ?? [];
    return { status, beforeValidator: before, afterValidator: after, total: [...new Set([...before, ...after])].sort() };
  };
  const cold = await measure();
  const warm = await measure();
  post('Profiler.stopPreciseCoverage');
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });

  if (options.json) {
    console.log(JSON.stringify({ root, validatorHooked: atValidatorHooked(table), cold, warm }, null, 2));
    return;
  }
  for (const [name, measured] of [
    ['cold (first request of the key)', cold],
    ['warm (the next request)', warm],
  ] as const) {
    console.log(`${name}: HTTP ${measured.status}, ${measured.total.length} server files in all`);
    if (atValidatorHooked(table)) {
      console.log(`  ${measured.beforeValidator.length} from the listener to the validator call:`);
      for (const file of measured.beforeValidator) console.log(`    ${file}`);
      console.log(`  ${measured.afterValidator.length} from the validator call to the answer:`);
      for (const file of measured.afterValidator) console.log(`    ${file}`);
    } else {
      for (const file of measured.total) console.log(`    ${file}`);
    }
  }
}

function atValidatorHooked(table: Record<string, Validator> | undefined): boolean {
  return table !== undefined && !Object.isFrozen(table);
}

await main();
