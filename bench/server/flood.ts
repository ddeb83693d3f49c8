/**
 * Valid-key throughput under a flood from another source, against the same valid load alone, in
 * alternating rounds. The valid load is wrk from 127.0.0.1; the flood is flood-client.mjs, its
 * connections bound to 127.0.0.2 (wrk cannot pick its source address), at full speed: each of
 * its connections sends its next request as soon as an answer comes, and opens a new connection
 * at once when the service closes one. Two floods: a new random well-formed key per request (each
 * refused 401 until the source's budget of failures is spent, then 429 AUTH_RATE_LIMITED on a
 * closed connection), and no key at all (401 MISSING_API_KEY). Started a second before the valid
 * run, ended a second after it.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cpuMs } from './processes.js';
import { runWrk, type WrkResult } from './wrk.js';

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL('./flood-client.mjs', import.meta.url));

export interface FloodOptions {
  /** The validation URL both loads hit. */
  url: string;
  bodiesFile: string;
  /** The valid key of the valid load. */
  key: string;
  /** Connections of the valid load. */
  connections: number;
  /** Connections of the flood. */
  floodConnections: number;
  /** The flood's source address (a loopback address other than 127.0.0.1). */
  floodFrom: string;
  seconds: number;
  rounds: number;
  /** Core of the load generators (wrk and the flood client), or null. */
  cpu: number | null;
  /** The service's pid, whose CPU time is read around each valid run. */
  pid: number | undefined;
  log: (line: string) => void;
}

/** What the flood client counted. */
export interface FloodRun {
  requests: number;
  requestsPerSecond: number;
  statuses: Record<string, number>;
  connects: number;
  errors: number;
}

/** The service's CPU over one valid run, flood included. */
export interface ServerCpu {
  /** CPU time ÷ wall time of the valid run (1: one core busy all along). */
  busy: number;
  /** CPU time ÷ the requests answered in that time (valid, plus the flood's at its average rate). */
  usPerRequest: number;
}

/** One kind of run: the valid load's results, the flood's when there was one, the server's CPU. */
export interface FloodCase {
  name: string;
  valid: WrkResult[];
  flood: FloodRun[];
  cpu: ServerCpu[];
}

export interface FloodComparison {
  alone: FloodCase;
  randomKeys: FloodCase;
  noKey: FloodCase;
}

const RAMP_MS = 1_000;

/** One run of the flood client. */
async function flood(options: FloodOptions, mode: 'random' | 'none', seconds: number): Promise<FloodRun> {
  const args = [CLIENT, options.url, options.bodiesFile, mode, String(options.floodConnections), String(seconds), options.floodFrom];
  const [file, argv] = options.cpu === null ? [process.execPath, args] : ['taskset', ['-c', String(options.cpu), process.execPath, ...args]];
  const { stdout } = await run(file, argv, { maxBuffer: 1 << 20 });
  const line = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Omit<FloodRun, 'requestsPerSecond'> & { seconds: number };
  return { ...line, requestsPerSecond: line.requests / line.seconds };
}

/** One valid run with the service's CPU time over it (µs; null off Linux). */
async function validRun(options: FloodOptions): Promise<{ valid: WrkResult; cpuUs: number | null }> {
  const before = cpuMs(options.pid);
  const valid = await runWrk({ url: options.url, bodiesFile: options.bodiesFile, apiKey: options.key, connections: options.connections, seconds: options.seconds, cpu: options.cpu });
  const after = cpuMs(options.pid);
  return { valid, cpuUs: before === null || after === null ? null : (after - before) * 1000 };
}

/** Runs one case (`mode` null: no flood) and adds its figures to `into`. */
async function runCase(options: FloodOptions, into: FloodCase, mode: 'random' | 'none' | null): Promise<void> {
  const flooding = mode === null ? null : flood(options, mode, options.seconds + (2 * RAMP_MS) / 1000);
  if (flooding !== null) await new Promise((resolve) => setTimeout(resolve, RAMP_MS));
  const { valid, cpuUs } = await validRun(options);
  const floodRun = flooding === null ? null : await flooding;
  into.valid.push(valid);
  if (floodRun !== null) into.flood.push(floodRun);
  if (cpuUs !== null) {
    const requests = valid.requests + (floodRun?.requestsPerSecond ?? 0) * valid.durationSeconds;
    into.cpu.push({ busy: cpuUs / (valid.durationSeconds * 1e6), usPerRequest: cpuUs / requests });
  }
}

/** Runs `rounds` rounds of: the valid load alone, under the random-key flood, under the keyless flood (order rotated). */
export async function compareUnderFlood(options: FloodOptions): Promise<FloodComparison> {
  const alone: FloodCase = { name: 'valid load alone', valid: [], flood: [], cpu: [] };
  const randomKeys: FloodCase = { name: `under a flood of random keys from ${options.floodFrom}`, valid: [], flood: [], cpu: [] };
  const noKey: FloodCase = { name: `under a flood without a key from ${options.floodFrom}`, valid: [], flood: [], cpu: [] };
  const cases: Array<[FloodCase, 'random' | 'none' | null]> = [
    [alone, null],
    [randomKeys, 'random'],
    [noKey, 'none'],
  ];
  for (let round = 0; round < options.rounds; round++) {
    for (let offset = 0; offset < cases.length; offset++) {
      const [into, mode] = cases[(round + offset) % cases.length] as [FloodCase, 'random' | 'none' | null];
      await runCase(options, into, mode);
    }
    const valid = (c: FloodCase): number => Math.round(c.valid.at(-1)?.requestsPerSecond ?? 0);
    const rate = (c: FloodCase): number => Math.round(c.flood.at(-1)?.requestsPerSecond ?? 0);
    options.log(
      `flood round ${round + 1}: valid alone ${valid(alone)} req/s; random keys ${rate(randomKeys)} req/s → valid ${valid(randomKeys)}; no key ${rate(noKey)} req/s → valid ${valid(noKey)}`,
    );
  }
  for (const floodCase of [randomKeys, noKey]) {
    for (const run of floodCase.flood) {
      // Every flood request must have been refused: a 2xx would be a guessed key that worked.
      const accepted = Object.entries(run.statuses).filter(([status]) => status.startsWith('2'));
      if (accepted.length > 0) throw new Error(`flood: answers ${JSON.stringify(run.statuses)} include a success`);
    }
  }
  return { alone, randomKeys, noKey };
}

/** "401 12,345, 429 67,890": a flood's answers by status. */
export function statusesText(runs: readonly FloodRun[]): string {
  const totals = new Map<string, number>();
  for (const run of runs) for (const [status, count] of Object.entries(run.statuses)) totals.set(status, (totals.get(status) ?? 0) + count);
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status} ${count.toLocaleString('en-US')}`)
    .join(', ');
}
