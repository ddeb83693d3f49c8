/**
 * `npm run bench:server`: the built service (`node dist/cli/index.js serve`, embedded store) against
 * a bare node:http server running the same library function (baseline.mjs), both loaded in turn by
 * wrk over loopback, several alternating rounds. Prints requests per second, p50 and p99 latency and
 * the ratios the performance issue asks for, the cold start of `serve` on an existing data
 * directory with its first-request latency, and the resident memory of the service after start and
 * after the load. `--write` records the table in bench/RESULTS.md.
 *
 * It runs dist/ as built: after changing src/, run `npm run build` (it builds by itself only when
 * dist/ is missing, or with `--build`). Needs wrk (apt-get install wrk); pins the servers to core 0
 * and wrk to core 1 with taskset when there are two cores or more.
 *
 * Options: --rounds N (3), --seconds S per run (10), --warmup S (5), --connections C (16, under the
 * PRO plan's 25 in flight), --cold-starts N (3), --no-pin, --build, --dist DIR, --keep (the data
 * directory), --write.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { startViesFake } from '../../test/fakes/vies.js';
import { recordSection } from '../results-file.js';
import { bodiesText, ibanValues, vatValues, type BenchValue } from './inputs.js';
import { commandExists, cpuMs, outputOf, pinningAvailable, residentMiB, startProcess, stopProcess, waitForLine } from './processes.js';
import { runWrk, type WrkResult } from './wrk.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Options

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
const distIndex = process.argv.indexOf('--dist');
const DIST = resolve(ROOT, distIndex === -1 ? 'dist' : (process.argv[distIndex + 1] ?? 'dist'));
const ROUNDS = option('rounds', 3);
const SECONDS = option('seconds', 10);
const WARMUP_SECONDS = option('warmup', 5);
const CONNECTIONS = option('connections', 16);
const COLD_STARTS = option('cold-starts', 3);
const PIN = !flags.has('--no-pin') && pinningAvailable();
const SERVER_CPU = PIN ? 0 : null;
const WRK_CPU = PIN ? 1 : null;
const CLI = join(DIST, 'cli', 'index.js');
const BASELINE = fileURLToPath(new URL('./baseline.mjs', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Small helpers

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const fixed = (value: number, digits = 1): string => value.toFixed(digits);
const whole = (value: number): string => Math.round(value).toLocaleString('en-US');
const loadAverage = (): string => loadavg().map((value) => value.toFixed(2)).join(' ');
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

async function cli(args: readonly string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: ROOT });
  return stdout;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** 200 answers the service gave to the runner's own requests (checks, warm-up, cold starts). */
let keyedAnswers = 0;

async function post(base: string, field: string, value: string, key: string | null): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/validate/${field}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key === null ? {} : { 'X-API-KEY': key }) },
    body: JSON.stringify({ value }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (key !== null && response.status === 200) keyedAnswers++;
  return { status: response.status, body, ms: performance.now() - started };
}

