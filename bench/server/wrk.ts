/**
 * One wrk run against a URL with bodies from a file (post.lua), read back from the JSON line the
 * script prints when it is done.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./post.lua', import.meta.url));

/** What one run measured. */
export interface WrkResult {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** Answers with a status outside 2xx/3xx. */
  badStatus: number;
  /** Connect, read, write and timeout errors together. */
  socketErrors: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
}

export interface WrkOptions {
  url: string;
  bodiesFile: string;
  /**
   * The key every request carries; `random`: a new random well-formed key per request (a flood);
   * `random-sources`: the same from a new client named in X-Forwarded-For each time.
   */
  apiKey: string | null | 'random' | 'random-sources';
  connections: number;
  /** Milliseconds each connection waits between an answer and its next request (default 0). */
  delayMs?: number;
  seconds: number;
  /** Core to pin wrk to, or null. */
  cpu: number | null;
}

interface WrkLine {
  requests: number;
  duration_us: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latency_us: { mean: number; p50: number; p90: number; p99: number; max: number };
}

/** Runs wrk once (one thread, `connections` kept-alive connections) and reads its figures. */
export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const wrkArgs = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', SCRIPT, options.url, '--', options.bodiesFile, options.apiKey ?? '', String(options.delayMs ?? 0)];
  const [file, args] = options.cpu === null ? ['wrk', wrkArgs] : ['taskset', ['-c', String(options.cpu), 'wrk', ...wrkArgs]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('{"requests"'));
      if (code !== 0 || line === undefined) {
        reject(new Error(`wrk failed (${String(code)}):\n${out}`));
        return;
      }
      const parsed = JSON.parse(line) as WrkLine;
      const seconds = parsed.duration_us / 1e6;
      const { errors, latency_us: latency } = parsed;
      resolve({
        requests: parsed.requests,
        durationSeconds: seconds,
        requestsPerSecond: parsed.requests / seconds,
        badStatus: errors.status,
        socketErrors: errors.connect + errors.read + errors.write + errors.timeout,
        latencyMs: { mean: latency.mean / 1e3, p50: latency.p50 / 1e3, p90: latency.p90 / 1e3, p99: latency.p99 / 1e3, max: latency.max / 1e3 },
      });
    });
  });
}
