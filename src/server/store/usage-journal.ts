/**
 * The embedded store's usage meter and log when it has a data directory: counters in memory and
 * an append-only journal of log lines in `<dataDir>/usage-log/`, instead of a PGlite transaction
 * per batch (PostgreSQL compiled to WebAssembly runs on the service's own thread: even batched,
 * its statements cost more per request than a whole bare HTTP request). The data directory is
 * held by one process (data-dir-lock.ts), so that process's memory can be the counters' truth.
 *
 * Counting (docs/service.md#metering): requests are group-committed (group-commit.ts). Each batch is decided
 * in memory, in arrival order, with the same decisions as the SQL meter (meter.ts): a counter
 * not yet in memory is first read from `usage_counters`, one read for the batch; then the lines
 * of the counted requests are appended with one write, and every request of the batch is
 * answered only once that write completed. The bytes are then in the operating system's cache,
 * the guarantee PGlite gives for a commit (pglite.ts): an answered count survives SIGKILL. A
 * write that fails rejects the whole batch and takes its counts back (as does a failed read of a
 * counter); blocked requests write nothing.
 *
 * Counters are kept twice: `decided` (the batch being written included) and `written` (lines in
 * the file). Only written values are checkpointed, about every second and at close: one PGlite
 * transaction sets them in `usage_counters` and records the journal position (journal-checkpoint.ts).
 * Opening replays the lines after the position, after cutting a line a crash left unfinished,
 * and checkpoints, so `usage_counters` is exact whenever the store is open (the CLI reads it).
 *
 * A directory the SQL meter counted in before (an earlier verifield) goes on from its counters;
 * its `usage_log` rows stay in the log, merged with the journal's.
 *
 * Request ids: a retried id is recognised among the last {@link DEFAULT_RECENT_IDS} requests
 * counted (read back from the journal's tail at open, so also across restarts); an older one is
 * counted again.
 */
import { join } from 'node:path';
import { createGroupCommit, type GroupCommitOptions } from './group-commit.js';
import { readCounters, readSegmentMarks, writeCheckpoint, type SegmentMark } from './journal-checkpoint.js';
import {
  appendAll,
  cutTornTail,
  fileSize,
  listSegments,
  openForAppend,
  readLines,
  segmentPath,
  type JournalFile,
  type OpenJournalFile,
} from './journal-file.js';
import { newestRequestIds, parseLine, readLog } from './journal-read.js';
import { groupKey, toRequest, type MeterRequest } from './meter.js';
import { StoreClosedError, type SqlClient } from './sql.js';
import { toEntry, usageReads } from './sql-store.js';
import type { MeterDecision, Store, UsageEntry } from './types.js';

/** Request ids remembered to recognise a retry (a ring of this many, about 8 MB). */
export const DEFAULT_RECENT_IDS = 100_000;
const DEFAULT_SEGMENT_BYTES = 64 * 1024 * 1024;
const DEFAULT_CHECKPOINT_MS = 1_000;

/** Options of {@link openUsageJournal}. */
export interface UsageJournalOptions extends GroupCommitOptions {
  /** The journal's directory (`<dataDir>/usage-log`), created if missing. */
  dir: string;
  /** A new segment is started once the current one holds this many bytes. Default 64 MiB. */
  segmentBytes?: number;
  /** Milliseconds between a write and the checkpoint that follows it. Default 1000. */
  checkpointMs?: number;
  /** Request ids remembered to recognise a retry. Default {@link DEFAULT_RECENT_IDS}. */
  recentIds?: number;
  /** Opens a segment for appending (a seam for tests: count or fail writes). */
  openFile?: OpenJournalFile;
}

type StoreUsage = Store['usage'];

/** The embedded store's `usage`, plus what its owner drives. */
export interface UsageJournal extends StoreUsage {
  /** Writes the written counters and the journal position to PGlite now. */
  checkpoint(): Promise<void>;
  /** Refuses new counts, answers the pending ones, checkpoints, closes the segment. */
  close(): Promise<void>;
}

