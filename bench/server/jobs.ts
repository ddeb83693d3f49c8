/**
 * `npm run bench:jobs`: batch-job throughput of the built service. For each VIES latency it starts
 * the loopback VIES fake answering after that latency, a built `serve` (`node dist/cli/index.js
 * serve`, embedded store in a fresh data directory, `--vies-url` to the fake,
 * `--job-concurrency-per-state` P), creates a PRO account and a key with the CLI, submits one VAT
 * job over HTTP (N distinct numbers of four member states, interleaved, all registered in the
 * fake), polls it until it ends, and prints: values per second (from the job's own startedAt and
 * finishedAt, and from submission to the end seen by polling), the ceiling the pacing allows
 * (4 states × P calls in flight ÷ latency), the most calls of one state the fake saw in flight at
 * once, the VIES calls it received, the service's CPU time per value, and the validations counted
 * in the store against N. `--write` records the table in bench/RESULTS.md.
 *
 * The job's values are distinct, so none is answered from the cache: each is one VIES call, which
 * is what the pacing governs. It runs dist/ as built: after changing src/, run `npm run build` (it
 * builds by itself only when dist/ is missing, or with `--build`).
 *
 * Options: --values N (10,000; 1,000 for latencies of 100 ms or more when not given, so that a
 * run at 300 ms takes under a minute), --latency-ms L (one latency; default 2, 20 and 300 in
 * turn), --per-state P (2), --build, --keep (the data directories), --write.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { periodOf } from '../../src/server/pipeline/period.js';
import { openEmbeddedStore } from '../../src/server/storage/index.js';
import { startViesFake, type ViesFake } from '../../test/support/fakes/vies.js';
import { recordSection } from '../results-file.js';
import { jobValues, JOB_STATES } from './job-values.js';
import { cpuMs, outputOf, startProcess, stopProcess, waitForLine } from './processes.js';
import { fixed, verdict, whole } from './stats.js';
import type { Job } from '../../src/account-api.js';
import { newStoreArgs } from './new-store.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'index.js');

// ---------------------------------------------------------------------------------------------
// Options

function option(name: string): number | null {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return null;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
const VALUES = option('values');
const LATENCY = option('latency-ms');
const PER_STATE = option('per-state') ?? 2;
/** A job slower than this is reported as failed rather than waited for. */
const JOB_TIMEOUT_MS = 30 * 60_000;

/** Values of the job at `latencyMs`: the option, else 10,000, or 1,000 when each call is slow. */
const valuesFor = (latencyMs: number): number => VALUES ?? (latencyMs >= 100 ? 1_000 : 10_000);

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
const sleep = (ms: number): Promise<void> => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
const loadAverage = (): string => loadavg().map((value) => value.toFixed(2)).join(' ');

async function cli(args: readonly string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: ROOT });
  return stdout.trim();
}

