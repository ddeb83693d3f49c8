/**
 * Cold start of the built `verifield serve` (issue 29, "Speed"): from spawn to its "verifield
 * listening on" line, and from spawn to the first IBAN `200`, with the CPU time the process had
 * used at each point (read from /proc, which a loaded machine disturbs far less than wall time).
 * `measureColdStart` is what bench/server/run.ts can call; run alone, it prepares a data directory
 * with N usage rows (default 1,000,000), an account and a key, and prints the medians:
 *
 *   npx tsx bench/server/cold-start.ts [--rows N] [--times N] [--dist DIR]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { databaseFile } from '../../src/server/storage/index.js';
import { median } from './stats.js';
import { cpuMs, outputOf, startProcess, stopProcess, waitForLine } from './processes.js';
import { newStoreArgs } from './new-store.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ColdStartOptions {
  /** The built package's dist/ directory (its cli/index.js is run). */
  dist: string;
  dataDir: string;
  /** An API key of an account in `dataDir` allowed to validate IBANs. */
  key: string;
  /** The value of the first request. */
  iban: string;
  /** Cold starts to run, one after the other. */
  times: number;
  /** More `serve` arguments (e.g. `--vies-url`); `--port 0 --data-dir DIR --no-jobs` are always given. */
  extraArgs?: readonly string[];
  /** Core to pin the service to (processes.ts startProcess), or null. */
  cpu?: number | null;
}

/** One cold start: wall milliseconds from spawn, and the service's CPU milliseconds at the same points. */
export interface ColdStartSample {
  listeningMs: number;
  firstIbanMs: number;
  /** CPU (user + system) the process had used when its listening line arrived; null off Linux. */
  listeningCpuMs: number | null;
  /** CPU the process had used when the first IBAN answer arrived; null off Linux. */
  firstIbanCpuMs: number | null;
}

export interface ColdStartReport {
  samples: ColdStartSample[];
  median: { listeningMs: number; firstIbanMs: number; listeningCpuMs: number | null; firstIbanCpuMs: number | null };
}

function medianOrNull(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === values.length && known.length > 0 ? median(known) : null;
}

/**
 * POSTs one IBAN with node:http, not fetch: the first fetch of a process loads undici, which
 * would be counted against the service.
 */