interface Counter {
  accountId: string;
  periodStart: string;
  /** Counted, the batch being written included. */
  decided: number;
  /** Counted with their lines written: what a checkpoint may record. */
  written: number;
}

interface Segment {
  segment: number;
  /** Bytes of complete, written lines. */
  bytes: number;
  /** Newest `at` among them (ms); null when none or not known (the log reader then reads it). */
  newestAtMs: number | null;
}

/** ORDER BY at DESC, request_id DESC, as sql-store.ts reads the log. */
const newestEntryFirst = (a: UsageEntry, b: UsageEntry): number =>
  b.at.getTime() - a.at.getTime() || (a.requestId < b.requestId ? 1 : a.requestId > b.requestId ? -1 : 0);

/** A bounded set: the last `size` ids added, the oldest forgotten first. */
function recentIdSet(size: number) {
  const ids = new Set<string>();
  const ring = new Array<string | undefined>(size);
  let next = 0;
  return {
    has: (id: string) => ids.has(id),
    add(id: string) {
      const evicted = ring[next];
      if (evicted !== undefined) ids.delete(evicted);
      ring[next] = id;
      ids.add(id);
      next = (next + 1) % size;
    },
  };
}

/** Replays the lines after the checkpoint; resolves with the lines counted per group. */
async function replay(dir: string, marks: readonly SegmentMark[], segments: Map<number, Segment>) {
  const position = marks[marks.length - 1];
  const deltas = new Map<string, { accountId: string; periodStart: string; lines: number }>();
  for (const segment of [...segments.values()].sort((a, b) => a.segment - b.segment)) {
    if (position !== undefined && segment.segment < position.segment) continue;
    const from = position !== undefined && segment.segment === position.segment ? Math.min(position.bytes, segment.bytes) : 0;
    await readLines(segmentPath(dir, segment.segment), from, segment.bytes, (line) => {
      const row = parseLine(line);
      if (row === null) return;
      const key = groupKey(row.account_id, row.period_start);
      const delta = deltas.get(key) ?? { accountId: row.account_id, periodStart: row.period_start, lines: 0 };
      delta.lines++;
      deltas.set(key, delta);
      const atMs = Date.parse(row.at);
      if (segment.newestAtMs === null || atMs > segment.newestAtMs) segment.newestAtMs = atMs;
    });
  }
  return deltas;
}

/**
 * Opens the journal in `options.dir` over `sql` (migrated): cuts a torn last line, replays the
 * lines after the last checkpoint into `usage_counters`, checkpoints, and counts from there.
 * @example
 * const journal = await openUsageJournal(sql, { dir: './.verifield/usage-log' });
 * await journal.count(entry, 250);
 * await journal.close();
 */
