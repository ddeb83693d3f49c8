/**
 * What a batch job costs against the work it does (issue 29, "Jobs cost close to the work"), from
 * src (no build), in one run:
 *
 * - The library's CPU per IBAN (validateIban over the job's values, process.cpuUsage around the loop).
 * - The service's CPU per line of a 10,000-line offline IBAN job run by the real batch runner over
 *   the embedded store (SQLite in a fresh data directory, composed as `serve` composes it), in this
 *   process: its CPU from the runner's nudge to the job's end ÷ lines; and the ratio (target ≤ 10x).
 * - A 10,000-value VAT job at 2 ms VIES latency against the loopback VIES fake (which runs here),
 *   the service in a child process: values/s from the job's startedAt to its finishedAt against the
 *   pacing ceiling (states × per-state concurrency ÷ latency; target ≥ 50%), and the child's CPU
 *   per value.
 *
 * `npx tsx bench/server/job-cost.ts [--values N] [--vat-values N] [--latency-ms L] [--per-state P]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateIban } from '../../src/iban/index.js';
import { startBatchRunner, type BatchRunner } from '../../src/server/batch/runner.js';
import { usageEntry } from '../../src/server/pipeline/metered.js';
import { createRuntimeState } from '../../src/server/pipeline/runtime-state.js';
import { periodOf } from '../../src/server/pipeline/period.js';
import { PLANS } from '../../src/server/policy/plans.js';
import { createServices, type Services } from '../../src/server/services.js';
import { openStore } from '../../src/server/storage/compose.js';
import type { BatchJobRecord, Field } from '../../src/server/storage/types.js';
import { queuedJob } from '../../test/server/batch/harness.js';
import { createAccount, createKey } from '../../test/support/server.js';
import { startViesFake } from '../../test/support/fakes/vies.js';
import { suite as ibanSuite } from '../suites/iban.js';
import { jobValues, JOB_STATES } from './job-values.js';
import { fixed, targetRowText, whole, type TargetRow } from './stats.js';

export type JobCostRow = TargetRow;

export interface JobCostOptions {
  /** Lines of the offline IBAN job; default 10,000. */
  values?: number;
  /** Values of the VAT job; default 10,000. */
  vatValues?: number;
  /** The VIES fake's latency, ms; default 2. */
  latencyMs?: number;
  /** VIES calls in flight per member state; default 2. */
  perState?: number;
  log?: (line: string) => void;
}

const SELF = fileURLToPath(import.meta.url);
/** A directory to write CPU profiles of the two job runs to (`.cpuprofile`, for DevTools); off when unset. */
const PROFILE_DIR = process.env['JOB_COST_PROFILE_DIR'];

/** Profiles `work` into PROFILE_DIR/`name`.cpuprofile when profiling is on. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (PROFILE_DIR === undefined) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
const CHILD_FLAG = '--vat-child';

const cpuNowMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The job's values: the library benchmark's IBAN mix, repeated to `count`. */
function ibanJobValues(count: number): string[] {
  const mix = ibanSuite.inputs as readonly string[];
  return Array.from({ length: count }, (_, index) => mix[index % mix.length] as string);
}

/** The library's CPU per value, µs: the best of a few passes over `values` (the first warms up). */
function libraryMicros(values: readonly string[]): number {
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let pass = 0; pass < 5; pass++) {
    const start = process.cpuUsage();
    for (const value of values) if (validateIban(value).valid) sink++;
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / values.length);
  }
  if (sink < 0) throw new Error('unreachable');
  return best;
}

/** A service over the embedded store in a fresh data directory, as `serve` composes it, and its runner. */
interface BenchService {
  services: Services;
  runner: BatchRunner;
  close(): Promise<void>;
}

async function openService(dataDir: string, viesUrl: string | undefined, perState: number): Promise<BenchService> {
  const log = (): void => undefined;
  const config = { dataDir, log, ...(viesUrl === undefined ? {} : { viesUrl }) };
  const opened = await openStore(config, log);
  const services = createServices(config, opened);
  // Polling never: the job is nudged when it is in the store, so the measure starts with its run.
  const runner = startBatchRunner({ runtime: createRuntimeState(services, { jobConcurrencyPerState: perState }), idlePollMs: 60 * 60_000 });
  return {
    services,
    runner,
    async close() {
      await runner.stop();
      await opened.store.close();
    },
  };
}

