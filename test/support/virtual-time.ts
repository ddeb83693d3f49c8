/**
 * A clock and timers that move only when the test says so: `advanceTo` fires every timer due up
 * to a time, in order, setting the clock to each one's due time and waiting for the run it
 * started (the jobs' timer callbacks return their run). Timers due at the same moment fire
 * together, so several instances sharing one store really race for their slots.
 */
import type { JobTimers } from '../../src/server/jobs/periodic.js';

interface Timer {
  due: number;
  order: number;
  callback: () => unknown;
}

export interface VirtualTime {
  now: () => Date;
  timers: JobTimers;
  /** Timers waiting to fire. */
  readonly pending: number;
  /** Fires everything due up to `target` (inclusive), then leaves the clock at `target`. */
  advanceTo(target: Date | number): Promise<void>;
  /** Fires what is due now (e.g. the first runs, scheduled at start). */
  flush(): Promise<void>;
}

export function virtualTime(start: Date | string): VirtualTime {
  let current = new Date(start).getTime();
  let order = 0;
  const queue = new Set<Timer>();

  async function advanceTo(target: Date | number): Promise<void> {
    const until = typeof target === 'number' ? target : target.getTime();
    for (;;) {
      let first: Timer | undefined;
      for (const timer of queue) if (first === undefined || timer.due < first.due || (timer.due === first.due && timer.order < first.order)) first = timer;
      if (first === undefined || first.due > until) break;
      const due = first.due;
      const batch = [...queue].filter((timer) => timer.due === due);
      for (const timer of batch) queue.delete(timer);
      current = Math.max(current, due);
      await Promise.all(batch.map((timer) => timer.callback()));
    }
    current = Math.max(current, until);
  }

  return {
    now: () => new Date(current),
    timers: {
      setTimeout(callback, ms) {
        const timer: Timer = { due: current + Math.max(0, ms), order: order++, callback };
        queue.add(timer);
        return timer;
      },
      clearTimeout(handle) {
        queue.delete(handle as Timer);
      },
    },
    get pending() {
      return queue.size;
    },
    advanceTo,
    flush: () => advanceTo(current),
  };
}
