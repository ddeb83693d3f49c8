/**
 * The embedded store's files are its owner's alone (docs/service.md#data-at-rest): the data
 * directory is made 0700 and every file the store writes (the database, its WAL and shared-memory
 * files, the data key) 0600, so that another local account reads none of them. A file already
 * there loses its group and other bits; a directory already there is left as it is (it may be the
 * operator's, holding other things) and {@link openToOthers} tells the caller, which warns.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;
/** The group and other permission bits. */
const OTHERS = 0o077;

/** Makes `dir` (and missing parents) owner-only; an existing directory keeps its mode. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
}

/**
 * Creates `path` empty and owner-only when missing, else takes the group and other bits off it,
 * so that what is written in it next is never readable by others, not even for a moment.
 */
export function makePrivateFile(path: string): void {
  // 'a': created if missing (never truncated), so processes opening the store together agree.
  closeSync(openSync(path, 'a', OWNER_ONLY_FILE));
  keepPrivate(path);
}

/** Takes the group and other bits off `path` when it exists (a WAL left by an older version). */
export function keepPrivate(path: string): void {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & OTHERS) !== 0) chmodSync(path, mode & 0o700);
}

/** Whether accounts other than the owner may list or enter `dir` (its mode, e.g. 0755). */
export function openToOthers(dir: string): boolean {
  return (statSync(dir).mode & OTHERS) !== 0;
}
