/** What the scheduler (periodic.ts) gives each job: the store, the clock, the log, slot claims and the stop signal. */
import type { Clock } from '../../ports.js';
import type { Store } from '../storage/types.js';
import type { JobName } from './calendar.js';

export interface JobContext {
  store: Store;
  now: Clock;
  log: (line: string) => void;
  /** Claims the slot `(job, slot)` for this instance; false when another instance (or an earlier run) has it. */
  claim(job: JobName, slot: string): Promise<boolean>;
  /** Aborted when the jobs stop: calls to the outside world in flight give up. */
  signal: AbortSignal;
  /** Whether the jobs are stopping: a failure then is the stop's doing, not worth a log line. */
  stopped(): boolean;
}

/** The message of an error, for a job's log line. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
