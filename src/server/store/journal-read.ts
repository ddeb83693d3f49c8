/**
 * Reading the usage journal back: an account's newest log rows, and the newest request ids (to
 * recognise retried requests after a restart). Each line is one LogRow as JSON (meter.ts), written
 * by JSON.stringify in its field order, so it starts with `{"request_id":`.
 */
import { readLines, scanBackward, segmentPath } from './journal-file.js';
import type { LogRow } from './meter.js';

/** A segment as the readers need it. */
export interface SegmentExtent {
  /** Segment number. */
  segment: number;
  /** Bytes of complete lines in it (a write in progress may add more; they are not read). */
  bytes: number;
  /** Newest `at` (ms) among its lines; null when not known (the segment is then read). */
  newestAtMs: number | null;
}

/** One line as a LogRow, or null when it is not one (a line damaged on disk is skipped, not fatal). */
export function parseLine(line: string): LogRow | null {
  try {
    const row = JSON.parse(line) as unknown;
    if (typeof row !== 'object' || row === null) return null;
    const candidate = row as Partial<LogRow>;
    return typeof candidate.request_id === 'string' &&
      typeof candidate.account_id === 'string' &&
      typeof candidate.period_start === 'string' &&
      typeof candidate.at === 'string'
      ? (candidate as LogRow)
      : null;
  } catch {
    return null;
  }
}

interface Ranked {
  row: LogRow;
  atMs: number;
}

// ORDER BY at DESC, request_id DESC, as the SQL store reads usage_log (ids compared by code unit,
// as PostgreSQL's C collation does; request ids are ASCII).
const newestFirst = (a: Ranked, b: Ranked): number =>
  b.atMs - a.atMs || (a.row.request_id < b.row.request_id ? 1 : a.row.request_id > b.row.request_id ? -1 : 0);

/**
 * The newest `limit` rows of `accountId` across `segments` (given newest first). A segment whose
 * newest line is older than the limit-th row found so far cannot change the answer: not read.
 */
export async function readLog(dir: string, segments: readonly SegmentExtent[], accountId: string, limit: number): Promise<LogRow[]> {
  if (limit === 0) return [];
  // A line of the account holds this exact text (JSON.stringify escapes the id the same way);
  // a value that happens to contain it is told apart by the parsed account_id.
  const needle = `"account_id":${JSON.stringify(accountId)},`;
  let best: Ranked[] = [];
  for (const extent of segments) {
    const oldestKept = best.length >= limit ? best[best.length - 1] : undefined;
    const newest = extent.newestAtMs;
    if (oldestKept !== undefined && newest !== null && oldestKept.atMs > newest) continue;
    await readLines(segmentPath(dir, extent.segment), 0, extent.bytes, (line) => {
      if (!line.includes(needle)) return;
      const row = parseLine(line);
      if (row !== null && row.account_id === accountId) best.push({ row, atMs: Date.parse(row.at) });
    });
    best.sort(newestFirst);
    if (best.length > limit) best = best.slice(0, limit);
  }
  return best.map((ranked) => ranked.row);
}

const LEADING_ID = /^\{"request_id":("(?:[^"\\]|\\.)*")/;

/** The request ids of the newest `max` lines across `segments` (given newest first), newest first. */
export async function newestRequestIds(dir: string, segments: readonly SegmentExtent[], max: number): Promise<string[]> {
  const ids: string[] = [];
  for (const extent of segments) {
    if (ids.length >= max) break;
    await scanBackward(segmentPath(dir, extent.segment), extent.bytes, (line) => {
      const match = LEADING_ID.exec(line);
      if (match) ids.push(JSON.parse(match[1] as string) as string);
      return ids.length < max;
    });
  }
  return ids;
}
