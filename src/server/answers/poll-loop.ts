/**
 * The loop of a background worker that works off what is due in the store (webhook deliveries, VAT
 * watch re-checks): a round at once, the next straight away while a round found work, else after
 * `pollMs`. A failed round (the store away) is told once per throttle window, and the loop goes on.
 */
import { createLogThrottle } from './log-throttle.js';

/** What one worker's loop needs. */
export interface PollLoop {
  /** Wait after a round that found nothing (or failed). */
  pollMs: number;
  /** Operational log line sink. */
  log: (line: string) => void;
  /** The worker's name in its failure lines (`webhook delivery`). */
  name: string;
  /** What a failed round means, for the log line. */
  failure: string;
  /** One round: how many items it took (0: nothing was due). `stopped()` tells a long round to end early. */
  round(stopped: () => boolean): Promise<number>;
}

/** Starts the loop; `stop()` ends it after the round in progress. */
export function startPollLoop(loop: PollLoop): { stop(): Promise<void> } {
  const throttle = createLogThrottle({ log: loop.log });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const isStopped = (): boolean => stopped;

  const tick = async (): Promise<void> => {
    let taken = 0;
    try {
      taken = await loop.round(isStopped);
    } catch (error) {
      const kind = `${loop.name}: ${error instanceof Error ? error.name : 'error'}`;
      throttle.write(kind, () => JSON.stringify({ level: 'error', msg: loop.failure, error: kind }));
    }
    if (!stopped) timer = setTimeout(() => void (running = tick()), taken > 0 ? 0 : loop.pollMs);
  };
  running = tick();

  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
      throttle.flush();
    },
  };
}