function ensureBuilt(): void {
  if (existsSync(CLI) && !flags.has('--build')) {
    log(`Using the build in ${DIST} (run \`npm run build\` after changing src/, or pass --build).`);
    return;
  }
  if (distIndex !== -1) throw new Error(`no build in ${DIST} (--build only builds dist/)`);
  log('Building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0 || !existsSync(CLI)) throw new Error('npm run build failed');
}

// ---------------------------------------------------------------------------------------------
// The two servers

interface RunningProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function serveArgs(dataDir: string, viesUrl: string): string[] {
  // No jobs: they fetch rates and the VIES status from the Commission, which is not what is measured.
  return [CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--no-jobs', '--vies-url', viesUrl];
}

async function startService(dataDir: string, viesUrl: string): Promise<RunningProcess & { listeningMs: number }> {
  const started = performance.now();
  const child = startProcess(process.execPath, serveArgs(dataDir, viesUrl), SERVER_CPU);
  const output = outputOf(child);
  const match = await waitForLine(child, /verifield listening on (\S+)/, 60_000);
  return { child, url: match[1] as string, output, listeningMs: performance.now() - started };
}

async function startBaseline(): Promise<RunningProcess> {
  const child = startProcess(process.execPath, [BASELINE, DIST, '0'], SERVER_CPU);
  const output = outputOf(child);
  const match = await waitForLine(child, /listening (\d+)/, 30_000);
  return { child, url: `http://127.0.0.1:${match[1] as string}`, output };
}

// ---------------------------------------------------------------------------------------------
// Steps

interface ColdStart {
  listeningMs: number;
  firstRequestMs: number;
  firstVatMs: number;
}

/** `serve` on the existing data directory: time to listening, then the first IBAN and VAT answers. */
async function coldStart(dataDir: string, viesUrl: string, key: string, iban: string, vat: string): Promise<ColdStart> {
  const service = await startService(dataDir, viesUrl);
  try {
    const first = await post(service.url, 'iban', iban, key);
    const firstVat = await post(service.url, 'vat', vat, key);
    if (first.status !== 200 || firstVat.status !== 200) throw new Error(`cold start: answered ${first.status} and ${firstVat.status}`);
    return { listeningMs: service.listeningMs, firstRequestMs: first.ms, firstVatMs: firstVat.ms };
  } finally {
    await stopProcess(service.child);
  }
}

/** Both servers must give the same answers (they run the same function), all 200. */
async function checkSameAnswers(service: string, baseline: string, key: string, values: readonly BenchValue[]): Promise<void> {
  for (const { value } of values.slice(0, 100)) {
    const [ours, bare] = await Promise.all([post(service, 'iban', value, key), post(baseline, 'iban', value, null)]);
    if (ours.status !== 200 || bare.status !== 200) throw new Error(`check: ${value} answered ${ours.status} / ${bare.status}`);
    if (JSON.stringify(ours.body) !== JSON.stringify(bare.body)) {
      throw new Error(`check: the service and the baseline disagree on ${value}:\n${JSON.stringify(ours.body)}\n${JSON.stringify(bare.body)}`);
    }
  }
}

/** One live lookup per VAT number fills the cache; a second pass must come from it. */
async function warmVatCache(service: string, key: string, values: readonly BenchValue[]): Promise<{ registered: number }> {
  let registered = 0;
  for (const { value } of values) {
    const answer = await post(service, 'vat', value, key);
    if (answer.status !== 200) throw new Error(`VAT warm-up: ${value} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.body.valid === true) registered++;
  }
  for (const { value } of values) {
    const answer = await post(service, 'vat', value, key);
    const source = (answer.body.vatDetails as { source?: string } | undefined)?.source;
    if (answer.status !== 200 || source !== 'CACHE') throw new Error(`VAT check: ${value} answered ${answer.status}, source ${String(source)}`);
  }
  return { registered };
}

interface Scenario {
  name: string;
  url: string;
  bodiesFile: string;
  apiKey: string | null;
  /** The server process, whose CPU time is read around each run. */
  pid: number | undefined;
  results: (WrkResult & { cpuUsPerRequest: number | null })[];
}

interface Summary {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  low: number;
  high: number;
  /** Server CPU time per answered request, µs (median of the rounds); null off Linux. */
  cpuUs: number | null;
}

function summary(scenario: Scenario): Summary {
  const rates = scenario.results.map((result) => result.requestsPerSecond);
  const cpu = scenario.results.map((result) => result.cpuUsPerRequest).filter((value): value is number => value !== null);
  return {
    rps: median(rates),
    p50: median(scenario.results.map((result) => result.latencyMs.p50)),
    p99: median(scenario.results.map((result) => result.latencyMs.p99)),
    bad: scenario.results.reduce((sum, result) => sum + result.badStatus + result.socketErrors, 0),
    low: Math.min(...rates),
    high: Math.max(...rates),
    cpuUs: cpu.length === 0 ? null : median(cpu),
  };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  if (!commandExists('wrk')) throw new Error('wrk is not installed (apt-get install wrk)');
  ensureBuilt();
  const loadBefore = loadAverage();
  const work = mkdtempSync(join(tmpdir(), 'verifield-bench-'));
  const dataDir = join(work, 'data');
  const vies = await startViesFake();
  const processes: ChildProcess[] = [];
  try {
    // Inputs, and the numbers the VIES fake knows.
    const ibans = ibanValues();
    const vats = vatValues(200);
    for (const { viesNumber } of vats) if (viesNumber !== undefined) vies.register(viesNumber, { valid: true, name: 'BENCH TRADER SA', address: '1 RUE DU BANC, 1000 VILLE' });
    const ibanFile = join(work, 'iban.jsonl');
    const vatFile = join(work, 'vat.jsonl');
    writeFileSync(ibanFile, bodiesText(ibans));
    writeFileSync(vatFile, bodiesText(vats));

    // A PRO account (25 requests in flight, no shared pool, no blocking quota) and its key.
    log(`Data directory ${dataDir}: creating the account and its key…`);
    const accountId = (await cli(['accounts', 'create', '--name', 'bench', '--plan', 'PRO', '--data-dir', dataDir])).trim();
    const key = (await cli(['keys', 'create', '--account', accountId, '--name', 'bench', '--data-dir', dataDir])).trim();
    if (!/^vf_/.test(key)) throw new Error(`no key created: ${key}`);
    await fetch(vies.url).catch(() => undefined); // the runner's own first fetch, out of the timings

    // Cold starts on the existing directory.
    const firstIban = (ibans[0] as BenchValue).value;
    const firstVat = (vats[0] as BenchValue).value;
    const colds: ColdStart[] = [];
    for (let index = 0; index < COLD_STARTS; index++) {
      colds.push(await coldStart(dataDir, vies.url, key, firstIban, firstVat));
      log(`cold start ${index + 1}: listening after ${fixed(colds.at(-1)?.listeningMs ?? 0, 0)} ms`);
    }

    // The load run.
    const service = await startService(dataDir, vies.url);
    processes.push(service.child);
    const rssAfterStart = residentMiB(service.child.pid);
    const baseline = await startBaseline();
    processes.push(baseline.child);
    await checkSameAnswers(service.url, baseline.url, key, ibans);
    const { registered } = await warmVatCache(service.url, key, vats);
    log(`Checked: same IBAN answers from both servers; ${vats.length} VAT numbers cached (${registered} registered).`);

    const servicePid = service.child.pid;
    const baselinePid = baseline.child.pid;
    const scenarios: Scenario[] = [
      { name: 'service: IBAN', url: `${service.url}/api/v1/validate/iban`, bodiesFile: ibanFile, apiKey: key, pid: servicePid, results: [] },
      { name: 'baseline: IBAN', url: `${baseline.url}/api/v1/validate/iban`, bodiesFile: ibanFile, apiKey: null, pid: baselinePid, results: [] },
      { name: 'service: VAT, cache hit', url: `${service.url}/api/v1/validate/vat`, bodiesFile: vatFile, apiKey: key, pid: servicePid, results: [] },
    ];
    const load = async (scenario: Scenario, seconds: number): Promise<Scenario['results'][number]> => {
      const cpuBefore = cpuMs(scenario.pid);
      const result = await runWrk({ url: scenario.url, bodiesFile: scenario.bodiesFile, apiKey: scenario.apiKey, connections: CONNECTIONS, seconds, cpu: WRK_CPU });
      const cpuAfter = cpuMs(scenario.pid);
      const cpuUsPerRequest = cpuBefore === null || cpuAfter === null || result.requests === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / result.requests;
      return { ...result, cpuUsPerRequest };
    };
    // Answers wrk received from the service, warm-up runs included, and the runs that made them.
    let serviceAnswers = 0;
    let serviceRuns = 0;
    for (const scenario of scenarios) {
      const warm = await load(scenario, WARMUP_SECONDS);
      if (scenario.apiKey !== null) {
        serviceAnswers += warm.requests;
        serviceRuns++;
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with the next scenario, so none always runs first or after the same one.
      for (let offset = 0; offset < scenarios.length; offset++) {
        const scenario = scenarios[(round + offset) % scenarios.length] as Scenario;
        const result = await load(scenario, SECONDS);
        scenario.results.push(result);
        if (scenario.apiKey !== null) {
          serviceAnswers += result.requests;
          serviceRuns++;
        }
        const cpu = result.cpuUsPerRequest === null ? '' : `, ${fixed(result.cpuUsPerRequest, 0)} µs CPU per request`;
        log(`round ${round + 1}: ${scenario.name}: ${whole(result.requestsPerSecond)} req/s, p99 ${fixed(result.latencyMs.p99, 2)} ms${cpu}`);
      }
    }
    const rssAfterLoad = residentMiB(service.child.pid);
    const baselineRss = residentMiB(baseline.child.pid);
    await stopProcess(baseline.child);
    await stopProcess(service.child);

    // Every answer was counted, once: the meter holds what was answered, plus at most the requests
    // in flight when each wrk run stopped (counted by the service, never received by wrk).
    const accounts = JSON.parse(await cli(['accounts', 'list', '--json', '--data-dir', dataDir])) as { id: string; used: number }[];
    const counted = accounts.find((account) => account.id === accountId)?.used ?? 0;
    const answered = serviceAnswers + keyedAnswers;
    const inFlightAtStops = CONNECTIONS * serviceRuns;

    const [serviceIban, baselineIban, serviceVat] = scenarios.map(summary) as [Summary, Summary, Summary];
    const rows = scenarios.map((scenario) => {
      const s = summary(scenario);
      const cpu = s.cpuUs === null ? 'n/a' : fixed(s.cpuUs, 0);
      return `| ${scenario.name} | ${whole(s.rps)} | ${whole(s.low)}–${whole(s.high)} | ${fixed(s.p50, 2)} | ${fixed(s.p99, 2)} | ${cpu} | ${s.bad} |`;
    });
    const cpuRatio = (numerator: Summary, denominator: Summary): string =>
      numerator.cpuUs === null || denominator.cpuUs === null ? 'n/a' : `${fixed(numerator.cpuUs / denominator.cpuUs, 2)}x`;
    const coldRow = (pick: (c: ColdStart) => number): string => `${fixed(median(colds.map(pick)), 0)} ms (${colds.map((c) => fixed(pick(c), 0)).join(', ')})`;
    const mib = (value: number | null): string => (value === null ? 'n/a' : `${fixed(value, 0)} MiB`);
    const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, Node ${process.version}`;
    const table = [
      `Recorded by \`npm run bench:server\` on ${new Date().toISOString().slice(0, 10)}: ${ROUNDS} alternating rounds of ${SECONDS} s per scenario after a ${WARMUP_SECONDS} s warm-up, wrk with 1 thread and ${CONNECTIONS} connections on loopback, ${PIN ? 'servers pinned to core 0 and wrk to core 1 (taskset)' : 'no core pinning'}. Embedded store (PGlite) in a fresh data directory under ${tmpdir()}; jobs off.`,
      '',
      '| scenario | req/s (median) | req/s (range) | p50 ms | p99 ms | server CPU µs per request | non-2xx + socket errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      '| measure | value | target |',
      '|---|---:|---|',
      `| service ÷ baseline, IBAN req/s | ${fixed(serviceIban.rps / baselineIban.rps, 2)}x | at least 0.5x |`,
      `| the same from CPU per request (baseline CPU ÷ service CPU) | ${cpuRatio(baselineIban, serviceIban)} | at least 0.5x |`,
      `| IBAN req/s ÷ VAT cache-hit req/s | ${fixed(serviceIban.rps / serviceVat.rps, 2)}x | at most 1.5x |`,
      `| the same from CPU per request (VAT CPU ÷ IBAN CPU) | ${cpuRatio(serviceVat, serviceIban)} | at most 1.5x |`,
      `| cold start of \`serve\` on an existing data directory, to listening (median of ${colds.length}) | ${coldRow((c) => c.listeningMs)} | reported |`,
      `| first request after listening, IBAN | ${coldRow((c) => c.firstRequestMs)} | reported |`,
      `| first VAT request after listening (cache hit) | ${coldRow((c) => c.firstVatMs)} | reported |`,
      `| service resident memory after start | ${mib(rssAfterStart)} | reported |`,
      `| service resident memory after the load | ${mib(rssAfterLoad)} | reported |`,
      `| baseline resident memory after the load | ${mib(baselineRss)} | (reference) |`,
      `| validations counted by the meter − answers received (wrk and the runner's checks) | ${whole(counted)} − ${whole(answered)} = ${whole(counted - answered)} | 0 to ${whole(inFlightAtStops)} (requests in flight when wrk stopped) |`,
      '',
      `Machine: ${machine}. Load average before ${loadBefore}, after ${loadAverage()}.`,
    ].join('\n');
    console.log(`\n${table}\n`);
    if (counted < answered || counted > answered + inFlightAtStops) {
      throw new Error(`the meter counted ${counted} validations for ${answered} answers received (up to ${inFlightAtStops} more may have been in flight)`);
    }
    if (flags.has('--write')) recordSection('server', `## Service (\`npm run bench:server\`)\n\n${table}`);
  } finally {
    for (const child of processes) await stopProcess(child);
    await vies.close();
    if (!flags.has('--keep')) rmSync(work, { recursive: true, force: true });
    else log(`Kept ${work}`);
  }
}

await main().catch((error: unknown) => {
  process.stderr.write(`bench:server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
