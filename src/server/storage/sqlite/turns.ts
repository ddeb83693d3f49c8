/**
 * Who may use the embedded store's one connection, and when (./client.ts):
 * - one transaction at a time: while a caller's transaction is open, every other statement on the
 *   connection waits for it to end, so that nothing joins a transaction that is not its own;
 * - waiting for another process's write lock without blocking the thread: the connection's own
 *   busy timeout is 0, and a statement SQLite refuses with SQLITE_BUSY is tried again after 0, 1,
 *   2, 4 … 32 ms (requests meanwhile go on being read, validated and batched) until the budget is
 *   spent, when its error is the caller's;
 * - giving way to the checkpoint worker (./checkpointer.ts): while it asks for the write lock to
 *   restart the WAL, no transaction begins (up to the same budget), or it would never get it.
 */
import { StoreClosedError } from '../sql/client.js';

const MAX_BACKOFF_MS = 32;

/** Whether `error` is SQLite's "the database is locked by another connection" (any SQLITE_BUSY_* too). */
export function isBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

export interface Turns {
  /**
   * Runs `work` once no transaction is open (checked and run in the same microtask, so that nothing
   * starts one in between), again after a pause while it fails with SQLITE_BUSY.
   */
  whenIdle<T>(work: () => T): Promise<T>;
  /** Runs `begin` as {@link whenIdle} does, then holds every other caller back until {@link end}. */
  begin(begin: () => void): Promise<void>;
  /** Ends the transaction `begin` opened; the callers it held back go on. */
  end(): void;
  /** Refuses every later call with StoreClosedError; resolves once no transaction is open. */
  close(): Promise<void>;
}

/**
 * The turns of one connection; `budgetMs` bounds the wait for another process's lock, and
 * `giveWay` says when transactions should wait for the checkpoint worker.
 */
export function createTurns(budgetMs: number, giveWay: () => boolean = () => false): Turns {
  let closed = false;
  let inTransaction = false;
  let waiting: Array<() => void> = [];

  async function idleThen<T>(work: () => T): Promise<T> {
    while (inTransaction) await new Promise<void>((wake) => waiting.push(wake));
    if (closed) throw new StoreClosedError();
    return work();
  }

  async function retried<T>(work: () => T, writes: boolean): Promise<T> {
    const deadline = Date.now() + budgetMs;
    for (let backoff = 0; ; backoff = Math.min(MAX_BACKOFF_MS, Math.max(1, backoff * 2))) {
      // Past the budget the worker is not waited for any longer: a transaction goes ahead.
      if (!writes || !giveWay() || Date.now() > deadline) {
        try {
          return await idleThen(work);
        } catch (error) {
          if (!isBusy(error) || Date.now() + backoff > deadline) throw error;
        }
      }
      await pause(backoff);
    }
  }

  return {
    whenIdle(work) {
      // Most calls find the connection free: run at once, without the promise layers of the waits.
      if (!inTransaction && !closed) {
        try {
          return Promise.resolve(work());
        } catch (error) {
          if (!isBusy(error)) return Promise.reject(error);
        }
      }
      return retried(work, false);
    },
    begin: (begin) =>
      retried(() => {
        begin();
        inTransaction = true;
      }, true),
    end() {
      inTransaction = false;
      const woken = waiting;
      waiting = [];
      for (const wake of woken) wake();
    },
    async close() {
      await idleThen(() => {
        closed = true;
      });
    },
  };
}
