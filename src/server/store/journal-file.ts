/**
 * The files of the usage journal (usage-journal.ts): numbered segments (`000001.ndjson`, …) in
 * one directory, each a sequence of lines that end in '\n'. Lines are only ever appended; a line
 * without its '\n' is a write that did not finish (the process died in it) and is never read.
 * Lines are split on the byte 0x0A, which UTF-8 never uses inside a multi-byte character, so a
 * chunk boundary cannot cut a character in a way that matters.
 */
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { mkdir, open, readdir, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';

/** The part of a file handle the journal writes through (node:fs/promises FileHandle fits). */
export interface JournalFile {
  /** Appends `data` (the file is opened for appending); may write fewer bytes than given. */
  write(data: Uint8Array): Promise<{ bytesWritten: number }>;
  /** Cuts the file to `length` bytes (takes back a write that failed half-way). */
  truncate(length: number): Promise<void>;
  /** Closes the handle. */
  close(): Promise<void>;
}

/** Opens a segment for appending, creating it if missing. */
export type OpenJournalFile = (path: string) => Promise<JournalFile>;

/**
 * The default {@link OpenJournalFile}: a descriptor opened 'a' (O_APPEND), readable by the owner
 * only, written with synchronous calls. A batch is a few kilobytes going to the operating system's
 * cache, as PGlite's commits are (also synchronous): measured 2 to 7 µs cheaper per count than
 * handing each write to libuv's thread pool, which on a busy single core waits for its turn.
 */
export const openForAppend: OpenJournalFile = async (path) => {
  const fd = openSync(path, 'a', 0o600);
  return {
    write: async (data) => ({ bytesWritten: writeSync(fd, data) }),
    truncate: async (length) => ftruncateSync(fd, length),
    close: async () => closeSync(fd),
  };
};

const SEGMENT_NAME = /^(\d{6,})\.ndjson$/;
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/** The file name of segment `n`: `000001.ndjson` for 1. */
export function segmentName(n: number): string {
  return `${String(n).padStart(6, '0')}.ndjson`;
}

/** Creates the journal directory if needed; resolves with its segment numbers, ascending. */
export async function listSegments(dir: string): Promise<number[]> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const numbers: number[] = [];
  for (const name of await readdir(dir)) {
    const match = SEGMENT_NAME.exec(name);
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}

/** Size of a file in bytes; 0 when it does not exist. */
export async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/**
 * Writes all of `data` to `file`: one write call, followed by others only if the system wrote
 * part of it (a regular file rarely does, short of a full disk).
 */
export async function appendAll(file: JournalFile, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await file.write(done === 0 ? data : data.subarray(done));
    if (!(bytesWritten > 0)) throw new Error('usage journal: a write wrote nothing');
    done += bytesWritten;
  }
}

/**
 * Cuts a line left without its '\n' (a crash in the middle of a write) off the end of the file at
 * `path`; resolves with the file's size afterwards.
 */
export async function cutTornTail(path: string): Promise<number> {
  const size = await fileSize(path);
  let keep = 0;
  await scanBackward(path, size, (_line, _start, lineEnd) => {
    keep = lineEnd;
    return false;
  });
  if (keep < size) await truncate(path, keep);
  return keep;
}

/**
 * Reads the complete lines of `path` between the byte offsets `from` (the start of a line) and
 * `to`, oldest first; `onLine` receives each line without its '\n' and the offset just past it.
 */
export async function readLines(path: string, from: number, to: number, onLine: (line: string, end: number) => void): Promise<void> {
  if (from >= to) return;
  const handle = await open(path, 'r');
  try {
    let carry: Buffer = Buffer.alloc(0);
    let position = from;
    while (position < to) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, to - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const bytes = carry.length === 0 ? chunk.subarray(0, bytesRead) : Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      const base = position - carry.length;
      let start = 0;
      for (let newline = bytes.indexOf(NEWLINE); newline >= 0; newline = bytes.indexOf(NEWLINE, start)) {
        onLine(bytes.toString('utf8', start, newline), base + newline + 1);
        start = newline + 1;
      }
      carry = Buffer.from(bytes.subarray(start));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Reads the complete lines of `path` that end at or before the byte offset `end`, newest first;
 * `onLine` receives each line (without its '\n') and the offsets where it starts and ends (past
 * its '\n'), and returns false to stop.
 */
export async function scanBackward(
  path: string,
  end: number,
  onLine: (line: string, start: number, lineEnd: number) => boolean
): Promise<void> {
  if (end <= 0) return;
  const handle = await open(path, 'r');
  try {
    // Bytes right after the chunk being read that belong to a line whose start is further back.
    let pending: Buffer = Buffer.alloc(0);
    // Until the first '\n' is found, what was read is an unfinished last line: dropped.
    let seenNewline = false;
    let position = end;
    while (position > 0) {
      const length = Math.min(CHUNK_BYTES, position);
      position -= length;
      const chunk = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      if (bytesRead < length) throw new Error(`usage journal: ${path} is shorter than expected`);
      let bytes = pending.length === 0 ? chunk : Buffer.concat([chunk, pending]);
      if (!seenNewline) {
        const last = bytes.lastIndexOf(NEWLINE);
        if (last < 0) continue;
        seenNewline = true;
        bytes = bytes.subarray(0, last + 1);
      }
      // `bytes` starts at `position` and ends with a '\n'; each '\n' before it ends the line before.
      let lineEnd = bytes.length;
      while (lineEnd >= 2) {
        const previous = bytes.lastIndexOf(NEWLINE, lineEnd - 2);
        if (previous < 0) break;
        if (!onLine(bytes.toString('utf8', previous + 1, lineEnd - 1), position + previous + 1, position + lineEnd)) return;
        lineEnd = previous + 1;
      }
      pending = Buffer.from(bytes.subarray(0, lineEnd));
    }
    // The file's first line has no '\n' before it.
    if (pending.length > 0) onLine(pending.toString('utf8', 0, pending.length - 1), 0, pending.length);
  } finally {
    await handle.close();
  }
}

/** The path of segment `n` in `dir`. */
export function segmentPath(dir: string, n: number): string {
  return join(dir, segmentName(n));
}
