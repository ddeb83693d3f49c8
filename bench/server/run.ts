/**
 * `npm run bench:server`: the built service (`node dist/cli/index.js serve`, embedded store on
 * SQLite) against a bare node:http server running the same library function (baseline.mjs), both
 * loaded in turn by wrk over loopback, several alternating rounds. In the same run and table:
 * requests per second, p50 and p99 latency and their ratios to the baseline; the CPU of a refused
 * request (401, a random key from a new client each time) against a counted 200; valid-key
 * throughput under a flood from another source address (random keys, and no key) against the same
 * load alone (./flood.ts), on the embedded store and, when DATABASE_URL and REDIS_URL are set (run
 * it under `bash scripts/services.sh run --`), on PostgreSQL + Redis; /healthz latency while a
 * 100,000-value email job is submitted (./upload-stall.ts); resident memory of the
 * service after start and after 1 M validations (the rounds, topped up with more IBAN load); cold
 * start of `serve` on a data directory with few rows, then on the same directory once it holds the
 * 1 M usage rows the load left, with the first answers' latency. Each target is printed beside
 * its figure, met or not. `--write` records the table in bench/RESULTS.md.
 *
 * It runs dist/ as built: after changing src/, run `npm run build` (it builds by itself only when
 * dist/ is missing, or with `--build`). Needs wrk (apt-get install wrk); pins the servers to core 0
 * and wrk to core 1 with taskset when there are two cores or more.
 *
 * Options: --rounds N (3), --seconds S per run (10), --warmup S (5), --connections C (16, under the
 * PRO plan's 25 in flight), --flood-connections C (64), --requests N (1000000, validations before
 * the second memory reading), --cold-starts N (5), --job-values N (100000, the upload's), --no-pin,
 * --build, --dist DIR, --keep (the data directory), --write.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { startViesFake } from '../../test/support/fakes/vies.js';
import { recordSection } from '../results-file.js';
import { keyedAnswers, post } from './answers.js';
import { compareUnderFlood, statusesText, type FloodCase, type FloodComparison } from './flood.js';
import { bodiesText, ibanValues, vatValues, type BenchValue } from './inputs.js';
import { commandExists, cpuMs, outputOf, pinningAvailable, residentMiB, startProcess, stopProcess, waitForLine } from './processes.js';
import { fixed, median, targetRowText, verdict, whole } from './stats.js';
import { storeOpenMs, storedUsage } from './usage-rows.js';
import { adminReadRows, startAdminReads, type AdminReadRow } from './admin-reads.js';
import { measureJobCost } from './job-cost.js';
import { measureColdStart, type ColdStartReport, type ColdStartSample } from './cold-start.js';
import { measureUploadStall, uploadStallText } from './upload-stall.js';
import { runWrk, type WrkResult } from './wrk.js';
import { newStoreArgs } from './new-store.js';

const run = promisify(execFile);
// PostgreSQL and Redis are for their own runs, named by flag: every other process of the bench
// (the CLI, `serve`, the cold starts) must use the embedded store, whatever the environment says.
const SHARED_STORE = { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL };
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
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
const FLOOD_CONNECTIONS = option('flood-connections', 64);
const JOB_VALUES = option('job-values', 100_000);
const MEMORY_REQUESTS = option('requests', 1_000_000);
const COLD_STARTS = option('cold-starts', 5);
const PIN = !flags.has('--no-pin') && pinningAvailable();
const SERVER_CPU = PIN ? 0 : null;
const WRK_CPU = PIN ? 1 : null;
const CLI = join(DIST, 'cli', 'index.js');
const BASELINE = fileURLToPath(new URL('./baseline.mjs', import.meta.url));

/** The issues' targets (ratios within one run). */
const TARGET = {
  serviceRatio: 0.9,
  p99Ratio: 1.5,
  vatRatio: 1.5,
  rssAfterStartMiB: 120,
  rssAfterLoadMiB: 200,
  listeningMs: 200,
  firstIbanMs: 300,
  floodRatio: 0.5,
  refusedCpuRatio: 0.3,
  healthzP99Ms: 50,
  readsP99Ratio: 1.5,
};
/** Pause between two admin reads while validation runs: an operator paging through the dashboard quickly. */
const ADMIN_READ_PAUSE_MS = 100;
/** The flood's source: another loopback address than the valid load's 127.0.0.1. */
const FLOOD_FROM = '127.0.0.2';
/** A DNS server that answers nothing, so the email job's checks (cancelled at once anyway) never leave the machine. */
const NO_DNS = '127.0.0.1:9';

