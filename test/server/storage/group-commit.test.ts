import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../../src/server/storage/group-commit.js';

const closedError = () => new Error('closed');

/** A writer that records its batches and holds each one until released. */
function recordingWriter() {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  return {
    batches,
    hold() {
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    open() {
      release?.();
      gate = null;
    },
    async write(items: readonly number[]): Promise<number[]> {
      batches.push([...items]);
      if (gate) await gate;
      return items.map((item) => item * 10);
    },
  };
}

describe('group commit', () => {
  it('writes items submitted in the same turn as one batch and answers each with its own result', async () => {
    const writer = recordingWriter();
    const queue = createGroupCommit((items: readonly number[]) => writer.write(items), {}, closedError);
    const results = await Promise.all([1, 2, 3, 4].map((n) => queue.submit(n)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(writer.batches).toEqual([[1, 2, 3, 4]]);
  });

  it('gathers the items arriving while a batch is written into the next batch', async () => {
    const writer = recordingWriter();
    const queue = createGroupCommit((items: readonly number[]) => writer.write(items), {}, closedError);
    writer.hold();
    const first = queue.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writer.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((n) => queue.submit(n));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Nothing else is written while the first batch is still open.
    expect(writer.batches).toEqual([[1]]);
    writer.open();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('does not resolve before the batch was written', async () => {
    const writer = recordingWriter();
    const queue = createGroupCommit((items: readonly number[]) => writer.write(items), {}, closedError);
    writer.hold();
    let settled = false;
    const pending = queue.submit(7).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    writer.open();
    await pending;
    expect(settled).toBe(true);
  });

  it('splits a crowd into batches of at most maxBatch', async () => {
    const writer = recordingWriter();
    const queue = createGroupCommit((items: readonly number[]) => writer.write(items), { maxBatch: 4 }, closedError);
    await Promise.all(Array.from({ length: 10 }, (_, n) => queue.submit(n)));
    expect(writer.batches.map((batch) => batch.length)).toEqual([4, 4, 2]);
    expect(writer.batches.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('rejects every item of a failed batch and goes on with the next one', async () => {
    let calls = 0;
    const queue = createGroupCommit(
      async (items: readonly number[]) => {
        calls++;
        if (calls === 1) throw new Error('database gone');
        return items.map((item) => item + 1);
      },
      {},
      closedError
    );
    const failed = await Promise.allSettled([queue.submit(1), queue.submit(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toEqual(new Error('database gone'));
    expect(await queue.submit(5)).toBe(6);
  });

  it('rejects a batch whose writer answers the wrong number of results', async () => {
    const queue = createGroupCommit(async () => [1], {}, closedError);
    const results = await Promise.allSettled([queue.submit(1), queue.submit(2)]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });

  it('waits lingerMs for company before writing', async () => {
    const writer = recordingWriter();
    const queue = createGroupCommit((items: readonly number[]) => writer.write(items), { lingerMs: 20 }, closedError);
    const first = queue.submit(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = queue.submit(2);
    await Promise.all([first, second]);
    expect(writer.batches).toEqual([[1, 2]]);
  });

  it('close waits for pending items, then refuses new ones', async () => {
    const writer = recordingWriter();
    const queue = createGroupCommit((items: readonly number[]) => writer.write(items), {}, closedError);
    writer.hold();
    const pending = queue.submit(3);
    const closed = queue.close();
    await expect(queue.submit(4)).rejects.toThrow('closed');
    writer.open();
    await closed;
    expect(await pending).toBe(30);
    await expect(queue.submit(5)).rejects.toThrow('closed');
  });

  it('drain resolves at once when idle', async () => {
    const queue = createGroupCommit(async (items: readonly number[]) => [...items], {}, closedError);
    await expect(queue.drain()).resolves.toBeUndefined();
  });
});
