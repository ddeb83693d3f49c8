/**
 * One process at a time in an embedded data directory. PGlite keeps PostgreSQL's buffers inside
 * its own WebAssembly memory and does not lock the directory, so a second process opening it (an
 * admin command while `serve` runs) would write over the first one's pages. A lock file holding
 * the owner's process id (and, on Linux, its start time) turns that into a clear error; a lock
 * left by a process that died (kill -9, power loss) is taken over, also when a restarted container
 * gives the new process the dead one's id.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCK_FILE_NAME = 'verifield.lock';
/** Lock files taken by this process and not yet released. */
const heldHere = new Set<string>();

interface Owner {
  pid: number;
  /** Start time of the process as /proc reports it; null where there is no /proc. */
  started: string | null;
}

/** The data directory is open in another process (or already in this one). */
export class DataDirInUseError extends Error {
  /** Always `DataDirInUseError`. */
  override readonly name = 'DataDirInUseError';
  constructor(
    /** The data directory that is locked. */
    readonly dataDir: string,
    /** The process that holds it. */
    readonly ownerPid: number,
  ) {
    super(
      ownerPid === process.pid
        ? `The data directory ${dataDir} is already open in this process`
        : `The data directory ${dataDir} is in use by process ${ownerPid} (a running "verifield serve"?): ` +
            'stop it first, or point this command at the same store through --database-url'
    );
  }
}

/** Start time of a process in clock ticks since boot (field 22 of /proc/PID/stat), or null. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): Owner | null {
  try {
    const [pidText = '', started = ''] = readFileSync(lockPath, 'utf8').split('\n');
    const pid = Number(pidText);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, started: started === '' ? null : started } : null;
  } catch {
    return null;
  }
}

/** Whether the lock's owner still runs (and is the same process, where /proc can tell). */
function ownerRuns(lockPath: string, owner: Owner): boolean {
  if (owner.pid === process.pid) return heldHere.has(lockPath);
  if (!isAlive(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function tryCreate(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Creates `dataDir` if needed and takes its lock. Returns the function that releases it;
 * throws {@link DataDirInUseError} while a live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const lockPath = join(directory, LOCK_FILE_NAME);
  if (!tryCreate(lockPath)) {
    const owner = readOwner(lockPath);
    if (owner !== null && ownerRuns(lockPath, owner)) throw new DataDirInUseError(directory, owner.pid);
    // Left behind by a process that is gone.
    rmSync(lockPath, { force: true });
    if (!tryCreate(lockPath)) throw new DataDirInUseError(directory, readOwner(lockPath)?.pid ?? 0);
  }
  heldHere.add(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    if (readOwner(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
  };
}