// ---------------------------------------------------------------------------------------------
// Small helpers

const loadAverage = (): string => loadavg().map((value) => value.toFixed(2)).join(' ');
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
const sleep = (ms: number): Promise<void> => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

async function cli(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: ROOT, ...(env === undefined ? {} : { env }) });
  return stdout;
}

/** A new PRO account (25 requests in flight, no shared pool, no blocking quota) and its key. */
async function proAccount(name: string, storeArgs: readonly string[], env?: NodeJS.ProcessEnv): Promise<{ accountId: string; key: string }> {
  const embedded = storeArgs.includes('--data-dir') ? newStoreArgs(CLI) : [];
  const accountId = (await cli(['accounts', 'create', '--name', name, '--plan', 'PRO', ...storeArgs, ...embedded], env)).trim();
  const key = (await cli(['keys', 'create', '--account', accountId, '--name', name, ...storeArgs], env)).trim();
  if (!/^vf_/.test(key)) throw new Error(`no key created: ${key}`);
  return { accountId, key };
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

function serveArgs(dataDir: string, viesUrl: string, extra: readonly string[] = []): string[] {
  // No jobs: they fetch rates and the VIES status from the Commission, which is not what is measured.
  // Behind "a proxy" on loopback: the 401 scenario names a new client in X-Forwarded-For per request.
  const store = extra.includes('--database-url') ? [] : ['--data-dir', dataDir];
  return [CLI, 'serve', '--port', '0', ...store, '--no-jobs', '--vies-url', viesUrl, '--trust-proxy', 'loopback', '--dns-servers', NO_DNS, ...extra];
}

async function startService(dataDir: string, viesUrl: string, extra: readonly string[] = [], env?: NodeJS.ProcessEnv): Promise<RunningProcess & { listeningMs: number }> {
  const started = performance.now();
  const child = startProcess(process.execPath, serveArgs(dataDir, viesUrl, extra), SERVER_CPU, env);
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

/** Node itself, started and ended with nothing to run: the part of a cold start no code of ours can remove. */
function nodeStartMs(times: number): number[] {
  return Array.from({ length: times }, () => {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    return performance.now() - started;
  });
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

/** A well-formed key no one was given is refused as unknown (what every flood request is). */
async function checkUnknownKeyRefused(service: string, iban: string): Promise<void> {
  const answer = await post(service, 'iban', iban, `vf_${'0123456789abcdefghijABCDEFGHIJklmnopqrstKLM'}`);
  if (answer.status !== 401 || answer.body.errorCode !== 'INVALID_API_KEY') throw new Error(`a random key answered ${answer.status} ${JSON.stringify(answer.body)}`);
}

interface Scenario {
  name: string;
  url: string;
  bodiesFile: string;
  apiKey: string | null | 'random-sources';
  /** Whether its answers are validations the service counts (the meter check adds them up). */
  counted: boolean;
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

function summarize(results: readonly (WrkResult & { cpuUsPerRequest?: number | null })[]): Summary {
  const rates = results.map((result) => result.requestsPerSecond);
  const cpu = results.map((result) => result.cpuUsPerRequest ?? null).filter((value): value is number => value !== null);
  return {
    rps: median(rates),
    p50: median(results.map((result) => result.latencyMs.p50)),
    p99: median(results.map((result) => result.latencyMs.p99)),
    bad: results.reduce((sum, result) => sum + result.badStatus + result.socketErrors, 0),
    low: Math.min(...rates),
    high: Math.max(...rates),
    cpuUs: cpu.length === 0 ? null : median(cpu),
  };
}

/**
 * The flood comparison on PostgreSQL + Redis (DATABASE_URL and REDIS_URL, as scripts/services.sh
 * exports them): a second `serve` on them, an account of its own; null when they are not set.
 */
async function floodOnPostgres(
  viesUrl: string,
  bodiesFile: string,
  options: Omit<Parameters<typeof compareUnderFlood>[0], 'url' | 'key' | 'pid'>,
): Promise<FloodComparison | null> {
  const { databaseUrl, redisUrl } = SHARED_STORE;
  if (databaseUrl === undefined || redisUrl === undefined) {
    log('DATABASE_URL and REDIS_URL are not set: the flood on PostgreSQL + Redis is not run.');
    return null;
  }
  // Every instance of a deployment seals with one key; this run's own.
  const env = { ...process.env, VERIFIELD_DATA_KEY: Buffer.alloc(32, 29).toString('base64') };
  const { key } = await proAccount(`bench-${Date.now()}`, ['--database-url', databaseUrl], env);
  const service = await startService('', viesUrl, ['--database-url', databaseUrl, '--redis-url', redisUrl], env);
  try {
    log(`PostgreSQL + Redis: ${service.url}`);
    return await compareUnderFlood({ ...options, bodiesFile, url: `${service.url}/api/v1/validate/iban`, key, pid: service.child.pid });
  } finally {
    await stopProcess(service.child);
  }
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

    log(`Data directory ${dataDir}: creating the accounts and their keys…`);
    const { accountId, key } = await proAccount('bench', ['--data-dir', dataDir]);
    // The upload's job is another account's, so that its lines never mix with the meter check's.
    const uploader = await proAccount('uploader', ['--data-dir', dataDir]);
    await fetch(vies.url).catch(() => undefined); // the runner's own first fetch, out of the timings

    // Cold starts on the directory with (almost) nothing in it.
    const firstIban = (ibans[0] as BenchValue).value;
    const coldStartOptions = { dist: DIST, dataDir, key, iban: firstIban, times: COLD_STARTS, extraArgs: ['--vies-url', vies.url], cpu: SERVER_CPU };
    const coldsEmpty = await measureColdStart(coldStartOptions);

    // The load run. The operator token lets the admin reads run beside validation.
    const operatorToken = randomBytes(32).toString('base64url');
    const service = await startService(dataDir, vies.url, [], { ...process.env, VERIFIELD_ADMIN_TOKEN: operatorToken });
    processes.push(service.child);
    // A second to settle: what the process holds once it is up, not half-way through its start.
    await sleep(1_000);
    const rssAfterStart = residentMiB(service.child.pid);
    const baseline = await startBaseline();
    processes.push(baseline.child);
    await checkSameAnswers(service.url, baseline.url, key, ibans);
    const { registered } = await warmVatCache(service.url, key, vats);
    await checkUnknownKeyRefused(service.url, firstIban);
    log(`Checked: same IBAN answers from both servers; ${vats.length} VAT numbers cached (${registered} registered); an unknown key is refused.`);

    const servicePid = service.child.pid;
    const baselinePid = baseline.child.pid;
    const serviceIbanUrl = `${service.url}/api/v1/validate/iban`;
    const scenarios: Scenario[] = [
      { name: 'service: IBAN', url: serviceIbanUrl, bodiesFile: ibanFile, apiKey: key, counted: true, pid: servicePid, results: [] },
      { name: 'baseline: IBAN', url: `${baseline.url}/api/v1/validate/iban`, bodiesFile: ibanFile, apiKey: null, counted: false, pid: baselinePid, results: [] },
      { name: 'service: VAT, cache hit', url: `${service.url}/api/v1/validate/vat`, bodiesFile: vatFile, apiKey: key, counted: true, pid: servicePid, results: [] },
      { name: 'service: 401, a random key from a new client each time', url: serviceIbanUrl, bodiesFile: ibanFile, apiKey: 'random-sources', counted: false, pid: servicePid, results: [] },
      { name: 'baseline: 401, a fixed answer, the body unread', url: `${baseline.url}/api/v1/refuse/iban`, bodiesFile: ibanFile, apiKey: null, counted: false, pid: baselinePid, results: [] },
    ];
    const load = async (scenario: Scenario, seconds: number): Promise<Scenario['results'][number]> => {
      const cpuBefore = cpuMs(scenario.pid);
      const result = await runWrk({ url: scenario.url, bodiesFile: scenario.bodiesFile, apiKey: scenario.apiKey, connections: CONNECTIONS, seconds, cpu: WRK_CPU });
      const cpuAfter = cpuMs(scenario.pid);
      const cpuUsPerRequest = cpuBefore === null || cpuAfter === null || result.requests === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / result.requests;
      return { ...result, cpuUsPerRequest };
    };
    // Answers wrk received from the service with the valid key, warm-up runs included, and the runs that made them.
    let serviceAnswers = 0;
    let serviceRuns = 0;
    const tallyValid = (result: WrkResult): void => {
      serviceAnswers += result.requests;
      serviceRuns++;
    };
    for (const scenario of scenarios) {
      const warm = await load(scenario, WARMUP_SECONDS);
      if (scenario.counted) tallyValid(warm);
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with the next scenario, so none always runs first or after the same one.
      for (let offset = 0; offset < scenarios.length; offset++) {
        const scenario = scenarios[(round + offset) % scenarios.length] as Scenario;
        const result = await load(scenario, SECONDS);
        scenario.results.push(result);
        if (scenario.counted) tallyValid(result);
        const cpu = result.cpuUsPerRequest === null ? '' : `, ${fixed(result.cpuUsPerRequest, 0)} µs CPU per request`;
        log(`round ${round + 1}: ${scenario.name}: ${whole(result.requestsPerSecond)} req/s, p99 ${fixed(result.latencyMs.p99, 2)} ms${cpu}`);
      }
    }
    const baselineRss = residentMiB(baseline.child.pid);
    await stopProcess(baseline.child);

    // Valid traffic under a flood from another source, against the same load alone.
    const floodOptions = { bodiesFile: ibanFile, connections: CONNECTIONS, floodConnections: FLOOD_CONNECTIONS, floodFrom: FLOOD_FROM, seconds: SECONDS, rounds: ROUNDS, cpu: WRK_CPU, log };
    const flood = await compareUnderFlood({ ...floodOptions, url: serviceIbanUrl, key, pid: servicePid });
    for (const floodCase of [flood.alone, flood.randomKeys, flood.noKey]) for (const result of floodCase.valid) tallyValid(result);

    // /healthz while a large email job is submitted (then cancelled).
    const stall = await measureUploadStall(service.url, uploader.key, JOB_VALUES);
    log(`upload of ${whole(JOB_VALUES)} emails: /healthz ${uploadStallText(stall)}`);
    if (stall.status !== 202) throw new Error(`the job upload answered ${stall.status}`);

    // Top up to MEMORY_REQUESTS validations, then read the memory the service holds.
    while (serviceAnswers + keyedAnswers() < MEMORY_REQUESTS) {
      const rate = summarize(scenarios[0]?.results ?? []).rps;
      const seconds = Math.min(60, Math.max(1, Math.ceil((MEMORY_REQUESTS - serviceAnswers - keyedAnswers()) / rate)));
      const result = await load(scenarios[0] as Scenario, seconds);
      tallyValid(result);
      log(`top-up: ${whole(result.requests)} more validations (${whole(serviceAnswers + keyedAnswers())} in all)`);
    }
    const validationsBeforeRss = serviceAnswers + keyedAnswers();
    const rssAfterLoad = residentMiB(service.child.pid);

    // Validation p99 alone and while an operator reads the account's keys and log (its rows: the load's, in one day).
    const underReads: { alone: WrkResult[]; reading: WrkResult[]; reads: number; readMedianMs: number[] } = { alone: [], reading: [], reads: 0, readMedianMs: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await load(scenarios[0] as Scenario, SECONDS);
      tallyValid(alone);
      underReads.alone.push(alone);
      const reads = startAdminReads({ url: service.url, accountId, operatorToken, day: new Date().toISOString().slice(0, 10), pauseMs: ADMIN_READ_PAUSE_MS });
      const reading = await load(scenarios[0] as Scenario, SECONDS);
      const done = await reads.stop();
      tallyValid(reading);
      underReads.reading.push(reading);
      underReads.reads += done.requests;
      underReads.readMedianMs.push(done.medianMs);
      if (done.failures > 0) throw new Error(`admin reads: ${done.failures} of ${done.requests} failed`);
      log(`admin reads round ${round + 1}: p99 alone ${fixed(alone.latencyMs.p99, 2)} ms, with ${done.requests} reads ${fixed(reading.latencyMs.p99, 2)} ms (read median ${fixed(done.medianMs, 1)} ms)`);
    }
    await stopProcess(service.child);

    // Every answer was counted, once: the meter holds what was answered, plus at most the requests
    // in flight when each wrk run stopped (counted by the service, never received by wrk).
    const accounts = JSON.parse(await cli(['accounts', 'list', '--json', '--data-dir', dataDir])) as { id: string; used: number }[];
    const counted = accounts.find((account) => account.id === accountId)?.used ?? 0;
    const answered = serviceAnswers + keyedAnswers();
    const inFlightAtStops = CONNECTIONS * serviceRuns;
    if (counted < answered || counted > answered + inFlightAtStops) {
      throw new Error(`the meter counted ${counted} validations for ${answered} answers received (up to ${inFlightAtStops} more may have been in flight)`);
    }

    // Cold starts on the directory the load filled.
    const stored = await storedUsage(dataDir);
    log(`The data directory holds ${whole(stored.rows)} usage rows in ${fixed(stored.bytes / 2 ** 20)} MiB.`);
    const coldsFull = await measureColdStart(coldStartOptions);
    const bareNode = nodeStartMs(COLD_STARTS);
    const storeOpens = await storeOpenMs(dataDir, COLD_STARTS);
    const sharedFlood = await floodOnPostgres(vies.url, ibanFile, floodOptions);
    const adminRows: AdminReadRow[] = await adminReadRows(log, SHARED_STORE.databaseUrl);
    // In this process, from the sources: the runner's CPU per line against the library's (the VAT job's in a child).
    const jobRows = await measureJobCost({ log });

    // ------------------------------------------------------------------------------------------
    // The table

    const [serviceIban, baselineIban, serviceVat] = scenarios.map((scenario) => summarize(scenario.results)) as [Summary, Summary, Summary];
    const [, , , serviceRefused, baselineRefused] = scenarios.map((scenario) => summarize(scenario.results)) as [Summary, Summary, Summary, Summary, Summary];
    const rows = scenarios.map((scenario) => {
      const s = summarize(scenario.results);
      const cpu = s.cpuUs === null ? 'n/a' : fixed(s.cpuUs, 0);
      return `| ${scenario.name} | ${whole(s.rps)} | ${whole(s.low)}–${whole(s.high)} | ${fixed(s.p50, 2)} | ${fixed(s.p99, 2)} | ${cpu} | ${s.bad} |`;
    });
    const floodCpu = (floodCase: FloodCase): string =>
      floodCase.cpu.length === 0 ? 'n/a' : `${fixed(median(floodCase.cpu.map((c) => c.usPerRequest)), 0)} (core ${fixed(100 * median(floodCase.cpu.map((c) => c.busy)), 0)}% busy)`;
    const floodRow = (floodCase: FloodCase): string => {
      const s = summarize(floodCase.valid);
      return `| service: IBAN, ${floodCase.name} | ${whole(s.rps)} | ${whole(s.low)}–${whole(s.high)} | ${fixed(s.p50, 2)} | ${fixed(s.p99, 2)} | ${floodCpu(floodCase)} | ${s.bad} |`;
    };
    const floodRate = (floodCase: FloodCase): string => {
      const rates = floodCase.flood.map((run) => run.requestsPerSecond);
      return `${whole(median(rates))} req/s (${whole(Math.min(...rates))}–${whole(Math.max(...rates))}), answered ${statusesText(floodCase.flood)}`;
    };
    const floodRatio = (comparison: FloodComparison, floodCase: FloodCase): number => summarize(floodCase.valid).rps / summarize(comparison.alone.valid).rps;
    const sharedRows =
      sharedFlood === null
        ? ['| valid req/s under floods, PostgreSQL + Redis | not run | | set DATABASE_URL and REDIS_URL (`bash scripts/services.sh run -- npm run bench:server`) |']
        : [
            `| PostgreSQL + Redis: valid req/s under the random-key flood ÷ alone (${whole(summarize(sharedFlood.alone.valid).rps)} req/s alone; flood: ${floodRate(sharedFlood.randomKeys)}) | ${fixed(floodRatio(sharedFlood, sharedFlood.randomKeys), 2)}x | at least ${TARGET.floodRatio}x | ${verdict(floodRatio(sharedFlood, sharedFlood.randomKeys) >= TARGET.floodRatio)} |`,
            `| PostgreSQL + Redis: valid req/s under the keyless flood ÷ alone (flood: ${floodRate(sharedFlood.noKey)}) | ${fixed(floodRatio(sharedFlood, sharedFlood.noKey), 2)}x | reported | |`,
          ];
    const cpuRatio = (numerator: Summary, denominator: Summary): string =>
      numerator.cpuUs === null || denominator.cpuUs === null ? 'n/a' : `${fixed(numerator.cpuUs / denominator.cpuUs, 2)}x`;
    const coldMedian = (colds: ColdStartReport, pick: (c: ColdStartSample) => number): number => median(colds.samples.map(pick));
    const coldRow = (colds: ColdStartReport, pick: (c: ColdStartSample) => number): string =>
      `${fixed(coldMedian(colds, pick), 0)} ms (${colds.samples.map((c) => fixed(pick(c), 0)).join(', ')})`;
    const cpuAt = (colds: ColdStartReport, pick: (c: ColdStartSample) => number | null): string => {
      const values = colds.samples.map(pick);
      return values.some((value) => value === null) ? 'n/a' : `${fixed(median(values as number[]), 0)} ms`;
    };
    const mib = (value: number | null): string => (value === null ? 'n/a' : `${fixed(value, 0)} MiB`);
    const atMost = (value: number | null, limit: number): string => (value === null ? 'n/a' : verdict(value <= limit));

    const serviceRatio = serviceIban.rps / baselineIban.rps;
    const p99Ratio = serviceIban.p99 / baselineIban.p99;
    const randomRatio = floodRatio(flood, flood.randomKeys);
    const noKeyRatio = floodRatio(flood, flood.noKey);
    const coldFullMs = coldMedian(coldsFull, (c) => c.listeningMs);
    const toFirstIban = (c: ColdStartSample): number => c.firstIbanMs;
    const firstIbanMs = coldMedian(coldsFull, toFirstIban);
    const readsP99Ratio = summarize(underReads.reading).p99 / summarize(underReads.alone).p99;
    const refusedRatio = serviceRefused.cpuUs === null || serviceIban.cpuUs === null ? null : serviceRefused.cpuUs / serviceIban.cpuUs;
    const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, Node ${process.version}`;
    const table = [
      `Recorded by \`npm run bench:server\` on ${new Date().toISOString().slice(0, 10)}: ${ROUNDS} alternating rounds of ${SECONDS} s per scenario after a ${WARMUP_SECONDS} s warm-up, wrk with 1 thread and ${CONNECTIONS} connections on loopback, ${PIN ? 'servers pinned to core 0 and wrk to core 1 (taskset)' : 'no core pinning'}. Embedded store (SQLite) in a fresh data directory under ${tmpdir()}; jobs off. The service runs with \`--trust-proxy loopback\` (the 401 scenario names a new client in X-Forwarded-For per request, so no source spends its budget of failures). The floods: bench/server/flood-client.mjs, ${FLOOD_CONNECTIONS} connections bound to ${FLOOD_FROM} (the valid load comes from 127.0.0.1) sending as fast as answers come and reconnecting at once when closed, a new random well-formed key per request or none, started 1 s before the valid run and ended 1 s after it (${ROUNDS} rounds of the three cases, order rotated); ${PIN ? 'both load generators share core 1' : ''}.`,
      '',
      '| scenario | req/s (median) | req/s (range) | p50 ms | p99 ms | server CPU µs per request | non-2xx + socket errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      floodRow(flood.alone),
      floodRow(flood.randomKeys),
      floodRow(flood.noKey),
      '',
      '| measure | value | target | |',
      '|---|---:|---|---|',
      `| service ÷ baseline, IBAN req/s | ${fixed(serviceRatio, 2)}x | at least ${TARGET.serviceRatio}x | ${verdict(serviceRatio >= TARGET.serviceRatio)} |`,
      `| the same from CPU per request (baseline CPU ÷ service CPU) | ${cpuRatio(baselineIban, serviceIban)} | (reference) | |`,
      `| service p99 ÷ baseline p99, IBAN | ${fixed(p99Ratio, 2)}x (${fixed(serviceIban.p99, 2)} ÷ ${fixed(baselineIban.p99, 2)} ms) | at most ${TARGET.p99Ratio}x | ${verdict(p99Ratio <= TARGET.p99Ratio)} |`,
      `| IBAN req/s ÷ VAT cache-hit req/s | ${fixed(serviceIban.rps / serviceVat.rps, 2)}x | at most ${TARGET.vatRatio}x | ${verdict(serviceIban.rps / serviceVat.rps <= TARGET.vatRatio)} |`,
      `| the same from CPU per request (VAT CPU ÷ IBAN CPU) | ${cpuRatio(serviceVat, serviceIban)} | (reference) | |`,
      `| server CPU of a refused request (401, random key, new client) ÷ of a counted IBAN 200 | ${refusedRatio === null ? 'n/a' : `${fixed(refusedRatio, 2)}x (${fixed(serviceRefused.cpuUs ?? 0, 0)} ÷ ${fixed(serviceIban.cpuUs ?? 0, 0)} µs)`} | at most ${TARGET.refusedCpuRatio}x | ${refusedRatio === null ? 'n/a' : verdict(refusedRatio <= TARGET.refusedCpuRatio)} |`,
      `| the same for the bare node:http baseline (its fixed 401 ÷ its IBAN 200): what HTTP alone costs | ${cpuRatio(baselineRefused, baselineIban)} | (reference) | |`,
      `| SQLite: valid req/s under the random-key flood ÷ alone (flood: ${floodRate(flood.randomKeys)}) | ${fixed(randomRatio, 2)}x | at least ${TARGET.floodRatio}x | ${verdict(randomRatio >= TARGET.floodRatio)} |`,
      `| SQLite: valid req/s under the keyless flood ÷ alone (flood: ${floodRate(flood.noKey)}) | ${fixed(noKeyRatio, 2)}x | reported | |`,
      ...sharedRows,
      `| /healthz while a ${whole(JOB_VALUES)}-value email job is submitted | ${uploadStallText(stall)} | p99 at most ${TARGET.healthzP99Ms} ms | ${verdict(stall.p99Ms <= TARGET.healthzP99Ms)} |`,
      ...adminRows.map(targetRowText),
      ...jobRows.map(targetRowText),
      `| validation p99 while the operator reads the bench account's keys and log over HTTP (${whole(underReads.reads)} reads, ${fixed(ADMIN_READ_PAUSE_MS, 0)} ms apart, median ${fixed(median(underReads.readMedianMs), 1)} ms each; its ${whole(stored.rows)} rows in one day) ÷ alone | ${fixed(readsP99Ratio, 2)}x (${fixed(summarize(underReads.reading).p99, 2)} ÷ ${fixed(summarize(underReads.alone).p99, 2)} ms) | at most ${TARGET.readsP99Ratio}x | ${verdict(readsP99Ratio <= TARGET.readsP99Ratio)} |`,
      `| service resident memory 1 s after start | ${mib(rssAfterStart)} | at most ${TARGET.rssAfterStartMiB} MiB | ${atMost(rssAfterStart, TARGET.rssAfterStartMiB)} |`,
      `| service resident memory after ${whole(validationsBeforeRss)} validations | ${mib(rssAfterLoad)} | at most ${TARGET.rssAfterLoadMiB} MiB | ${atMost(rssAfterLoad, TARGET.rssAfterLoadMiB)} |`,
      `| baseline resident memory after its load | ${mib(baselineRss)} | (reference) | |`,
      `| cold start: spawn to listening, data directory with ${whole(stored.rows)} usage rows (${fixed(stored.bytes / 2 ** 20)} MiB), median of ${coldsFull.samples.length} (the process's CPU by then: ${cpuAt(coldsFull, (c) => c.listeningCpuMs)}) | ${coldRow(coldsFull, (c) => c.listeningMs)} | at most ${TARGET.listeningMs} ms | ${verdict(coldFullMs <= TARGET.listeningMs)} |`,
      `| cold start: spawn to the first IBAN 200, the same directory | ${coldRow(coldsFull, toFirstIban)} | at most ${TARGET.firstIbanMs} ms | ${verdict(firstIbanMs <= TARGET.firstIbanMs)} |`,
      `| cold start to listening, the directory before the load (one account, one key), median of ${coldsEmpty.samples.length} | ${coldRow(coldsEmpty, (c) => c.listeningMs)} | reported | |`,
      `| node alone, started and ended (\`node -e 0\`), median of ${bareNode.length} | ${fixed(median(bareNode), 0)} ms (${bareNode.map((ms) => fixed(ms, 0)).join(', ')}) | (reference) | |`,
      `| of which opening the store (SQLite, migrations checked) in a process that has loaded its code, median of ${storeOpens.length} | ${fixed(median(storeOpens), 1)} ms (${storeOpens.map((ms) => fixed(ms, 1)).join(', ')}) | (reference) | |`,
      `| stored bytes per usage row (database file ÷ rows) | ${stored.rows === 0 ? 'n/a' : whole(stored.bytes / stored.rows)} | reported | |`,
      `| validations counted by the meter − answers received (wrk and the runner's checks) | ${whole(counted)} − ${whole(answered)} = ${whole(counted - answered)} | 0 to ${whole(inFlightAtStops)} (requests in flight when wrk stopped) | met |`,
      '',
      `Machine: ${machine}. Load average before ${loadBefore}, after ${loadAverage()}.`,
    ].join('\n');
    console.log(`\n${table}\n`);
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
