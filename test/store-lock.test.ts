import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../src/server/store/data-dir-lock.js';

const root = mkdtempSync(join(tmpdir(), 'verifield-lock-'));
let counter = 0;
const freshDir = () => join(root, `dir-${++counter}`, 'nested');

afterAll(() => rmSync(root, { recursive: true, force: true }));

const lockFile = (dir: string) => join(dir, 'verifield.lock');

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] as string;
}

describe('data directory lock', () => {
  it('creates the directory, holds it, and frees it on release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses a directory held by another running process, naming it', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      const pid = other.pid as number;
      lockDataDir(dir)();
      writeFileSync(lockFile(dir), `${pid}\n${process.platform === 'linux' ? startTimeOf(pid) : ''}\n`);
      expect(() => lockDataDir(dir)).toThrow(`in use by process ${pid}`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock whose process is gone', () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    lockDataDir(dir)();
    writeFileSync(lockFile(dir), `${gone.stdout}\n`);
    lockDataDir(dir)();
  });

  it('takes over a lock carrying its own process id that it does not hold (a restarted container)', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    writeFileSync(lockFile(dir), `${process.pid}\n1\n`);
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow('already open in this process');
    release();
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose process id now belongs to a younger process', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    // The parent runs, but started at another time than the lock says.
    writeFileSync(lockFile(dir), `${process.ppid}\n${Number(startTimeOf(process.ppid)) - 1}\n`);
    lockDataDir(dir)();
  });

  it('takes over an unreadable lock file', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    writeFileSync(lockFile(dir), 'garbage');
    lockDataDir(dir)();
  });
});