/** Puts a PRO account's job of `values` in the store, queued. */
async function queueJob(services: Services, field: Field, values: readonly string[]): Promise<BatchJobRecord> {
  const account = await createAccount(services.store, 'PRO');
  const { id: keyId } = await createKey(services.store, account);
  const job = queuedJob(account.id, keyId, field, values.length, services.now());
  await services.store.batchJobs.create(job, values);
  return job;
}

async function waitForEnd(services: Services, job: BatchJobRecord): Promise<BatchJobRecord> {
  for (;;) {
    const now = await services.store.batchJobs.get(job.accountId, job.id);
    if (now === null) throw new Error('the job is gone');
    if (now.status === 'done' || now.status === 'failed' || now.status === 'cancelled') return now;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The usage meter's share: CPU per validation counted as the runner counts a chunk's lines (500
 * submitted together, the entry the one metered validation builds), µs, on the same store after the job.
 */
async function meterMicros(services: Services, job: BatchJobRecord, values: readonly string[]): Promise<number> {
  const account = await services.store.accounts.get(job.accountId);
  const key = (await services.store.keys.list(job.accountId)).find((listed) => listed.id === job.keyId);
  if (account === null || key === undefined) throw new Error('the account or its key is gone');
  const result = validateIban(values[0] as string);
  const cpuBefore = cpuNowMs();
  for (let start = 0; start < values.length; start += 500) {
    const at = services.now();
    await Promise.all(
      values.slice(start, start + 500).map((value, index) =>
        services.store.usage.count(
          usageEntry(
            { field: 'iban', value, key, account, plan: PLANS.PRO, period: periodOf(account.subscriptionStart, at), at, requestId: `bench:${start + index}`, started: performance.now(), sdk: null },
            result,
          ),
          null,
        ),
      ),
    );
  }
  return ((cpuNowMs() - cpuBefore) * 1000) / values.length;
}

/** The service's CPU per line of an offline IBAN job, µs, in this process, and the meter's share of it. */
async function serviceMicros(values: readonly string[]): Promise<{ micros: number; seconds: number; meterMicros: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'job-cost-'));
  const service = await openService(dataDir, undefined, 2);
  try {
    const job = await queueJob(service.services, 'iban', values);
    const cpuBefore = cpuNowMs();
    const started = performance.now();
    const ended = await profiled('iban-job', () => {
      service.runner.nudge();
      return waitForEnd(service.services, job);
    });
    const cpu = cpuNowMs() - cpuBefore;
    const seconds = (performance.now() - started) / 1000;
    if (ended.status !== 'done' || ended.done !== values.length) throw new Error(`the IBAN job ended ${ended.status} at ${ended.done}/${values.length}`);
    return { micros: (cpu * 1000) / values.length, seconds, meterMicros: await meterMicros(service.services, job, values) };
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the child reports of its VAT job. */
interface VatOutcome {
  status: string;
  done: number;
  runSeconds: number;
  cpuMs: number;
}

/** The child's part: one VAT job of `count` values against the fake at `viesUrl`. */
async function runVatChild(viesUrl: string, count: number, perState: number): Promise<VatOutcome> {
  const dataDir = mkdtempSync(join(tmpdir(), 'job-cost-vat-'));
  const service = await openService(dataDir, viesUrl, perState);
  try {
    const job = await queueJob(service.services, 'vat', jobValues(count));
    const cpuBefore = cpuNowMs();
    const ended = await profiled('vat-job', () => {
      service.runner.nudge();
      return waitForEnd(service.services, job);
    });
    const cpuMs = cpuNowMs() - cpuBefore;
    const runSeconds = ((ended.finishedAt?.getTime() ?? 0) - (ended.startedAt?.getTime() ?? 0)) / 1000;
    return { status: ended.status, done: ended.done, runSeconds, cpuMs };
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the VAT job in a child process (tsx, as this file runs) and reads its outcome. */
function vatInChild(viesUrl: string, count: number, perState: number): Promise<VatOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, SELF, CHILD_FLAG, viesUrl, String(count), String(perState)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = output.trim().split('\n').pop() ?? '';
      if (code !== 0 || last === '') reject(new Error(`the VAT child exited ${code}: ${output}`));
      else resolve(JSON.parse(last) as VatOutcome);
    });
  });
}

