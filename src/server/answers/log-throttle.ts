/**
 * Log lines of failures that repeat per request, throttled: one line per distinct error per
 * window (10 s), then, when the window ends, one line that counts the ones not written. A full
 * disk or a store gone away fails every request; a line for each would bury everything else
 * (and fill the disk further). See docs/service.md#usage-log (log lines of the process).
 */

/** How long the first line of an error stands for the same error after it. */
export const LOG_WINDOW_MS = 10_000;
/** Distinct errors followed at once; the lines of any further ones are counted together. */
export const MAX_KINDS = 1_000;
/** The kind that stands for every error beyond {@link MAX_KINDS}. */
const OTHER_KINDS = 'other errors';

export interface LogThrottleOptions {
  /** Where lines go. */
  log: (line: string) => void;
  /** Default {@link LOG_WINDOW_MS}. */
  windowMs?: number;
  /** Default {@link MAX_KINDS}. */
  maxKinds?: number;
}

export interface LogThrottle {
  /**
   * Writes `line()` unless a line of the same `kind` was written in the current window, in which
   * case it is only counted. `kind` names the error in a few words, the same for every repeat
   * (say `store write failed: SQLITE_FULL`, not the request id): the count's line quotes it.
   */
  write(kind: string, line: () => string): void;
  /** Writes the counts of the windows still open and forgets them (at close). */
  flush(): void;
}

interface Window {
  suppressed: number;
  timer: ReturnType<typeof setTimeout>;
}

/** The line that closes a window in which `suppressed` lines of `kind` were not written. */
export function suppressedLine(kind: string, suppressed: number, windowMs: number): string {
  const seconds = Math.round(windowMs / 100) / 10;
  return JSON.stringify({
    level: 'warn',
    msg: `${kind} (and ${suppressed.toLocaleString('en-US')} more like it in the last ${seconds} s)`,
    suppressed,
  });
}

/** A throttle over `options.log`. */
export function createLogThrottle(options: LogThrottleOptions): LogThrottle {
  const { log } = options;
  const windowMs = options.windowMs ?? LOG_WINDOW_MS;
  const maxKinds = options.maxKinds ?? MAX_KINDS;
  const open = new Map<string, Window>();

  function close(kind: string): void {
    const window = open.get(kind);
    if (window === undefined) return;
    clearTimeout(window.timer);
    open.delete(kind);
    if (window.suppressed > 0) log(suppressedLine(kind, window.suppressed, windowMs));
  }

  return {
    write(kind, line) {
      const tracked = open.has(kind) || open.size < maxKinds ? kind : OTHER_KINDS;
      const window = open.get(tracked);
      if (window !== undefined) {
        window.suppressed++;
        return;
      }
      log(line());
      const timer = setTimeout(() => close(tracked), windowMs);
      // A pending count must not keep a finished process alive.
      timer.unref?.();
      open.set(tracked, { suppressed: 0, timer });
    },
    flush() {
      for (const kind of [...open.keys()]) close(kind);
    },
  };
}

/**
 * The kind of a failure for {@link LogThrottle.write}: what failed and the error's first line (an
 * error as errors.ts `describeError` writes it: name and message, then ` | ` and where it happened).
 */
export function errorKind(what: string, describedError: string): string {
  const end = describedError.indexOf(' | ');
  return `${what}: ${end === -1 ? describedError : describedError.slice(0, end)}`;
}

/** A JSON log line of a failure, before its `error`. */
export interface FailureEntry {
  level: 'warn' | 'error';
  /** What failed, the same words for every repeat. */
  msg: string;
  [field: string]: unknown;
}

/**
 * Writes a failure that may repeat with every request as one JSON line, `entry` and then
 * `error` (the error as describeError wrote it), throttled by kind: `msg` and the error's first line.
 * `throttle` is the service's one (http/app.ts assembleApp makes it): every place that logs
 * per-request failures writes through it, so one error repeated across them is still one line.
 */
export function logFailure(throttle: LogThrottle, entry: FailureEntry, describedError: string): void {
  throttle.write(errorKind(entry.msg, describedError), () => JSON.stringify({ ...entry, error: describedError }));
}