export async function openUsageJournal(sql: SqlClient, options: UsageJournalOptions): Promise<UsageJournal> {
  const { dir } = options;
  const segmentBytes = Math.max(1, options.segmentBytes ?? DEFAULT_SEGMENT_BYTES);
  const checkpointMs = Math.max(0, options.checkpointMs ?? DEFAULT_CHECKPOINT_MS);
  const openFile = options.openFile ?? openForAppend;
  const sqlReads = usageReads(sql);

  // The files as they are, their last line whole, and the checkpoint's view of them.
  const numbers = await listSegments(dir);
  const marks = await readSegmentMarks(sql);
  const markOf = new Map(marks.map((mark) => [mark.segment, mark]));
  const newestNumber = Math.max(1, ...numbers, ...marks.map((mark) => mark.segment));
  const position = marks[marks.length - 1];
  const segments = new Map<number, Segment>();
  for (const segment of numbers) {
    const path = segmentPath(dir, segment);
    const mark = markOf.get(segment);
    let bytes = segment === newestNumber ? await cutTornTail(path) : await fileSize(path);
    // A segment the journal moved on from was checkpointed whole: bytes beyond its mark can only
    // be a failed write that could not be taken back (see writeBatch), never read.
    if (mark !== undefined && position !== undefined && segment < position.segment) bytes = Math.min(bytes, mark.bytes);
    segments.set(segment, { segment, bytes, newestAtMs: mark?.newestAtMs ?? null });
  }
  const deltas = await replay(dir, marks, segments);

  const counters = new Map<string, Counter>();
  const dirtyCounters = new Set<Counter>();
  // Rows for the segments replayed (their sizes and newest lines changed) and any without one.
  const replayedFrom = position?.segment ?? 0;
  const dirtySegments = new Set<number>([...segments.keys()].filter((n) => n >= replayedFrom || !markOf.has(n)));
  const replayed = await readCounters(sql, [...deltas.values()]);
  for (const value of replayed) {
    const key = groupKey(value.accountId, value.periodStart);
    const used = value.used + (deltas.get(key)?.lines ?? 0);
    const counter = { accountId: value.accountId, periodStart: value.periodStart, decided: used, written: used };
    counters.set(key, counter);
    dirtyCounters.add(counter);
  }

  let current = segments.get(newestNumber) ?? { segment: newestNumber, bytes: 0, newestAtMs: null };
  segments.set(current.segment, current);
  dirtySegments.add(current.segment);

  const recentSize = Math.max(1, Math.floor(options.recentIds ?? DEFAULT_RECENT_IDS));
  const recent = recentIdSet(recentSize);
  const newestFirst = () => [...segments.values()].sort((a, b) => b.segment - a.segment);
  for (const id of (await newestRequestIds(dir, newestFirst(), recentSize)).reverse()) recent.add(id);

  let checkpointing: Promise<void> = Promise.resolve();
  /** One checkpoint at a time; each writes what was written before it started. */
  function checkpoint(): Promise<void> {
    const run = checkpointing.then(async () => {
      const takenCounters = [...dirtyCounters];
      const takenSegments = [...dirtySegments];
      if (takenCounters.length === 0 && takenSegments.length === 0) return;
      dirtyCounters.clear();
      dirtySegments.clear();
      // Values read now, in the same turn: counters and position of the same written bytes.
      const values = takenCounters.map((c) => ({ accountId: c.accountId, periodStart: c.periodStart, used: c.written }));
      const extents = takenSegments.map((n) => segments.get(n) as Segment).map((s) => ({ ...s }));
      try {
        await writeCheckpoint(sql, values, extents);
      } catch (error) {
        // Written again by the next checkpoint, with whatever values are current then.
        for (const counter of takenCounters) dirtyCounters.add(counter);
        for (const segment of takenSegments) dirtySegments.add(segment);
        throw error;
      }
    });
    checkpointing = run.catch(() => undefined);
    return run;
  }
  await checkpoint();
  let file: JournalFile = await openFile(segmentPath(dir, current.segment));
  // Set after a failed write could not be taken back: its bytes must not precede the next line.
  let damaged = false;

  let timer: NodeJS.Timeout | null = null;
  let closing: Promise<void> | null = null;
  function scheduleCheckpoint(): void {
    if (timer !== null || closing !== null) return;
    timer = setTimeout(() => {
      timer = null;
      // A failed checkpoint keeps its values dirty: the next one (or close) writes them.
      checkpoint().catch(() => undefined);
    }, checkpointMs);
    timer.unref();
  }

  async function loadCounters(requests: readonly MeterRequest[]): Promise<void> {
    const missing = new Map<string, { accountId: string; periodStart: string }>();
    for (const { group, row } of requests) {
      if (!counters.has(group)) missing.set(group, { accountId: row.account_id, periodStart: row.period_start });
    }
    if (missing.size === 0) return;
    for (const value of await readCounters(sql, [...missing.values()])) {
      const key = groupKey(value.accountId, value.periodStart);
      if (!counters.has(key)) counters.set(key, { ...value, decided: value.used, written: value.used });
    }
  }

  async function startNextSegment(): Promise<void> {
    const next = current.segment + 1;
    const path = segmentPath(dir, next);
    const opened = await openFile(path);
    const previous = file;
    file = opened;
    current = { segment: next, bytes: await fileSize(path), newestAtMs: null };
    segments.set(next, current);
    dirtySegments.add(next);
    damaged = false;
    await previous.close().catch(() => undefined);
  }

  async function writeBatch(requests: readonly MeterRequest[]): Promise<MeterDecision[]> {
    await loadCounters(requests);
    if (damaged || current.bytes >= segmentBytes) await startNextSegment();

    // Decisions in arrival order, as meter.ts takes them (see its writeBatchOnce).
    const decisions = new Array<MeterDecision | null>(requests.length).fill(null);
    const firstById = new Map<string, MeterDecision | null>();
    const touched = new Set<Counter>();
    const lines: string[] = [];
    const ids: string[] = [];
    let newestAtMs = current.newestAtMs;
    requests.forEach((request, index) => {
      const id = request.row.request_id;
      const first = firstById.get(id);
      if (first !== undefined) {
        // A repeat in the same batch shares the fate of the first, without being counted again.
        if (first !== null) decisions[index] = { counted: false, blocked: first.blocked, used: first.used };
        return;
      }
      // Counted by an earlier batch: answered below with the period's usage after this batch.
      if (recent.has(id)) return void firstById.set(id, null);
      const counter = counters.get(request.group) as Counter;
      let decision: MeterDecision;
      if (request.quota === null || counter.decided < request.quota) {
        counter.decided++;
        touched.add(counter);
        lines.push(JSON.stringify(request.row));
        ids.push(id);
        if (newestAtMs === null || request.atMs > newestAtMs) newestAtMs = request.atMs;
        decision = { counted: true, blocked: false, used: counter.decided };
      } else {
        decision = { counted: false, blocked: true, used: counter.decided };
      }
      decisions[index] = decision;
      firstById.set(id, decision);
    });

    if (lines.length > 0) {
      lines.push('');
      const data = Buffer.from(lines.join('\n'), 'utf8');
      try {
        await appendAll(file, data);
      } catch (error) {
        for (const counter of touched) counter.decided = counter.written;
        // Take back what part of the batch reached the file; failing that, the next batch starts
        // a new segment, so that no line follows the broken one.
        await file.truncate(current.bytes).catch(() => {
          damaged = true;
        });
        throw error;
      }
      current.bytes += data.length;
      current.newestAtMs = newestAtMs;
      dirtySegments.add(current.segment);
      for (const counter of touched) {
        counter.written = counter.decided;
        dirtyCounters.add(counter);
      }
      for (const id of ids) recent.add(id);
      scheduleCheckpoint();
    }
    return requests.map((request, index) => decisions[index] ?? { counted: false, blocked: false, used: (counters.get(request.group) as Counter).written });
  }

  const queue = createGroupCommit(writeBatch, options, () => new StoreClosedError());
  const open = (): void => {
    if (closing !== null) throw new StoreClosedError();
  };

  return {
    async count(entry, quota) {
      return queue.submit(toRequest(entry, quota));
    },
    async used(accountId, periodStart) {
      open();
      const counter = counters.get(groupKey(accountId, periodStart));
      // A counter not in memory has nothing in the journal that PGlite lacks (open replayed it).
      return counter === undefined ? sqlReads.used(accountId, periodStart) : counter.written;
    },
    async log(accountId, limit) {
      open();
      if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError('limit must be an integer >= 0');
      const [journal, older] = await Promise.all([readLog(dir, newestFirst(), accountId, limit), sqlReads.log(accountId, limit)]);
      if (older.length === 0) return journal.map(toEntry);
      // Rows the SQL meter logged in this directory before the journal existed (an earlier
      // verifield): still the account's log, merged in the same order.
      return [...journal.map(toEntry), ...older].sort(newestEntryFirst).slice(0, limit);
    },
    checkpoint,
    close() {
      closing ??= (async () => {
        await queue.close();
        if (timer !== null) clearTimeout(timer);
        timer = null;
        try {
          await checkpoint();
        } finally {
          await file.close();
        }
      })();
      return closing;
    },
  };
}

/** The journal directory of the data directory `dataDir`. */
export function journalDir(dataDir: string): string {
  return join(dataDir, 'usage-log');
}
