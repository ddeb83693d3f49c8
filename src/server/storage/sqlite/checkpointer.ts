/**
 * WAL checkpoints off the thread that answers requests. SQLite's own automatic checkpoint runs
 * inside the COMMIT that crosses 1,000 WAL pages: it copies the pages into the database file and
 * waits for an fsync, a pause of milliseconds on the service's only thread (measured: a quarter of
 * the service's throughput and twice its p99 latency under load). Here the requests' connection
 * never checkpoints; once its WAL has grown past {@link START_BYTES} (a process that writes little,
 * such as an admin command, never gets there), a worker thread with a connection of its own
 * checkpoints it every {@link INTERVAL_MS}, without blocking writers (PASSIVE). Under continuous
 * writes a passive checkpoint never catches the last frames, so the WAL could not start over; past
 * {@link RESTART_FRAMES} the worker asks the requests' connection to give way (a flag in shared
 * memory, which ./turns.ts reads before each transaction), runs a RESTART checkpoint of the few
 * frames left, and lets writes go on: the next commit writes the WAL from its start again.
 *
 * When the worker cannot run (better-sqlite3 not resolvable from here, a failed thread), the
 * connection goes back to SQLite's automatic checkpoints: slower, never unbounded.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { StoreFile } from '../types.js';

/** The WAL size at which the worker starts. */
const START_BYTES = 4 * 1024 * 1024;
/** How often the size is looked at before the worker runs. */
const WATCH_MS = 250;
/** How often the worker checkpoints. */
const INTERVAL_MS = 100;
/** WAL frames (pages) past which the worker restarts the WAL: about 16 MiB. */
const RESTART_FRAMES = 4_096;
/** SQLite's default automatic checkpoint, the fallback. */
const AUTOCHECKPOINT_PAGES = 1_000;

// Plain CommonJS: it runs in the worker as it is, whatever built this module.
const WORKER_SOURCE = `
const { statSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
// Only the file the requests' connection opened: never one made anew at its path.
const opened = statSync(workerData.file);
if (opened.dev !== workerData.dev || opened.ino !== workerData.ino) throw new Error('the database file was replaced');
const db = new Database(workerData.file, { timeout: workerData.busyTimeoutMs, fileMustExist: true });
db.pragma('synchronous = ' + workerData.synchronous);
const giveWay = new Int32Array(workerData.giveWay);
const timer = setInterval(() => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    if (passive && passive.log >= workerData.restartFrames) {
      Atomics.store(giveWay, 0, 1);
      try {
        db.pragma('wal_checkpoint(RESTART)');
      } finally {
        Atomics.store(giveWay, 0, 0);
      }
    }
  } catch {
    // A busy or failed checkpoint is tried again at the next tick; the WAL keeps every commit meanwhile.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** The checkpoints of one connection. */
export interface Checkpoints {
  /** Whether the worker is waiting for the write lock to restart the WAL: transactions give way. */
  giveWay(): boolean;
  /** Ends the worker (its connection closed), so that the requests' connection can close last. */
  stop(): Promise<void>;
}

const NEVER = (): boolean => false;

function betterSqlitePath(): string | null {
  try {
    return createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    return null;
  }
}

/**
 * Takes the checkpoints of `db`, the connection to `file` (as opened), off its thread (see the module comment).
 * `synchronous` is the connection's setting: the worker's checkpoints sync as the commits do.
 */
export function checkpointInBackground(db: BetterSqlite3.Database, file: StoreFile, synchronous: string, busyTimeoutMs: number): Checkpoints {
  const modulePath = betterSqlitePath();
  const fallBack = (): void => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  if (modulePath === null) {
    fallBack();
    return { giveWay: NEVER, stop: async () => undefined };
  }
  const flag = new Int32Array(new SharedArrayBuffer(4));
  db.pragma('wal_autocheckpoint = 0');
  // After a restart, the WAL file is cut back to this size rather than kept at its largest.
  db.pragma(`journal_size_limit = ${START_BYTES * 4}`);

  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  const watch = setInterval(() => {
    let size = 0;
    try {
      size = statSync(`${file.path}-wal`).size;
    } catch {
      return;
    }
    if (size < START_BYTES) return;
    clearInterval(watch);
    try {
      const started = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          modulePath,
          file: file.path,
          dev: file.dev,
          ino: file.ino,
          synchronous,
          busyTimeoutMs,
          intervalMs: INTERVAL_MS,
          restartFrames: RESTART_FRAMES,
          giveWay: flag.buffer,
        },
      });
      started.unref();
      started.on('error', () => {
        worker = null;
        Atomics.store(flag, 0, 0);
        fallBack();
      });
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      worker = started;
    } catch {
      fallBack();
    }
  }, WATCH_MS);
  watch.unref();

  return {
    giveWay: () => Atomics.load(flag, 0) === 1,
    async stop() {
      clearInterval(watch);
      if (worker !== null) {
        // Kept alive until it has closed its connection, even when nothing else is left to do.
        worker.ref();
        worker.postMessage('stop');
        await exited;
        worker = null;
      }
    },
  };
}
