/**
 * Group commit: items submitted one by one are written together, one batch (one transaction) at a
 * time. The first item waits for the current turn of the event loop (or `lingerMs`) so that the
 * requests arriving together share a batch; items submitted while a batch is being written form
 * the next one. Each submitter's promise settles with its batch: resolved only after the batch
 * was written, rejected when it failed.
 */

/** Options of {@link createGroupCommit}. */
export interface GroupCommitOptions {
  /** Most items in one batch. Default 1000. */
  maxBatch?: number;
  /** Milliseconds the first item of an idle queue waits for others. Default 0: the end of the current event-loop turn. */
  lingerMs?: number;
}

export interface GroupCommit<I, O> {
  /** Queues `item`; settles when the batch holding it has been written (or failed). */
  submit(item: I): Promise<O>;
  /** Resolves once everything submitted so far has settled. */
  drain(): Promise<void>;
  /** Refuses new items (they reject with `closedError()`), then drains. */
  close(): Promise<void>;
}

interface Pending<I, O> {
  item: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

const DEFAULT_MAX_BATCH = 1000;

/**
 * A group-commit queue around `writeBatch`, which receives the items of one batch and resolves
 * with one output per item, in order (or rejects: every item of the batch then rejects).
 */
export function createGroupCommit<I, O>(
  writeBatch: (items: readonly I[]) => Promise<readonly O[]>,
  options: GroupCommitOptions,
  closedError: () => Error
): GroupCommit<I, O> {
  const maxBatch = Math.max(1, Math.floor(options.maxBatch ?? DEFAULT_MAX_BATCH));
  const lingerMs = Math.max(0, options.lingerMs ?? 0);
  const queue: Pending<I, O>[] = [];
  let scheduled = false;
  let writing = false;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  const settleIdle = (): void => {
    if (scheduled || writing || queue.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  };

  async function writeAll(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        let outputs: readonly O[];
        try {
          outputs = await writeBatch(batch.map((pending) => pending.item));
          if (outputs.length !== batch.length) {
            throw new Error(`group commit: ${outputs.length} results for ${batch.length} items`);
          }
        } catch (error) {
          for (const pending of batch) pending.reject(error);
          continue;
        }
        for (let index = 0; index < batch.length; index++) (batch[index] as Pending<I, O>).resolve(outputs[index] as O);
      }
    } finally {
      writing = false;
      settleIdle();
    }
  }

  const start = (): void => {
    scheduled = false;
    void writeAll();
  };

  function schedule(): void {
    if (scheduled || writing) return;
    scheduled = true;
    if (lingerMs > 0) setTimeout(start, lingerMs);
    else setImmediate(start);
  }

  return {
    submit(item) {
      if (closed) return Promise.reject(closedError());
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    drain() {
      if (!scheduled && !writing && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    close() {
      closed = true;
      return this.drain();
    },
  };
}
