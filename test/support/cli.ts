/**
 * Running the `verifield` CLI as a separate process, the way an operator does: from the sources
 * (through tsx, so the tests need no build) or from the build (`dist/cli/index.js`, what `npm start`
 * runs). The service's own variables are cleared from the environment so the caller's shell
 * cannot change what a test means.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMANDS } from '../../src/cli/commands.js';
import type { CliIo } from '../../src/cli/io.js';
import { repoRoot } from './repo-root.js';
import { until } from './server.js';
export const builtCli = fileURLToPath(new URL('../../dist/cli/index.js', import.meta.url));

const SERVICE_VARIABLES = [
  'PORT',
  'VERIFIELD_PUBLIC_URL',
  'VERIFIELD_ADMIN_TOKEN',
  'HOST',
  'VERIFIELD_DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'VERIFIELD_VIES_URL',
  'VERIFIELD_VIES_PROTOCOL',
  'VERIFIELD_VIES_STATUS_URL',
  'VERIFIELD_TEDB_URL',
  'VERIFIELD_HMRC_URL',
  'VERIFIELD_HMRC_CLIENT_ID',
  'VERIFIELD_HMRC_CLIENT_SECRET',
  'VERIFIELD_UID_URL',
  'VERIFIELD_BRREG_URL',
  'VERIFIELD_DNS_SERVERS',
  'VERIFIELD_RDAP_BOOTSTRAP_URL',
  'VERIFIELD_SHARED_POOL_SIZE',
  'VERIFIELD_JOBS',
  'VERIFIELD_PROGRESS_INTERVAL_MS',
];

export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVICE_VARIABLES) delete env[name];
  return { ...env, ...extra };
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

function argvOf(args: readonly string[], built: boolean | undefined, nodeArgs: readonly string[] = []): string[] {
  if (!built) return [...nodeArgs, '--import', 'tsx', 'src/cli/index.ts', ...args];
  if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run npm run build first (npm test does)`);
  return [...nodeArgs, builtCli, ...args];
}

export interface RunOptions {
  /** Run `dist/cli/index.js` instead of the sources. */
  built?: boolean;
  /** Text on stdin (default: none). */
  input?: string;
  /** A file descriptor as stdin, as the shell's `< file` gives it. */
  stdinFd?: number;
  /** Send stdout nowhere, for runs whose output is too big to collect. */
  discardStdout?: boolean;
  /** Options for node itself, e.g. `--max-old-space-size=32`. */
  nodeArgs?: readonly string[];
}

/** Runs `verifield ARGS` (from the sources, or from the build when `built`) and waits for it. */
export function runCli(args: readonly string[], env: Record<string, string> = {}, options: RunOptions = {}): CliRun {
  const run = spawnSync(process.execPath, argvOf(args, options.built, options.nodeArgs), {
    cwd: repoRoot,
    encoding: 'utf8',
    env: cliEnv(env),
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
    stdio: [options.stdinFd ?? 'pipe', options.discardStdout ? 'ignore' : 'pipe', 'pipe'],
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  return { status: run.status, stdout: run.stdout ?? '', stderr: run.stderr };
}

/**
 * `runCli` without blocking the test's event loop: for commands run while the test itself keeps
 * requests going (an admin command under load).
 */
export function runCliAsync(args: readonly string[], env: Record<string, string> = {}, options: { built?: boolean } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argvOf(args, options.built), { cwd: repoRoot, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A long-running `verifield ARGS` (serve) whose output is collected as it comes. */
export interface CliProcess {
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves with the first match of `pattern` in stdout + stderr, or rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit status (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Starts `verifield ARGS`, from the build when `built` (the test fails if there is none), else from
 * the sources. With `stdin: true` the test writes the input through `child.stdin`.
 */
export function startCli(args: readonly string[], options: { built?: boolean; env?: Record<string, string>; stdin?: boolean } = {}): CliProcess {
  const child = spawn(process.execPath, argvOf(args, options.built), {
    cwd: repoRoot,
    env: cliEnv(options.env),
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const waiter of waiters) waiter();
  };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    notify();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    notify();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      notify();
    });
  });
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = (stdout + stderr).match(pattern);
          if (match) {
            cleanup();
            resolve(match);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            cleanup();
            reject(new Error(`verifield ended before printing ${pattern}:\n${stdout}\n${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** A command's I/O seam (src/cli/io.ts) kept in memory: what it wrote, for a command run in-process. */
export interface MemoryIo {
  io: CliIo;
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves with the first match of `pattern` in stdout + stderr; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/**
 * An in-process run's I/O: output collected, the environment cleared of the service's variables as
 * {@link cliEnv} does (plus `env`), and the clock `now` (default: the real one).
 */
export function memoryIo(env: Record<string, string> = {}, now: () => Date = () => new Date()): MemoryIo {
  let stdout = '';
  let stderr = '';
  return {
    io: {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      env: cliEnv(env),
      now,
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    async waitFor(pattern, timeoutMs = 30_000) {
      let match: RegExpMatchArray | null = null;
      await until(() => (match = (stdout + stderr).match(pattern)) !== null, timeoutMs, `${pattern} in:\n${stdout}\n${stderr}`);
      return match as unknown as RegExpMatchArray;
    },
  };
}

/**
 * Runs `verifield ARGS` in this process through the I/O seam, for tests about what a command
 * prints and does rather than about the process: the command's module is the one the CLI loads
 * (src/cli/commands.ts), the environment is cleared as {@link cliEnv} does, plus `env`.
 */
export async function runCliInProcess(args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  const [name, ...rest] = args;
  const load = name === undefined ? undefined : COMMANDS.get(name);
  if (load === undefined) throw new Error(`no command ${String(name)}`);
  const output = memoryIo(env);
  const status = await (await load()).run(rest, output.io);
  return { status, stdout: output.stdout, stderr: output.stderr };
}

/** A `verifield serve` started by {@link serveListening}, with the base URL it listens on. */
export interface ListeningCli {
  child: CliProcess;
  base: string;
}

/** Starts `verifield ARGS` as {@link startCli} does, adds it to `children` for the clean-up, and waits until it listens on the loopback. */
export async function serveListening(args: readonly string[], children: CliProcess[], options: { built?: boolean } = {}): Promise<ListeningCli> {
  const child = startCli(args, options);
  children.push(child);
  const [, base = ''] = await child.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
  return { child, base };
}

/** Sends `signal` to each of `children` still running and waits for every one to end. */
export async function endAll(children: readonly CliProcess[], signal: NodeJS.Signals): Promise<void> {
  for (const child of children) {
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill(signal);
    await child.exited;
  }
}