function ensureBuilt(): void {
  if (existsSync(CLI) && !flags.has('--build')) {
    log('Using the build in dist/ (run `npm run build` after changing src/, or pass --build).');
    return;
  }
  log('Building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0 || !existsSync(CLI)) throw new Error('npm run build failed');
}

// ---------------------------------------------------------------------------------------------
// One case


interface CaseResult {
  latencyMs: number;
  job: Job;
  /** Seconds from the job's startedAt to its finishedAt. */
  runSeconds: number;
  /** Seconds from the POST to the poll that saw the job end. */
  wallSeconds: number;
  maxInFlight: Map<string, number>;
  viesCalls: number;
  /** The service's CPU time over the job, ms; null off Linux. */
  cpuMs: number | null;
  /** Validations the store counted for the account in its period. */
  counted: number;
}

async function api<T>(base: string, key: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  headers.set('X-API-KEY', key);
  const response = await fetch(`${base}${path}`, { ...init, headers });
  return { status: response.status, body: (await response.json()) as T };
}

async function waitForEnd(base: string, key: string, id: string): Promise<Job> {
  const until = Date.now() + JOB_TIMEOUT_MS;
  let lastReport = Date.now();
  for (;;) {
    const { status, body } = await api<Job>(base, key, `/api/v1/jobs/${id}`);
    if (status !== 200) throw new Error(`GET /api/v1/jobs/${id} answered ${status}`);
    if (body.status === 'done' || body.status === 'failed' || body.status === 'cancelled') return body;
    if (Date.now() > until) throw new Error(`the job is still ${body.status} (${body.done}/${body.total})`);
    if (Date.now() - lastReport > 10_000) {
      log(`  … ${whole(body.done)}/${whole(body.total)}`);
      lastReport = Date.now();
    }
    await sleep(100);
  }
}

/** Validations counted for `accountId` in its current period, read from the store once `serve` stopped. */
async function countedFor(dataDir: string, accountId: string): Promise<number> {
  const store = await openEmbeddedStore(dataDir);
  try {
    const account = await store.accounts.get(accountId);
    if (account === null) throw new Error('the account is gone from the store');
    return await store.usage.used(accountId, periodOf(account.subscriptionStart, new Date()).start);
  } finally {
    await store.close();
  }
}

function registerAll(vies: ViesFake, values: readonly string[]): void {
  // Two in three registered (valid), the rest unknown to VIES (invalid): both kinds of answer.
  values.forEach((vat, index) => vies.register(vat, index % 3 === 2 ? { valid: false } : { valid: true, name: `BENCH TRADER ${index}`, address: '1 RUE DU BANC' }));
}

async function runCase(latencyMs: number, work: string): Promise<CaseResult> {
  const count = valuesFor(latencyMs);
  const dataDir = join(work, `data-${latencyMs}ms`);
  const vies = await startViesFake();
  vies.latencyMs = latencyMs;
  const values = jobValues(count);
  registerAll(vies, values);
  log(`${latencyMs} ms: ${whole(count)} values, ${PER_STATE} per state, data directory ${dataDir}`);
  const accountId = await cli(['accounts', 'create', '--name', 'bench-jobs', '--plan', 'PRO', '--data-dir', dataDir, ...newStoreArgs(CLI)]);
  const key = await cli(['keys', 'create', '--account', accountId, '--name', 'bench-jobs', '--data-dir', dataDir]);
  if (!/^vf_/.test(key)) throw new Error(`no key created: ${key}`);
  // No periodic jobs: they would fetch rates and the VIES status from the Commission.
  const args = [CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--no-jobs', '--vies-url', vies.url, '--job-concurrency-per-state', String(PER_STATE)];
  const child = startProcess(process.execPath, args, null);
  const output = outputOf(child);
  try {
    const base = (await waitForLine(child, /verifield listening on (\S+)/, 60_000))[1] as string;
    const cpuBefore = cpuMs(child.pid);
    const submittedAt = performance.now();
    const submitted = await api<{ id: string; status: string; total: number }>(base, key, '/api/v1/jobs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ field: 'vat', values }),
    });
    if (submitted.status !== 202) throw new Error(`POST /api/v1/jobs answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
    const job = await waitForEnd(base, key, submitted.body.id);
    const wallSeconds = (performance.now() - submittedAt) / 1000;
    const cpuAfter = cpuMs(child.pid);
    if (job.status !== 'done') throw new Error(`the job ended ${job.status}: ${job.error ?? ''}\n${output()}`);
    if (job.startedAt === null || job.finishedAt === null) throw new Error('the job has no startedAt or finishedAt');
    const runSeconds = (Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000;
    await stopProcess(child);
    const counted = await countedFor(dataDir, accountId);
    return {
      latencyMs,
      job,
      runSeconds,
      wallSeconds,
      maxInFlight: new Map(vies.maxInFlight),
      viesCalls: vies.calls,
      cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      counted,
    };
  } finally {
    await stopProcess(child);
    await vies.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Main

function row(result: CaseResult): string {
  const { job, latencyMs } = result;
  const rate = job.total / result.runSeconds;
  const ceiling = (JOB_STATES.length * PER_STATE * 1000) / latencyMs;
  const most = Math.max(...JOB_STATES.map((state) => result.maxInFlight.get(state) ?? 0));
  const inFlight = JOB_STATES.map((state) => `${state} ${result.maxInFlight.get(state) ?? 0}`).join(', ');
  const cpu = result.cpuMs === null ? 'n/a' : fixed((result.cpuMs * 1000) / job.total, 0);
  const countCheck = `${whole(result.counted)} ${result.counted === job.total ? '=' : '≠'} ${whole(job.total)} (${verdict(result.counted === job.total)})`;
  return [
    `${latencyMs} ms`,
    whole(job.total),
    `${whole(job.valid)} / ${whole(job.invalid)}`,
    `${fixed(result.runSeconds, 1)} s`,
    whole(rate),
    `${whole(job.total / result.wallSeconds)} (${fixed(result.wallSeconds, 1)} s)`,
    `${whole(ceiling)} (${fixed((100 * rate) / ceiling, 0)}%)`,
    `${inFlight} (${verdict(most <= PER_STATE)})`,
    whole(result.viesCalls),
    cpu,
    countCheck,
  ].join(' | ');
}

async function main(): Promise<void> {
  ensureBuilt();
  const latencies = LATENCY === null ? [2, 20, 300] : [LATENCY];
  const loadBefore = loadAverage();
  const work = mkdtempSync(join(tmpdir(), 'verifield-bench-jobs-'));
  const results: CaseResult[] = [];
  try {
    for (const latencyMs of latencies) {
      const result = await runCase(latencyMs, work);
      log(`  done: ${whole(result.job.total)} values in ${fixed(result.runSeconds, 1)} s`);
      results.push(result);
    }
  } finally {
    if (!flags.has('--keep')) rmSync(work, { recursive: true, force: true });
    else log(`Kept ${work}`);
  }
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, Node ${process.version}`;
  const table = [
    `Recorded by \`npm run bench:jobs\` on ${new Date().toISOString().slice(0, 10)}: one VAT job per row, submitted as JSON over loopback to a built \`serve\` (embedded store, SQLite, in a fresh data directory under ${tmpdir()}; periodic jobs off) with \`--job-concurrency-per-state ${PER_STATE}\`, against the loopback VIES fake answering every call after the given latency. The values are distinct numbers of ${JOB_STATES.join(', ')}, interleaved, two in three registered in the fake, so each is one VIES call. Rate: values ÷ the time from the job's startedAt to its finishedAt; end to end: from the POST to the poll (every 100 ms) that saw it done. Ceiling: ${JOB_STATES.length} states × ${PER_STATE} calls in flight ÷ the latency. In flight: the most calls of one state the fake answered at once. Counted: validations the store counted for the account in its period, read after the service stopped.`,
    '',
    '| VIES latency | values | valid / invalid | run | values/s | values/s end to end | pacing ceiling, values/s | most in flight per state | VIES calls | service CPU µs per value | counted = values |',
    '|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|',
    ...results.map((result) => `| ${row(result)} |`),
    '',
    `Machine: ${machine}. Load average before ${loadBefore}, after ${loadAverage()}.`,
  ].join('\n');
  console.log(`\n${table}\n`);
  if (flags.has('--write')) recordSection('jobs', `## Batch jobs (\`npm run bench:jobs\`)\n\n${table}`);
  const failed = results.some((result) => result.counted !== result.job.total || Math.max(...result.maxInFlight.values()) > PER_STATE);
  if (failed) process.exitCode = 1;
}

await main().catch((error: unknown) => {
  process.stderr.write(`bench:jobs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
