/**
 * What makes `verifield accounts create` start a new embedded store, for the benches that begin in
 * an empty data directory: `--create`, since the admin commands refuse a directory without a store.
 * A build from before that switch (an A/B run against an older dist) does not know it, and makes
 * the store without being asked.
 */
import { spawnSync } from 'node:child_process';

/** `['--create']` when the CLI at `cliFile` takes it, else nothing. */
export function newStoreArgs(cliFile: string): string[] {
  const usage = spawnSync(process.execPath, [cliFile, 'accounts', '--help'], { encoding: 'utf8' }).stdout ?? '';
  return usage.includes('--create') ? ['--create'] : [];
}