function postIban(base: string, key: string, iban: string): Promise<number> {
  const body = JSON.stringify({ value: iban });
  return new Promise((resolve, reject) => {
    const call = request(
      `${base}/api/v1/validate/iban`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-API-KEY': key } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function coldStartOnce(options: ColdStartOptions): Promise<ColdStartSample> {
  const args = [join(options.dist, 'cli', 'index.js'), 'serve', '--port', '0', '--data-dir', options.dataDir, '--no-jobs', ...(options.extraArgs ?? [])];
  const started = performance.now();
  const child = startProcess(process.execPath, args, options.cpu ?? null);
  const output = outputOf(child);
  try {
    const match = await waitForLine(child, /verifield listening on (\S+)/, 60_000);
    const listeningMs = performance.now() - started;
    const listeningCpuMs = cpuMs(child.pid);
    const status = await postIban(match[1] as string, options.key, options.iban);
    const firstIbanMs = performance.now() - started;
    const firstIbanCpuMs = cpuMs(child.pid);
    if (status !== 200) throw new Error(`cold start: the first IBAN was answered ${status}:\n${output()}`);
    return { listeningMs, firstIbanMs, listeningCpuMs, firstIbanCpuMs };
  } finally {
    await stopProcess(child);
  }
}

/** `times` cold starts of `serve` on `dataDir`, one after the other. */
export async function measureColdStart(options: ColdStartOptions): Promise<ColdStartReport> {
  const samples: ColdStartSample[] = [];
  for (let index = 0; index < options.times; index++) samples.push(await coldStartOnce(options));
  return {
    samples,
    median: {
      listeningMs: median(samples.map((s) => s.listeningMs)),
      firstIbanMs: median(samples.map((s) => s.firstIbanMs)),
      listeningCpuMs: medianOrNull(samples.map((s) => s.listeningCpuMs)),
      firstIbanCpuMs: medianOrNull(samples.map((s) => s.firstIbanCpuMs)),
    },
  };
}

/** Runs a CLI command of the built package on `dataDir` and returns its first line of output. */
function cli(dist: string, args: readonly string[]): string {
  const run = spawnSync(process.execPath, [join(dist, 'cli', 'index.js'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`verifield ${args.join(' ')} failed (${String(run.status)}):\n${run.stderr}`);
  return run.stdout.trim().split('\n')[0] as string;
}

/** A data directory with one PRO account, its key, and `rows` usage rows of that account. */
export interface PreparedDirectory {
  dataDir: string;
  accountId: string;
  key: string;
}

/**
 * Creates the account and key with the CLI (so the store is made and migrated as the service
 * would), then inserts `rows` usage rows straight into SQLite in one transaction. The columns are
 * read from the table itself, so a later migration that adds a column does not break the bench.
 */
export function prepareDirectory(dist: string, rows: number): PreparedDirectory {
  const dataDir = mkdtempSync(join(tmpdir(), 'verifield-cold-'));
  const accountId = cli(dist, ['accounts', 'create', '--name', 'cold start', '--plan', 'PRO', '--data-dir', dataDir, ...newStoreArgs(join(dist, 'cli', 'index.js'))]);
  const key = cli(dist, ['keys', 'create', '--account', accountId, '--name', 'k', '--data-dir', dataDir]);
  const db = new Database(databaseFile(dataDir));
  try {
    const keyId = (db.prepare('SELECT id FROM api_keys WHERE account_id = ?').get(accountId) as { id: string }).id;
    const columns = db.prepare('PRAGMA table_info(usage_log)').all() as { name: string; type: string; notnull: number }[];
    const now = Date.now();
    const periodStart = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1)).toISOString().slice(0, 10);
    const valueOf = (column: { name: string; type: string; notnull: number }, index: number): unknown => {
      switch (column.name) {
        case 'request_id':
          return `cold-${index.toString(36).padStart(8, '0')}`;
        case 'account_id':
          return accountId;
        case 'key_id':
          return keyId;
        case 'period_start':
          return periodStart;
        case 'endpoint':
          return 'iban';
        case 'value':
          return 'DE89 3704 0044 0532 0130 00';
        case 'valid':
          return 1;
        case 'status':
          return 200;
        case 'latency_ms':
          return 1;
        case 'at':
          // Spread over the last week, as a week of traffic would be.
          return now - ((index * 7919) % (7 * 86_400_000));
        default:
          if (column.notnull === 0) return null;
          return /INT|REAL/i.test(column.type) ? 0 : /BLOB/i.test(column.type) ? Buffer.alloc(0) : '';
      }
    };
    const insert = db.prepare(`INSERT INTO usage_log (${columns.map((c) => c.name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    db.transaction(() => {
      for (let index = 0; index < rows; index++) insert.run(columns.map((column) => valueOf(column, index)));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { dataDir, accountId, key };
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

async function main(): Promise<void> {
  const rows = Number(option('rows', '1000000'));
  const times = Number(option('times', '5'));
  const dist = option('dist', join(ROOT, 'dist'));
  const started = performance.now();
  const prepared = prepareDirectory(dist, rows);
  process.stderr.write(`prepared ${rows.toLocaleString('en')} usage rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${prepared.dataDir})\n`);
  try {
    const report = await measureColdStart({ dist, dataDir: prepared.dataDir, key: prepared.key, iban: 'DE89 3704 0044 0532 0130 00', times });
    const ms = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(0)} ms`);
    for (const sample of report.samples) {
      process.stdout.write(
        `listening ${ms(sample.listeningMs)} (CPU ${ms(sample.listeningCpuMs)}), first IBAN 200 ${ms(sample.firstIbanMs)} (CPU ${ms(sample.firstIbanCpuMs)})\n`,
      );
    }
    const { median: m } = report;
    process.stdout.write(
      `median of ${times}: spawn to listening ${ms(m.listeningMs)} (CPU ${ms(m.listeningCpuMs)}), spawn to first IBAN 200 ${ms(m.firstIbanMs)} (CPU ${ms(m.firstIbanCpuMs)})\n`,
    );
  } finally {
    rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
