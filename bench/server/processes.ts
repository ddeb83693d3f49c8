/**
 * The processes of `npm run bench:server`: started pinned to a core when taskset can do it (the
 * service and the baseline on core 0, wrk on core 1, so that the load generator does not steal
 * the server's core), waited for by a line they print, stopped by their pid, measured by the
 * resident memory the kernel reports for them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Whether processes can be pinned: taskset works and there are at least two cores. */
export function pinningAvailable(): boolean {
  if (process.platform !== 'linux' || availableParallelism() < 2) return false;
  return spawnSync('taskset', ['-c', '1', 'true']).status === 0;
}

/** Whether a command exists on the PATH (it answers `--version` or `-v` at all). */
export function commandExists(command: string): boolean {
  return spawnSync(command, ['--version']).error === undefined;
}

/**
 * Starts `command`, on core `cpu` when given and pinning is on. taskset execs the command, so the
 * child's pid is the command's own (its /proc entry is the one to read).
 */
export function startProcess(command: string, args: readonly string[], cpu: number | null, env?: NodeJS.ProcessEnv): ChildProcess {
  const [file, argv] = cpu === null ? [command, [...args]] : ['taskset', ['-c', String(cpu), command, ...args]];
  return spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...(env === undefined ? {} : { env }) });
}

/** Everything a process printed on both streams so far, for error messages. */
export function outputOf(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
}

/** Resolves with the first match of `pattern` in what the process prints; rejects if it exits or times out first. */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match !== null) finish(() => resolve(match));
    };
    const onExit = (code: number | null): void => finish(() => reject(new Error(`exited (${String(code)}) before printing ${String(pattern)}:\n${seen}`)));
    const timer = setTimeout(() => finish(() => reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms:\n${seen}`))), timeoutMs);
    function finish(settle: () => void): void {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      settle();
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. Resolves with the exit code. */
export function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

const CLOCK_TICKS_PER_SECOND = readClockTicks();

function readClockTicks(): number {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(answer.stdout?.trim());
  return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
}

/**
 * CPU time a process has used so far (user and system, all its threads), in milliseconds, from
 * /proc/<pid>/stat; null off Linux. The difference over a run, divided by the requests answered,
 * is the cost of one request, which a busy machine disturbs far less than the request rate.
 */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MiB (VmRSS of /proc/<pid>/status), or null off Linux. */
export function residentMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}
