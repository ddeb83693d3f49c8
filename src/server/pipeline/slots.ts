/**
 * Slots per member state: at most `limit` VIES calls of one country in flight in this process,
 * shared by every job and watch re-check (pacing.ts). Waiters are served in arrival order.
 */

/** A slot's release; call it once. */
export type Release = () => void;

export interface CountrySlots {
  /** A slot of `country`, or null when none came free within `waitMs`. */
  acquire(country: string, waitMs: number): Promise<Release | null>;
  /** Calls of `country` holding a slot now. */
  inUse(country: string): number;
}

interface Queue {
  busy: number;
  waiting: Array<(release: Release) => void>;
}

export function createCountrySlots(limit: number): CountrySlots {
  const max = Math.max(1, Math.floor(limit));
  const queues = new Map<string, Queue>();

  const queueOf = (country: string): Queue => {
    let queue = queues.get(country);
    if (queue === undefined) {
      queue = { busy: 0, waiting: [] };
      queues.set(country, queue);
    }
    return queue;
  };

  const releaser = (queue: Queue): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.waiting.shift();
      // The slot passes straight to the next waiter: `busy` stays, so no newcomer overtakes it.
      if (next !== undefined) next(releaser(queue));
      else queue.busy -= 1;
    };
  };

  return {
    acquire(country, waitMs) {
      const queue = queueOf(country);
      if (queue.busy < max) {
        queue.busy += 1;
        return Promise.resolve(releaser(queue));
      }
      return new Promise((resolve) => {
        const grant = (release: Release): void => {
          clearTimeout(timer);
          resolve(release);
        };
        const timer = setTimeout(() => {
          const index = queue.waiting.indexOf(grant);
          if (index >= 0) queue.waiting.splice(index, 1);
          resolve(null);
        }, waitMs);
        queue.waiting.push(grant);
      });
    },
    inUse: (country) => queues.get(country)?.busy ?? 0,
  };
}
