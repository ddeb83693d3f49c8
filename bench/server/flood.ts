/**
 * Valid-key throughput under a flood of random well-formed keys (all 401), against the same valid
 * load alone, in alternating rounds. Every flood key is new, so neither key cache can answer it:
 * each costs a hash and a store lookup, and what it must not do is push the working keys out or
 * stall the event loop. The flood is a second wrk with its own connections, started a second
 * before the valid run and ended a second after it; paced (each connection waits between an
 * answer and its next request, the issue's ~1,600 req/s over 64 connections) and unpaced.
 */
import { cpuMs } from './processes.js';
import { runWrk, type WrkResult } from './wrk.js';

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
  /** Requests per second the paced flood aims at. */
  floodRate: number;
  seconds: number;
  rounds: number;
  cpu: number | null;
  /** The service's pid, whose CPU time is read around each valid run. */
  pid: number | undefined;
  log: (line: string) => void;
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
  flood: WrkResult[];
  cpu: ServerCpu[];
}

export interface FloodComparison {
  alone: FloodCase;
  paced: FloodCase;
  unpaced: FloodCase;
}

const RAMP_MS = 1_000;

/** One valid run with the service's CPU time over it (µs; null off Linux). */
async function validRun(options: FloodOptions): Promise<{ valid: WrkResult; cpuUs: number | null }> {
  const before = cpuMs(options.pid);
  const valid = await runWrk({ url: options.url, bodiesFile: options.bodiesFile, apiKey: options.key, connections: options.connections, seconds: options.seconds, cpu: options.cpu });
  const after = cpuMs(options.pid);
  return { valid, cpuUs: before === null || after === null ? null : (after - before) * 1000 };
}

/** Runs one case (`delayMs` null: no flood) and adds its figures to `into`. */
async function runCase(options: FloodOptions, into: FloodCase, delayMs: number | null): Promise<void> {
  const flooding =
    delayMs === null
      ? null
      : runWrk({ url: options.url, bodiesFile: options.bodiesFile, apiKey: 'random', connections: options.floodConnections, seconds: options.seconds + (2 * RAMP_MS) / 1000, cpu: options.cpu, delayMs });
  if (flooding !== null) await new Promise((resolve) => setTimeout(resolve, RAMP_MS));
  const { valid, cpuUs } = await validRun(options);
  const flood = flooding === null ? null : await flooding;
  into.valid.push(valid);
  if (flood !== null) into.flood.push(flood);
  if (cpuUs !== null) {
    const requests = valid.requests + (flood?.requestsPerSecond ?? 0) * valid.durationSeconds;
    into.cpu.push({ busy: cpuUs / (valid.durationSeconds * 1e6), usPerRequest: cpuUs / requests });
  }
}

/** Runs `rounds` rounds of: the valid load alone, under the paced flood, under the unpaced flood (order rotated). */
export async function compareUnderFlood(options: FloodOptions): Promise<FloodComparison> {
  const alone: FloodCase = { name: 'valid load alone', valid: [], flood: [], cpu: [] };
  const paced: FloodCase = { name: `under a flood paced to ${options.floodRate} req/s`, valid: [], flood: [], cpu: [] };
  const unpaced: FloodCase = { name: 'under an unpaced flood', valid: [], flood: [], cpu: [] };
  const pacedDelayMs = Math.max(1, Math.round((1000 * options.floodConnections) / options.floodRate));
  const cases: Array<[FloodCase, number | null]> = [
    [alone, null],
    [paced, pacedDelayMs],
    [unpaced, 0],
  ];
  for (let round = 0; round < options.rounds; round++) {
    for (let offset = 0; offset < cases.length; offset++) {
      const [into, delayMs] = cases[(round + offset) % cases.length] as [FloodCase, number | null];
      await runCase(options, into, delayMs);
    }
    const valid = (c: FloodCase): number => Math.round(c.valid.at(-1)?.requestsPerSecond ?? 0);
    const flood = (c: FloodCase): number => Math.round(c.flood.at(-1)?.requestsPerSecond ?? 0);
    options.log(`flood round ${round + 1}: valid alone ${valid(alone)} req/s; paced flood ${flood(paced)} req/s → valid ${valid(paced)}; unpaced flood ${flood(unpaced)} req/s → valid ${valid(unpaced)}`);
  }
  for (const floodCase of [paced, unpaced]) {
    for (const flood of floodCase.flood) {
      // wrk counts every answer of status 400 and above: all of the flood's must be refusals.
      if (flood.badStatus !== flood.requests) throw new Error(`flood: ${flood.requests - flood.badStatus} of ${flood.requests} random keys were not refused`);
    }
  }
  return { alone, paced, unpaced };
}