export async function measureJobCost(options: JobCostOptions = {}): Promise<JobCostRow[]> {
  const log = options.log ?? ((): void => undefined);
  const count = options.values ?? 10_000;
  const vatCount = options.vatValues ?? 10_000;
  const latencyMs = options.latencyMs ?? 2;
  const perState = options.perState ?? 2;

  const values = ibanJobValues(count);
  const library = libraryMicros(values);
  log(`library: ${fixed(library, 2)} µs per IBAN`);
  const service = await serviceMicros(values);
  log(`service: ${fixed(service.micros, 1)} µs per IBAN line (${fixed(service.seconds, 2)} s)`);
  const ratio = service.micros / library;

  const vies = await startViesFake();
  let vat: VatOutcome;
  try {
    vies.latencyMs = latencyMs;
    // Two in three registered (valid), the rest unknown to VIES: both kinds of answer, as bench:jobs.
    jobValues(vatCount).forEach((number, index) =>
      vies.register(number, index % 3 === 2 ? { valid: false } : { valid: true, name: `BENCH TRADER ${index}`, address: '1 RUE DU BANC' }),
    );
    vat = await vatInChild(vies.url, vatCount, perState);
  } finally {
    await vies.close();
  }
  const ceiling = (JOB_STATES.length * perState * 1000) / latencyMs;
  const rate = vat.done / vat.runSeconds;
  log(`VAT: ${whole(rate)} values/s of ${whole(ceiling)} (${vat.status} ${vat.done}/${vatCount})`);
  const vatDone = vat.status === 'done' && vat.done === vatCount;

  return [
    { measure: 'library CPU per IBAN (validateIban)', value: `${fixed(library, 2)} µs`, target: '', met: null },
    { measure: `service CPU per line, offline IBAN job of ${whole(count)}`, value: `${fixed(service.micros, 1)} µs (${fixed(service.seconds, 2)} s)`, target: '', met: null },
    { measure: 'service ÷ library, per value', value: `${fixed(ratio, 1)}x`, target: '≤ 10x', met: ratio <= 10 },
    {
      measure: 'of which the usage meter (a line counted: its usage_log row, totals), per value',
      value: `${fixed(service.meterMicros, 1)} µs (${fixed(service.meterMicros / library, 1)}x the library)`,
      target: '',
      met: null,
    },
    {
      measure: `VAT job of ${whole(vatCount)} at ${latencyMs} ms VIES latency, ${perState} per state`,
      value: `${whole(rate)} values/s in ${fixed(vat.runSeconds, 2)} s (${vat.status}, ${whole(vat.done)} done)`,
      target: '',
      met: vatDone ? null : false,
    },
    { measure: 'VAT job rate ÷ pacing ceiling', value: `${fixed((100 * rate) / ceiling, 0)}% of ${whole(ceiling)}/s`, target: '≥ 50%', met: vatDone && rate >= ceiling / 2 },
    { measure: 'VAT job, service CPU per value (child)', value: `${whole((vat.cpuMs * 1000) / Math.max(1, vat.done))} µs`, target: '', met: null },
  ];
}

function printRows(rows: readonly JobCostRow[]): void {
  process.stdout.write('| measure | value | target | met |\n|---|---:|---|---|\n');
  for (const row of rows) process.stdout.write(`${targetRowText(row)}\n`);
}

function numberOption(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = Number(process.argv[index + 1]);
  if (!(value > 0)) throw new Error(`--${name} needs a positive number`);
  return value;
}

if (process.argv[1] === SELF) {
  const childAt = process.argv.indexOf(CHILD_FLAG);
  if (childAt !== -1) {
    const [url, count, perState] = process.argv.slice(childAt + 1);
    const outcome = await runVatChild(url as string, Number(count), Number(perState));
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
  } else {
    const log = (line: string): void => {
      process.stderr.write(`${line}\n`);
    };
    const rows = await measureJobCost({
      log,
      ...(numberOption('values') === undefined ? {} : { values: numberOption('values') as number }),
      ...(numberOption('vat-values') === undefined ? {} : { vatValues: numberOption('vat-values') as number }),
      ...(numberOption('latency-ms') === undefined ? {} : { latencyMs: numberOption('latency-ms') as number }),
      ...(numberOption('per-state') === undefined ? {} : { perState: numberOption('per-state') as number }),
    });
    printRows(rows);
  }
}
